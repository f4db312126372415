"""Action numbering: take a market position, choose a Kueh, place on a cell, place a pawn.

The ActionNames tables are built once at import; the base State names and parses through them.
"""

from __future__ import annotations

from typing import Final

from meja.core.actions import ActionNames, joined
from meja.games.peranakan.components import KUEH_TYPES, MARKET_POSITIONS, PAWN_NAMES
from meja.games.peranakan.tables import (
    CELL_NAMES,
    KIND_LABELS,
    NUM_CELLS,
    NUM_KUEH,
    NUM_MARKET,
    PAWN_KINDS,
)

TAKE_BASE: Final = 0
KUEH_BASE: Final = TAKE_BASE + NUM_MARKET
PLACE_BASE: Final = KUEH_BASE + NUM_KUEH
NO_PAWN: Final = PLACE_BASE + NUM_CELLS
PAWN_BASE: Final = NO_PAWN + 1
NUM_ACTIONS: Final = PAWN_BASE + PAWN_KINDS

PLAYER_ACTIONS: Final = ActionNames(
    joined(
        (f"take {pos}" for pos in MARKET_POSITIONS),
        (f"kueh {kueh}" for kueh in KUEH_TYPES),
        (f"place {cell}" for cell in CELL_NAMES),
        ("no pawn", *PAWN_NAMES),
    ),
    what="move",
)
"""Every player action in action-number order, e.g. "take slot2", "place c3", "baba"."""

REVEALS: Final = ActionNames([f"reveal {label}" for label in KIND_LABELS], what="tile to reveal")
"""The outcomes of turning up a tile, by tile kind: "reveal butterfly tutu+ondeh"."""
