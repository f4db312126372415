"""The report's sections on how games unfold and on what the winners did differently."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from meja.sim.compare import ALPHA
from meja.sim.report_parts import ImageLink, image, num, percent, statistic_label, table

MEANINGS = {
    "turns": "turns per game; a turn is one seat's consecutive decisions",
    "turns per seat": "turns per game divided by the number of seats",
    "decisions per turn": "decisions in a turn; chance steps are not decisions",
    "branching factor": "legal moves open to a decision, on average over the game",
    "forced decisions": "share of decisions with one legal move",
    "winning margin": "the best winner's score minus the best score of a seat that lost",
    "lead changes": "times a seat took the sole lead from another, read as each turn begins "
    "and at the end",
    "settled turn": "turns after which the winners stayed strictly ahead to the end",
    "settled share": "the settled turn as a share of the game's turns",
}
SHARES = ("forced decisions", "settled share")


def flow_lines(summary: dict[str, Any], images: dict[str, Path], link: ImageLink) -> list[str]:
    """Length in turns, branching, margin, lead changes and the settled turn, with their sense."""
    flow = summary["flow"]
    lines = ["## How the games unfold", ""]
    if not flow["games"]:
        return [*lines, "These games were not measured as they were played.", ""]
    measures = flow["measures"]
    shown = [name for name in MEANINGS if (d := measures.get(name)) and d["n"]]
    lines += table(
        ["measure", "mean", "sd", "min", "median", "max"],
        [
            [
                name,
                *(_value(name, measures[name][k]) for k in ("mean", "sd", "min", "median", "max")),
            ]
            for name in shown
        ],
    )
    lines += [f"- **{name}**: {MEANINGS[name]}" for name in shown]
    lines.append("")
    players = summary["job"]["players"]
    if players == 1:
        lines += ["A solo game has no opponent to lead or to beat by a margin.", ""]
    elif "lead changes" not in measures:
        lines += [
            "The scores of this game do not move during play (they appear only at the end), so "
            "there is no running lead to follow: lead changes and the settled turn are not "
            "measured.",
            "",
        ]
    else:
        lines += [
            "The lead is read from the game's own scores as each turn begins. The sole lead "
            f"changed hands at least once in {percent(flow['lead_changed'])} of the games; the "
            "last turn (or a tie-break) settled the winner in "
            f"{percent(flow['settled_on_last_turn'])} of the games won.",
            "",
        ]
    lines += image(images, "flow", "How the games unfold", link)
    return lines


def _value(name: str, value: float | None) -> str:
    """A measure's value, as a percentage for shares."""
    return percent(value) if name in SHARES else num(value)


def winner_lines(summary: dict[str, Any], images: dict[str, Path], link: ImageLink) -> list[str]:
    """The per-seat statistics that differ most between the seats that won and the rest."""
    lines = ["## What winners do differently", ""]
    gaps = [gap for gap in summary["winners_against_the_rest"] if not _missing(gap["p"])]
    if not gaps:
        return [*lines, "No game had both a winner and a seat that lost to compare.", ""]
    lines += [
        "Every seat of every game with a winner and a loser is one observation: the seats that "
        "won against the rest, largest standardised difference (Cohen's *d*) first. A difference "
        f"is significant when its p-value, adjusted for the number of statistics "
        f"(Benjamini-Hochberg, as `meja compare` does), is below {ALPHA}. Decisions counts the "
        "seat's own decisions.",
        "",
    ]
    lines += table(
        ["statistic", "winners", "the rest", "difference (95%)", "d", "adjusted p", "significant"],
        [
            [
                statistic_label(gap["measure"]),
                num(gap["b"]),
                num(gap["a"]),
                f"{gap['diff']:+.2f} ({_signed(gap['low'])} to {_signed(gap['high'])})",
                _signed(gap["effect"]),
                "n/a" if _missing(gap["q"]) else f"{gap['q']:.2g}",
                "yes" if gap["significant"] else "no",
            ]
            for gap in gaps
        ],
    )
    copies = summary["statistics_equal_to_the_score"]
    if copies:
        named = ", ".join(statistic_label(name) for name in copies)
        lines += [f"Left out as the score itself: {named}.", ""]
    lines += image(images, "winners", "Winners against the rest", link)
    return lines


def _missing(value: float | None) -> bool:
    """Whether a number is absent (None in JSON, or NaN)."""
    return value is None or math.isnan(value)


def _signed(value: float | None) -> str:
    """A difference with its sign, n/a when missing."""
    if value is None or math.isnan(value):
        return "n/a"
    return f"{value:+.2f}"
