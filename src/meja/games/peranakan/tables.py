"""Fixed lookup tables derived from the components: cells, neighbourhoods and codes.

Built once at import so the rules code only indexes tuples on the hot path.
"""

from __future__ import annotations

from typing import Final

from meja.games.peranakan.components import (
    BOARD_COLS,
    BOARD_ROWS,
    COLUMN_LETTERS,
    KUEH_TYPES,
    MARKET_POSITIONS,
    MAX_PLAYERS,
    PAWN_NAMES,
    TILE_KINDS,
    WILD,
)

NUM_CELLS: Final = BOARD_ROWS * BOARD_COLS
NUM_KUEH: Final = len(KUEH_TYPES)
NUM_KINDS: Final = len(TILE_KINDS)
NUM_MARKET: Final = len(MARKET_POSITIONS)
PAWN_KINDS: Final = len(PAWN_NAMES)
DECK_TOP: Final = 0
"""Market index of the deck's face-up top tile; slots follow, the last one is the wild slot."""

REVEAL_ORDER: Final[tuple[int, ...]] = (*range(1, NUM_MARKET), DECK_TOP)
"""Setup deals the slots first, then turns up the deck's top; later only the top is revealed."""

# Phases of a turn; REVEAL and START are chance nodes.
REVEAL: Final = 0
START: Final = 1
TAKE: Final = 2
CHOOSE_KUEH: Final = 3
PLACE: Final = 4
PAWN: Final = 5
COLLECT_KUEH: Final = 6
OVER: Final = 7
PHASE_NAMES: Final[tuple[str, ...]] = (
    "reveal",
    "start",
    "take",
    "choose_kueh",
    "place",
    "pawn",
    "collect_kueh",
    "over",
)

EMPTY_SPACE: Final = "."
"""How an empty space or market position is written in text and position board rows."""

Pawn = tuple[int, int, int]
"""A Nyonya or Baba on the board: (cell, seat, kind), kind indexing PAWN_NAMES."""

PAWN_LETTERS: Final[tuple[str, ...]] = tuple(name[0].upper() for name in PAWN_NAMES)
"""Pawn kinds as written in positions and text: N for Nyonya, B for Baba."""


def cell_name(cell: int) -> str:
    """Column letter then row number from the top, e.g. "c3"."""
    return f"{COLUMN_LETTERS[cell % BOARD_COLS]}{cell // BOARD_COLS + 1}"


CELL_NAMES: Final[tuple[str, ...]] = tuple(cell_name(c) for c in range(NUM_CELLS))
CELL_INDEX: Final[dict[str, int]] = {name: c for c, name in enumerate(CELL_NAMES)}


def _line_others(cell: int) -> tuple[int, ...]:
    """The other cells of the cell's full row and full column (a Nyonya's two lines)."""
    row, col = divmod(cell, BOARD_COLS)
    same_row = [row * BOARD_COLS + c for c in range(BOARD_COLS) if c != col]
    same_col = [r * BOARD_COLS + col for r in range(BOARD_ROWS) if r != row]
    return tuple(same_row + same_col)


def _neighbours(cell: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """On-board neighbours of cell; cells off the board do not exist (reading P2)."""
    row, col = divmod(cell, BOARD_COLS)
    out = []
    for dr, dc in steps:
        r, c = row + dr, col + dc
        if 0 <= r < BOARD_ROWS and 0 <= c < BOARD_COLS:
            out.append(r * BOARD_COLS + c)
    return tuple(out)


_ORTHOGONAL: Final = ((-1, 0), (0, -1), (0, 1), (1, 0))
_MOORE: Final = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

LINE_OTHERS: Final[tuple[tuple[int, ...], ...]] = tuple(_line_others(c) for c in range(NUM_CELLS))
NEIGHBOURHOODS: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    "moore8": tuple(_neighbours(c, _MOORE) for c in range(NUM_CELLS)),
    "orthogonal4": tuple(_neighbours(c, _ORTHOGONAL) for c in range(NUM_CELLS)),
}
"""Baba neighbourhoods by the baba_neighbourhood option (reading P1)."""

LINE_SETS: Final[tuple[frozenset[int], ...]] = tuple(frozenset(cells) for cells in LINE_OTHERS)
NEIGHBOUR_SETS: Final[dict[str, tuple[frozenset[int], ...]]] = {
    name: tuple(frozenset(cells) for cells in table) for name, table in NEIGHBOURHOODS.items()
}
"""The same areas as sets, to ask quickly whether a placement touches a pawn's area."""


AREA_CELLS: Final[dict[str, tuple[tuple[tuple[int, ...], ...], ...]]] = {
    name: (LINE_OTHERS, table) for name, table in NEIGHBOURHOODS.items()
}
"""Per baba_neighbourhood option, per pawn kind, per cell: the cells of the pawn's area."""


def _touch_mask(home: int, area: tuple[int, ...]) -> int:
    """The cells a placement touches a pawn on home from, as bits: its area and home itself."""
    mask = 1 << home
    for cell in area:
        mask |= 1 << cell
    return mask


TOUCH_MASKS: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    name: tuple(
        tuple(_touch_mask(home, area) for home, area in enumerate(kind_areas))
        for kind_areas in areas
    )
    for name, areas in AREA_CELLS.items()
}
"""Per option, kind and cell: bit c is set when a tile placed on cell c touches that pawn."""

KIND_PATTERN: Final[tuple[int, ...]] = tuple(kind.pattern for kind in TILE_KINDS)
KIND_FIXED: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in kind.icons if i != WILD) for kind in TILE_KINDS
)
KIND_WILDS: Final[tuple[int, ...]] = tuple(kind.icons.count(WILD) for kind in TILE_KINDS)
KIND_CODES: Final[tuple[str, ...]] = tuple(kind.code for kind in TILE_KINDS)
KIND_BY_CODE: Final[dict[str, int]] = {code: k for k, code in enumerate(KIND_CODES)}
PAWN_TOKENS: Final[dict[tuple[int, int, int], str]] = {
    (cell, seat, kind): f"{PAWN_LETTERS[kind]}{seat}@{CELL_NAMES[cell]}"
    for cell in range(NUM_CELLS)
    for seat in range(MAX_PLAYERS)
    for kind in range(PAWN_KINDS)
}
"""A pawn (cell, seat, kind) as written in positions: "N0@c3" is seat 0's Nyonya on c3."""
TOKEN_PAWNS: Final[dict[str, tuple[int, int, int]]] = {
    text: pawn for pawn, text in PAWN_TOKENS.items()
}


def _space_texts() -> dict[str, tuple[int, int]]:
    """Every way a board space can be written, to its (top, covered) tile kinds."""
    spaces = {EMPTY_SPACE: (-1, -1)}
    for top, code in enumerate(KIND_CODES):
        spaces[code] = (top, -1)
        for under, low in enumerate(KIND_CODES):
            spaces[f"{low}/{code}"] = (top, under)
    return spaces


SPACE_TEXTS: Final[dict[str, tuple[int, int]]] = _space_texts()

KIND_LABELS: Final[tuple[str, ...]] = tuple(kind.label for kind in TILE_KINDS)
KIND_COUNTS: Final[list[int]] = [kind.count for kind in TILE_KINDS]
"""Copies of each tile kind, as a list to compare with the counts a state holds."""
