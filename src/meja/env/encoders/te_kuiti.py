"""Te Kuiti observations: the field cell by cell, the fences, the roles, the turn's flips so far,
the scores, and what the seat saw this round of the tiles now face down.

Seats are relative: index 0 is the observer, index 1 the other player. The view shows a tile's
face only while it lies face up (T4a) and the told records name a flipped cell, never its face;
so the faces are kept from the views the seat is shown after each reveal (glimpse) or encodes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from meja.core.told import Told
from meja.env.encoding import Encoder, Field
from meja.games.te_kuiti.components import (
    FENCES,
    FENCES_PER_TURN,
    ROUNDS,
    SHEEP_KINDS,
    SIDES,
    TILE_TYPES,
)
from meja.games.te_kuiti.tables import (
    CELL_INDEX,
    CELL_NAMES,
    EDGE_NAMES,
    NUM_CELLS,
    NUM_EDGES,
    PHASE_NAMES,
    TILE_COUNTS,
    TILE_NAMES,
)

NUM_TILES = len(TILE_TYPES)
SHEEP_TILES = sum(t.count for t in TILE_TYPES if t.kind in SHEEP_KINDS)
MOST_OF_A_TILE = max(TILE_COUNTS)
ROUND_HIGH = NUM_CELLS
"""A round's points: the shepherd's enclosed tiles (at most the field) or the sheep collected."""
TOTAL_HIGH = NUM_CELLS + SHEEP_TILES
"""A seat is shepherd in one round and sheep in the other."""
CELL_RUN = 2 + NUM_TILES + len(SIDES)
"""Per cell: face down, gone, the face-up tile type, the daisy side."""


def _cell_bytes() -> dict[str, bytes]:
    """Each view cell string as one cell's run of 0/1 bytes: face, tile type, daisy side."""
    runs: dict[str, bytes] = {}
    for text, marks in (("down", (0,)), ("gone", (1,))):
        runs[text] = bytes(1 if i in marks else 0 for i in range(CELL_RUN))
    for tile, name in enumerate(TILE_NAMES):
        runs[name] = bytes(1 if i == 2 + tile else 0 for i in range(CELL_RUN))
        for side, side_name in enumerate(SIDES):
            face = (2 + tile, 2 + NUM_TILES + side)
            runs[f"{name} {side_name}"] = bytes(1 if i in face else 0 for i in range(CELL_RUN))
    return runs


CELL_BYTES = _cell_bytes()
_cell_run = CELL_BYTES.__getitem__
FACE_TEXTS = tuple(text for text in CELL_BYTES if text not in ("down", "gone"))
"""Every way a view writes a face-up tile: its type, and in the solo game its daisy side."""


def face_run(num_players: int) -> int:
    """Per cell of the memory: the tile type, and the daisy side where it places a fence (solo)."""
    return NUM_TILES + (len(SIDES) if num_players == 1 else 0)


class TeKuitiEncoder(Encoder):
    """The public field and roles as one seat sees them, plus the cells it saw turned up and
    the faces they showed."""

    remembers = True

    def __init__(self, num_players: int, options: Mapping[str, Any], seat: int) -> None:
        super().__init__(num_players, options, seat)
        offsets = self.layout.offsets
        self.turn_limit = int(self.options.get("solo_turn_limit", 0))
        self.phase_at = {name: offsets["phase"] + i for i, name in enumerate(PHASE_NAMES)}
        self.fence_at = {name: offsets["fences"] + i for i, name in enumerate(EDGE_NAMES)}
        self.cells_at = offsets["cells"]
        self.cells_end = self.cells_at + NUM_CELLS * CELL_RUN
        self.marks = tuple(
            {name: offsets[key] + i for i, name in enumerate(CELL_NAMES)}
            for key in ("enclosed", "revealed", "turning_back", "flipping")
        )
        self.removed_at = {name: offsets["removed"] + i for i, name in enumerate(TILE_NAMES)}
        self.seen_base = offsets["seen"]
        run = face_run(num_players)
        start = offsets["remembered"]
        self.remembered = slice(start, start + NUM_CELLS * run)
        self.memory_shape = (NUM_CELLS, run)
        self.down = slice(self.cells_at, self.cells_end, CELL_RUN)
        self.face_rows = {
            text: np.frombuffer(CELL_BYTES[text][2 : 2 + run], np.uint8).astype(np.float32)
            for text in FACE_TEXTS
        }
        self.to_move_at = offsets["to_move"]
        self.fences_out_at = offsets["fences_out"]
        self.blank = bytearray(self.layout.size)
        if self.options.get("out_of_fences", "immediate") == "immediate":
            self.blank[offsets["immediate"]] = 1
        self.winners_at = offsets["winners"]
        self.scores_at = offsets["scores"]
        self.supply_at = offsets["supply"]
        self.to_place_at = offsets["fences_to_place"]
        self.shepherd_at = offsets.get("shepherd", -1)
        self.sheep_at = offsets.get("sheep", -1)
        self.round_at = offsets.get("round", -1)
        self.end_of_round_at = offsets.get("end_of_round", -1)
        self.last_turn_at = offsets.get("last_turn", -1)
        self.round_scores_at = offsets.get("round_scores", -1)
        self.turns_left_at = offsets.get("turns_left", -1)
        self.seen: dict[int, set[int]] = {}
        self.faces: dict[int, str] = {}
        self.memory = np.zeros(self.memory_shape, dtype=np.float32)
        self.faces_round = 0

    @classmethod
    def describe(cls, num_players: int, options: Mapping[str, Any]) -> list[Field]:
        n = num_players
        fields = [
            Field("phase", len(PHASE_NAMES), 1.0, f"one-hot phase: {', '.join(PHASE_NAMES)}"),
            Field("to_move", n, 1.0, "1 at the relative seat to move (none on chance or the end)"),
        ]
        if n > 1:
            fields += [
                Field("shepherd", n, 1.0, "1 at the relative seat of this round's shepherd"),
                Field("sheep", n, 1.0, "1 at the relative seat of this round's sheep player"),
                Field("round", ROUNDS, 1.0, "one-hot round being played"),
            ]
        fields += [
            Field(
                "supply", 1, float(FENCES), "fences left in the shepherd's supply (solo: reserve)"
            ),
            Field("fences_to_place", 1, float(FENCES_PER_TURN), "fences still to place this turn"),
            Field(
                "fences", NUM_EDGES, 1.0, "1 per edge holding a fence, in tables.EDGE_NAMES order"
            ),
            Field(
                "cells",
                NUM_CELLS * CELL_RUN,
                1.0,
                f"per cell a1..e5: down, gone, face-up tile one-hot ({NUM_TILES} types), "
                f"daisy side one-hot ({'/'.join(SIDES)})",
            ),
            Field("enclosed", NUM_CELLS, 1.0, "1 per cell fenced in"),
            Field("revealed", NUM_CELLS, 1.0, "1 per sheep turned up so far this turn"),
            Field("turning_back", NUM_CELLS, 1.0, "1 per tile just turned back, face still shown"),
            Field("flipping", NUM_CELLS, 1.0, "1 at the cell whose flip awaits its tile"),
            Field("seen", NUM_CELLS, 1.0, "1 per cell this seat saw turned up this round (memory)"),
            Field(
                "remembered",
                NUM_CELLS * face_run(n),
                1.0,
                f"per face-down cell the tile type one-hot ({NUM_TILES} types) "
                + ("and daisy side one-hot " if n == 1 else "")
                + "this seat saw there this round (memory)",
            ),
            Field(
                "removed",
                NUM_TILES,
                float(MOST_OF_A_TILE),
                "tiles of each type off the field this round, in tables.TILE_NAMES order",
            ),
            Field("fences_out", 1, 1.0, "1 once the last fence is out and the turn ends the round"),
            Field("immediate", 1, 1.0, "1 when the last fence ends the round at once (option)"),
        ]
        if n > 1:
            fields += [
                Field("end_of_round", 1, 1.0, "1 in the end-of-round mode (5 or fewer open tiles)"),
                Field("last_turn", 1, 1.0, "1 when the shepherd's turn is the round's last"),
                Field("scores", n, float(TOTAL_HIGH), "points so far by relative seat"),
                Field(
                    "round_scores",
                    ROUNDS * n,
                    float(ROUND_HIGH),
                    "points of each finished round (round-major) by relative seat",
                ),
            ]
        else:
            limit = int(options.get("solo_turn_limit", 1))
            fields += [
                Field("scores", 1, float(NUM_CELLS), "tiles taken off the field"),
                Field("turns_left", 1, float(limit - 1), "turns that may begin after this one"),
            ]
        fields.append(Field("winners", n, 1.0, "1 at each relative seat that won (at the end)"))
        return fields

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Every number but the solo turns left fits a byte: build bytes, convert once.

        The faces just turned back are kept too (a tile seen goes face down only so), so a caller
        that observes every step needs no glimpse.
        """
        n = self.num_players
        seat = self.seat
        data = self.blank.copy()
        cells = view["cells"]
        data[self.cells_at : self.cells_end] = b"".join(map(_cell_run, cells))
        if view["round"] != self.faces_round:
            self.start_memory(view["round"])
        faces = self.faces
        data[self.phase_at[view["phase"]]] = 1
        mover = view["to_move"]
        if mover >= 0:
            data[self.to_move_at + (mover - seat) % n] = 1
        fence_at = self.fence_at
        for name in view["fences"]:
            data[fence_at[name]] = 1
        enclosed, revealed, back, flipping = self.marks
        for name in view["enclosed"]:
            data[enclosed[name]] = 1
        for name in view["revealed"]:
            data[revealed[name]] = 1
        for name in view["turning_back"]:
            data[back[name]] = 1
            index = CELL_INDEX[name]
            if faces.get(index) != cells[index]:
                self.keep(index, cells[index])
        pending = view["flipping"]
        if pending is not None:
            data[flipping[pending]] = 1
        seen = self.seen.get(view["round"])
        if seen:
            for index in seen:
                data[index] = 1
        if view["fences_out"]:
            data[self.fences_out_at] = 1
        for winner in view["winners"]:
            data[self.winners_at + (winner - seat) % n] = 1
        data[self.supply_at] = view["supply"]
        data[self.to_place_at] = view["fences_to_place"]
        removed_at = self.removed_at
        for name, count in view["removed"].items():
            data[removed_at[name]] = count
        scores = view["scores"]
        at = self.scores_at
        if n > 1:
            shepherd = view["shepherd"]
            if shepherd is not None:
                data[self.shepherd_at + (shepherd - seat) % n] = 1
                data[self.sheep_at + (view["sheep"] - seat) % n] = 1
            data[self.round_at + view["round"] - 1] = 1
            if view["end_of_round"]:
                data[self.end_of_round_at] = 1
            if view["last_turn"]:
                data[self.last_turn_at] = 1
            data[at] = int(scores[seat])
            data[at + 1] = int(scores[1 - seat])
            at = self.round_scores_at
            for points in view["round_scores"]:
                data[at] = points[seat]
                data[at + 1] = points[1 - seat]
                at += 2
            out[:] = np.frombuffer(data, np.uint8)
        else:
            data[at] = int(scores[0])
            out[:] = np.frombuffer(data, np.uint8)
            out[self.turns_left_at] = self.turn_limit - view["turn"]
        if faces:
            down = out[self.down, np.newaxis]
            np.multiply(self.memory, down, out=out[self.remembered].reshape(self.memory_shape))

    def remember(self, player: int, told: Told) -> None:
        """A flip move names its cell and round: the seat saw that tile turned up."""
        record = told.record
        if player >= 0 and "cell" in record and "round" in record:
            cell = CELL_INDEX[record["cell"]]
            self.seen.setdefault(record["round"], set()).add(self.seen_base + cell)

    def glimpse(self, view: Mapping[str, Any]) -> None:
        """Keep each face-up tile's face, and drop the tiles gone, as the seat saw them just now."""
        if view["round"] != self.faces_round:
            self.start_memory(view["round"])
        faces = self.faces
        for index, text in enumerate(view["cells"]):
            if text == "gone":
                if faces.pop(index, None) is not None:
                    self.memory[index] = 0.0
            elif text != "down" and faces.get(index) != text:
                self.keep(index, text)

    def keep(self, index: int, text: str) -> None:
        """Remember that the tile on cell index showed the face text."""
        self.faces[index] = text
        self.memory[index] = self.face_rows[text]

    def start_memory(self, number: int) -> None:
        """Round number lays a fresh field: no face on it was seen yet."""
        self.faces = {}
        self.memory = np.zeros(self.memory_shape, dtype=np.float32)
        self.faces_round = number

    def forget(self) -> None:
        self.seen = {}
        self.start_memory(0)

    def copy(self) -> TeKuitiEncoder:
        twin = cast("TeKuitiEncoder", super().copy())
        twin.seen = {number: set(cells) for number, cells in self.seen.items()}
        twin.faces = dict(self.faces)
        twin.memory = self.memory.copy()
        return twin
