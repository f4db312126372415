"""Scores and winners: five fly-free packs win at once (N4); otherwise the most fly-free packs,
then fly-free cards (N5). When the game ends is kept by turns.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.games.nasi_lemak.components import WIN_PACKS
from meja.games.nasi_lemak.tables import FIVE_PACKS, OVER

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


def fly_free_packs(state: NasiLemakState, seat: int) -> int:
    """Packs on seat's Nasi Lemak cards that carry no fly."""
    return sum(v for v, fly in zip(state.nl[seat], state.flies[seat], strict=True) if not fly)


def fly_free_cards(state: NasiLemakState, seat: int) -> int:
    """Seat's Nasi Lemak cards that carry no fly."""
    return state.flies[seat].count(0)


def wins(state: NasiLemakState, packs: int = 0) -> bool:
    """Whether the active player shows five fly-free packs, with packs more (N4)."""
    return fly_free_packs(state, state.turn_seat) + packs >= WIN_PACKS


def scores(state: NasiLemakState) -> list[float]:
    """Fly-free packs per seat."""
    return [float(fly_free_packs(state, seat)) for seat in range(state.num_players)]


def winners(state: NasiLemakState) -> list[int]:
    """The five-pack winner, else the most fly-free packs, then fly-free cards (N5)."""
    if state.phase != OVER:
        return []
    if state.end == FIVE_PACKS:
        return [state.turn_seat]
    keys = [
        (fly_free_packs(state, seat), fly_free_cards(state, seat))
        for seat in range(state.num_players)
    ]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
