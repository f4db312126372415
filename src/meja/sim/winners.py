"""Which of a game's per-seat statistics differ most between the seats that won and the rest.

Every seat of every game is one observation: the winners' values against everyone else's, with
the same test as `meja compare` (Welch's t-test, Benjamini-Hochberg over the statistics) and a
standardised difference (Cohen's d) to rank them, since statistics come in different units.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from meja.core.episode import GameResult
from meja.sim.compare import Difference, adjust, welch

DECISIONS = "decisions"
"""The seat's own decisions in the game, compared like the game's statistics (unless the game
reports a statistic of that name itself)."""


@dataclass(frozen=True)
class WinnerGap:
    """One per-seat statistic: the rest's mean (a), the winners' (b), the test and Cohen's d."""

    test: Difference
    effect: float


def seat_columns(results: Sequence[GameResult]) -> dict[str, list[tuple[float, bool]]]:
    """Every per-seat statistic, and each seat's decisions, as (value, won) pairs over every
    seat of every game; a statistic that is the score itself in every seat is left out."""
    columns: dict[str, list[tuple[float, bool]]] = {}
    for result in results:
        won = [share > 0 for share in result.returns]
        named = dict(result.seat_stats)
        if result.decisions and DECISIONS not in named:
            named[DECISIONS] = tuple(float(d) for d in result.decisions)
        for name, values in named.items():
            column = columns.setdefault(name, [])
            column.extend(zip(values, won, strict=True))
    return {
        name: column for name, column in sorted(columns.items()) if not _is_the_score(name, results)
    }


def score_copies(results: Sequence[GameResult]) -> list[str]:
    """The per-seat statistics equal to the score in every seat of every game."""
    names = {name for r in results for name in r.seat_stats}
    return sorted(name for name in names if _is_the_score(name, results))


def _is_the_score(name: str, results: Sequence[GameResult]) -> bool:
    """Whether statistic name equals the score wherever it is reported."""
    seen = False
    for result in results:
        values = result.seat_stats.get(name)
        if values is None:
            continue
        seen = True
        if tuple(float(v) for v in values) != tuple(result.scores):
            return False
    return seen


def winner_gaps(results: Sequence[GameResult]) -> list[WinnerGap]:
    """Winners against the rest for each per-seat statistic, largest standardised gap first.

    Only games with both a winner and a seat that did not win count; a statistic that never
    varies gives no test.
    """
    decided = [r for r in results if 0 < len(r.winners) < len(r.returns)]
    columns = seat_columns(decided)
    names = list(columns)
    tests = adjust(
        [
            welch(
                name,
                [value for value, won in columns[name] if not won],
                [value for value, won in columns[name] if won],
            )
            for name in names
        ]
    )
    gaps = [WinnerGap(test, _cohen_d(columns[test.measure])) for test in tests]
    return sorted(gaps, key=lambda gap: -abs(gap.effect) if not math.isnan(gap.effect) else 0.0)


def _cohen_d(column: Sequence[tuple[float, bool]]) -> float:
    """The winners' mean minus the rest's, over their pooled standard deviation (0 when neither
    group varies and the means agree, NaN when a group is empty)."""
    winners = [value for value, won in column if won]
    rest = [value for value, won in column if not won]
    if len(winners) < 2 or len(rest) < 2:
        return math.nan
    mean_w, mean_r = sum(winners) / len(winners), sum(rest) / len(rest)
    var_w = sum((v - mean_w) ** 2 for v in winners) / (len(winners) - 1)
    var_r = sum((v - mean_r) ** 2 for v in rest) / (len(rest) - 1)
    pooled = math.sqrt(
        ((len(winners) - 1) * var_w + (len(rest) - 1) * var_r) / (len(winners) + len(rest) - 2)
    )
    if pooled == 0:
        return 0.0 if mean_w == mean_r else math.copysign(math.inf, mean_w - mean_r)
    return (mean_w - mean_r) / pooled
