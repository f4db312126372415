"""Peranakan observations: the whole open table, seats relative to the observer.

Nothing in Peranakan is hidden but the order of the deck, and nothing leaves the view (a covered
tile stays written under its cover), so the encoder needs no memory. The deck's contents are
written as the tiles not seen elsewhere, which is what a player counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from meja.env.encoding import Encoder, Field
from meja.games.peranakan.components import (
    BOARD_COLS,
    KUEH_PER_TYPE,
    MARKET_POSITIONS,
    MAX_STACK,
    PATTERNS,
    PAWNS_BY_PLAYER_COUNT,
    TILE_KINDS,
    TOTAL_TILES,
)
from meja.games.peranakan.tables import (
    CELL_INDEX,
    KIND_BY_CODE,
    KIND_COUNTS,
    LINE_OTHERS,
    NEIGHBOURHOODS,
    NUM_CELLS,
    NUM_KINDS,
    NUM_KUEH,
    NUM_MARKET,
    PAWN_KINDS,
    PHASE_NAMES,
    SPACE_TEXTS,
    TOKEN_PAWNS,
)

NUM_PATTERNS = len(PATTERNS)
NUM_ICONS = NUM_KUEH + 1
"""The four Kueh icons and the wild one, in KUEH_TYPES order then WILD."""
MOST_WILDS = max(len(cells) for cells in (*LINE_OTHERS, *NEIGHBOURHOODS["moore8"])) + 1
"""Wild icons one collecting pawn can give: one per tile of its area and its own tile."""
MOST_KIND_COPIES = max(KIND_COUNTS)

_MARKET_NAMES = {name: pos for pos, name in enumerate(MARKET_POSITIONS)}
_PHASES = {name: phase for phase, name in enumerate(PHASE_NAMES)}

# Offsets of the fields whose place does not depend on the player count.
_OPTIONS = 0
_PHASE = _OPTIONS + 3
_BOARD_PATTERN = _PHASE + len(PHASE_NAMES)
_BOARD_ICONS = _BOARD_PATTERN + NUM_CELLS * NUM_PATTERNS
_BOARD_STACKED = _BOARD_ICONS + NUM_CELLS * NUM_ICONS
_MARKET_PATTERN = _BOARD_STACKED + NUM_CELLS
_MARKET_ICONS = _MARKET_PATTERN + NUM_MARKET * NUM_PATTERNS
_HELD_PATTERN = _MARKET_ICONS + NUM_MARKET * NUM_ICONS
_HELD_ICONS = _HELD_PATTERN + NUM_PATTERNS
_TAKEN = _HELD_ICONS + NUM_ICONS
_PLACED = _TAKEN + NUM_MARKET
_NUMBERS = _PLACED + NUM_CELLS
"""Where the run of counts begins: turn, deck_size, deck, supply, wild_left, then per seat."""


def _tile_marks(kind: int, pattern_at: int, icons_at: int) -> tuple[int, ...]:
    """The indices a tile of kind sets: its pattern and each distinct icon printed on it."""
    tile = TILE_KINDS[kind]
    icons = sorted(set(tile.icons))
    return (pattern_at + tile.pattern, *(icons_at + icon for icon in icons))


_MARKET_MARKS: tuple[dict[str, tuple[int, ...]], ...] = tuple(
    {
        code: _tile_marks(
            kind, _MARKET_PATTERN + pos * NUM_PATTERNS, _MARKET_ICONS + pos * NUM_ICONS
        )
        for code, kind in KIND_BY_CODE.items()
    }
    for pos in range(NUM_MARKET)
)
_HELD_MARKS: dict[str, tuple[int, ...]] = {
    code: _tile_marks(kind, _HELD_PATTERN, _HELD_ICONS) for code, kind in KIND_BY_CODE.items()
}


def _space_marks(cell: int, text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A board space as written in the view: the indices it sets and the tile kinds it shows."""
    top, under = SPACE_TEXTS[text]
    if top < 0:
        return (), ()
    marks = _tile_marks(top, _BOARD_PATTERN + cell * NUM_PATTERNS, _BOARD_ICONS + cell * NUM_ICONS)
    if under < 0:
        return marks, (top,)
    return (*marks, _BOARD_STACKED + cell), (top, under)


def _row_marks(row: int, text: str) -> tuple[list[int], list[int]]:
    """A board row as written in the view ("Bto . Ca/Gw . ."): its indices and tile kinds."""
    marks: list[int] = []
    kinds: list[int] = []
    for col, space in enumerate(text.split()):
        space_marks, space_kinds = _space_marks(row * BOARD_COLS + col, space)
        marks += space_marks
        kinds += space_kinds
    return marks, kinds


ROWS_KEPT = 1 << 16
"""Board rows remembered before the row table starts afresh, to bound its size."""
_ROWS: dict[tuple[int, str], tuple[list[int], list[int]]] = {}
"""The marks of each board row met lately, since most rows repeat from step to step."""


class PeranakanEncoder(Encoder):
    """The board, market, turn in progress, supply and deck, then each seat from the observer."""

    @classmethod
    def describe(cls, num_players: int, options: Mapping[str, Any]) -> list[Field]:
        n = num_players
        nyonyas, babas = PAWNS_BY_PLAYER_COUNT[n]
        cells, market = NUM_CELLS, NUM_MARKET
        return [
            Field(
                "options",
                3,
                1.0,
                "1 each: Babas need only the 4 beside them; a Nyonya counts her own tile; "
                "a Baba counts his own tile",
            ),
            Field("phase", len(PHASE_NAMES), 1.0, f"one-hot phase: {', '.join(PHASE_NAMES)}"),
            Field(
                "board_pattern",
                cells * NUM_PATTERNS,
                1.0,
                "per cell a1..e5 (row by row), one-hot pattern of the top tile "
                f"({', '.join(PATTERNS)}); all 0 on an empty space",
            ),
            Field(
                "board_icons",
                cells * NUM_ICONS,
                1.0,
                "per cell, 1 for each icon on the top tile: tutu, ondeh, bahulu, angku, wild",
            ),
            Field("board_stacked", cells, 1.0, "per cell, 1 if the top tile covers another"),
            Field(
                "market_pattern",
                market * NUM_PATTERNS,
                1.0,
                "per market position (deck top, slot1..slot4), one-hot pattern of its tile",
            ),
            Field(
                "market_icons",
                market * NUM_ICONS,
                1.0,
                "per market position, 1 for each icon on its tile (4 Kueh, wild)",
            ),
            Field("held_pattern", NUM_PATTERNS, 1.0, "one-hot pattern of the tile taken, unplaced"),
            Field("held_icons", NUM_ICONS, 1.0, "1 for each icon on the tile taken, unplaced"),
            Field("taken", market, 1.0, "one-hot market position taken this turn"),
            Field("placed", cells, 1.0, "one-hot cell the tile went on this turn"),
            Field("turn", 1, float(TOTAL_TILES), "turns begun"),
            Field(
                "deck_size",
                1,
                float(TOTAL_TILES),
                "tiles left in the deck, its face-up top included",
            ),
            Field(
                "deck",
                NUM_KINDS,
                float(MOST_KIND_COPIES),
                "per tile kind, copies in the face-down deck (not seen on the table)",
            ),
            Field("supply", NUM_KUEH, float(KUEH_PER_TYPE), "Kueh of each type left in supply"),
            Field(
                "wild_left",
                1,
                float(MOST_WILDS),
                "wild Kueh the collecting seat still chooses now",
            ),
            Field("hand_nyonyas", n, float(nyonyas), "per relative seat, Nyonyas in hand"),
            Field("hand_babas", n, float(babas), "per relative seat, Babas in hand"),
            Field(
                "kueh",
                n * NUM_KUEH,
                float(KUEH_PER_TYPE),
                "per relative seat, Kueh held of each type",
            ),
            Field("sets", n, float(KUEH_PER_TYPE), "per relative seat, complete sets (the score)"),
            Field("to_move", n, 1.0, "one-hot relative seat to decide (all 0 at chance or end)"),
            Field("turn_seat", n, 1.0, "one-hot relative seat whose turn it is"),
            Field("start", n, 1.0, "one-hot relative seat that started (all 0 before it is drawn)"),
            Field(
                "pawns",
                n * PAWN_KINDS * cells,
                float(MAX_STACK),
                "per relative seat, Nyonyas on each cell then Babas on each cell",
            ),
            Field(
                "collecting",
                n * PAWN_KINDS * cells,
                float(MAX_STACK),
                "per relative seat, pawns still to collect this turn, laid out as pawns",
            ),
        ]

    def __init__(self, num_players: int, options: Mapping[str, Any], seat: int) -> None:
        super().__init__(num_players, options, seat)
        n = num_players
        offsets = self.layout.offsets
        self._rel = [(s - seat) % n for s in range(n)]
        self._to_move = offsets["to_move"]
        self._turn_seat = offsets["turn_seat"]
        self._start = offsets["start"]
        self._numbers = slice(_NUMBERS, offsets["to_move"])
        self._options = [
            i
            for i, on in enumerate(
                (
                    self.options.get("baba_neighbourhood") == "orthogonal4",
                    bool(self.options.get("nyonya_counts_own_tile")),
                    bool(self.options.get("baba_counts_own_tile")),
                )
            )
            if on
        ]
        self._pawns = self._pawn_marks(offsets["pawns"])
        self._collecting = self._pawn_marks(offsets["collecting"])

    def _pawn_marks(self, start: int) -> dict[str, int]:
        """Each pawn token of the view to its index: relative seat, then kind, then cell."""
        return {
            token: start + (self._rel[s] * PAWN_KINDS + kind) * NUM_CELLS + cell
            for token, (cell, s, kind) in TOKEN_PAWNS.items()
            if s < self.num_players
        }

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        rel = self._rel
        marks = [*self._options, _PHASE + _PHASES[view["phase"]]]
        deck = KIND_COUNTS[:]
        rows = _ROWS
        for key in enumerate(view["board"]):
            row = rows.get(key)
            if row is None:
                if len(rows) >= ROWS_KEPT:
                    rows.clear()
                row = rows[key] = _row_marks(*key)
            marks += row[0]
            for kind in row[1]:
                deck[kind] -= 1
        for pos, code in enumerate(view["market"]):
            if code is not None:
                marks += _MARKET_MARKS[pos][code]
                deck[KIND_BY_CODE[code]] -= 1
        held = view.get("held")
        if held is not None:
            marks += _HELD_MARKS[held]
            deck[KIND_BY_CODE[held]] -= 1
        taken = view.get("taken")
        if taken is not None:
            marks.append(_TAKEN + _MARKET_NAMES[taken])
        placed = view.get("placed")
        if placed is not None:
            marks.append(_PLACED + CELL_INDEX[placed])
        to_move = view["to_move"]
        if to_move >= 0:
            marks.append(self._to_move + rel[to_move])
        marks.append(self._turn_seat + rel[view["turn_seat"]])
        start = view["start"]
        if start is not None:
            marks.append(self._start + rel[start])
        pawns = self._pawns
        placed_pawns = [pawns[token] for token in view["pawns"]]
        collecting = view.get("collecting")
        if collecting:
            due = self._collecting
            placed_pawns += [due[token] for token in collecting]
        if len(set(placed_pawns)) == len(placed_pawns):
            marks += placed_pawns
        else:
            np.add.at(out, placed_pawns, 1.0)
        out.put(marks, 1.0)
        me = self.seat
        hands = view["hands"]
        hands = hands[me:] + hands[:me]
        kueh = view["kueh"]
        kueh = kueh[me:] + kueh[:me]
        supply = view["supply"]
        numbers = [view["turn"], view["deck_size"], *deck, *supply.values()]
        numbers.append(view.get("wild_left", 0))
        numbers += [hand[0] for hand in hands]
        numbers += [hand[1] for hand in hands]
        for counts in kueh:
            numbers += counts
        numbers += map(min, kueh)
        out[self._numbers] = numbers
