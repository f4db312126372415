"""Scores, winners and the ends of rounds and of the solo game (T7, T8), with why each ended.

When round 1 ends, both players still see its last fence, its enclosures and the tiles as they
lay, a mismatch that ended the round among them (T4a), before the tiles are laid out again: the
round's EndedField. A face-down tile's identity is not kept: it was not in sight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

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

END_NAMES: Final = (
    "playing",
    "field cleared (won)",
    "fences ran out",
    "turn limit",
    "every tile enclosed",
    "no pair left to match",
    "field revealed",
)
"""Why a game ended, as the state records it: the solo game's outcomes, or what ended the
last round of two players (its fences, or a last shepherd turn once the field was revealed)."""
PLAYING: Final = 0
CLEARED: Final = 1
FENCES_RAN_OUT: Final = 2
TURN_LIMIT: Final = 3
ENCLOSED: Final = 4
NO_PAIR: Final = 5
REVEALED: Final = 6


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
    """Win on an empty field; lose when fences ran out, time is up or nothing can change;
    else the next turn begins."""
    reason = solo_end(state)
    if reason == PLAYING:
        state.turn += 1
        state.phase = FLIPPING
    else:
        finish_solo(state, reason)


def solo_end(state: TeKuitiState) -> int:
    """Why the solo game ends at the end of this turn, first reason first, or PLAYING."""
    if not state.present:
        return CLEARED
    if state.fences_out or not state.supply:
        return FENCES_RAN_OUT
    if state.turn >= state.turn_limit:
        return TURN_LIMIT
    if stuck(state):
        return NO_PAIR if state.present & ~state.enclosed else ENCLOSED
    return PLAYING


def stuck(state: TeKuitiState) -> bool:
    """No flip can ever complete a pair: every open tile is known and no two of them match."""
    open_tiles = state.present & ~state.enclosed
    if open_tiles & state.unseen:
        return False
    kinds = [TILE_KIND[state.tiles[cell]] for cell in list_cells(open_tiles)]
    return len(set(kinds)) == len(kinds)


def finish_solo(state: TeKuitiState, reason: int) -> None:
    """The solo game is over: won exactly when every tile has left the field."""
    state.phase = OVER
    state.won = not state.present
    state.end = reason


def cut_short(state: TeKuitiState) -> bool:
    """Whether the solo game ended during a turn, as its last fence fell (T2, immediate)."""
    return state.solo and state.phase == OVER and state.immediate and not state.supply


def turns_played(state: TeKuitiState) -> int:
    """The turns completed: every turn begun, but for one the last fence cut short."""
    return state.turn - cut_short(state)


def end_round(state: TeKuitiState) -> None:
    """Score the round (T7), then swap roles for the next one or end the game."""
    points = [0, 0]
    points[state.shepherd] = (state.present & state.enclosed).bit_count()
    points[state.sheep] = state.collected
    state.round_scores = [*state.round_scores, (points[0], points[1])]
    if state.round < ROUNDS:
        ended = ended_field(state)
        state.start_round(state.round + 1, state.sheep)
        state.ended = ended
        state.turn += 1
    else:
        state.phase = OVER
        state.to_place = 0
        state.end = round_end(state)


def round_end(state: TeKuitiState) -> int:
    """What ended a two-player round: the last fence placed, or the field revealed (T2, T4)."""
    return FENCES_RAN_OUT if not state.supply else REVEALED


def recorded_end(state: TeKuitiState) -> int:
    """Why a finished game ended, as play records it, found again from its fields."""
    if not state.solo:
        return round_end(state)
    return solo_end(state) or NO_PAIR


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
