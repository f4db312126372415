"""Figures of how games unfold and of what sets winners apart."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from meja.sim.plots import COLOURS, histogram_bins, save_png
from meja.sim.report_parts import statistic_label

PANELS = (
    ("turns", "turns per game"),
    ("branching factor", "legal moves per decision (game mean)"),
    ("winning margin", "best winner's score minus the best other"),
    ("lead changes", "times the sole lead changed hands"),
    ("settled share", "share of turns before the winners stayed ahead"),
)


def flow_measures(values: Mapping[str, Sequence[float]], path: Path) -> Path | None:
    """A histogram of each measure of how games unfold that the games have."""
    panels = [(name, label) for name, label in PANELS if values.get(name)]
    if not panels:
        return None
    columns = min(3, len(panels))
    rows = math.ceil(len(panels) / columns)
    figure = Figure(figsize=(4.2 * columns, 3.2 * rows))
    axes_list = list(figure.subplots(rows, columns, squeeze=False).flat)
    for axes, (name, label) in zip(axes_list, panels, strict=False):
        column = values[name]
        bins = [i / 20 for i in range(21)] if name == "settled share" else histogram_bins(column)
        axes.hist(column, bins=bins, color=COLOURS[0])
        axes.set_title(name.capitalize())
        axes.set_xlabel(label, fontsize=8)
        axes.set_ylabel("games")
    for axes in axes_list[len(panels) :]:
        axes.set_visible(False)
    return save_png(figure, path)


def winner_gaps(gaps: Sequence[dict[str, Any]], path: Path) -> Path | None:
    """Cohen's d of each statistic, winners against the rest; significant ones in colour."""
    shown = [g for g in gaps if g["effect"] is not None and math.isfinite(g["effect"])][::-1]
    if not shown:
        return None
    figure = Figure(figsize=(7, 1.4 + 0.4 * len(shown)))
    axes = figure.add_subplot()
    colours = [COLOURS[2] if g["significant"] else "#bbbbbb" for g in shown]
    axes.barh(
        [statistic_label(g["measure"]) for g in shown], [g["effect"] for g in shown], color=colours
    )
    axes.axvline(0, color="black", linewidth=1)
    axes.set_xlabel("winners minus the rest, in pooled standard deviations (Cohen's d)")
    axes.set_title("What winners do differently (grey: not significant)")
    return save_png(figure, path)
