"""A sweep: one simulation per value of a rule option, each compared with the first value.

The comparisons follow `meja compare`: Welch's t-test for every measure, the p-values of all
comparisons adjusted together (Benjamini-Hochberg), significant below 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scipy import stats as scipy_stats

from meja.core import Game, parse_options
from meja.core.episode import GameResult
from meja.sim.compare import Difference, adjust, measure_rows
from meja.sim.stats import end_counts


@dataclass(frozen=True)
class Sweep:
    """The option swept and its values, each as the label a report shows and the option set."""

    key: str
    labels: tuple[str, ...]
    options: tuple[dict[str, Any], ...]


def parse_sweep(game: Game, text: str, fixed: dict[str, Any]) -> Sweep:
    """--sweep KEY=V1,V2,...: every value checked as the option; ValueError names the problem."""
    key, sep, values = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep or not key:
        raise ValueError(f"--sweep {text!r}: expected KEY=V1,V2,...")
    parts = [value.strip() for value in values.split(",")]
    if any(not part for part in parts):
        raise ValueError(f"--sweep {text!r}: empty value")
    options = [parse_options(game, [f"{key}={part}"]) for part in parts]
    name = next(iter(options[0]))
    if name in fixed:
        raise ValueError(f"--sweep {name} is also set by --option; give it in one place")
    seen = [o[name] for o in options]
    if len(seen) < 2:
        raise ValueError(f"--sweep {name}: give at least two values")
    if len(set(map(repr, seen))) != len(seen):
        raise ValueError(f"--sweep {name}: a value is given twice")
    labels = tuple(f"{name}={part}" for part in parts)
    return Sweep(name, labels, tuple({**fixed, **o} for o in options))


def sweep_differences(
    variants: Sequence[Sequence[GameResult]], players: int
) -> list[list[Difference]]:
    """For each value after the first, every measure against the first value; the p-values of
    all these comparisons are adjusted as one family."""
    base = variants[0]
    per_variant = [measure_rows(base, other, players) for other in variants[1:]]
    adjusted = adjust([row for rows in per_variant for row in rows])
    out: list[list[Difference]] = []
    start = 0
    for rows in per_variant:
        out.append(adjusted[start : start + len(rows)])
        start += len(rows)
    return out


def end_frequency_test(variants: Sequence[Sequence[GameResult]]) -> dict[str, Any]:
    """Chi-square test that the end conditions fire as often under every value."""
    counts = [end_counts(results) for results in variants]
    ends = sorted({end for count in counts for end in count})
    table = [[count.get(end, 0) for end in ends] for count in counts]
    p = math.nan
    played = [row for row in table if sum(row)]
    if len(ends) > 1 and len(played) > 1:
        p = float(scipy_stats.chi2_contingency(played).pvalue)
    return {"ends": ends, "counts": table, "p": p}
