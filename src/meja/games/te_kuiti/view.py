"""What a seat sees: only public facts, the same for every seat and the spectator.

A face-down tile never shows its identity, even if seen before. The one exception is T4a: tiles
just turned back show their faces until the next action; so does the field the last round ended
on. Nothing unseen is fixed (an unflipped tile is drawn when flipped), so resampling is a clone.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from meja.games.te_kuiti.scoring import EndedField, scores, winners
from meja.games.te_kuiti.tables import (
    CELL_NAMES,
    DOWN,
    GONE,
    INTERIOR,
    PAD_BIT,
    PHASE_NAMES,
    TILE_NAMES,
    UP_TEXT,
    list_cell_names,
    list_cells,
    list_edge_names,
)

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState


def view(state: TeKuitiState, player: int | None) -> dict[str, Any]:
    """The field, the roles, the fences and the scores as everyone sees them."""
    present, down, tiles, sides = state.present, state.down, state.tiles, state.sides
    cells = [
        "gone" if not present & bit else "down" if down & bit else UP_TEXT[tiles[c]][sides[c]]
        for c, bit in enumerate(PAD_BIT)
    ]
    for cell in state.turning_back:
        cells[cell] = UP_TEXT[tiles[cell]][sides[cell]]
    removed: dict[str, int] = {}
    for cell in list_cells(INTERIOR & ~present):
        name = TILE_NAMES[tiles[cell]]
        removed[name] = removed.get(name, 0) + 1
    ended = state.ended
    return {
        **state.envelope(PHASE_NAMES[state.phase], state.turn),
        "seat": player,
        "round": state.round,
        "shepherd": None if state.solo or state.start < 0 else state.shepherd,
        "sheep": None if state.start < 0 else state.sheep,
        "supply": state.supply,
        "fences_to_place": state.to_place,
        "fences": list_edge_names(state.fences),
        "cells": cells,
        "enclosed": list_cell_names(state.enclosed),
        "flipping": CELL_NAMES[state.pending] if state.pending >= 0 else None,
        "revealed": [CELL_NAMES[c] for c in state.revealed],
        "turning_back": [CELL_NAMES[c] for c in state.turning_back],
        "ended_round": None if ended is None else ended_view(ended, state.round - 1),
        "end_of_round": state.endgame,
        "last_turn": state.last_turn,
        "fences_out": state.fences_out,
        "removed": removed,
        "scores": scores(state),
        "round_scores": [list(points) for points in state.round_scores],
        "winners": winners(state),
    }


def ended_view(ended: EndedField, number: int) -> dict[str, Any]:
    """The field round number ended on, as every seat and the spectator see it."""
    cells: list[str] = []
    removed: dict[str, int] = {}
    for face, tile in zip(ended.faces, ended.tiles, strict=True):
        if face == GONE:
            removed[TILE_NAMES[tile]] = removed.get(TILE_NAMES[tile], 0) + 1
        cells.append("down" if face == DOWN else "gone" if face == GONE else TILE_NAMES[tile])
    return {
        "round": number,
        "cells": cells,
        "fences": list_edge_names(ended.fences),
        "enclosed": list_cell_names(ended.enclosed),
        "removed": removed,
    }


def resample(state: TeKuitiState, player: int, rng: random.Random) -> TeKuitiState:
    """Every tile that was seen stays as it was seen; the unseen ones are drawn only when
    flipped, so there is nothing to redraw."""
    return state.clone()
