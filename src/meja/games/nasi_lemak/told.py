"""What each seat and the spectator is told of a Nasi Lemak step.

Hands, the draw pile and the Nasi Lemak pile are face down, and a made Nasi Lemak card shows its
packs to its owner alone until the game ends. So a card dealt, drawn or stolen is named only to
the seats that see it, an Officer's take only to the Officer and the examined seat (N9), and a
pack value only to its maker. Everything else is done in the open and named to everyone: the
played cards, offers and their answers (N3), Wholesaler reveals (N6), a Supplier's ingredient
(N7), where a fly lands (N10, N11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.game import CHANCE
from meja.core.told import Told, public
from meja.games.nasi_lemak.actions import END_TURN, PLACE, SWAT
from meja.games.nasi_lemak.components import NASI_LEMAK_CARDS, WIN_PACKS
from meja.games.nasi_lemak.phases import (
    ANNOUNCING,
    COOK,
    DEAL,
    DRAW,
    EXAMINING,
    FAN_TARGET,
    MAIN,
    PICK,
    STEAL,
)

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

PACKS = tuple(card.packs for card in NASI_LEMAK_CARDS)


def tell(state: NasiLemakState, player: int, action: int, viewer: int | None) -> Told:
    """What viewer learns when player (a seat or CHANCE) takes action from state."""
    if player == CHANCE:
        return _chance(state, action, viewer)
    if state.phase == PICK and viewer not in (player, state.target):
        victim = state.target
        return Told(
            f"took a card from seat {victim}",
            {"action": None, "victim": victim},
            reveals=_may_close_the_game(state),
        )
    return public(state, player, action, reveals=_move_reveals(state, action, viewer))


def _chance(state: NasiLemakState, action: int, viewer: int | None) -> Told:
    """A chance outcome: named to the seats that see it, in the same words to the others."""
    phase = state.phase
    act = state.active
    if phase in (DEAL, DRAW):
        seat = state.deal_seat if phase == DEAL else act
        if viewer == seat:
            return _shown(state, action, seat=seat)
        words = f"dealt a card to seat {seat}" if phase == DEAL else f"seat {seat} drew a card"
        return Told(words, {"action": None, "seat": seat})
    if phase == STEAL:
        victim = state.target
        if viewer in (act, victim):
            return _shown(state, action, seat=act, victim=victim)
        return Told(
            f"seat {act} stole a card from seat {victim}",
            {"action": None, "seat": act, "victim": victim},
            reveals=_may_close_the_game(state),
        )
    if phase == COOK:
        if viewer == act or _cook_ends_the_game(state, action):
            return _shown(state, action, seat=act)
        return Told(f"seat {act} took a nasi lemak card face down", {"action": None, "seat": act})
    return _shown(state, action)


def _shown(state: NasiLemakState, action: int, **facts: int) -> Told:
    """A chance outcome the viewer sees: named, and something it could not know before."""
    return public(state, CHANCE, action, reveals=True, **facts)


def _move_reveals(state: NasiLemakState, action: int, viewer: int | None) -> bool:
    """Whether a seat's move may show viewer something: an examined hand to the Officer, the
    hand-overs of a Supplier, or every Nasi Lemak card when the move may end the game."""
    phase = state.phase
    if phase == ANNOUNCING:
        return True
    if phase == EXAMINING and viewer == state.active:
        return True
    if phase == MAIN and action == END_TURN:
        return _turn_end_ends_game(state, sum(state.pile))
    freed = _freed_card(state, action)
    if freed >= 0:
        act = state.active
        if viewer != act or state.fly_free_packs(act) + state.nl[act][freed] >= WIN_PACKS:
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
    return state.moves <= 1 and _turn_end_ends_game(state, sum(state.pile))


def _cook_ends_the_game(state: NasiLemakState, kind: int) -> bool:
    """Whether the Nasi Lemak card of this kind wins (N4) or closes the last turn (N5), so that
    every card, this one too, is turned face up."""
    act = state.active
    if state.fly_free_packs(act) + PACKS[kind] >= WIN_PACKS:
        return True
    return state.moves == 0 and _turn_end_ends_game(state, sum(state.pile) - 1)


def _turn_end_ends_game(state: NasiLemakState, pile_left: int) -> bool:
    """Whether ending the turn now ends the game: the pile is out (N5) or the rounds are up."""
    following = (state.active + 1) % state.num_players
    pile_out = not pile_left and (not state.round_end or following == state.first)
    return pile_out or state.turn >= state.max_turns
