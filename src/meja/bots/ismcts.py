"""ISMCTSBot: information-set Monte Carlo tree search over determinizations from State.resample.

Each iteration redraws everything hidden from the deciding seat, so the search never uses more
than that seat may see. The tree is shared across determinizations (single-observer ISMCTS):
edges are keyed by (seat, action), chance is sampled rather than branched on, and UCB uses
availability counts because a different deal can make a different set of moves legal.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from meja.core import CHANCE, TERMINAL, State
from meja.core.game import sample_chance

RolloutPolicy = Callable[[State, int, random.Random], int]
Evaluator = Callable[[State], list[float]]

DEFAULT_ITERATIONS = 1000
DEFAULT_EXPLORATION = 1.0
DEFAULT_ROLLOUT_DEPTH = 60


class _Node:
    """One edge of the tree: the reward statistics of the seat that chose it."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[int, int], _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1


@dataclass
class SearchStats:
    """What the last search did, for benchmarks and the arena's notes."""

    iterations: int = 0
    seconds: float = 0.0


def random_rollout_policy(state: State, player: int, rng: random.Random) -> int:
    """A uniformly random legal action: cheap, so many rollouts fit in a move's budget."""
    return rng.choice(state.legal_actions(player))


def score_ranks(state: State) -> list[float]:
    """Each seat's expected share of the win: exact at the end, else its rank by current score."""
    if state.is_terminal():
        return state.returns()
    scores = state.scores()
    n = len(scores)
    if n == 1:
        return [0.5]
    return [
        (sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in scores) - 0.5) / (n - 1)
        for mine in scores
    ]


class ISMCTSBot:
    """Single-observer ISMCTS with an iteration or time budget and a pluggable rollout policy.

    UCB compares the children's mean values rescaled to 0..1 among siblings, so the exploration
    constant means the same whether an evaluation separates moves by much or by little.
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_depth: int | None = DEFAULT_ROLLOUT_DEPTH,
        rollout_policy: RolloutPolicy = random_rollout_policy,
        evaluator: Evaluator = score_ranks,
    ) -> None:
        if iterations < 1:
            raise ValueError("ismcts: iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("ismcts: seconds must be positive")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("ismcts: depth must be 0 or more")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout_policy = rollout_policy
        self.evaluator = evaluator
        self.last = SearchStats()

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """The most visited root move after the budget (seconds if set, else iterations)."""
        legal = state.legal_actions(player)
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        root = _Node()
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while True:
            self._iterate(root, state.resample(player, rng), player, legal, rng)
            done += 1
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last = SearchStats(done, time.perf_counter() - start)
        best_visits = max(
            root.children[(player, a)].visits for a in legal if (player, a) in root.children
        )
        return next(
            a
            for a in legal
            if (player, a) in root.children and root.children[(player, a)].visits == best_visits
        )

    def _iterate(
        self, root: _Node, state: State, player: int, legal: list[int], rng: random.Random
    ) -> None:
        """Select and expand down one determinization, roll out, and back up the values."""
        path: list[tuple[_Node, int]] = []
        node = root
        seat, actions = player, legal
        expanded = False
        while True:
            child, action, expanded = self._select(node, seat, actions, rng)
            state.apply(action, seat)
            path.append((child, seat))
            node = child
            if expanded:
                break
            seat = self._skip_chance(state, rng)
            if seat < 0:
                break
            actions = state.legal_actions(seat)
        values = self._rollout(state, rng)
        for child, seat in path:
            child.visits += 1
            child.reward += values[seat]

    def _select(
        self, node: _Node, seat: int, actions: list[int], rng: random.Random
    ) -> tuple[_Node, int, bool]:
        """Expand an untried move if there is one, else pick the best by UCB over availability."""
        children = node.children
        untried = [a for a in actions if (seat, a) not in children]
        for a in actions:
            existing = children.get((seat, a))
            if existing is not None:
                existing.available += 1
        if untried:
            action = rng.choice(untried)
            child = children[(seat, action)] = _Node()
            return child, action, True
        options = [children[(seat, a)] for a in actions]
        means = [child.reward / child.visits for child in options]
        low, high = min(means), max(means)
        spread = high - low if high > low else 1.0
        best_score = -math.inf
        best_action = actions[0]
        c = self.exploration
        for a, child, mean in zip(actions, options, means, strict=True):
            score = (mean - low) / spread + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_score, best_action = score, a
        return children[(seat, best_action)], best_action, False

    @staticmethod
    def _skip_chance(state: State, rng: random.Random) -> int:
        """Resolve pending chance events; returns the next seat to act, or TERMINAL."""
        seat = state.current_player()
        while seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            seat = state.current_player()
        return seat

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        """Play on with the rollout policy up to the depth limit, then estimate the outcome."""
        steps = 0
        limit = self.rollout_depth
        policy = self.rollout_policy
        while True:
            seat = self._skip_chance(state, rng)
            if seat < 0 or (limit is not None and steps >= limit):
                break
            state.apply(policy(state, seat, rng), seat)
            steps += 1
        return state.returns() if seat == TERMINAL else self.evaluator(state)
