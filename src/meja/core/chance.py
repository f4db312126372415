"""Chance events every game shares: a draw from a multiset, weighted by how many of each kind.

A game states its pending event as counts (counts[k] items of kind k; a uniform pick is one of
each). Its outcomes, the check of an outcome and a random draw all read those counts, and the
draw walks them without building the list of (outcome, probability) pairs.
"""

from __future__ import annotations

from meja.core import tally


def draw_outcomes(counts: list[int]) -> list[tuple[int, float]]:
    """Drawing one item where counts[k] are of kind k: (kind, probability) for kinds present."""
    total = tally.total(counts)
    return [(kind, count / total) for kind, count in enumerate(counts) if count]


def can_draw(counts: list[int], kind: int) -> bool:
    """Whether kind is a possible outcome of draw_outcomes(counts)."""
    return type(kind) is int and 0 <= kind < len(counts) and counts[kind] > 0


def pick_drawn(counts: list[int], roll: float, total: int) -> int:
    """The kind a roll in [0, 1) draws from counts of total items: the one pick_listed finds
    in draw_outcomes(counts), by the same sums, so a seed gives the same game either way (counts
    this small convert to floats exactly, so each share is the quotient count / total gives)."""
    scale = float(total)
    cumulative = 0.0
    last = -1
    for kind in range(len(counts)):
        count = counts[kind]
        if count:
            cumulative += float(count) / scale
            if roll < cumulative:
                return kind
            last = kind
    return last


def pick_listed(outcomes: list[tuple[int, float]], roll: float) -> int:
    """The outcome a roll in [0, 1) picks from (outcome, probability) pairs, by their sums."""
    total = 0.0
    for action, prob in outcomes:
        total += prob
        if roll < total:
            return action
    return outcomes[-1][0]


def one_each(count: int) -> list[int]:
    """The counts of a uniform pick among 0..count-1, e.g. which seat starts."""
    return [1] * count
