"""Lookup tables derived from the components: the field's geometry, the tile types' traits and
the phases.

Cells are numbered row by row from the top left (a1 .. e5: column letter, row number). Edges
are the horizontal ones line by line, then the vertical ones row by row. For the enclosure test
every cell also has a bit in a grid padded by one ring of "outside" cells, so a flood from the
ring through unfenced edges reaches exactly the non-enclosed cells.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from meja.core.errors import InvalidPosition
from meja.core.position_reading import lookup
from meja.games.te_kuiti.components import (
    COLS,
    FENCES,
    RAM,
    ROWS,
    SHEEP_KINDS,
    SHEEP_PER_TURN,
    SHEPHERD,
    SIDES,
    TILE_TYPES,
)

T = TypeVar("T")

NUM_CELLS: Final = ROWS * COLS
NUM_H_EDGES: Final = (ROWS + 1) * COLS
NUM_EDGES: Final = NUM_H_EDGES + ROWS * (COLS + 1)
WIDTH: Final = COLS + 2
"""Row length of the padded grid."""


def h_edge(line: int, col: int) -> int:
    """The horizontal edge on grid line `line` (0 = top border) above column `col`."""
    return line * COLS + col


def v_edge(row: int, line: int) -> int:
    """The vertical edge on grid line `line` (0 = left border) beside row `row`."""
    return NUM_H_EDGES + row * (COLS + 1) + line


def _column(col: int) -> str:
    return chr(ord("a") + col)


CELL_NAMES: tuple[str, ...] = tuple(
    f"{_column(c)}{r + 1}" for r in range(ROWS) for c in range(COLS)
)
CELL_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(CELL_NAMES)}

CELL_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    (h_edge(r, c), v_edge(r, c + 1), h_edge(r + 1, c), v_edge(r, c))
    for r in range(ROWS)
    for c in range(COLS)
)
"""The four edges around each cell, in the clockwise order of SIDES."""


def _edge_names() -> tuple[tuple[str, ...], dict[str, int]]:
    """Canonical names (a cell's north or west side; south and east only on the border)."""
    aliases: dict[str, int] = {}
    for cell, edges in enumerate(CELL_EDGES):
        for side, edge in zip(SIDES, edges, strict=True):
            aliases[f"{CELL_NAMES[cell]}{side[0]}"] = edge
    canonical = [""] * NUM_EDGES
    for cell, edges in enumerate(CELL_EDGES):
        for side, edge in zip(SIDES, edges, strict=True):
            if not canonical[edge] or side in ("north", "west"):
                canonical[edge] = f"{CELL_NAMES[cell]}{side[0]}"
    return tuple(canonical), aliases


EDGE_NAMES, EDGE_ALIASES = _edge_names()
EDGE_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(EDGE_NAMES)}

PAD_BIT: Final[tuple[int, ...]] = tuple(
    1 << ((r + 1) * WIDTH + c + 1) for r in range(ROWS) for c in range(COLS)
)
"""Each cell's bit in the padded grid."""

INTERIOR: Final = sum(PAD_BIT)
RING: Final = ((1 << (WIDTH * (ROWS + 2))) - 1) & ~INTERIOR


def _edge_open_bits() -> tuple[tuple[bool, int], ...]:
    """Per edge: whether it is vertical, and its bit in the east or south openness mask."""
    out: list[tuple[bool, int]] = []
    for line in range(ROWS + 1):
        for col in range(COLS):
            out.append((False, 1 << (line * WIDTH + col + 1)))
    for row in range(ROWS):
        for line in range(COLS + 1):
            out.append((True, 1 << ((row + 1) * WIDTH + line)))
    return tuple(out)


EDGE_OPEN: Final[tuple[tuple[bool, int], ...]] = _edge_open_bits()
"""A vertical edge's bit sits on its western cell, a horizontal edge's on its northern cell."""

ALL_OPEN_EAST: Final = sum(bit for vertical, bit in EDGE_OPEN if vertical)
ALL_OPEN_SOUTH: Final = sum(bit for vertical, bit in EDGE_OPEN if not vertical)


def reachable(open_east: int, open_south: int) -> int:
    """Padded bits of every cell a fence-free path joins to the outside (the ring included)."""
    west = open_east << 1
    north = open_south << WIDTH
    reach = RING
    while True:
        grown = (
            reach
            | ((reach & open_east) << 1)
            | ((reach & west) >> 1)
            | ((reach & open_south) << WIDTH)
            | ((reach & north) >> WIDTH)
        )
        if grown == reach:
            return reach
        reach = grown


def bit_lister(values: Sequence[T], groups: Sequence[tuple[int, int]]) -> Callable[[int], list[T]]:
    """A fast function from a mask to the values of its set bits, through lookup tables.

    groups lists (shift, count): the next count values belong to bits shift .. shift + count - 1.
    """
    chunks: list[tuple[tuple[tuple[T, ...], ...], int, int]] = []
    first = 0
    for shift, count in groups:
        part = values[first : first + count]
        first += count
        table = tuple(
            tuple(v for i, v in enumerate(part) if bits >> i & 1) for bits in range(1 << count)
        )
        chunks.append((table, shift, (1 << count) - 1))
    frozen = tuple(chunks)

    def listed(mask: int) -> list[T]:
        out: list[T] = []
        for table, shift, bits in frozen:
            out += table[mask >> shift & bits]
        return out

    return listed


CELL_GROUPS: Final = tuple(((r + 1) * WIDTH + 1, COLS) for r in range(ROWS))
"""Cells by rows of the padded grid, for bit_lister over cell masks."""

EDGE_GROUPS: Final = tuple((start, min(10, NUM_EDGES - start)) for start in range(0, NUM_EDGES, 10))
"""Edges in chunks of ten bits, for bit_lister over edge masks."""

ALL_EDGES: Final = (1 << NUM_EDGES) - 1
list_cells: Final = bit_lister(range(NUM_CELLS), CELL_GROUPS)
list_cell_names: Final = bit_lister(CELL_NAMES, CELL_GROUPS)
list_edge_names: Final = bit_lister(EDGE_NAMES, EDGE_GROUPS)
list_edges: Final = bit_lister(range(NUM_EDGES), EDGE_GROUPS)


def enclosed_by(fences: int) -> int:
    """Padded bits of the cells the fences on an edge mask enclose."""
    open_east, open_south = ALL_OPEN_EAST, ALL_OPEN_SOUTH
    for edge in list_edges(fences):
        vertical, bit = EDGE_OPEN[edge]
        if vertical:
            open_east &= ~bit
        else:
            open_south &= ~bit
    return INTERIOR & ~reachable(open_east, open_south)


SHEPHERD_TURN: Final = 0
FLIPPING: Final = 1
REVEAL: Final = 2
ORIENT: Final = 3
RAM_CHOICE: Final = 4
BONUS: Final = 5
COLLECTING: Final = 6
OVER: Final = 7
START: Final = 8
PHASE_NAMES: Final = (
    "shepherd",
    "flip",
    "reveal",
    "orient",
    "ram",
    "bonus",
    "collect",
    "over",
    "start",
)
"""Phase names as they appear in positions and views."""

TILE_KIND: Final[tuple[int, ...]] = tuple(
    SHEEP_KINDS.index(t.kind) if t.kind in SHEEP_KINDS else -1 for t in TILE_TYPES
)
"""Sheep kind index of each tile type, -1 for rams and shepherds."""
TILE_DAISY: Final[tuple[bool, ...]] = tuple(t.daisy for t in TILE_TYPES)
RAM_TYPES: Final = frozenset(i for i, t in enumerate(TILE_TYPES) if t.kind == RAM)
SHEPHERD_TYPES: Final = frozenset(i for i, t in enumerate(TILE_TYPES) if t.kind == SHEPHERD)
TILE_COUNTS: Final[tuple[int, ...]] = tuple(t.count for t in TILE_TYPES)

TILE_NAMES: Final = tuple(tile.name for tile in TILE_TYPES)
"""A tile type's name in positions, views and chance outcomes (outcome i of a flip is type i)."""

FACES: Final = ("down", "up", "gone")
DOWN: Final = 0
UP: Final = 1
GONE: Final = 2
"""A cell's face as positions write it, and as an ended field keeps it."""


def _cell_codes() -> dict[str, tuple[int, int, int]]:
    """Every well-formed cell string and its (face, tile, side); -1 for unseen or no side."""
    codes: dict[str, tuple[int, int, int]] = {"down ?": (DOWN, -1, -1)}
    for face_index, face in enumerate(FACES):
        for tile, name in enumerate(TILE_NAMES):
            codes[f"{face} {name}"] = (face_index, tile, -1)
            if TILE_DAISY[tile]:
                for side, side_name in enumerate(SIDES):
                    codes[f"{face} {name} {side_name}"] = (face_index, tile, side)
    return codes


CELL_CODES: Final = _cell_codes()
"""A position's cell strings, read."""


TILE_INDEX: Final = {name: i for i, name in enumerate(TILE_NAMES)}


def read_cell(value: Any, key: str) -> tuple[int, int, int]:
    """A position's cell string as its (face, tile, side), or why it is not one."""
    code = CELL_CODES.get(value) if isinstance(value, str) else None
    if code is not None:
        return code
    parts = value.split() if isinstance(value, str) else []
    if not 2 <= len(parts) <= 3 or parts[0] not in FACES:
        raise InvalidPosition(f"{key}: expected '<down|up|gone> <tile>[ <side>]', got {value!r}")
    if parts[1] == "?":
        raise InvalidPosition(f"{key}: only a face-down tile can be unseen, got {value!r}")
    if parts[1] not in TILE_INDEX:
        raise InvalidPosition(f"{key}: unknown tile {parts[1]!r} (tiles: {', '.join(TILE_NAMES)})")
    if len(parts) == 2:
        raise InvalidPosition(f"{key}: a {parts[1]} leaves the field when flipped; not up")
    raise InvalidPosition(
        f"{key}: a daisy side ({', '.join(SIDES)}) belongs only to a daisy tile, got {value!r}"
    )


POSITION_TEXT: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    tuple(
        (*(f"{face} {name} {side}" for side in SIDES), f"{face} {name}")
        for name in (*TILE_NAMES, "?")
    )
    for face in FACES
)
"""A position's cell strings, written: by face, tile (-1: unseen) and daisy side (-1: none)."""

UP_TEXT: Final[tuple[tuple[str, ...], ...]] = tuple(
    (*(f"{n} {s}" for s in SIDES), n) for n in TILE_NAMES
)
"""A face-up tile as views show it, by tile and daisy side (index -1: no side)."""


def read_cells(value: Any, key: str) -> list[tuple[int, int, int]]:
    """A position's 25 cell strings as (face, tile, side), naming a bad one by index and cell."""
    if not isinstance(value, list) or len(value) != NUM_CELLS:
        raise InvalidPosition(f"{key}: expected a list of {NUM_CELLS} cell strings")
    return [
        read_cell(text, f"{key}[{cell}] ({CELL_NAMES[cell]})") for cell, text in enumerate(value)
    ]


def read_cell_name(value: Any, key: str) -> int:
    """A cell by name ("c3")."""
    return lookup(value, key, CELL_INDEX, "a cell (a1 .. e5)")


def read_cell_names(value: Any, key: str) -> list[int]:
    """A list of at most one turn's sheep, by cell name."""
    if not isinstance(value, list) or len(value) > SHEEP_PER_TURN:
        raise InvalidPosition(f"{key}: expected up to {SHEEP_PER_TURN} cell names")
    return [read_cell_name(name, f"{key}[{index}]") for index, name in enumerate(value)]


def read_fences(fences: Any, key: str) -> int:
    """A position's list of edge names as an edge mask, each edge at most once."""
    if not isinstance(fences, list):
        raise InvalidPosition(f"{key}: expected a list of edge names such as 'b3n'")
    mask = 0
    for name in fences:
        edge = lookup(name, key, EDGE_ALIASES, "an edge (e.g. 'a1n', 'e5s')")
        if mask >> edge & 1:
            raise InvalidPosition(f"{key}: edge {EDGE_NAMES[edge]} is listed twice")
        mask |= 1 << edge
    if len(fences) > FENCES:
        raise InvalidPosition(f"{key}: {len(fences)} fences, but only {FENCES} exist")
    return mask


def seen_counts(tiles: Sequence[int]) -> list[int]:
    """How many of each tile type the cells show as seen (-1: unseen)."""
    seen = [0] * len(TILE_COUNTS)
    for tile in tiles:
        if tile >= 0:
            seen[tile] += 1
    return seen


def count_seen(tiles: Sequence[int], key: str) -> list[int]:
    """seen_counts of a position's cells, refusing more tiles of a type than exist."""
    seen = seen_counts(tiles)
    for tile, count in enumerate(TILE_COUNTS):
        if seen[tile] > count:
            raise InvalidPosition(
                f"{key}: {seen[tile]} {TILE_NAMES[tile]} tiles, only {count} exist"
            )
    return seen
