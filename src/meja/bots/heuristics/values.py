"""Turning a heuristic's worth of each seat into win shares that search can average."""

from __future__ import annotations

import math
from collections.abc import Sequence


def win_shares(worth: Sequence[float], temperature: float) -> list[float]:
    """A softmax of each seat's worth: the seat's estimated chance of winning, summing to 1.

    temperature is the worth gap that makes one seat e (about 2.7) times likelier to win.
    """
    top = max(worth)
    weights = [math.exp((w - top) / temperature) for w in worth]
    total = sum(weights)
    return [w / total for w in weights]


def linear_shares(rows: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """Win shares from each seat's features, weighted as fitted by scripts/fit_values.py."""
    return win_shares([sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows], 1.0)
