"""Write a sweep: each value's own report plus sweep.{json,md,html} comparing them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from meja import __version__
from meja.sim import compare_plots
from meja.sim.compare import ALPHA, Difference, measure_columns
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
from meja.sim.stats import end_counts
from meja.sim.sweep import Sweep, end_frequency_test, sweep_differences


def _value(label: str) -> str:
    """The value of a "key=value" label."""
    return label.partition("=")[2] or label


def variant_dir(label: str) -> str:
    """The folder of one value's report: its label, made safe for a file name."""
    return "".join(c if c.isalnum() or c in "=-_." else "_" for c in label)


def write_sweep(runs: Sequence[SimRun], sweep: Sweep, out: Path) -> dict[str, Any]:
    """Reports of every value in out/KEY=VALUE/, and the comparison in out; returns it."""
    for run, label in zip(runs, sweep.labels, strict=True):
        write_report(run, out / variant_dir(label))
    players = runs[0].job.players
    variants = [run.results for run in runs]
    rows = sweep_differences(variants, players) if all(variants) else []
    summary = {
        "meja": __version__,
        "key": sweep.key,
        "variants": [
            {"label": label, "job": run.job.describe(), "run": run.describe()}
            for run, label in zip(runs, sweep.labels, strict=True)
        ],
        "alpha": ALPHA,
        "baseline": sweep.labels[0],
        "differences": {
            label: [asdict(row) for row in variant_rows]
            for label, variant_rows in zip(sweep.labels[1:], rows, strict=True)
        },
        "end_conditions": end_frequency_test(variants),
    }
    write_json(out / "sweep.json", summary)
    images = _draw(runs, sweep, rows, out / PLOT_DIR) if all(variants) else {}
    write_documents(out, "sweep", lambda link: sweep_markdown(summary, rows, images, link))
    return summary


def _draw(
    runs: Sequence[SimRun], sweep: Sweep, rows: Sequence[Sequence[Difference]], folder: Path
) -> dict[str, Path]:
    """The sweep's figures, by name."""
    folder.mkdir(exist_ok=True)
    variants = [run.results for run in runs]
    players = runs[0].job.players
    labels = list(sweep.labels)
    ends = sorted({end for results in variants for end in end_counts(results)})
    columns = [measure_columns(results, players, ends) for results in variants]
    drawn = {
        "trends": compare_plots.measures_by_value(columns, labels, folder / "measures.png"),
        "seats": compare_plots.win_rates(
            variants, players, labels, folder / "win_rate_by_seat.png"
        ),
        "length": compare_plots.lengths(variants, labels, folder / "game_length.png"),
        "ends": compare_plots.end_conditions(variants, labels, folder / "end_conditions.png"),
        "changes": compare_plots.significant_changes(
            [
                _named(row, _value(label))
                for label, variant_rows in zip(labels[1:], rows, strict=True)
                for row in variant_rows
            ],
            folder / "significant_changes.png",
            baseline=labels[0],
            other="each value",
        ),
    }
    return {name: path for name, path in drawn.items() if path is not None}


def _named(row: Difference, label: str) -> Difference:
    """row with the value it compares in its name."""
    return Difference(**{**asdict(row), "measure": f"{row.measure} at {label}"})


def sweep_markdown(
    summary: dict[str, Any],
    rows: Sequence[Sequence[Difference]],
    images: dict[str, Path],
    link: ImageLink,
) -> str:
    """The sweep as Markdown: what ran, the significant differences, then every measure."""
    variants = summary["variants"]
    job = variants[0]["job"]
    values = ", ".join(_value(v["label"]) for v in variants)
    baseline = summary["baseline"]
    lines = [
        f"# {job['title']}: {summary['key']} over {values}",
        "",
        f"- {job['players']} players; bots by seat in game 0: "
        f"{', '.join(f'`{bot}`' for bot in job['lineup'])} (rotated one seat each game)",
        "- Games: "
        + ", ".join(f"{v['run']['games_finished']} with {v['label']}" for v in variants)
        + f"; seed {job['seed']} for every value",
        "- Each value's full report: "
        + ", ".join(f"[{v['label']}]({variant_dir(v['label'])}/report.html)" for v in variants),
    ]
    if any(v["run"]["interrupted"] for v in variants):
        lines.append("- **Interrupted**: the values after the interruption were not played.")
    lines += [""]
    if random_only(job["lineup"]):
        lines += [f"> {RANDOM_WARNING}", ""]
    if not rows:
        return "\n".join([*lines, "Not every value has games to compare.", ""])
    lines += [
        f"Each value is compared with the first, {baseline}: differences are the value's mean "
        f"minus {baseline}'s, by Welch's t-test as in `meja compare`. A difference is "
        "significant when its p-value, adjusted for the number of measures of every "
        f"comparison together (Benjamini-Hochberg), is below {ALPHA}.",
        "",
        f"## Significant differences from {baseline}",
        "",
    ]
    found = False
    for variant, variant_rows in zip(variants[1:], rows, strict=True):
        significant = [row for row in variant_rows if row.significant]
        found = found or bool(significant)
        lines += [f"- **{variant['label']}**: " + ("" if significant else "none")]
        lines += [f"  - {_change(row)}" for row in significant]
    lines += [""]
    if found:
        lines += image(images, "changes", "Significant differences", link)
    ends = summary["end_conditions"]
    if not math.isnan(ends["p"]):
        lines += [
            f"End-condition frequencies, chi-square test over every value: p = {ends['p']:.3g}.",
            "",
        ]
    lines += ["## Measures by value", ""]
    lines += image(images, "trends", "Measures by value", link)
    heads = [_value(v["label"]) for v in variants]
    lines += table([f"measure / {summary['key']}", *heads], _mean_rows(rows))
    lines += [f"`*`: significantly different from {baseline}.", ""]
    lines += image(images, "seats", "Win rate by seat under every value", link)
    lines += image(images, "length", "Game length under every value", link)
    lines += image(images, "ends", "End conditions under every value", link)
    return "\n".join(lines)


def _change(row: Difference) -> str:
    """One significant difference: the measure, from the first value to this one."""
    return (
        f"{measure_label(row.measure)}: {num(row.a, 3)} -> {num(row.b, 3)} (adjusted p {row.q:.2g})"
    )


def _mean_rows(rows: Sequence[Sequence[Difference]]) -> list[list[str]]:
    """One row per measure: the baseline's mean, then each value's, starred where significant;
    a measure one value's games lack (an end condition that never fired) reads n/a there."""
    by_name = [{row.measure: row for row in variant_rows} for variant_rows in rows]
    names = list(dict.fromkeys(row.measure for variant_rows in rows for row in variant_rows))
    table_rows = []
    for name in names:
        base = next(found[name] for found in by_name if name in found)
        cells = [measure_label(name), num(base.a, 3)]
        for found in by_name:
            row = found.get(name)
            if row is None:
                cells.append("n/a")
            else:
                cells.append(num(row.b, 3) + (" *" if row.significant else ""))
        table_rows.append(cells)
    return table_rows
