"""The report's figures as PNG files, drawn with matplotlib's object API (no pyplot state)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Collection, Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from meja.core.episode import GameResult
from meja.sim.report_parts import statistic_label
from meja.sim.stats import Rate, bot_rates, end_counts, seat_rates, seat_stat_values, stat_values

DPI = 100
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")


def save_png(figure: Figure, path: Path) -> Path:
    """Write the figure as PNG and return its path."""
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    return path


def _rate_bars(axes: Axes, labels: Sequence[str], rates: Sequence[Rate], fair: float) -> None:
    """Bars of win rates with their 95% intervals and a dashed line at the fair share."""
    values = [100 * r.rate for r in rates]
    below = [100 * (r.rate - r.low) for r in rates]
    above = [100 * (r.high - r.rate) for r in rates]
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(rates))]
    axes.bar(labels, values, yerr=[below, above], capsize=6, color=colours)
    axes.axhline(100 * fair, linestyle="--", color="black", linewidth=1, label="fair share")
    axes.set_ylabel("win rate (%)")
    axes.legend(loc="best")


def seat_win_rates(results: Sequence[GameResult], players: int, path: Path) -> Path:
    """Win rate by seat with 95% intervals: the first-player advantage at a glance."""
    figure = Figure(figsize=(6, 4))
    axes = figure.add_subplot()
    _rate_bars(
        axes, [f"seat {s}" for s in range(players)], seat_rates(results, players), 1 / players
    )
    axes.set_title("Win rate by seat (95% interval)")
    return save_png(figure, path)


def bot_win_rates(results: Sequence[GameResult], players: int, path: Path) -> Path:
    """Win rate of each bot over every seat it played, with 95% intervals."""
    rates = bot_rates(results)
    figure = Figure(figsize=(6, 4))
    axes = figure.add_subplot()
    _rate_bars(axes, list(rates), list(rates.values()), 1 / players)
    axes.set_title("Win rate by bot (95% interval)")
    return save_png(figure, path)


def score_distributions(results: Sequence[GameResult], players: int, path: Path) -> Path:
    """Histogram of final scores per seat, and their spread side by side."""
    figure = Figure(figsize=(10, 4))
    hist, box = figure.subplots(1, 2)
    columns = [[r.scores[seat] for r in results] for seat in range(players)]
    for seat, column in enumerate(columns):
        hist.hist(
            column,
            bins=histogram_bins(column),
            histtype="step",
            linewidth=1.5,
            color=COLOURS[seat % len(COLOURS)],
            label=f"seat {seat}",
        )
    hist.set_xlabel("final score")
    hist.set_ylabel("games")
    hist.legend()
    hist.set_title("Score distribution by seat")
    box.boxplot(columns, tick_labels=[f"seat {s}" for s in range(players)])
    box.set_ylabel("final score")
    box.set_title("Scores by seat")
    return save_png(figure, path)


def game_lengths(results: Sequence[GameResult], path: Path) -> Path:
    """Histogram of the number of moves per game."""
    lengths = [r.moves for r in results]
    figure = Figure(figsize=(6, 4))
    axes = figure.add_subplot()
    axes.hist(lengths, bins=histogram_bins(lengths), color=COLOURS[0])
    axes.set_xlabel("moves per game (chance steps excluded)")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    return save_png(figure, path)


def end_conditions(results: Sequence[GameResult], path: Path) -> Path:
    """How often each end condition fired."""
    counts = end_counts(results)
    total = sum(counts.values()) or 1
    names = list(counts)[::-1]
    figure = Figure(figsize=(8, 1.5 + 0.5 * len(names)))
    axes = figure.add_subplot()
    axes.barh(
        [wrap_label(n) for n in names], [100 * counts[n] / total for n in names], color=COLOURS[3]
    )
    axes.set_xlabel("games (%)")
    axes.set_xlim(0, 100)
    axes.set_title("Which end condition fired")
    return save_png(figure, path)


def game_statistics(
    results: Sequence[GameResult], players: int, path: Path, skip: Collection[str] = ()
) -> Path | None:
    """One panel per game statistic (histogram) and per seat statistic (mean by seat); the
    statistics in skip (those that never change) are left to the report's text."""
    game_level = {k: v for k, v in stat_values(results).items() if k not in skip}
    per_seat = {k: v for k, v in seat_stat_values(results, players).items() if k not in skip}
    panels = len(game_level) + len(per_seat)
    if panels == 0:
        return None
    columns = min(3, panels)
    rows = math.ceil(panels / columns)
    figure = Figure(figsize=(4 * columns, 3.2 * rows))
    grid = figure.subplots(rows, columns, squeeze=False).flat
    axes_list = list(grid)
    for axes, (name, values) in zip(axes_list, game_level.items(), strict=False):
        axes.hist(values, bins=histogram_bins(values), color=COLOURS[4])
        axes.set_title(statistic_label(name))
        axes.set_ylabel("games")
    for axes, (name, seats) in zip(axes_list[len(game_level) :], per_seat.items(), strict=False):
        means = [sum(c) / len(c) if c else math.nan for c in seats]
        axes.bar([f"seat {s}" for s in range(players)], means, color=COLOURS[5])
        axes.set_title(f"{statistic_label(name)} (mean)")
    for axes in axes_list[panels:]:
        axes.set_visible(False)
    return save_png(figure, path)


def wrap_label(name: str, width: int = 26) -> str:
    """A long axis label over several lines, so the axes keep their room."""
    return textwrap.fill(name, width)


def histogram_bins(values: Sequence[float]) -> int | list[float]:
    """One bin per integer for small integer ranges, else matplotlib's automatic choice."""
    if not values:
        return 10
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values) and high - low <= 60:
        return [low - 0.5 + i for i in range(int(high - low) + 2)]
    return 30
