"""ISMCTSBot: information-set Monte Carlo tree search over determinizations from State.resample.

Each iteration redraws everything hidden from the deciding seat, so the search never uses more
than that seat may see. The tree is shared across determinizations (single-observer ISMCTS):
edges are keyed by (seat, action), chance is sampled rather than branched on, and UCB uses
availability counts because a different deal can make a different set of moves legal.

Expanding a node judges every move from it at once with the evaluator (a node prior, worth
PRIOR_WEIGHT visits, or PARTIAL_WEIGHT when the same seat moves again), and the node backs up
the best of them for the seat to move. One iteration therefore looks one decision deeper along
the most promising line: the first reproduces a greedy one-move look-ahead, and the rest test
it against the other seats' best replies. A guide (a game's heuristic) can add a bonus to the
prior of the move it would play, so the search leaves its choice only for a clearly better one.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from meja.core import CHANCE, TERMINAL, State
from meja.core.game import sample_chance

RolloutPolicy = Callable[[State, int, random.Random], int]
Evaluator = Callable[[State], list[float]]
Narrow = Callable[[State, int, list[int]], list[int]]

DEFAULT_ITERATIONS: Final = 200
DEFAULT_EXPLORATION: Final = 0.7
DEFAULT_ROLLOUT_DEPTH: Final = 60
PRIOR_WEIGHT: Final = 10.0
"""How many visits a move's first judgement counts for before search results outweigh it.

Only a plain evaluation earns this weight; a rollout's result is one sample, one visit."""
PARTIAL_WEIGHT: Final = 1.0
"""The weight of a judgement made mid-turn (the same seat moves again): the first visit, which
judges the rest of the turn, should outweigh it, since a half-played turn is judged poorly."""


class _Node:
    """One edge of the tree: the reward statistics of the seat that chose it.

    Children are keyed by _edge(seat, action), one number, which a dict finds faster than a pair.
    """

    __slots__ = ("available", "children", "expanded", "prior", "reward", "visits", "weight")

    def __init__(self, prior: float, weight: float) -> None:
        self.children: dict[int, _Node] = {}
        self.expanded = -3
        self.prior = prior
        self.weight = weight
        self.visits = 0
        self.reward = 0.0
        self.available = 1

    def mean(self) -> float:
        """The prior and every backed-up value, averaged with the prior's weight."""
        count = self.weight + self.visits
        return (self.prior * self.weight + self.reward) / count if count else self.prior


MAX_SEATS: Final = 64
"""More seats than any game has, so that _edge keys of different seats never meet."""


def _edge(seat: int, action: int) -> int:
    """The key of seat's action among a node's children."""
    return action * MAX_SEATS + seat


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
    ranks: list[float] = []
    for mine in scores:
        beaten = 0.0
        for s in scores:
            beaten += 1.0 if mine > s else 0.5 if mine == s else 0.0
        ranks.append((beaten - 0.5) / (n - 1))
    return ranks


class ISMCTSBot:
    """Single-observer ISMCTS with node priors, an iteration or time budget and rollouts.

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
        prior_weight: float = PRIOR_WEIGHT,
        partial_weight: float = PARTIAL_WEIGHT,
        guide: RolloutPolicy | None = None,
        guide_bonus: float = 0.0,
        narrow: Narrow | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError("ismcts: iterations must be at least 1")
        if seconds is not None and not 0 < seconds < math.inf:
            raise ValueError("ismcts: seconds must be a finite number above 0")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("ismcts: depth must be 0 or more")
        for setting, value in (
            ("c", exploration),
            ("prior", prior_weight),
            ("partial", partial_weight),
            ("guide", guide_bonus),
        ):
            if not 0 <= value < math.inf:
                raise ValueError(f"ismcts: {setting} must be a finite number, 0 or more")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout_policy = rollout_policy
        self.evaluator = evaluator
        self.prior_weight = prior_weight if rollout_depth == 0 else 1.0
        self.partial_weight = partial_weight
        self.guide = guide if guide_bonus > 0 else None
        self.guide_bonus = guide_bonus
        self.narrow = narrow
        self.last = SearchStats()

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """The most visited root move after the budget (seconds if set, else iterations).

        An iteration budget stops early once no other move can catch up with the leader.
        """
        legal = self._moves(state, player)
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(state, player, legal, rng)
        finally:
            if collecting:
                gc.enable()

    def _search(self, state: State, player: int, legal: list[int], rng: random.Random) -> int:
        """choose's search, with Python's cycle collector paused: the tree and the worlds it
        makes hold no cycles and are freed as they go, and a collection would walk them all
        again and again (a third of Mooncake's time at four players)."""
        root = _Node(0.0, 0.0)
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while True:
            self._iterate(root, state.resample(player, rng), player, legal, rng)
            done += 1
            if deadline is None:
                if done >= self.iterations or self._settled(root, self.iterations - done):
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last = SearchStats(done, time.perf_counter() - start)
        children = root.children
        best_action, best_visits, best_mean = -1, -1, -math.inf
        for a in legal:
            child = children.get(_edge(player, a))
            if child is not None and (
                child.visits > best_visits
                or (child.visits == best_visits and child.mean() > best_mean)
            ):
                best_action, best_visits, best_mean = a, child.visits, child.mean()
        return best_action

    def _moves(self, state: State, seat: int) -> list[int]:
        """The legal moves of seat worth searching: all of them, or those the game narrows to."""
        legal = state.legal_actions(seat)
        return legal if self.narrow is None else self.narrow(state, seat, legal)

    @staticmethod
    def _settled(root: _Node, remaining: int) -> bool:
        """True when the most visited root move stays ahead whatever the remaining iterations do."""
        counts = sorted((child.visits for child in root.children.values()), reverse=True)
        return len(counts) > 1 and counts[0] - counts[1] > remaining

    def _iterate(
        self, root: _Node, state: State, player: int, legal: list[int], rng: random.Random
    ) -> None:
        """Select down one determinization to a node, expand it, and back up its value."""
        path: list[tuple[_Node, int]] = []
        node = root
        seat, actions = player, legal
        while True:
            if node.expanded != seat:
                values = self._expand(node, state, seat, actions, rng)
                break
            child, action = self._select(node, state, seat, actions, rng)
            state.apply(action, seat)
            path.append((child, seat))
            node = child
            seat = self._skip_chance(state, rng)
            if seat < 0:
                values = state.returns()
                break
            actions = self._moves(state, seat)
        for child, chooser in path:
            child.visits += 1
            child.reward += values[chooser]

    def _expand(
        self, node: _Node, state: State, seat: int, actions: list[int], rng: random.Random
    ) -> list[float]:
        """Judge every move of seat from node and return the node's value.

        A plain evaluation backs up its best move's values, as the seat would play it; rollouts
        are noisy, and the best of several noisy samples overrates the node, so they back up
        the mean instead.
        """
        node.expanded = seat
        guided = None if self.guide is None else self.guide(state, seat, rng)
        children = node.children
        plain = self.rollout_depth == 0
        best: list[float] = []
        total = [0.0] * state.num_players
        for action in actions:
            values, weight = self._judge(state, seat, action, rng)
            key = _edge(seat, action)
            if key not in children:
                bonus = self.guide_bonus if action == guided else 0.0
                children[key] = _Node(values[seat] + bonus, weight)
            if not best or values[seat] > best[seat]:
                best = values
            if not plain:
                for index, value in enumerate(values):
                    total[index] += value
        if plain:
            return best
        return [t / len(actions) for t in total]

    def _judge(
        self, state: State, seat: int, action: int, rng: random.Random
    ) -> tuple[list[float], float]:
        """Every seat's value after seat plays action (and any chance it triggers, sampled),
        and the weight that judgement earns: less when seat is still mid-turn."""
        child = state.clone()
        child.apply(action, seat)
        weight = self.partial_weight if child.current_player() == seat else self.prior_weight
        return self._rollout(child, rng), weight

    def _select(
        self, node: _Node, state: State, seat: int, actions: list[int], rng: random.Random
    ) -> tuple[_Node, int]:
        """The best move by UCB over availability counts; moves new to this deal are judged."""
        children = node.children
        options: list[_Node] = []
        means: list[float] = []
        low = high = 0.0
        for a in actions:
            key = _edge(seat, a)
            child = children.get(key)
            if child is None:
                values, weight = self._judge(state, seat, a, rng)
                child = children[key] = _Node(values[seat], weight)
            else:
                child.available += 1
            options.append(child)
            mean = child.mean()
            if not means or mean < low:
                low = mean
            if not means or mean > high:
                high = mean
            means.append(mean)
        spread = high - low if high > low else 1.0
        best_score = -math.inf
        best_index = 0
        c = self.exploration
        for index, child in enumerate(options):
            score = (means[index] - low) / spread + c * math.sqrt(
                math.log(child.available + 1) / (child.visits + 1)
            )
            if score > best_score:
                best_score, best_index = score, index
        return options[best_index], actions[best_index]

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
