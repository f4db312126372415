"""Fit a game heuristic's search evaluation: a conditional logit of who wins on seat features.

Plays seeded heuristic games (a share of moves random, so the positions vary), records every
seat's features() at sampled decisions and each seat's final win share, and prints the weights
that make softmax(weights . features) the best-calibrated estimate of the win shares.

    python scripts/fit_values.py nasi_lemak --players 2 4 --games 3000
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from meja.bots.heuristic import HeuristicBot
from meja.bots.heuristics import nasi_lemak, peranakan, te_kuiti
from meja.bots.registry import make_bot
from meja.core import CHANCE, Game, State, load_game
from meja.core.game import sample_chance

FITTED: dict[str, ModuleType] = {
    "nasi_lemak": nasi_lemak,
    "peranakan": peranakan,
    "te_kuiti": te_kuiti,
}
"""The heuristics whose values() are fitted weights over features(), and so can be refitted."""

Features = Callable[[State], list[list[float]]]
Samples = tuple[NDArray[np.float64], NDArray[np.float64]]
RIDGE = 1e-3
"""L2 penalty per sample that keeps weights of rare features finite."""


def play(
    game: Game, players: int, seed: int, args: Any, features: Features
) -> tuple[list[list[list[float]]], list[float]]:
    """One game's sampled feature rows and its final returns.

    With --turns only positions where a different seat takes over are recorded: mid-turn
    positions flatter a hand about to be spent (five ingredients look as good as a pack).
    """
    rng = random.Random(seed)
    heuristic = HeuristicBot(game)
    rand = make_bot("random", game)
    state = game.new_state(players)
    rows: list[list[list[float]]] = []
    last = CHANCE
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        if (seat != last or not args.turns) and rng.random() < args.sample:
            rows.append(features(state))
        last = seat
        bot = rand if rng.random() < args.explore else heuristic
        state.apply(bot.choose(state, seat, rng), seat)
    return rows, state.returns()


def collect(
    game: Game, players: int, games: int, seed: int, args: Any, features: Features
) -> Samples:
    """Feature rows (samples, seats, features) and win shares (samples, seats) of many games."""
    xs: list[list[list[float]]] = []
    ys: list[list[float]] = []
    for index in range(games):
        rows, returns = play(game, players, seed * 100_003 + index, args, features)
        xs.extend(rows)
        ys.extend([returns] * len(rows))
        if (index + 1) % max(1, games // 10) == 0:
            print(f"  {players} players: {index + 1}/{games} games", file=sys.stderr)
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def shares(x: NDArray[np.float64], w: NDArray[np.float64]) -> NDArray[np.float64]:
    """The softmax over seats of each seat's worth."""
    worth = x @ w
    worth -= worth.max(axis=1, keepdims=True)
    e = np.exp(worth)
    result: NDArray[np.float64] = e / e.sum(axis=1, keepdims=True)
    return result


def fit(groups: Sequence[Samples], size: int, steps: int = 50) -> NDArray[np.float64]:
    """Newton's method on the conditional-logit log-likelihood, summed over player counts."""
    w = np.zeros(size)
    total = sum(len(x) for x, _ in groups)
    for _ in range(steps):
        grad = -RIDGE * total * w
        hess = -RIDGE * total * np.eye(size)
        for x, y in groups:
            p = shares(x, w)
            grad += np.einsum("ns,nsf->f", y - p, x)
            mean = np.einsum("ns,nsf->nf", p, x)
            hess -= np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(groups: Sequence[Samples], w: NDArray[np.float64]) -> float:
    """Mean cross-entropy of the win shares under weights w."""
    total = sum(-(y * np.log(shares(x, w) + 1e-12)).sum() for x, y in groups)
    return float(total / sum(len(x) for x, _ in groups))


def main() -> None:
    """Collect training and held-out games, fit, and print the weights and their fit."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=2000, help="training games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--explore", type=float, default=0.1, help="share of random moves")
    parser.add_argument("--sample", type=float, default=0.1, help="share of decisions recorded")
    parser.add_argument(
        "--turns", action="store_true", help="record only positions where another seat takes over"
    )
    args = parser.parse_args()
    try:
        game = load_game(args.game)
    except ValueError as exc:
        parser.error(str(exc))
    module = FITTED.get(game.name)
    if module is None:
        parser.error(f"{game.name} has no features() to fit (only a hand-set values())")
    if any(n < game.min_players or n > game.max_players for n in args.players):
        parser.error(f"{game.name} takes {game.min_players}-{game.max_players} players")
    names: tuple[str, ...] = module.FEATURES
    train = [collect(game, n, args.games, args.seed, args, module.features) for n in args.players]
    held = [
        collect(game, n, args.games // 4, args.seed + 1, args, module.features)
        for n in args.players
    ]
    w = fit(train, len(names))
    current = np.array(module.WEIGHTS, dtype=float)
    trained, tested = (sum(len(x) for x, _ in data) for data in (train, held))
    print(f"samples: {trained} training, {tested} held out")
    print(
        f"held-out log loss: fitted {log_loss(held, w):.4f}, "
        f"current {log_loss(held, current):.4f}, uniform {log_loss(held, np.zeros(len(names))):.4f}"
    )
    for name, weight in zip(names, w, strict=True):
        print(f"  {name:<24} {weight:8.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
