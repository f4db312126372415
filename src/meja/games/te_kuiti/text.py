"""Plain-text drawing of the field: fences as | and ----, tiles as two-letter codes.

A cell shows ?? for a tile nobody has seen, the tile's code in lower case when it lies face down
after being seen, in upper case when face up, and .. once the tile has left the field. A # in
front marks an enclosed cell; after the code, ^ > v < give a daisy's side and * a daisy whose
side is not known (or does not matter, in the two-player game). Tiles just turned back still
show in upper case until the next action (T4a), and a note names them. As a new round begins,
the field the last one ended on is drawn below until the next action, a tile that lay face
down there as ??.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meja.games.te_kuiti.components import COLS, ROUNDS, ROWS, TILE_TYPES
from meja.games.te_kuiti.scoring import EndedField, turns_played
from meja.games.te_kuiti.tables import (
    CELL_NAMES,
    DOWN,
    GONE,
    NUM_CELLS,
    PAD_BIT,
    h_edge,
    v_edge,
)

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState

DAISY_MARKS = "^>v<"
"""Daisy side marks in the clockwise order of SIDES."""


def draw_field(labels: Sequence[str], fences: int) -> list[str]:
    """The grid with a four-character label per cell and fences from a bitmask over edges."""
    lines = [("  " + "".join(f"  {chr(ord('a') + c)}  " for c in range(COLS))).rstrip()]
    for line in range(ROWS + 1):
        lines.append(
            "  "
            + "".join(
                "+" + ("----" if fences >> h_edge(line, c) & 1 else "    ") for c in range(COLS)
            )
            + "+"
        )
        if line == ROWS:
            break
        row = f"{line + 1} "
        for c in range(COLS + 1):
            row += "|" if fences >> v_edge(line, c) & 1 else " "
            if c < COLS:
                row += labels[line * COLS + c]
        lines.append(row.rstrip())
    return lines


def cell_label(state: TeKuitiState, cell: int) -> str:
    """Enclosure mark, tile code and daisy mark of one cell."""
    bit = PAD_BIT[cell]
    mark = "#" if state.enclosed & bit else " "
    if not state.present & bit:
        return f"{mark}.. "
    tile = state.tiles[cell]
    if tile < 0:
        return f"{mark}?? "
    kind = TILE_TYPES[tile]
    face_down = state.down & bit and cell not in state.turning_back
    code = kind.code.lower() if face_down else kind.code.upper()
    side = state.sides[cell]
    daisy = DAISY_MARKS[side] if side >= 0 else "*" if kind.daisy else " "
    return f"{mark}{code}{daisy}"


def ended_label(ended: EndedField, cell: int) -> str:
    """A cell of the field a round ended on, drawn like cell_label draws the field."""
    mark = "#" if ended.enclosed & PAD_BIT[cell] else " "
    face = ended.faces[cell]
    if face == GONE:
        return f"{mark}.. "
    if face == DOWN:
        return f"{mark}?? "
    kind = TILE_TYPES[ended.tiles[cell]]
    return f"{mark}{kind.code.upper()}{'*' if kind.daisy else ' '}"


def render(state: TeKuitiState) -> str:
    """The whole state, hidden identities included, as stable text for logs and playthroughs."""
    if state.solo:
        head = f"Te Kuiti solo, turn {state.turn} (lost after {state.turn_limit})"
        if state.is_terminal():
            head = f"Te Kuiti solo, over after {turns_played(state)} turns"
    elif state.start < 0:
        head = f"Te Kuiti, round 1 of {ROUNDS}: the first shepherd is yet to be drawn (T4b)"
    else:
        head = (
            f"Te Kuiti, round {state.round} of {ROUNDS}: seat {state.shepherd} is the shepherd, "
            f"seat {state.sheep} the sheep player"
        )
    phase = f"phase {state.phase_name}"
    if state.to_place:
        phase += f" ({state.to_place} to place)"
    notes = [phase, f"{state.supply} fences in the supply"]
    if state.pending >= 0:
        notes.append(f"flipping {CELL_NAMES[state.pending]}")
    if state.revealed:
        notes.append("revealed " + " ".join(CELL_NAMES[c] for c in state.revealed))
    if state.turning_back:
        back = " ".join(CELL_NAMES[c] for c in state.turning_back)
        if state.is_terminal():
            notes.append(f"last turned up {back}")
        else:
            notes.append(f"{back} turn back face down at the next action")
    if state.endgame:
        notes.append("end-of-round mode")
    if state.last_turn:
        notes.append("shepherd's last turn")
    if state.fences_out:
        notes.append("out of fences")
    scores = "scores " + "-".join(f"{s:g}" for s in state.scores())
    if state.round_scores:
        scores += " (rounds " + ", ".join(f"{a}-{b}" for a, b in state.round_scores) + ")"
    if state.is_terminal():
        won = state.winners()
        scores += "; winners: " + (", ".join(f"seat {s}" for s in won) if won else "none")
    labels = [cell_label(state, cell) for cell in range(NUM_CELLS)]
    lines = [head, "; ".join(notes), scores, *draw_field(labels, state.fences)]
    ended = state.ended
    if ended is not None:
        first, second = state.round_scores[-1]
        lines.append(
            f"round {state.round - 1} ended: {first}-{second}; its field until the next action"
        )
        lines += draw_field([ended_label(ended, cell) for cell in range(NUM_CELLS)], ended.fences)
    return "\n".join(lines)


def render_seat(state: TeKuitiState, seat: int | None) -> str:
    """The field as a player sees it: like the view, a face-down tile shows ?? even once seen,
    except the tiles just turned back, which show until the next action (T4a)."""
    masked = state.clone()
    for cell in range(NUM_CELLS):
        if masked.down & PAD_BIT[cell] and cell not in masked.turning_back:
            masked.tiles[cell] = -1
    return render(masked)
