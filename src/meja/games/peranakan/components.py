"""The physical pieces of Peranakan: Tiles and Tactics as plain data.

Counts printed in the rulebook are marked "printed"; everything else is our reconstruction
(PROPOSED in the project's readings) and can be replaced by the publisher's exact data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# --- Kueh -------------------------------------------------------------------------------

KUEH_TYPES: Final[tuple[str, ...]] = ("tutu", "ondeh", "bahulu", "angku")
"""The four collectable Kueh (PROPOSED: the rulebook names five; Rainbow Lapis is the wild)."""

KUEH_NAMES: Final[tuple[str, ...]] = ("Tutu Kueh", "Ondeh Ondeh", "Kueh Bahulu", "Ang Ku Kueh")
"""Display names, in KUEH_TYPES order."""

KUEH_LETTERS: Final[tuple[str, ...]] = ("t", "o", "b", "a")
"""One-letter codes used in positions and compact text, in KUEH_TYPES order."""

KUEH_PER_TYPE: Final = 22
"""Printed: 88 Kueh, 22 of each of the 4 types."""

WILD: Final = len(KUEH_TYPES)
"""Icon index of the rainbow "wild" Kueh (Rainbow Lapis): take any 1 Kueh with stock."""

WILD_NAME: Final = "wild"
WILD_LETTER: Final = "w"

# --- Tiles ------------------------------------------------------------------------------

PATTERNS: Final[tuple[str, ...]] = ("ceramics", "butterfly", "goldfish", "peacock")
"""Printed: 4 patterns."""

PATTERN_LETTERS: Final[tuple[str, ...]] = ("C", "B", "G", "P")
"""One-letter codes used in positions and compact text, in PATTERNS order."""

# PROPOSED: the Kueh icons on the 10 tiles of each pattern (the same list for every pattern).
# Each entry is a tuple of icon indices into KUEH_TYPES, with WILD for the rainbow icon.
TILE_ICONS_PER_PATTERN: Final[tuple[tuple[int, ...], ...]] = (
    (0,),
    (1,),
    (2,),
    (3,),
    (0, 1),
    (2, 3),
    (0, 2),
    (1, 3),
    (WILD,),
    (WILD,),
)


@dataclass(frozen=True)
class TileKind:
    """One distinct tile face: a pattern and the Kueh icons printed on it."""

    pattern: int
    icons: tuple[int, ...]
    count: int

    @property
    def code(self) -> str:
        """Short code such as "Bto" (butterfly, tutu + ondeh) for positions and logs."""
        letters = "".join((*KUEH_LETTERS, WILD_LETTER)[i] for i in self.icons)
        return PATTERN_LETTERS[self.pattern] + letters

    @property
    def label(self) -> str:
        """Readable name such as "butterfly tutu+ondeh"."""
        names = "+".join((*KUEH_TYPES, WILD_NAME)[i] for i in self.icons)
        return f"{PATTERNS[self.pattern]} {names}"


def _tile_kinds() -> tuple[TileKind, ...]:
    """Group identical tiles into kinds, in pattern order then first appearance."""
    kinds: list[TileKind] = []
    for pattern in range(len(PATTERNS)):
        seen: dict[tuple[int, ...], int] = {}
        for icons in TILE_ICONS_PER_PATTERN:
            seen[icons] = seen.get(icons, 0) + 1
        kinds.extend(TileKind(pattern, icons, count) for icons, count in seen.items())
    return tuple(kinds)


TILE_KINDS: Final[tuple[TileKind, ...]] = _tile_kinds()
"""Every distinct tile with its number of copies; 40 tiles in all (printed)."""

TOTAL_TILES: Final = sum(kind.count for kind in TILE_KINDS)

# --- Board ------------------------------------------------------------------------------

BOARD_ROWS: Final = 5  # PROPOSED: a 5 x 5 grid with no blocked cells
BOARD_COLS: Final = 5  # PROPOSED
MAX_STACK: Final = 2
"""Printed: a tile may be stacked on once, so a space holds at most 2 tiles."""

COLUMN_LETTERS: Final = "abcde"
"""Cell names are a column letter then a row number from the top, e.g. "c3"."""

# --- Market -----------------------------------------------------------------------------

MARKET_POSITIONS: Final[tuple[str, ...]] = ("deck", "slot1", "slot2", "slot3", "slot4")
"""Printed: the deck's face-up top tile and the 4 spaces next to it; slot4 is furthest away."""

# PROPOSED: which Kueh supply sits next to each market position; the last shows the wild icon.
SUPPLY_NEXT_TO: Final[tuple[int, ...]] = (3, 1, 2, 0, WILD)

# --- Nyonyas and Babas ------------------------------------------------------------------

NYONYA: Final = 0
BABA: Final = 1
PAWN_NAMES: Final[tuple[str, ...]] = ("nyonya", "baba")

PAWN_COLOURS: Final[tuple[str, ...]] = ("green", "pink", "yellow", "blue", "purple")
"""Printed: 5 colours (the names other than green, pink and yellow are PROPOSED)."""

PAWNS_PER_COLOUR: Final[tuple[int, ...]] = (4, 3)
"""Printed: 20 Nyonyas and 15 Babas, i.e. 4 Nyonyas and 3 Babas of each colour."""

PAWNS_BY_PLAYER_COUNT: Final[dict[int, tuple[int, int]]] = {
    2: (4, 3),
    3: (3, 2),
    4: (2, 2),
    5: (2, 1),
}
"""Printed: (Nyonyas, Babas) given to each player, by player count."""

MIN_PLAYERS: Final = min(PAWNS_BY_PLAYER_COUNT)
MAX_PLAYERS: Final = max(PAWNS_BY_PLAYER_COUNT)
