"""Te Kuiti's physical pieces and printed numbers as plain data; rules code reads only these.

Values marked PROPOSED are reconstructions (the rulebook does not print them) and may be
replaced by the publisher's exact data without touching the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 2
"""The solo game, or the two-player game of shepherd against sheep player."""

ROWS: Final = 5
COLS: Final = 5
"""The field: 25 face-down tiles in a 5 x 5 square."""

FENCES: Final = 30
"""Wooden fences in the shepherd's supply (rulebook component list)."""

ROUNDS: Final = 2
"""Two-player game: one round each as shepherd, then the totals decide."""

FENCES_PER_TURN: Final = 2
"""Fences the shepherd places on a normal turn (fewer when the supply runs short, T6)."""

SHEEP_PER_TURN: Final = 2
"""Sheep the sheep player reveals per turn; rams and shepherds do not count."""

ENDGAME_OPEN_TILES: Final = 5
"""With this many non-enclosed tiles or fewer, revealed sheep stay face up (T4)."""

SOLO_TURN_LIMIT: Final = 100
"""Default cap on solo turns, a guard against endless flipping; real games end far sooner."""

SOLO_TURN_LIMIT_MAX: Final = 1000
"""The largest cap a game may set, so that every game has a known maximum length."""

SIDES: Final = ("north", "east", "south", "west")
"""Tile sides in clockwise order: the daisy fallback walks this order (T9)."""

DAISY_PRINTED_SIDE: Final = "north"
"""PROPOSED: the side of the tile art that shows the daisy. A solo tile lies in one of the four
quarter turns, each equally likely (PROPOSED), so its daisy may face any side."""


@dataclass(frozen=True)
class TileType:
    """One kind of tile face: its name in positions and views, what it does, and how many exist."""

    name: str
    kind: str
    code: str
    count: int
    daisy: bool


RAM: Final = "ram"
SHEPHERD: Final = "shepherd"
SHEEP_KINDS: Final = ("joyful", "sleepy", "timid", "angry", "dreamy")

TILE_TYPES: Final[tuple[TileType, ...]] = (
    # 4 sheep of each kind (rulebook); which of them carry a daisy is PROPOSED: 2 of each kind.
    TileType("joyful", "joyful", "Jo", 2, False),
    TileType("joyful_daisy", "joyful", "Jo", 2, True),
    TileType("sleepy", "sleepy", "Sl", 2, False),
    TileType("sleepy_daisy", "sleepy", "Sl", 2, True),
    TileType("timid", "timid", "Ti", 2, False),
    TileType("timid_daisy", "timid", "Ti", 2, True),
    TileType("angry", "angry", "An", 2, False),
    TileType("angry_daisy", "angry", "An", 2, True),
    TileType("dreamy", "dreamy", "Dr", 2, False),
    TileType("dreamy_daisy", "dreamy", "Dr", 2, True),
    # Rams carry no daisy (PROPOSED); both shepherds carry one, since the solo rules place a
    # shepherd's fence "according to the flower location" (PROPOSED).
    TileType(RAM, RAM, "Ra", 3, False),
    TileType(SHEPHERD, SHEPHERD, "Sh", 2, True),
)
