"""Scores, winners and the end test: sets of four different Kueh, then Kueh in total (P9, P12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.games.peranakan.tables import DECK_TOP, NUM_KUEH, OVER

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState


def kueh_of(state: PeranakanState, seat: int) -> list[int]:
    """Collected Kueh of seat, one count per type."""
    return state.kueh[seat * NUM_KUEH : (seat + 1) * NUM_KUEH]


def sets_of(state: PeranakanState, seat: int) -> int:
    """Complete sets: one Kueh of each type."""
    return min(kueh_of(state, seat))


def scores(state: PeranakanState) -> list[float]:
    """Complete sets per seat."""
    return [float(sets_of(state, seat)) for seat in range(state.num_players)]


def winners(state: PeranakanState) -> list[int]:
    """Most sets, then most Kueh in total, then a shared win (P12)."""
    if state.phase != OVER:
        return []
    keys = [(sets_of(state, s), sum(kueh_of(state, s))) for s in range(state.num_players)]
    best = max(keys)
    return [s for s, key in enumerate(keys) if key == best]


def deck_size(state: PeranakanState) -> int:
    """Tiles left in the deck, its face-up top tile included (P9)."""
    return state.deck_left + (state.market[DECK_TOP] >= 0)


def end_triggered(state: PeranakanState) -> bool:
    """Deck empty, all Kueh supplies empty, or every pawn has collected (P9)."""
    if not deck_size(state):
        return True
    if not any(state.supply):
        return True
    return not state.pawns and not state.due and not any(state.hand)
