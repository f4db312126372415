"""Builders for exact Peranakan situations: a position from a few fields, and moves by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from meja.games.peranakan import GAME, PeranakanState
from meja.games.peranakan.components import (
    BOARD_COLS,
    BOARD_ROWS,
    COLUMN_LETTERS,
    PAWNS_BY_PLAYER_COUNT,
)
from meja.games.peranakan.tables import KIND_CODES, KIND_COUNTS, PAWN_LETTERS

Build = Callable[..., PeranakanState]
"""The type of the build fixture: keyword fields in, a validated state out."""


def _rows(board: Mapping[str, str]) -> list[str]:
    """Board rows from {"c3": "Ct", "a1": "Ca/Bto"}; other spaces are empty."""
    rows = []
    for row in range(1, BOARD_ROWS + 1):
        rows.append(" ".join(board.get(f"{col}{row}", ".") for col in COLUMN_LETTERS[:BOARD_COLS]))
    return rows


def _unused_tiles(used: Sequence[str], count: int) -> list[str]:
    """Tiles not used elsewhere, taken from the end of the tile list (peacock first)."""
    left = {code: KIND_COUNTS[k] for k, code in enumerate(KIND_CODES)}
    for code in used:
        left[code] -= 1
    picked: list[str] = []
    for code in reversed(KIND_CODES):
        while left[code] > 0 and len(picked) < count:
            picked.append(code)
            left[code] -= 1
    return picked


def build_state(
    *,
    players: int = 2,
    board: Mapping[str, str] | None = None,
    pawns: Sequence[str] = (),
    market: Sequence[str | None] | None = None,
    kueh: Sequence[Sequence[int]] | None = None,
    retired: Sequence[Sequence[int]] | None = None,
    options: Mapping[str, Any] | None = None,
    phase: str = "take",
    turn_seat: int = 0,
    **fields: Any,
) -> PeranakanState:
    """A state from the fields a test cares about; hands and supplies are filled in to match.

    Hands are the pawns neither on the board nor retired (those that have collected); the
    market defaults to five tiles not on the board; deck and supplies hold everything else.
    The position is written in the first shape (no "format"), whose turn count is read from
    the board, so a test names only the seat whose turn it is.
    """
    board = dict(board or {})
    tiles = [code for stack in board.values() for code in stack.split("/")]
    market = list(market) if market is not None else _unused_tiles(tiles, 5)
    kueh = [list(row) for row in kueh] if kueh is not None else [[0] * 4 for _ in range(players)]
    retired = [list(r) for r in retired] if retired is not None else [[0, 0]] * players
    allotment = PAWNS_BY_PLAYER_COUNT[players]
    hands = [[allotment[k] - retired[s][k] for k in range(2)] for s in range(players)]
    for token in (*pawns, *fields.get("collecting", ())):
        hands[int(token[1])][PAWN_LETTERS.index(token[0])] -= 1
    data: dict[str, Any] = {
        "players": players,
        "options": dict(options or {}),
        "phase": phase,
        "turn": turn_seat,
        "start": 0,
        "market": market,
        "board": _rows(board),
        "pawns": list(pawns),
        "hands": hands,
        "kueh": kueh,
    }
    data.update(fields)
    return GAME.from_position(data)


def play_moves(state: PeranakanState, *moves: str) -> PeranakanState:
    """Apply moves by name for whoever is to act (chance outcomes too); returns the state."""
    for move in moves:
        player = state.current_player()
        state.apply(state.str_to_action(move, player), player)
    return state


@pytest.fixture
def build() -> Build:
    return build_state


@pytest.fixture
def play() -> Callable[..., PeranakanState]:
    return play_moves
