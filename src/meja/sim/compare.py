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
from meja.sim.stats import end_counts, seat_stat_values, stat_values

ALPHA = 0.05


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
    """Every measure of the report, compared between a and b."""
    rows = [
        welch(f"win rate, seat {seat}", _col(a, "returns", seat), _col(b, "returns", seat))
        for seat in range(players)
    ]
    rows += [
        welch(f"score, seat {seat}", _col(a, "scores", seat), _col(b, "scores", seat))
        for seat in range(players)
    ]
    rows.append(welch("length (moves)", [r.moves for r in a], [r.moves for r in b]))
    rows.append(
        welch("shared wins", [len(r.winners) > 1 for r in a], [len(r.winners) > 1 for r in b])
    )
    for end in sorted(set(end_counts(a)) | set(end_counts(b))):
        rows.append(welch(f"end: {end}", [r.end == end for r in a], [r.end == end for r in b]))
    stats_a, stats_b = stat_values(a), stat_values(b)
    for name in sorted(set(stats_a) & set(stats_b)):
        rows.append(welch(name, stats_a[name], stats_b[name]))
    seats_a, seats_b = seat_stat_values(a, players), seat_stat_values(b, players)
    for name in sorted(set(seats_a) & set(seats_b)):
        for seat in range(players):
            rows.append(welch(f"{name}, seat {seat}", seats_a[name][seat], seats_b[name][seat]))
    return adjust(rows)


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
