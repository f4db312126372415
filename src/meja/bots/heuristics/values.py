"""Turning a heuristic's worth of each seat into win shares that search can average."""

from __future__ import annotations

import math


def win_shares(worth: list[float], temperature: float) -> list[float]:
    """A softmax of each seat's worth: the seat's estimated chance of winning, summing to 1.

    temperature is the worth gap that makes one seat e (about 2.7) times likelier to win.
    """
    top = worth[0]
    for w in worth:
        if w > top:
            top = w
    weights = [math.exp((w - top) / temperature) for w in worth]
    total = 0.0
    for weight in weights:
        total += weight
    return [w / total for w in weights]


def linear_shares(rows: list[list[float]], weights: tuple[float, ...]) -> list[float]:
    """Win shares from each seat's features, weighted as fitted by scripts/fit_values.py."""
    worth: list[float] = []
    for row in rows:
        logit = 0.0
        for index, weight in enumerate(weights):
            logit += weight * row[index]
        worth.append(logit)
    return win_shares(worth, 1.0)
