"""The field a round ended on, kept in sight until the next action.

When round 1 ends, both players still see its last fence, its enclosures and the tiles as they
lay, a mismatch that ended the round among them (T4a), before the tiles are laid out again. A
face-down tile's identity is not kept: it was not in sight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meja.games.te_kuiti.actions import TILE_NAMES
from meja.games.te_kuiti.field import list_cell_names, list_edge_names

DOWN, UP, GONE = range(3)
"""A cell's face in an ended field."""


@dataclass(frozen=True)
class EndedField:
    """fences and enclosed are masks as in the state; per cell, its face and its tile type
    (-1 where the tile lay face down)."""

    fences: int
    enclosed: int
    faces: tuple[int, ...]
    tiles: tuple[int, ...]

    def view(self, number: int) -> dict[str, Any]:
        """The field as every seat and the spectator see it, like a view's own field."""
        cells: list[str] = []
        removed: dict[str, int] = {}
        for face, tile in zip(self.faces, self.tiles, strict=True):
            if face == GONE:
                removed[TILE_NAMES[tile]] = removed.get(TILE_NAMES[tile], 0) + 1
            cells.append("down" if face == DOWN else "gone" if face == GONE else TILE_NAMES[tile])
        return {
            "round": number,
            "cells": cells,
            "fences": list_edge_names(self.fences),
            "enclosed": list_cell_names(self.enclosed),
            "removed": removed,
        }

    def position(self) -> dict[str, Any]:
        """Cells as positions write them, a face-down tile as "down ?"; fences by edge name."""
        cells = [
            "down ?" if face == DOWN else f"{'gone' if face == GONE else 'up'} {TILE_NAMES[tile]}"
            for face, tile in zip(self.faces, self.tiles, strict=True)
        ]
        return {"cells": cells, "fences": list_edge_names(self.fences)}
