"""Scores, winners and the ends of rounds and of the solo game (T7, T8).

When round 1 ends, both players still see its last fence, its enclosures and the tiles as they
lay, a mismatch that ended the round among them (T4a), before the tiles are laid out again: the
round's EndedField. A face-down tile's identity is not kept: it was not in sight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from meja.games.te_kuiti.components import ROUNDS
from meja.games.te_kuiti.tables import (
    DOWN,
    FLIPPING,
    GONE,
    NUM_CELLS,
    OVER,
    PAD_BIT,
    TILE_KIND,
    UP,
    list_cells,
)

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState


@dataclass(frozen=True)
class EndedField:
    """fences and enclosed are masks as in the state; per cell, its face and its tile type
    (-1 where the tile lay face down)."""

    fences: int
    enclosed: int
    faces: tuple[int, ...]
    tiles: tuple[int, ...]


def scores(state: TeKuitiState) -> list[float]:
    """Solo: the tiles off the field. Two players: finished rounds plus this round's pairs."""
    if state.solo:
        return [float(NUM_CELLS - state.present.bit_count())]
    totals = [0.0, 0.0]
    for first, second in state.round_scores:
        totals[0] += first
        totals[1] += second
    if state.phase != OVER:
        totals[state.sheep] += state.collected
    return totals


def winners(state: TeKuitiState) -> list[int]:
    """The solo player on an empty field; else the higher total, both seats on a tie."""
    if state.phase != OVER:
        return []
    if state.solo:
        return [0] if state.won else []
    totals = scores(state)
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def end_solo_turn(state: TeKuitiState) -> None:
    """Win on an empty field; lose when fences ran out, nothing can change, or time is up."""
    if not state.present or state.fences_out or stuck(state) or state.turn >= state.turn_limit:
        finish_solo(state)
    else:
        state.phase = FLIPPING


def stuck(state: TeKuitiState) -> bool:
    """No flip can ever complete a pair: every open tile is known and no two of them match."""
    open_tiles = state.present & ~state.enclosed
    if open_tiles & state.unseen:
        return False
    kinds = [TILE_KIND[state.tiles[cell]] for cell in list_cells(open_tiles)]
    return len(set(kinds)) == len(kinds)


def finish_solo(state: TeKuitiState) -> None:
    """The solo game is over: won exactly when every tile has left the field."""
    state.phase = OVER
    state.won = not state.present


def end_round(state: TeKuitiState) -> None:
    """Score the round (T7), then swap roles for the next one or end the game."""
    points = [0, 0]
    points[state.shepherd] = (state.present & state.enclosed).bit_count()
    points[state.sheep] = state.collected
    state.round_scores.append((points[0], points[1]))
    if state.round < ROUNDS:
        ended = ended_field(state)
        state.start_round(state.round + 1, state.sheep)
        state.ended = ended
    else:
        state.phase = OVER
        state.to_place = 0


def ended_field(state: TeKuitiState) -> EndedField:
    """The field as it lies now, the tiles turning back still face up (T4a)."""
    shown = state.present & ~state.down
    for cell in state.turning_back:
        shown |= PAD_BIT[cell]
    faces = tuple(
        GONE if not state.present & bit else UP if shown & bit else DOWN for bit in PAD_BIT
    )
    tiles = tuple(-1 if face == DOWN else t for face, t in zip(faces, state.tiles, strict=True))
    return EndedField(state.fences, state.enclosed, faces, tiles)
