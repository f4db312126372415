"""What each seat and the spectator is told of a Te Kuiti step: the same for all.

Every move (fence, removal, flip, collection, end of turn) is made in the open and said to all,
its record naming the fence or cells it touched and its round, for the board to mark. A chance
step is told by its cell alone, never by the face of a tile that stays on the field or the side
its daisy faces: both players see the face on the board while it lies face up (T4a), and the
log must not become a memory aid for tiles gone back face down (words.py says what may be
named). The draw of a random first shepherd (T4b) hides nothing, so it is named to all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.game import CHANCE
from meja.core.told import Told
from meja.games.te_kuiti import words
from meja.games.te_kuiti.actions import COLLECT, END_TURN, FLIP, PAIRS, PLACE, REMOVE
from meja.games.te_kuiti.tables import BONUS, CELL_NAMES, EDGE_NAMES, ORIENT

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState


def told(state: TeKuitiState, player: int, action: int, viewer: int | None) -> Told:
    """The same for every viewer: the board shows all seats and the spectator the same."""
    if player == CHANCE:
        if state.start < 0:
            return Told(words.first_shepherd(action), {"action": action}, reveals=True)
        return chance(state, action)
    return move(state, player, action)


def chance(state: TeKuitiState, action: int) -> Told:
    """A tile turned up, or a solo daisy tile oriented (T9): its cell, never its face."""
    cell = CELL_NAMES[state.pending]
    if state.phase == ORIENT:
        text = words.oriented(state, action)
    else:
        text = words.turned_up(state, action)
    return Told(text, {"action": None, "cell": cell}, reveals=True)


def move(state: TeKuitiState, player: int, action: int) -> Told:
    """A move in words, with what it touched and in which round (for the board to mark it on
    the field it was made on); flipping a tile seen before shows its face at once."""
    done = {"action": action, "round": state.round}
    if action < REMOVE:
        edge = action - PLACE
        if state.phase == BONUS:
            text = words.bonus_fence(state, player, edge)
        else:
            text = words.shepherd_fences(state, player, edge)
        return Told(text, {**done, "fence": EDGE_NAMES[edge]})
    if action < FLIP:
        edge = action - REMOVE
        return Told(words.ram_removal(player, edge), {**done, "fence": EDGE_NAMES[edge]})
    if action < COLLECT:
        cell = action - FLIP
        text = words.flip(state, player, cell)
        return Told(text, {**done, "cell": CELL_NAMES[cell]}, state.tiles[cell] >= 0)
    if action < END_TURN:
        a, b = PAIRS[action - COLLECT]
        text = words.collect(player, state.tiles[a], a, b)
        return Told(text, {**done, "cells": [CELL_NAMES[a], CELL_NAMES[b]]})
    return Told(words.end_turn(player), done)
