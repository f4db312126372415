"""Bradley-Terry ratings from an arena's games, on the Elo scale, with bootstrap intervals.

A round-robin of several bots gives each pair its own win rate; a rating puts them on one
scale, so that a level's strength reads as one number: 400 points apart, the stronger bot is
expected to win ten games for every one it loses.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from meja.core.episode import GameResult

ROUNDS = 300
"""Bootstrap resamples behind each interval."""
PRIOR_GAMES = 1.0
"""A drawn game added to every pair that met, so a bot that won or lost every game still gets a
finite rating."""


@dataclass(frozen=True)
class Rating:
    """One bot's rating, with its 95% interval, and the games it played."""

    bot: str
    rating: float
    low: float
    high: float
    games: int


Bout = tuple[int, int, float]
"""(bot a, bot b, a's share of the game): the two bots of one game, and how a fared."""


def bouts(results: Sequence[GameResult]) -> list[Bout]:
    """Each game between two different bots as a bout; games of a bot with itself are skipped."""
    out: list[Bout] = []
    for result in results:
        present = sorted(set(result.lineup))
        if len(present) != 2:
            continue
        a, b = present
        share = sum(r for seat, r in enumerate(result.returns) if result.lineup[seat] == a)
        out.append((a, b, share))
    return out


def strengths(count: int, games: Sequence[Bout], steps: int = 500) -> list[float]:
    """Bradley-Terry strengths (geometric mean 1) by the MM algorithm, ties counting half."""
    wins = [0.0] * count
    met: dict[tuple[int, int], float] = {}
    for a, b, share in games:
        wins[a] += share
        wins[b] += 1.0 - share
        met[a, b] = met.get((a, b), 0.0) + 1.0
    for a, b in list(met):
        wins[a] += PRIOR_GAMES / 2
        wins[b] += PRIOR_GAMES / 2
        met[a, b] += PRIOR_GAMES
    power = [1.0] * count
    for _ in range(steps):
        for i in range(count):
            total = 0.0
            for (a, b), n in met.items():
                if i in (a, b):
                    total += n / (power[a] + power[b])
            if total:
                power[i] = wins[i] / total
        scale = math.exp(sum(math.log(p) for p in power if p > 0) / count)
        power = [p / scale for p in power]
    return power


def elo(power: float) -> float:
    """A Bradley-Terry strength on the Elo scale."""
    return 400.0 * math.log10(power)


def ratings(specs: Sequence[str], results: Sequence[GameResult], seed: int) -> list[Rating]:
    """Every bot's rating (mean 0 over the bots) and 95% bootstrap interval, resampling the
    games of each pair, strongest first."""
    games = bouts(results)
    count = len(specs)
    point = [elo(p) for p in strengths(count, games)]
    by_pair: dict[tuple[int, int], list[Bout]] = {}
    for bout in games:
        by_pair.setdefault(bout[:2], []).append(bout)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(count)]
    for _ in range(ROUNDS):
        drawn = [rng.choice(pair) for pair in by_pair.values() for _ in pair]
        for index, power in enumerate(strengths(count, drawn, steps=200)):
            samples[index].append(elo(power))
    played = [sum(1 for a, b, _ in games if index in (a, b)) for index in range(count)]
    out = []
    for index, spec in enumerate(specs):
        ordered = sorted(samples[index])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[int(0.975 * (len(ordered) - 1))]
        out.append(Rating(spec, point[index], low, high, played[index]))
    return sorted(out, key=lambda r: -r.rating)
