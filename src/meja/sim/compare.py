"""Differences between two sets of results (two rule variants) and whether each is significant.

Every measure is a mean over games (a win rate is the mean of a seat's win shares), compared with
Welch's t-test; p-values are adjusted for the number of measures (Benjamini-Hochberg) before
calling a difference significant.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from scipy import stats as scipy_stats

from meja.core.episode import Z_95, GameResult
from meja.sim.measures import flow_values
from meja.sim.stats import end_counts, seat_stat_values, stat_values

ALPHA = 0.05
COMPARED_FLOW = (
    "turns",
    "decisions per turn",
    "branching factor",
    "forced decisions",
    "winning margin",
    "lead changes",
    "settled share",
)
"""The measures of how games unfold that comparisons test (the others restate these)."""


@dataclass(frozen=True)
class Difference:
    """One measure in variants a and b: b - a with its 95% interval and test."""

    measure: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    p: float
    q: float = math.nan
    significant: bool = False


def welch(measure: str, a: Sequence[float], b: Sequence[float]) -> Difference:
    """Compare the means of a and b; degenerate samples (constant or tiny) are handled exactly."""
    xa, xb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(xa) == 0 or len(xb) == 0:
        nan = math.nan
        return Difference(measure, nan, nan, nan, nan, nan, nan)
    mean_a, mean_b = float(xa.mean()), float(xb.mean())
    diff = mean_b - mean_a
    var_a = float(xa.var(ddof=1)) if len(xa) > 1 else math.nan
    var_b = float(xb.var(ddof=1)) if len(xb) > 1 else math.nan
    if math.isnan(var_a) or math.isnan(var_b):
        return Difference(measure, mean_a, mean_b, diff, math.nan, math.nan, math.nan)
    if var_a == 0 and var_b == 0:
        p = 1.0 if diff == 0 else 0.0
        return Difference(measure, mean_a, mean_b, diff, diff, diff, p)
    half = Z_95 * math.sqrt(var_a / len(xa) + var_b / len(xb))
    test = scipy_stats.ttest_ind_from_stats(
        mean_b, math.sqrt(var_b), len(xb), mean_a, math.sqrt(var_a), len(xa), equal_var=False
    )
    p = float(test.pvalue)
    return Difference(measure, mean_a, mean_b, diff, diff - half, diff + half, p)


def adjust(rows: Sequence[Difference]) -> list[Difference]:
    """Benjamini-Hochberg q-values over the rows that have a p-value; significant when q < 0.05."""
    tested = [i for i, row in enumerate(rows) if not math.isnan(row.p)]
    out = list(rows)
    if not tested:
        return out
    qs = scipy_stats.false_discovery_control([rows[i].p for i in tested])
    for i, q in zip(tested, qs, strict=True):
        out[i] = replace(rows[i], q=float(q), significant=bool(q < ALPHA))
    return out


def differences(a: Sequence[GameResult], b: Sequence[GameResult], players: int) -> list[Difference]:
    """Every measure of the report, compared between a and b, adjusted for their number."""
    return adjust(measure_rows(a, b, players))


def measure_rows(
    a: Sequence[GameResult], b: Sequence[GameResult], players: int
) -> list[Difference]:
    """Every measure of the report, compared between a and b, before any adjustment."""
    ends = sorted(set(end_counts(a)) | set(end_counts(b)))
    columns_a, columns_b = measure_columns(a, players, ends), measure_columns(b, players, ends)
    return [
        welch(name, column, columns_b[name])
        for name, column in columns_a.items()
        if name in columns_b
    ]


def measure_columns(
    results: Sequence[GameResult], players: int, ends: Sequence[str]
) -> dict[str, list[float]]:
    """Every compared measure with its value in each game, in the order reports list them:
    seats' win shares and scores, length, how games unfold, shared wins, each end condition
    in ends, then the game's own statistics."""
    columns: dict[str, list[float]] = {}
    for seat in range(players):
        columns[f"win rate, seat {seat}"] = _col(results, "returns", seat)
    for seat in range(players):
        columns[f"score, seat {seat}"] = _col(results, "scores", seat)
    columns["length (moves)"] = [r.moves for r in results]
    flow = flow_values(results, players)
    columns.update({name: flow[name] for name in COMPARED_FLOW if name in flow})
    columns["shared wins"] = [float(len(r.winners) > 1) for r in results]
    for end in ends:
        columns[f"end: {end}"] = [float(r.end == end) for r in results]
    for name, values in stat_values(results).items():
        columns[_own(name, columns)] = values
    for name, seats in seat_stat_values(results, players).items():
        for seat in range(players):
            columns[_own(f"{name}, seat {seat}", columns)] = seats[seat]
    return columns


def _own(name: str, columns: dict[str, list[float]]) -> str:
    """A game statistic's name, marked as the game's own where a measure of meja's has it
    (Nasi Lemak counts its own turns, which differ from turns as seat changes)."""
    return f"{name} (game statistic)" if name in columns else name


def end_condition_test(a: Sequence[GameResult], b: Sequence[GameResult]) -> dict[str, Any]:
    """Chi-square test that the end conditions fire with the same frequencies in a and b."""
    counts_a, counts_b = end_counts(a), end_counts(b)
    ends = sorted(set(counts_a) | set(counts_b))
    table = [[counts_a.get(end, 0) for end in ends], [counts_b.get(end, 0) for end in ends]]
    p = math.nan
    if len(ends) > 1 and a and b:
        p = float(scipy_stats.chi2_contingency(table).pvalue)
    return {"ends": ends, "a": table[0], "b": table[1], "p": p}


def _col(results: Sequence[GameResult], attribute: str, seat: int) -> list[float]:
    """One seat's value of a per-seat tuple attribute over all results."""
    return [getattr(r, attribute)[seat] for r in results]
