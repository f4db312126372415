"""Small pieces every Markdown report is made of: numbers, percentages, tables and images."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path

ImageLink = Callable[[Path], str]
"""Turns a PNG's path into the reference a document uses (a relative link, or a data URI)."""


def percent(value: float | None) -> str:
    """0.2712 as 27.1%."""
    return "n/a" if value is None or math.isnan(value) else f"{100 * value:.1f}%"


def num(value: float | None, digits: int = 2) -> str:
    """A statistic for a table: integers plainly, others rounded."""
    if value is None or math.isnan(value):
        return "n/a"
    if float(value).is_integer():
        return f"{int(value)}"
    return f"{value:.{digits}f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


def image(images: dict[str, Path], key: str, alt: str, link: ImageLink) -> list[str]:
    """A Markdown image line for a figure that was drawn, or nothing."""
    return [f"![{alt}]({link(images[key])})", ""] if key in images else []


def statistic_label(name: str) -> str:
    """A statistic's name as people read it ("Kueh left in supply"); files keep the name."""
    return name.replace("_", " ").capitalize()


def measure_label(name: str) -> str:
    """A compared measure as people read it ("pawns on board, seat 0"); files keep the name."""
    return name.replace("_", " ")
