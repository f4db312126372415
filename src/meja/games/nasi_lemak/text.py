"""Plain-text Nasi Lemak: the whole state for logs and transcripts, or one seat's side of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meja.games.nasi_lemak.components import CARD_TYPES, NASI_LEMAK_CARDS
from meja.games.nasi_lemak.tables import (
    LABELS,
    OFFER,
    OVER,
    PHASE_NAMES,
    RESPONSE,
    K,
    seen_span,
)
from meja.games.nasi_lemak.told import seen_view

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
        f"phase {PHASE_NAMES[state.phase]}, turn {state.turn}, active seat {state.active}, "
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
