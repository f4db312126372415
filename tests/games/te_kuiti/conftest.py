"""Builders for exact Te Kuiti situations: a field from a few cells, fences around cells, moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.components import FENCES, FENCES_PER_TURN, TILE_TYPES
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_EDGES, CELL_INDEX, CELL_NAMES, EDGE_NAMES

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]

ROW_FENCES = (
    *(f"{col}{row}n" for row in range(2, 6) for col in "abcde"),
    *(f"a{row}w" for row in range(1, 6)),
    *(f"e{row}e" for row in range(1, 5)),
)
"""29 fences: every inner horizontal edge, the west border and most of the east border.

Rows 2-4 are enclosed (15 tiles); rows 1 and 5 stay open through the north and south borders.
One fence is left in the supply.
"""


def enclose(*cells: str) -> list[str]:
    """The fences that enclose exactly the named cells, edges between them left open."""
    inside = [CELL_INDEX[c] for c in cells]
    counts = Counter(edge for cell in inside for edge in CELL_EDGES[cell])
    return sorted((EDGE_NAMES[e] for e, n in counts.items() if n == 1), key=EDGE_NAMES.index)


def remove_others(cells: Mapping[str, str], solo: bool = False) -> dict[str, str]:
    """The named cells, with every other cell holding a removed tile of the ones left over."""
    left = Counter({t.name: t.count for t in TILE_TYPES})
    for text in cells.values():
        name = text.split()[1]
        if name != "?":
            left[name] -= 1
    spare = [name for name, n in sorted(left.items()) for _ in range(n)]
    filled = dict(cells)
    for name in CELL_NAMES:
        if name not in filled:
            filled[name] = f"gone {spare.pop()}"
    return filled


def build_state(
    *,
    players: int = 2,
    cells: Mapping[str, str] | None = None,
    fences: Iterable[str] = (),
    phase: str = "flip",
    options: Mapping[str, Any] | None = None,
    **fields: Any,
) -> TeKuitiState:
    """A state from the fields a test cares about: cells not named lie face down, unseen.

    The default is the sheep player's turn to flip, before any sheep is revealed.
    """
    fence_list = list(fences)
    data = GAME.new_state(players, **dict(options or {})).position()
    data["cells"] = [dict(cells or {}).get(name, "down ?") for name in CELL_NAMES]
    data["fences"] = fence_list
    data["supply"] = FENCES - len(fence_list)
    data["phase"] = phase
    data["fences_to_place"] = min(FENCES_PER_TURN, data["supply"]) if phase == "shepherd" else 0
    del data["to_move"]  # the phase set here decides it
    data.update(fields)
    return GAME.from_position(data)


def play_moves(state: TeKuitiState, *moves: str) -> TeKuitiState:
    """Apply moves by name for whoever is to act (chance outcomes too); returns the state."""
    for move in moves:
        player = state.current_player()
        state.apply(state.str_to_action(move, player), player)
    return state


def shown(state: TeKuitiState, names: Sequence[str], seat: int | None = 0) -> list[str]:
    """What the view of seat shows on the named cells."""
    cells = state.view(seat)["cells"]
    return [cells[CELL_INDEX[name]] for name in names]


@pytest.fixture
def build() -> Build:
    return build_state


@pytest.fixture
def play() -> Play:
    return play_moves


@pytest.fixture
def around() -> Callable[..., list[str]]:
    return enclose


@pytest.fixture
def gone_except() -> Callable[..., dict[str, str]]:
    return remove_others


@pytest.fixture
def cells_of() -> Callable[..., list[str]]:
    return shown


@pytest.fixture
def row_fences() -> list[str]:
    return list(ROW_FENCES)
