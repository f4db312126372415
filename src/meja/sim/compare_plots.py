"""Figures that set two variants side by side."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from meja.core.episode import GameResult
from meja.sim.compare import Difference
from meja.sim.plots import COLOURS, histogram_bins, save_png
from meja.sim.stats import end_counts, seat_rates


def win_rates(
    a: Sequence[GameResult],
    b: Sequence[GameResult],
    players: int,
    labels: Sequence[str],
    path: Path,
) -> Path:
    """Win rate by seat in each variant, with 95% intervals."""
    figure = Figure(figsize=(7, 4.6))
    axes = figure.add_subplot()
    x = np.arange(players)
    width = 0.38
    for offset, results, label, colour in ((-1, a, labels[0], 0), (1, b, labels[1], 1)):
        rates = seat_rates(results, players)
        values = [100 * r.rate for r in rates]
        errors = [[100 * (r.rate - r.low) for r in rates], [100 * (r.high - r.rate) for r in rates]]
        axes.bar(
            x + offset * width / 2,
            values,
            width,
            yerr=errors,
            capsize=4,
            color=COLOURS[colour],
            label=label,
        )
    axes.axhline(100 / players, linestyle="--", color="black", linewidth=1)
    axes.set_xticks(x, [f"seat {s}" for s in range(players)])
    axes.set_ylabel("win rate (%)")
    axes.set_title("Win rate by seat (95% interval)")
    _legend_below(axes)
    return save_png(figure, path)


def lengths(
    a: Sequence[GameResult], b: Sequence[GameResult], labels: Sequence[str], path: Path
) -> Path:
    """Game length histograms of both variants."""
    figure = Figure(figsize=(6, 4.6))
    axes = figure.add_subplot()
    values = [[r.moves for r in a], [r.moves for r in b]]
    bins = histogram_bins(values[0] + values[1])
    for index, (column, label) in enumerate(zip(values, labels, strict=True)):
        axes.hist(
            column, bins=bins, histtype="step", linewidth=1.5, color=COLOURS[index], label=label
        )
    axes.set_xlabel("moves per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    _legend_below(axes)
    return save_png(figure, path)


def end_conditions(
    a: Sequence[GameResult], b: Sequence[GameResult], labels: Sequence[str], path: Path
) -> Path:
    """End-condition frequencies of both variants."""
    counts = [end_counts(a), end_counts(b)]
    ends = sorted(set(counts[0]) | set(counts[1]))
    figure = Figure(figsize=(7, 2.4 + 0.6 * len(ends)))
    axes = figure.add_subplot()
    y = np.arange(len(ends))
    height = 0.38
    for index, (count, label) in enumerate(zip(counts, labels, strict=True)):
        total = sum(count.values()) or 1
        axes.barh(
            y + (index - 0.5) * height,
            [100 * count.get(e, 0) / total for e in ends],
            height,
            color=COLOURS[index],
            label=label,
        )
    axes.set_yticks(y, ends)
    axes.set_xlabel("games (%)")
    axes.set_xlim(0, 100)
    axes.set_title("Which end condition fired")
    _legend_below(axes)
    return save_png(figure, path)


def _legend_below(axes: Axes) -> None:
    """The variants' legend under the plot, where it hides no bar."""
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=2, frameon=False)


def significant_changes(rows: Sequence[Difference], path: Path) -> Path | None:
    """Each significant difference as a relative change from a, with its 95% interval."""
    shown = [row for row in rows if row.significant and row.a != 0]
    if not shown:
        return None
    names = [row.measure for row in shown][::-1]
    scale = [100 / abs(row.a) for row in shown][::-1]
    centre = [row.diff * s for row, s in zip(shown[::-1], scale, strict=True)]
    below = [(row.diff - row.low) * s for row, s in zip(shown[::-1], scale, strict=True)]
    above = [(row.high - row.diff) * s for row, s in zip(shown[::-1], scale, strict=True)]
    figure = Figure(figsize=(7, 1.6 + 0.45 * len(names)))
    axes = figure.add_subplot()
    axes.errorbar(centre, names, xerr=[below, above], fmt="o", capsize=4, color=COLOURS[3])
    axes.axvline(0, color="black", linewidth=1)
    axes.set_xlabel("change from a to b (% of a)")
    axes.set_title("Significant differences (95% interval)")
    return save_png(figure, path)
