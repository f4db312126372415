"""Figures that set variants side by side: the two of `meja compare`, or a sweep's values."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from meja.core.episode import Z_95, GameResult
from meja.sim.compare import Difference
from meja.sim.plots import COLOURS, histogram_bins, save_png, wrap_label
from meja.sim.report_parts import measure_label
from meja.sim.stats import end_counts, seat_rates

Variants = Sequence[Sequence[GameResult]]


def win_rates(variants: Variants, players: int, labels: Sequence[str], path: Path) -> Path:
    """Win rate by seat in each variant, with 95% intervals."""
    figure = Figure(figsize=(7, 4.6))
    axes = figure.add_subplot()
    x = np.arange(players)
    width = 0.8 / len(variants)
    for index, (results, label) in enumerate(zip(variants, labels, strict=True)):
        rates = seat_rates(results, players)
        values = [100 * r.rate for r in rates]
        errors = [[100 * (r.rate - r.low) for r in rates], [100 * (r.high - r.rate) for r in rates]]
        axes.bar(
            x + (index - (len(variants) - 1) / 2) * width,
            values,
            width,
            yerr=errors,
            capsize=4,
            color=COLOURS[index % len(COLOURS)],
            label=label,
        )
    axes.axhline(100 / players, linestyle="--", color="black", linewidth=1)
    axes.set_xticks(x, [f"seat {s}" for s in range(players)])
    axes.set_ylabel("win rate (%)")
    axes.set_title("Win rate by seat (95% interval)")
    _legend_below(axes)
    return save_png(figure, path)


def lengths(variants: Variants, labels: Sequence[str], path: Path) -> Path:
    """Game length histograms of every variant."""
    figure = Figure(figsize=(6, 4.6))
    axes = figure.add_subplot()
    values = [[r.moves for r in results] for results in variants]
    bins = histogram_bins([value for column in values for value in column])
    for index, (column, label) in enumerate(zip(values, labels, strict=True)):
        axes.hist(
            column,
            bins=bins,
            histtype="step",
            linewidth=1.5,
            color=COLOURS[index % len(COLOURS)],
            label=label,
        )
    axes.set_xlabel("moves per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    _legend_below(axes)
    return save_png(figure, path)


def end_conditions(variants: Variants, labels: Sequence[str], path: Path) -> Path:
    """End-condition frequencies of every variant."""
    counts = [end_counts(results) for results in variants]
    ends = sorted({end for count in counts for end in count})
    figure = Figure(figsize=(7, 2.4 + 0.3 * len(variants) * len(ends)))
    axes = figure.add_subplot()
    y = np.arange(len(ends))
    height = 0.8 / len(variants)
    for index, (count, label) in enumerate(zip(counts, labels, strict=True)):
        total = sum(count.values()) or 1
        axes.barh(
            y + (index - (len(variants) - 1) / 2) * height,
            [100 * count.get(e, 0) / total for e in ends],
            height,
            color=COLOURS[index % len(COLOURS)],
            label=label,
        )
    axes.set_yticks(y, [wrap_label(end) for end in ends])
    axes.set_xlabel("games (%)")
    axes.set_xlim(0, 100)
    axes.set_title("Which end condition fired")
    _legend_below(axes)
    return save_png(figure, path)


def _legend_below(axes: Axes) -> None:
    """The variants' legend under the plot, where it hides no bar."""
    count = len(axes.get_legend_handles_labels()[1])
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=min(count, 3), frameon=False)


def significant_changes(
    rows: Sequence[Difference], path: Path, baseline: str = "a", other: str = "b"
) -> Path | None:
    """Each significant difference as a relative change from the baseline, with its 95%
    interval."""
    shown = [row for row in rows if row.significant and row.a != 0]
    if not shown:
        return None
    names = [measure_label(row.measure) for row in shown][::-1]
    scale = [100 / abs(row.a) for row in shown][::-1]
    centre = [row.diff * s for row, s in zip(shown[::-1], scale, strict=True)]
    below = [(row.diff - row.low) * s for row, s in zip(shown[::-1], scale, strict=True)]
    above = [(row.high - row.diff) * s for row, s in zip(shown[::-1], scale, strict=True)]
    figure = Figure(figsize=(9, 1.6 + 0.45 * len(names)))
    axes = figure.add_subplot()
    axes.errorbar(centre, names, xerr=[below, above], fmt="o", capsize=4, color=COLOURS[3])
    axes.axvline(0, color="black", linewidth=1)
    axes.set_xlabel(wrap_label(f"change from {baseline} to {other} (% of {baseline})", 60))
    axes.set_title("Significant differences (95% interval)")
    return save_png(figure, path)


TRENDS = (
    "win rate, seat 0",
    "length (moves)",
    "turns",
    "branching factor",
    "winning margin",
    "lead changes",
    "settled share",
    "shared wins",
)
"""The measures a sweep draws against the swept value, where the games have them."""


def measures_by_value(
    columns: Sequence[dict[str, list[float]]], labels: Sequence[str], path: Path
) -> Path | None:
    """Each headline measure's mean under every value, with its 95% interval."""
    names = [name for name in TRENDS if all(column.get(name) for column in columns)]
    if not names:
        return None
    per_row = min(4, len(names))
    rows = -(-len(names) // per_row)
    figure = Figure(figsize=(3.4 * per_row, 3.0 * rows + 0.4))
    axes_list = list(figure.subplots(rows, per_row, squeeze=False).flat)
    x = np.arange(len(labels))
    ticks = [label.partition("=")[2] or label for label in labels]
    for axes, name in zip(axes_list, names, strict=False):
        means, halves = [], []
        for column in columns:
            values = np.asarray(column[name], dtype=float)
            means.append(float(values.mean()))
            spread = float(values.std(ddof=1)) if len(values) > 1 else 0.0
            halves.append(Z_95 * spread / np.sqrt(len(values)))
        axes.errorbar(x, means, yerr=halves, fmt="o-", capsize=4, color=COLOURS[0])
        axes.set_xticks(x, ticks, rotation=20 if max(map(len, ticks)) > 8 else 0)
        axes.set_title(name, fontsize=10)
        axes.margins(x=0.15)
    for axes in axes_list[len(names) :]:
        axes.set_visible(False)
    figure.suptitle(f"Measures by {labels[0].partition('=')[0]} (95% interval)")
    return save_png(figure, path)
