"""Plain-text Nasi Lemak: the whole state for logs and transcripts, or one seat's side of it.

render (str(state), golden playthroughs) and render_seat (a seat's side, for the game's spec)
write cards by their short labels; table, which `meja play` shows, is read from a seat's view
and names cards as they are printed ("Anchovies Sambal", "Mak Cik Nasi Lemak"), seats by name,
with the moves and LEGEND in words too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from meja.core.told import say
from meja.core.told import seat as mention
from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ANNOUNCE,
    ASK,
    CANCEL_TRADE,
    CARD_OF_PLAY,
    DECLINE,
    END_TURN,
    EXAMINE,
    FAN,
    GIVE,
    MAK_CIK,
    MAKE,
    PLACE,
    PROPOSE,
    SWAT,
    TAKE,
    TAKE_BACK,
    TRADE,
    TRIO,
    UNASK,
    WITH_SEAT,
)
from meja.games.nasi_lemak.components import CARD_TYPES, NASI_LEMAK_CARDS
from meja.games.nasi_lemak.tables import (
    INGREDIENTS,
    KEYS,
    LABELS,
    MAK_CIK_SETS,
    MAX_TABLE_CARDS,
    OFFER,
    OVER,
    PHASE_NAMES,
    RESPONSE,
    TRADABLE,
    K,
    seen_span,
)
from meja.games.nasi_lemak.told import seen_view
from meja.games.nasi_lemak.words import NAMES, ORDINALS, counted, listed
from meja.games.nasi_lemak.words import cards as card_words

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

LABEL_OF_KEY = {card.key: label for card, label in zip(CARD_TYPES, LABELS, strict=True)}


def cards(counts: list[int], start: int = 0) -> str:
    """Counts of one K-long row as 'rice 2, egg 1', or '-' when empty."""
    parts = [f"{LABELS[t]} {counts[start + t]}" for t in range(K) if counts[start + t]]
    return ", ".join(parts) or "-"


def named(counts: Mapping[str, int]) -> str:
    """A {card key: count} object as 'rice 2, egg 1', or '-' when empty."""
    return ", ".join(f"{LABEL_OF_KEY[key]} {count}" for key, count in counts.items()) or "-"


def seen_words(seen: Mapping[str, Any], hand_sizes: list[int]) -> str:
    """What the table just saw, from its view form: 'seat 2 announced egg: nobody had any'."""
    seat = seen["seat"]
    card = seen["card"]
    if card == "supplier":
        handed = ", ".join(
            f"{count} from seat {q}" for q, count in enumerate(seen["handed_over"]) if count
        )
        ingredient = LABEL_OF_KEY[seen["announced"]]
        return f"seat {seat} announced {ingredient}: {handed or 'nobody had any'}"
    if card == "officer":
        q = seen["examined"]
        size = hand_sizes[q]
        return f"seat {seat} examined seat {q}: " + (f"{size} cards" if size else "an empty hand")
    kept = named(seen["kept"]) if seen["kept"] else "nothing"
    return f"seat {seat} turned up {named(seen['turned_up'])} and kept {kept}"


def render(state: NasiLemakState) -> str:
    """Everything, hidden cards included, one line per seat: stable for golden transcripts."""
    n = state.num_players
    pile = " ".join(
        f"{card.packs}p x{count}" for card, count in zip(NASI_LEMAK_CARDS, state.pile, strict=True)
    )
    lines = [
        f"phase {PHASE_NAMES[state.phase]}, turn {state.turn}, active seat {state.turn_seat}, "
        f"first seat {state.first}, moves left {state.moves}, declined {state.declined}"
        + (f", ended by {state.end}" if state.end else ""),
        f"draw pile: {cards(state.draw)}",
        f"discard pile: {cards(state.discard)}",
        f"nasi lemak pile: {pile}",
    ]
    if any(state.revealed):
        lines.append(f"revealed: {cards(state.revealed)}")
    if state.to_draw:
        lines.append(f"pending draws: {state.to_draw} (deal seat {state.deal_seat})")
    if state.target >= 0:
        lines.append(f"target seat {state.target}, takes left {state.takes}")
    if state.fan_from >= 0:
        lines.append(f"fanning the fly from card {state.fan_from}")
    if state.phase in (OFFER, RESPONSE):
        back = f"; {state.taken_back} taken back" if state.taken_back else ""
        lines.append(f"offer: give {cards(state.give)}; ask {cards(state.ask)}{back}")
    seen = seen_view(state.just_seen)
    if seen is not None:
        sizes = [state.hand_size(q) for q in range(n)]
        lines.append(f"just seen: {seen_words(seen, sizes)}")
    for q in range(n):
        table = " ".join(
            f"{v}{'F' if fly else ''}" for v, fly in zip(state.nl[q], state.flies[q], strict=True)
        )
        knows = "; ".join(
            f"seat {r}: {cards(state.known, (q * n + r) * K)}"
            for r in range(n)
            if any(state.known[seen_span(n, q, r)])
        )
        lines.append(
            f"seat {q}: hand {cards(state.hands, q * K)} | table {table or '-'}"
            + (f" | knows {knows}" if knows else "")
        )
    return "\n".join(lines)


def render_seat(state: NasiLemakState, seat: int | None) -> str:
    """The table as seat sees it (a spectator for None), built only from its view."""
    view = state.view(seat)
    who = "spectator" if seat is None else f"seat {seat}"
    lines = [
        f"{state.game.title}: {who}. Turn {view['turn']}, seat {view['active']} to play "
        f"({view['phase']}), {view['moves_left']} move(s) left.",
        f"Draw pile {view['draw_pile']} cards; Nasi Lemak pile {view['nasi_lemak_pile']} cards.",
        f"Discard pile: {named(view['discard_pile'])}",
    ]
    if view["revealed"]:
        lines.append(f"Revealed by the Wholesaler: {named(view['revealed'])}")
    if view["just_seen"] is not None:
        sizes = [entry["hand_size"] for entry in view["seats"]]
        lines.append(f"Just seen: {seen_words(view['just_seen'], sizes)}")
    if view["offer"] is not None:
        lines.append(
            f"Offer from seat {view['active']} to seat {view['target']}: gives "
            f"{named(view['offer']['give'])}; asks for {named(view['offer']['ask'])}"
        )
    if seat is not None:
        lines.append(f"Your hand: {named(view['hand'])}")
    for entry in view["seats"]:
        lines.append(_player_line(entry, seat))
    if state.phase == OVER:
        lines.append(f"Game over ({view['end']}); winners: {view['winners']}")
    return "\n".join(lines)


def _player_line(entry: dict[str, Any], seat: int | None) -> str:
    """One seat's hand size, what the viewer knows of it, and its Nasi Lemak cards."""
    table = " ".join(
        f"[{'?' if packs is None else packs}{' fly' if fly else ''}]"
        for packs, fly in zip(entry["nasi_lemak"], entry["flies"], strict=True)
    )
    name = "You" if entry["seat"] == seat else f"Seat {entry['seat']}"
    line = f"{name}: {entry['hand_size']} cards"
    if entry.get("known"):
        line += f" (you know of {named(entry['known'])})"
    return f"{line}; Nasi Lemak {table or '-'}"


PLAYS: Final = {
    MAK_CIK: "Mak Cik Nasi Lemak",
    **{play: f"the {NAMES[card]}" for play, card in CARD_OF_PLAY.items() if play != MAK_CIK},
}
"""What each single "play" move spends, as a sentence names it: "the Thief", "the Fly"."""
DOING: Final = {
    "start": "a random draw chooses who starts",
    "deal": "the dealer deals the hands",
    "draw": "drawing cards",
    "cook": "taking a Nasi Lemak card",
    "reveal": "the Wholesaler turns up cards",
    "steal": "the Thief steals a card from {t}",
    "trio": "choosing three ingredients for Mak Cik Nasi Lemak",
    "announce": "naming an ingredient for the Supplier",
    "examine": "choosing whose hand the Officer examines",
    "pick": "the Officer takes cards from {t}'s hand",
    "fly_target": "choosing where the Fly lands",
    "fan_target": "choosing where to fan the Fly",
    "partner": "choosing whom to trade with",
    "offer": "putting together an offer for {t}",
    "response": "waiting for {t} to answer the offer",
}
"""What the table is doing, by phase, {t} the target of the move; no seat is the subject of a
verb, as "you" would need a verb of its own."""
ASKED: Final = {
    "trio": "choose three ingredients for Mak Cik Nasi Lemak",
    "announce": "name an ingredient for the Supplier",
    "examine": "choose whose hand the Officer examines",
    "pick": "take a card",
    "fly_target": "choose where the Fly lands",
    "fan_target": "choose where to fan the Fly",
    "partner": "choose whom to trade with",
    "offer": "put your offer together",
    "response": "answer the offer",
}
LEGEND: Final = """\
Legend
  Cards go by the names printed on them. The Nasi Lemak cards a player has made
  are listed in the order they were made (first, second, ...), each with its
  packs where you may see them and "face down" where you may not; "with a Fly"
  marks a card a Fly sits on, which does not count until the Fly is gone.
  Five packs on fly-free cards win. "You know of" lists the cards you have seen
  in another player's hand that are still there."""


def legend() -> str:
    """What the table's words mean."""
    return LEGEND


def _row(counts: Mapping[str, int]) -> list[int]:
    """A {card key: count} object of the view as one K-long row of counts."""
    return [counts.get(key, 0) for key in KEYS]


def _cards(counts: Mapping[str, int], empty: str = "none") -> str:
    """Cards of the view as words: "2 Rice and 1 Egg"."""
    return card_words(_row(counts)) if counts else empty


def move_words(state: NasiLemakState, me: int, action: int) -> tuple[str, str]:
    """One of me's moves in words, seats as {n}: a heading shared by the cards put on or taken
    off an offer and by the Fly's targets (empty for the rest), and the words after it."""
    simple = {
        END_TURN: "End your turn",
        MAKE: "Make a Nasi Lemak (one of each ingredient)",
        TRADE: "Start a trade",
        PROPOSE: "Propose the offer",
        ACCEPT: "Accept the offer",
        DECLINE: "Turn down the offer",
        CANCEL_TRADE: "Call off the trade",
    }
    if action in simple:
        return "", simple[action]
    if action in PLAYS:
        return "", f"Play {PLAYS[action]}"
    if TRIO <= action < ANNOUNCE:
        return "", "Use " + listed([NAMES[t] for t in MAK_CIK_SETS[action - TRIO]])
    if ANNOUNCE <= action < EXAMINE:
        return "", f"Name {NAMES[INGREDIENTS[action - ANNOUNCE]]}"
    if EXAMINE <= action < WITH_SEAT:
        return "", f"Examine {mention(action - EXAMINE)}'s hand"
    if WITH_SEAT <= action < TAKE:
        return "", f"Trade with {mention(action - WITH_SEAT)}"
    if TAKE <= action < GIVE:
        return "", f"Take 1 {NAMES[action - TAKE]}"
    sides = (
        (GIVE, "Offer one more"),
        (ASK, "Ask for one more"),
        (TAKE_BACK, "Take back one"),
        (UNASK, "Ask for one fewer"),
    )
    for base, heading in sides:
        if base <= action < base + len(TRADABLE):
            return heading, NAMES[TRADABLE[action - base]]
    if FAN <= action < SWAT:
        return "", f"Fan the Fly off your {ORDINALS[action - FAN]} Nasi Lemak card"
    if SWAT <= action < PLACE:
        return "", f"Swat the Fly on your {ORDINALS[action - SWAT]} Nasi Lemak card"
    if PLACE <= action < CANCEL_TRADE:
        q, card = divmod(action - PLACE, MAX_TABLE_CARDS)
        return "Put the Fly on", f"{mention(q)}'s {ORDINALS[card]} Nasi Lemak card"
    return "", state.action_to_str(action, me)


def prompt(state: NasiLemakState, me: int) -> str:
    """What me is asked to do now, seats as {n}."""
    view = state.view(me)
    if view["phase"] == "main":
        return f"{mention(me)}'s turn ({counted(view['moves_left'], 'move')} left)"
    return f"{mention(me)}'s turn: {ASKED.get(view['phase'], 'move')}"


def table(state: NasiLemakState, me: int | None, names: Sequence[str] = ()) -> str:
    """The table as me (None: a spectator) sees it, built only from its view, in words."""
    view = state.view(me)
    lines = [_turn_words(view)]
    lines.append(
        f"Draw pile: {counted(view['draw_pile'], 'card')}. "
        f"Nasi Lemak pile: {counted(view['nasi_lemak_pile'], 'card')}."
    )
    lines.append(f"Discard pile: {_cards(view['discard_pile'])}")
    if view["revealed"]:
        lines.append(f"Turned up by the Wholesaler: {_cards(view['revealed'])}")
    if view["just_seen"] is not None:
        sizes = [entry["hand_size"] for entry in view["seats"]]
        lines.append(f"Just seen: {_seen(view['just_seen'], sizes)}")
    if view["offer"] is not None:
        offer = view["offer"]
        lines.append(
            f"Offer from {mention(view['active'])} to {mention(view['target'])}: "
            f"{_cards(offer['give'], 'nothing')} for {_cards(offer['ask'], 'nothing')}"
        )
    if me is not None:
        lines.append(f"Your hand: {_cards(view['hand'], 'empty')}")
    lines.extend(_seat_words(entry) for entry in view["seats"])
    if view["phase"] == "over":
        lines.append("The game is over.")
    return "\n".join(say(line, me, names) for line in lines)


def _turn_words(view: Mapping[str, Any]) -> str:
    """Whose turn it is, the moves it has left and what the table is doing, seats as {n}."""
    phase = view["phase"]
    if phase == "over":
        return f"Turn {view['turn']}: the game is over"
    active = view["active"]
    doing = DOING.get(phase, "").format(t=mention(view["target"]))
    if active < 0:
        return f"Setting up: {doing}"
    turn = f"Turn {view['turn']}: {mention(active)}'s turn, {counted(view['moves_left'], 'move')}"
    return f"{turn} left" + (f"; {doing}" if doing else "")


def _seen(seen: Mapping[str, Any], hand_sizes: list[int]) -> str:
    """What the table just saw, from its view form, seats as {n}."""
    who = mention(seen["seat"])
    if seen["card"] == "supplier":
        handed = [
            f"{count} from {mention(q)}" for q, count in enumerate(seen["handed_over"]) if count
        ]
        named = NAMES[KEYS.index(seen["announced"])]
        given = listed(handed) if handed else "nobody had any"
        return f"{who} named {named} for the Supplier: {given}"
    if seen["card"] == "officer":
        q = seen["examined"]
        held = counted(hand_sizes[q], "card") if hand_sizes[q] else "an empty hand"
        return f"{who}'s Officer examined {mention(q)}'s hand: {held}"
    kept = _cards(seen["kept"], "nothing")
    return f"{who}'s Wholesaler turned up {_cards(seen['turned_up'])}; kept {kept}"


def _seat_words(entry: Mapping[str, Any]) -> str:
    """One seat's hand size, what the viewer knows of it, and its Nasi Lemak cards."""
    line = f"{mention(entry['seat'])}: {counted(entry['hand_size'], 'card')} in hand"
    if entry.get("known"):
        line += f" (you know of {_cards(entry['known'])})"
    made = [
        f"{ORDINALS[index]} "
        + ("face down" if packs is None else counted(packs, "pack"))
        + (" with a Fly" if fly else "")
        for index, (packs, fly) in enumerate(zip(entry["nasi_lemak"], entry["flies"], strict=True))
    ]
    return f"{line}; Nasi Lemak cards: {', '.join(made) if made else 'none'}"
