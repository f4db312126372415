"""The fixed action space and the names of its actions and chance outcomes.

Actions: place a fence on an edge, remove a fence from an edge, flip a cell, collect a pair of
cells (end-of-round mode), end the turn (end-of-round mode, after the flips). Chance outcomes:
the tile type found under a cell, then, for a solo daisy tile, its quarter turn; and, when the
first shepherd is drawn at random (T4b), that seat (core.start_player.start_seat_names).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from meja.core.actions import ActionNames
from meja.games.te_kuiti.components import DAISY_PRINTED_SIDE, SIDES
from meja.games.te_kuiti.tables import (
    CELL_NAMES,
    EDGE_ALIASES,
    EDGE_NAMES,
    NUM_CELLS,
    NUM_EDGES,
    TILE_NAMES,
)

PLACE: Final = 0
REMOVE: Final = PLACE + NUM_EDGES
FLIP: Final = REMOVE + NUM_EDGES
COLLECT: Final = FLIP + NUM_CELLS
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations(range(NUM_CELLS), 2))
END_TURN: Final = COLLECT + len(PAIRS)
NUM_ACTIONS: Final = END_TURN + 1

PAIR_ACTION: Final[dict[tuple[int, int], int]] = {pair: COLLECT + i for i, pair in enumerate(PAIRS)}


def _action_names() -> tuple[str, ...]:
    names = [f"fence {edge}" for edge in EDGE_NAMES]
    names += [f"remove {edge}" for edge in EDGE_NAMES]
    names += [f"flip {cell}" for cell in CELL_NAMES]
    names += [f"collect {CELL_NAMES[a]} {CELL_NAMES[b]}" for a, b in PAIRS]
    names.append("end turn")
    return tuple(names)


ACTION_NAMES: Final = _action_names()


def _action_aliases() -> dict[str, int]:
    """Other accepted spellings: every side of a cell for its edge, and pairs in either order."""
    aliases: dict[str, int] = {}
    for alias, edge in EDGE_ALIASES.items():
        aliases[f"fence {alias}"] = PLACE + edge
        aliases[f"remove {alias}"] = REMOVE + edge
    for (a, b), action in PAIR_ACTION.items():
        aliases[f"collect {CELL_NAMES[b]} {CELL_NAMES[a]}"] = action
    return aliases


ACTIONS: Final = ActionNames(ACTION_NAMES, _action_aliases())
"""The players' moves, named and parsed (edge aliases such as b3s for b4n allowed)."""

TILES: Final = ActionNames(TILE_NAMES, what="tile")
"""Chance outcome i of a flip is tile type i."""

_PRINTED: Final = SIDES.index(DAISY_PRINTED_SIDE)
TURN_SIDE: Final[tuple[int, ...]] = tuple(
    (_PRINTED + turn) % len(SIDES) for turn in range(len(SIDES))
)
"""Chance outcome t of an orientation is t clockwise quarter turns: the daisy's side index."""

TURN_NAMES: Final = tuple(f"daisy {SIDES[side]}" for side in TURN_SIDE)

TURNS: Final = ActionNames(TURN_NAMES, what="daisy side")
"""The outcomes of orienting a solo daisy tile (T9)."""
