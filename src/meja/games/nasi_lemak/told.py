"""What each seat and the spectator is told of a Nasi Lemak step, and what the whole table just
saw of it; what each seat then knows of the other hands is kept by knowledge.py.

Hands, the draw pile and the Nasi Lemak pile are face down, and a made Nasi Lemak card shows its
packs to its owner alone until the game ends. So a card dealt, drawn or stolen is named only to
the seats that see it, an Officer's take only to the Officer and the examined seat (N9), and a
pack value only to its maker. Everything else is done in the open and named to everyone: the
played cards, offers and their answers (N3), Wholesaler reveals (N6), a Supplier's ingredient
(N7), where a fly lands (N10, N11).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meja.core.game import CHANCE
from meja.core.told import Told
from meja.games.nasi_lemak import words
from meja.games.nasi_lemak.actions import (
    CANCEL_TRADE,
    CARD_OF_PLAY,
    END_TURN,
    EXAMINE,
    FAN,
    MAKE,
    PLACE,
    SWAT,
    WITH_SEAT,
)
from meja.games.nasi_lemak.scoring import wins
from meja.games.nasi_lemak.tables import (
    ANNOUNCING,
    COOK,
    DEAL,
    DRAW,
    EXAMINING,
    FAN_CARD,
    FAN_TARGET,
    FLY_TARGET,
    INGREDIENTS,
    KEYS,
    MAIN,
    MAX_TABLE_CARDS,
    OFFER,
    PACKS,
    PARTNER,
    PICK,
    RESPONSE,
    STEAL,
    SWATTER_CARD,
    TRIO_CHOICE,
    counts_dict,
)
from meja.games.nasi_lemak.turns import turn_end

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


def told(state: NasiLemakState, player: int, action: int, viewer: int | None) -> Told:
    """What viewer learns when player (a seat or CHANCE) takes action from state."""
    if player == CHANCE:
        return _chance(state, action, viewer)
    if state.phase == PICK and viewer not in (player, state.target):
        victim = state.target
        return Told(
            words.move(state, player, action, shown=False),
            {"action": None, "victim": victim, "seats": [victim]},
            reveals=_may_close_the_game(state),
        )
    return Told(
        words.move(state, player, action),
        {"action": action, **_touched(state, action)},
        _move_reveals(state, action, viewer),
    )


def _touched(state: NasiLemakState, action: int) -> dict[str, Any]:
    """What a seat's step touched on the table, for a renderer to mark: the Nasi Lemak cards
    ([seat, index]), the other players it was aimed at, the action card it played."""
    phase = state.phase
    act = state.turn_seat
    if phase == MAIN:
        if action == MAKE:
            return {"cards": [[act, len(state.nl[act])]]}
        if action in CARD_OF_PLAY:
            return {"played": KEYS[CARD_OF_PLAY[action]]}
        if FAN <= action < PLACE:
            played = FAN_CARD if action < SWAT else SWATTER_CARD
            return {"played": KEYS[played], "cards": [[act, (action - FAN) % MAX_TABLE_CARDS]]}
        return {}
    if phase in (FLY_TARGET, FAN_TARGET):
        return {"cards": [list(divmod(action - PLACE, MAX_TABLE_CARDS))]}
    if phase == TRIO_CHOICE:
        return {"cards": [[act, len(state.nl[act])]]}
    if phase in (PICK, OFFER, RESPONSE):
        return {"seats": [state.target if phase != RESPONSE else act]}
    if phase == EXAMINING:
        return {"seats": [action - EXAMINE]}
    if phase == PARTNER and action != CANCEL_TRADE:
        return {"seats": [action - WITH_SEAT]}
    return {}


def _chance(state: NasiLemakState, action: int, viewer: int | None) -> Told:
    """A chance outcome: named to the seats that see it, in the same words to the others."""
    phase = state.phase
    act = state.turn_seat
    if phase in (DEAL, DRAW):
        seat = state.deal_seat if phase == DEAL else act
        if viewer == seat:
            return _shown(state, action, seat=seat)
        return Told(words.chance(state, action, shown=False), {"action": None, "seat": seat})
    if phase == STEAL:
        victim = state.target
        if viewer in (act, victim):
            return _shown(state, action, seat=act, victim=victim)
        return Told(
            words.chance(state, action, shown=False),
            {"action": None, "seat": act, "victim": victim},
            reveals=_may_close_the_game(state),
        )
    if phase == COOK:
        if viewer == act or _cook_ends_the_game(state, action):
            return _shown(state, action, seat=act)
        return Told(words.chance(state, action, shown=False), {"action": None, "seat": act})
    return _shown(state, action)


def _shown(state: NasiLemakState, action: int, **facts: int) -> Told:
    """A chance outcome the viewer sees: named, and something it could not know before."""
    return Told(words.chance(state, action, shown=True), {"action": action, **facts}, True)


def _move_reveals(state: NasiLemakState, action: int, viewer: int | None) -> bool:
    """Whether a seat's move may show viewer something: an examined hand to the Officer, the
    hand-overs of a Supplier, or every Nasi Lemak card when the move may end the game."""
    phase = state.phase
    if phase == ANNOUNCING:
        return True
    if phase == EXAMINING and viewer == state.turn_seat:
        return True
    if phase == MAIN and action == END_TURN:
        return bool(turn_end(state, sum(state.pile)))
    freed = _freed_card(state, action)
    if freed >= 0:
        act = state.turn_seat
        if viewer != act or wins(state, state.nl[act][freed]):
            return True
    return _may_close_the_game(state)


def _freed_card(state: NasiLemakState, action: int) -> int:
    """The active player's card a swat or a fanned fly leaves fly-free (N11), else -1."""
    if state.phase == MAIN and SWAT <= action < PLACE:
        return action - SWAT
    if state.phase == FAN_TARGET:
        return state.fan_from
    return -1


def _may_close_the_game(state: NasiLemakState) -> bool:
    """Whether the step may finish the turn's last move when that turn ends the game."""
    return state.moves <= 1 and bool(turn_end(state, sum(state.pile)))


def _cook_ends_the_game(state: NasiLemakState, kind: int) -> bool:
    """Whether the Nasi Lemak card of this kind wins (N4) or closes the last turn (N5), so that
    every card, this one too, is turned face up."""
    if wins(state, PACKS[kind]):
        return True
    return state.moves == 0 and bool(turn_end(state, sum(state.pile) - 1))


# --- what the whole table saw of the last step -------------------------------------------
@dataclass(frozen=True, slots=True)
class Announced:
    """A Supplier named an ingredient, and each seat handed over all of theirs in the open (N7)."""

    seat: int
    ingredient: int
    handed_over: tuple[int, ...]
    """Cards of the ingredient each seat handed over, by seat."""


@dataclass(frozen=True, slots=True)
class Examined:
    """An Officer examined this seat's hand: privately, but in front of everyone (N9)."""

    seat: int
    examined: int


@dataclass(frozen=True, slots=True)
class TurnedUp:
    """A Wholesaler turned these cards up face up and kept the ingredients among them (N6)."""

    seat: int
    cards: tuple[int, ...]
    """Counts by card type."""


JustSeen = Announced | Examined | TurnedUp
"""What the whole table saw of the last step that the rest of a view does not show."""


def kept(cards: tuple[int, ...]) -> list[int]:
    """The ingredients among the cards a Wholesaler turned up: the ones it keeps (N6)."""
    return [count if t in INGREDIENTS else 0 for t, count in enumerate(cards)]


def seen_data(seen: JustSeen | None) -> dict[str, Any] | None:
    """The position form of what was just seen: the card played, its seat and its facts."""
    if isinstance(seen, Announced):
        return {
            "card": "supplier",
            "seat": seen.seat,
            "announced": KEYS[seen.ingredient],
            "handed_over": list(seen.handed_over),
        }
    if isinstance(seen, Examined):
        return {"card": "officer", "seat": seen.seat, "examined": seen.examined}
    if isinstance(seen, TurnedUp):
        return {"card": "wholesaler", "seat": seen.seat, "turned_up": counts_dict(list(seen.cards))}
    return None


def seen_view(seen: JustSeen | None) -> dict[str, Any] | None:
    """The view form: the position form, and the cards a Wholesaler kept spelled out."""
    data = seen_data(seen)
    if isinstance(seen, TurnedUp) and data is not None:
        data["kept"] = counts_dict(kept(seen.cards))
    return data
