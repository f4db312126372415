"""Balance statistics of a set of game results: win rates with intervals, scores, lengths, ends."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from scipy import stats as scipy_stats

from meja.core.episode import GameResult, wilson_interval


@dataclass(frozen=True)
class Rate:
    """A win rate with its Wilson 95% interval; wins may be fractional when ties share a win."""

    wins: float
    games: int
    rate: float
    low: float
    high: float


def wilson(wins: float, games: int) -> Rate:
    """A win rate with its Wilson interval; NaN throughout when there are no games."""
    low, high = wilson_interval(wins, games)
    return Rate(wins, games, wins / games if games else math.nan, low, high)


def describe(values: Sequence[float]) -> dict[str, float]:
    """Count, mean, standard deviation and quartiles of some numbers (NaN when there are none)."""
    if not values:
        nan = math.nan
        return {"n": 0, "mean": nan, "sd": nan, "min": nan, "median": nan, "max": nan}
    array = np.asarray(values, dtype=float)
    return {
        "n": len(array),
        "mean": float(array.mean()),
        "sd": float(array.std(ddof=1)) if len(array) > 1 else 0.0,
        "min": float(array.min()),
        "median": float(np.median(array)),
        "max": float(array.max()),
    }


def seat_rates(results: Sequence[GameResult], players: int) -> list[Rate]:
    """Each seat's share of wins (ties split 1/k) with its interval."""
    return [wilson(sum(r.returns[seat] for r in results), len(results)) for seat in range(players)]


def bot_rates(results: Sequence[GameResult]) -> dict[str, Rate]:
    """Each bot spec's share of wins over every seat it occupied, with its interval."""
    wins: dict[str, float] = {}
    seats: Counter[str] = Counter()
    for result in results:
        for bot, share in zip(result.bots, result.returns, strict=True):
            wins[bot] = wins.get(bot, 0.0) + share
            seats[bot] += 1
    return {bot: wilson(wins[bot], seats[bot]) for bot in sorted(seats)}


def seat_win_parts(results: Sequence[GameResult], players: int) -> list[dict[str, float]]:
    """Each seat's wins split into outright wins and shares of tied wins: a win shared by k
    winners counts 1/k to each, which is why win counts can have a fraction."""
    parts = []
    for seat in range(players):
        outright = sum(1 for r in results if r.winners == (seat,))
        shared = [r.returns[seat] for r in results if len(r.winners) > 1 and seat in r.winners]
        parts.append({"outright": outright, "shared_games": len(shared), "shared": sum(shared)})
    return parts


def first_player_advantage(results: Sequence[GameResult], players: int) -> dict[str, float]:
    """Seat 0's win rate against the fair share 1/n, and a chi-square test that seats are equal."""
    rates = seat_rates(results, players)
    fair = 1.0 / players
    first = rates[0]
    won = [rate.wins for rate in rates]
    p_value = math.nan
    if players > 1 and sum(won) > 0:
        p_value = float(scipy_stats.chisquare(won).pvalue)
    return {
        "first_seat_win_rate": first.rate,
        "fair_share": fair,
        "advantage": first.rate - fair,
        "advantage_low": first.low - fair,
        "advantage_high": first.high - fair,
        "seats_equal_p": p_value,
    }


def end_counts(results: Sequence[GameResult]) -> dict[str, int]:
    """How often each end condition fired, most frequent first."""
    return dict(Counter(r.end for r in results).most_common())


def stat_values(results: Sequence[GameResult]) -> dict[str, list[float]]:
    """Every game-level statistic with its values over the games that report it."""
    values: dict[str, list[float]] = {}
    for result in results:
        for name, value in result.stats.items():
            values.setdefault(name, []).append(value)
    return dict(sorted(values.items()))


def seat_stat_values(results: Sequence[GameResult], players: int) -> dict[str, list[list[float]]]:
    """Every per-seat statistic with, for each seat, its values over the games that report it."""
    values: dict[str, list[list[float]]] = {}
    for result in results:
        for name, per_seat in result.seat_stats.items():
            columns = values.setdefault(name, [[] for _ in range(players)])
            for seat, value in enumerate(per_seat):
                columns[seat].append(value)
    return dict(sorted(values.items()))


def constant_stats(results: Sequence[GameResult], players: int) -> dict[str, list[float]]:
    """Statistics with one value in every game (per seat for per-seat ones): worth a line, not
    a plot. A statistic seen in fewer than two games is not called constant."""
    constant: dict[str, list[float]] = {}
    for name, values in stat_values(results).items():
        if len(values) > 1 and min(values) == max(values):
            constant[name] = [values[0]]
    for name, seats in seat_stat_values(results, players).items():
        if all(len(c) > 1 and min(c) == max(c) for c in seats):
            constant[name] = [c[0] for c in seats]
    return constant


def summarize(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """The JSON-able statistics section of summary.json."""
    games = len(results)
    return {
        "games": games,
        "seats": [asdict(rate) for rate in seat_rates(results, players)],
        "seat_wins": seat_win_parts(results, players),
        "first_player": first_player_advantage(results, players),
        "bots": {bot: asdict(rate) for bot, rate in bot_rates(results).items()},
        "scores": [describe([r.scores[seat] for r in results]) for seat in range(players)],
        "winning_score": describe([max(r.scores) for r in results if r.scores]),
        "shared_wins": _fraction(sum(1 for r in results if len(r.winners) > 1), games),
        "no_winner": _fraction(sum(1 for r in results if not r.winners), games),
        "length": describe([r.moves for r in results]),
        "steps": describe([r.steps for r in results]),
        "end_conditions": end_counts(results),
        "stats": {name: describe(v) for name, v in stat_values(results).items()},
        "seat_stats": {
            name: [describe(column) for column in columns]
            for name, columns in seat_stat_values(results, players).items()
        },
        "constant_stats": constant_stats(results, players),
    }


def _fraction(count: int, total: int) -> float:
    """count / total, NaN for an empty set."""
    return count / total if total else math.nan
