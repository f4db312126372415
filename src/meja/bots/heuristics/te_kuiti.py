"""Te Kuiti heuristic: remember every flipped tile, and as shepherd fence in the largest pockets.

Both players saw every flip, so a tile's identity stays known after it is turned back: the state
keeps it (resample leaves it in place) and this bot uses it as a perfect memory. Tiles never
flipped are unknown and read as -1.
"""

from __future__ import annotations

import random
from typing import cast

from meja.bots.heuristics.lookahead import best_action
from meja.bots.heuristics.values import win_shares
from meja.core import State
from meja.games.te_kuiti.actions import COLLECT, END_TURN, FLIP, PLACE, REMOVE
from meja.games.te_kuiti.field import CELL_EDGES, PAD_BIT
from meja.games.te_kuiti.state import (
    BONUS,
    COLLECTING,
    FLIPPING,
    RAM_CHOICE,
    SHEPHERD_TURN,
    TILE_KIND,
    TeKuitiState,
)

ENCLOSED_WORTH = 10.0
"""A tile inside fences is a point for the shepherd."""

SIDE_WORTH = (0.0, 0.3, 1.0, 3.0, 0.0)
"""Worth to the shepherd of an open tile by how many of its sides are fenced."""

FENCE_SHORTLIST = 10
"""Single fences worth pairing up when the shepherd plans both fences of a turn."""

PAIR_ODDS = 0.9
"""Chance that a remembered, open pair is still collected before the round ends."""

OPEN_TILE_ODDS = 0.4
"""Expected sheep points from an open tile that is not part of a remembered pair."""

TEMPERATURE = 3.0
"""Point gap that makes a seat e times likelier to win."""


def cells_of(mask: int) -> list[int]:
    """Cell numbers whose bit is set in a field mask."""
    return [cell for cell, bit in enumerate(PAD_BIT) if mask & bit]


def _known_kind(state: TeKuitiState, cell: int) -> int:
    """The sheep kind on cell if it was ever flipped, -1 for rams, shepherds and unseen tiles."""
    tile = state.tiles[cell]
    return TILE_KIND[tile] if tile >= 0 else -1


def shepherd_value(state: State, player: int) -> float:
    """Tiles already enclosed, plus open tiles that are nearly fenced in."""
    game = cast(TeKuitiState, state)
    present = game.present
    value = ENCLOSED_WORTH * (present & game.enclosed).bit_count()
    fences = game.fences
    for cell in cells_of(present & ~game.enclosed):
        sides = sum(1 for edge in CELL_EDGES[cell] if fences >> edge & 1)
        value += SIDE_WORTH[sides]
    return value


def values(state: State) -> list[float]:
    """Estimated win shares: points so far plus what this round's field still promises."""
    game = cast(TeKuitiState, state)
    worth = list(game.scores())
    if game.is_terminal() or game.solo:
        return win_shares(worth, TEMPERATURE) if len(worth) > 1 else [0.5]
    worth[game.shepherd] += shepherd_value(game, game.shepherd) / ENCLOSED_WORTH
    open_cells = cells_of(game.present & ~game.enclosed)
    kinds: dict[int, int] = {}
    for cell in open_cells:
        kind = _known_kind(game, cell)
        if kind >= 0:
            kinds[kind] = kinds.get(kind, 0) + 1
    pairs = sum(count // 2 for count in kinds.values())
    worth[game.sheep] += 2 * PAIR_ODDS * pairs + OPEN_TILE_ODDS * (len(open_cells) - 2 * pairs)
    return win_shares(worth, TEMPERATURE)


def _flip_choice(state: TeKuitiState, rng: random.Random) -> int:
    """Complete a remembered pair if possible, else learn something by flipping an unseen tile."""
    flippable = cells_of(state.down & ~state.enclosed)
    by_kind: dict[int, list[int]] = {}
    for cell in flippable:
        kind = _known_kind(state, cell)
        if kind >= 0:
            by_kind.setdefault(kind, []).append(cell)
    if state.revealed:
        wanted = _known_kind(state, state.revealed[-1])
        partners = [c for c in by_kind.get(wanted, []) if c not in state.revealed]
        if partners:
            return FLIP + rng.choice(partners)
    else:
        pairs = [cells for cells in by_kind.values() if len(cells) >= 2]
        if pairs:
            return FLIP + rng.choice(rng.choice(pairs))
    unseen = [c for c in flippable if state.tiles[c] < 0]
    if unseen:
        return FLIP + rng.choice(unseen)
    known = [c for c in flippable if len(by_kind.get(_known_kind(state, c), [])) < 2]
    return FLIP + rng.choice(known or flippable)


def _fence_choice(state: TeKuitiState, player: int, legal: list[int], rng: random.Random) -> int:
    """The fence that starts the best pair of fences, searched among the best single ones."""
    fences = [a for a in legal if PLACE <= a < REMOVE]
    if state.phase != SHEPHERD_TURN or state.to_place < 2:
        return best_action(state, player, shepherd_value, rng, depth=1, actions=fences)
    scored = []
    for action in fences:
        child = state.clone()
        child.apply(action, player)
        scored.append((shepherd_value(child, player), rng.random(), action))
    scored.sort(reverse=True)
    shortlist = [action for _, _, action in scored[:FENCE_SHORTLIST]]
    return best_action(state, player, shepherd_value, rng, depth=2, actions=shortlist)


def _ram_choice(state: TeKuitiState, player: int, rng: random.Random) -> int:
    """Remove the fence whose loss costs the shepherd most."""
    return best_action(state, player, lambda s, p: -shepherd_value(s, p), rng, depth=1)


def choose(state: State, player: int, rng: random.Random) -> int:
    """Shepherd: the best pair of fences. Sheep: collect pairs, then flip from memory."""
    game = cast(TeKuitiState, state)
    phase = game.phase
    legal = game.legal_actions(player)
    if phase in (SHEPHERD_TURN, BONUS):
        return _fence_choice(game, player, legal, rng)
    if phase == RAM_CHOICE:
        return _ram_choice(game, player, rng)
    pairs = [a for a in legal if COLLECT <= a < END_TURN]
    if pairs:
        return pairs[0]
    if phase == COLLECTING:
        return END_TURN
    if phase == FLIPPING:
        return _flip_choice(game, rng)
    return rng.choice(legal)
