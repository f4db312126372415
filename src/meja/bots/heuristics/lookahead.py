"""Greedy look-ahead over a seat's own consecutive decisions, scored by a game's evaluation.

A turn is often several sub-decisions (take a tile, then place it, then a pawn). Searching them
together until control passes to someone else or to chance lets a heuristic judge whole turns.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from meja.core import State

Evaluate = Callable[[State, int], float]


def best_action(
    state: State,
    player: int,
    evaluate: Evaluate,
    rng: random.Random,
    depth: int = 4,
    actions: list[int] | None = None,
) -> int:
    """The action starting the best-scored run of player's own decisions (ties broken by rng).

    state must hold only what player may see (a determinization from resample, or the real
    state of a game without hidden information).
    """
    legal = state.legal_actions(player) if actions is None else actions
    if len(legal) == 1:
        return legal[0]
    best: list[int] = []
    best_value = float("-inf")
    for action in legal:
        child = state.clone()
        child.apply(action, player)
        value = _value(child, player, evaluate, depth - 1)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value >= best_value - 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def _value(state: State, player: int, evaluate: Evaluate, depth: int) -> float:
    """Best evaluation reachable while player keeps deciding, up to depth more decisions."""
    if depth <= 0 or state.current_player() != player or len(state.active_players()) > 1:
        return evaluate(state, player)
    best = float("-inf")
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply(action, player)
        best = max(best, _value(child, player, evaluate, depth - 1))
    return best
