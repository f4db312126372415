"""Write a comparison of two variants: each variant's own report plus compare.{json,md,html}."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from meja import __version__
from meja.sim import compare_plots
from meja.sim.compare import ALPHA, Difference, differences, end_condition_test
from meja.sim.report import (
    PLOT_DIR,
    RANDOM_WARNING,
    random_only,
    write_documents,
    write_json,
    write_report,
)
from meja.sim.report_parts import ImageLink, image, measure_label, num, table
from meja.sim.runner import SimRun


def variant_label(options: dict[str, Any]) -> str:
    """A variant named by the options it sets, or "defaults"."""
    return " ".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def write_comparison(
    run_a: SimRun, run_b: SimRun, labels: Sequence[str], out: Path
) -> dict[str, Any]:
    """Reports of both variants in out/a and out/b, and the comparison in out; returns it."""
    write_report(run_a, out / "a")
    write_report(run_b, out / "b")
    players = run_a.job.players
    rows = differences(run_a.results, run_b.results, players)
    summary = {
        "meja": __version__,
        "variants": {
            "a": {"label": labels[0], "job": run_a.job.describe(), "run": run_a.describe()},
            "b": {"label": labels[1], "job": run_b.job.describe(), "run": run_b.describe()},
        },
        "alpha": ALPHA,
        "differences": [asdict(row) for row in rows],
        "end_conditions": end_condition_test(run_a.results, run_b.results),
    }
    write_json(out / "compare.json", summary)
    images: dict[str, Path] = {}
    if run_a.results and run_b.results:
        folder = out / PLOT_DIR
        folder.mkdir(exist_ok=True)
        a, b = run_a.results, run_b.results
        images = {
            "seats": compare_plots.win_rates(
                [a, b], players, labels, folder / "win_rate_by_seat.png"
            ),
            "length": compare_plots.lengths([a, b], labels, folder / "game_length.png"),
            "ends": compare_plots.end_conditions([a, b], labels, folder / "end_conditions.png"),
        }
        changes = compare_plots.significant_changes(rows, folder / "significant_changes.png")
        if changes is not None:
            images["changes"] = changes
    write_documents(out, "compare", lambda link: comparison_markdown(summary, rows, images, link))
    return summary


def comparison_markdown(
    summary: dict[str, Any], rows: Sequence[Difference], images: dict[str, Path], link: ImageLink
) -> str:
    """The comparison as Markdown: the variants, the significant differences, then every measure."""
    a, b = summary["variants"]["a"], summary["variants"]["b"]
    job = a["job"]
    lines = [
        f"# {job['title']}: {a['label']} (a) against {b['label']} (b)",
        "",
        f"- {job['players']} players; bots by seat in game 0: "
        f"{', '.join(f'`{bot}`' for bot in job['lineup'])} (rotated one seat each game)",
        f"- a: {a['run']['games_finished']} games, b: {b['run']['games_finished']} games; "
        f"seed {job['seed']} for both",
        "- Full reports of each variant: [a/report.html](a/report.html), "
        "[b/report.html](b/report.html)",
    ]
    if a["run"]["interrupted"] or b["run"]["interrupted"]:
        lines.append("- **Interrupted**: the comparison covers the games that finished.")
    if random_only(job["lineup"]):
        lines += ["", f"> {RANDOM_WARNING}"]
    lines += [
        "",
        "Differences are b - a. A difference is significant when its p-value, adjusted for the "
        f"number of measures (Benjamini-Hochberg), is below {ALPHA}.",
        "",
        "## Significant differences",
        "",
    ]
    significant = [row for row in rows if row.significant]
    if significant:
        lines += [f"- {measure_label(row.measure)}: {_change(row)}" for row in significant]
        lines.append("")
        lines += image(images, "changes", "Significant differences", link)
    else:
        lines.append("None: the variants are indistinguishable at this number of games.")
    ends = summary["end_conditions"]
    if not math.isnan(ends["p"]):
        lines += ["", f"End-condition frequencies, chi-square test: p = {ends['p']:.3g}."]
    lines += ["", "## Every measure", ""]
    lines += table(
        ["measure", "a", "b", "b - a", "95% interval", "p", "adjusted p", "significant"],
        [
            [
                measure_label(row.measure),
                num(row.a, 3),
                num(row.b, 3),
                _signed(row.diff),
                f"{_signed(row.low)} to {_signed(row.high)}",
                _p(row.p),
                _p(row.q),
                "yes" if row.significant else "no",
            ]
            for row in rows
        ],
    )
    lines += image(images, "seats", "Win rate by seat in both variants", link)
    lines += image(images, "length", "Game length in both variants", link)
    lines += image(images, "ends", "End conditions in both variants", link)
    return "\n".join(lines)


def _change(row: Difference) -> str:
    """How a measure moved from a to b."""
    return f"{num(row.a, 3)} -> {num(row.b, 3)} ({row.diff:+.3g}, p = {row.q:.2g} adjusted)"


def _signed(value: float) -> str:
    """A difference with its sign."""
    return "n/a" if math.isnan(value) else f"{value:+.3f}"


def _p(value: float) -> str:
    """A p-value for a table."""
    return "n/a" if math.isnan(value) else f"{value:.3g}"
