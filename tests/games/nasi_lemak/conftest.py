"""Builders shared by the Nasi Lemak tests: exact positions and moves given as strings."""

from __future__ import annotations

from typing import Any

import pytest

from meja.core import CHANCE
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.games.nasi_lemak.components import CARD_TYPES


class Table:
    """Set up positions in a line or two and play moves by their names."""

    game = GAME

    def position(self, num_players: int = 3, **fields: Any) -> dict[str, Any]:
        """A main-phase position of seat 0's first turn; fields override any part of it."""
        data: dict[str, Any] = {
            "num_players": num_players,
            "phase": "main",
            "active": 0,
            "turn": 1,
            "hands": [{} for _ in range(num_players)],
            "draw_pile": "rest",
            "nasi_lemak_pile": "rest",
            "nasi_lemak": [[] for _ in range(num_players)],
        }
        data.update(fields)
        return data

    def state(self, num_players: int = 3, **fields: Any) -> NasiLemakState:
        """The state of position(num_players, **fields)."""
        return GAME.from_position(self.position(num_players, **fields))

    def play(self, state: NasiLemakState, *moves: str) -> NasiLemakState:
        """Apply each move (or chance outcome) by its string, for whoever must act."""
        for move in moves:
            seat = state.current_player()
            state.apply(state.str_to_action(move, seat), seat)
        return state

    def cards(self, packs: list[int], flies: tuple[int, ...] = ()) -> list[dict[str, Any]]:
        """A row of Nasi Lemak cards with the given packs, flies on the listed indices."""
        return [{"packs": v, "fly": j in flies} for j, v in enumerate(packs)]

    def outcomes(self, state: NasiLemakState) -> dict[str, float]:
        """The pending chance event as {outcome string: probability}."""
        return {state.action_to_str(a, CHANCE): p for a, p in state.chance_outcomes()}

    def legal(self, state: NasiLemakState) -> list[str]:
        """The legal moves of the seat to act, by name."""
        seat = state.current_player()
        return [state.action_to_str(a, seat) for a in state.legal_actions(seat)]


@pytest.fixture
def table() -> Table:
    return Table()


def rest(*used: dict[str, int]) -> dict[str, int]:
    """Every banana-leaf card not listed in used, as {card: count}."""
    left = {card.key: card.count for card in CARD_TYPES}
    for counts in used:
        for key, count in counts.items():
            left[key] -= count
    return {key: count for key, count in left.items() if count}


@pytest.fixture
def remaining() -> Any:
    return rest


FIVE = {"rice": 1, "egg": 1, "peanuts": 1, "sambal": 1, "cucumber": 1}
"""One of each ingredient: enough to make a Nasi Lemak."""


@pytest.fixture
def five() -> dict[str, int]:
    return dict(FIVE)
