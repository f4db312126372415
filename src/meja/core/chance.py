"""Chance events every game shares: a draw from a multiset and a uniform pick."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache


def draw_outcomes(counts: Sequence[int], total: int) -> list[tuple[int, float]]:
    """Drawing one of total items, counts[k] of kind k: (kind, probability) for kinds present."""
    return [(kind, count / total) for kind, count in enumerate(counts) if count]


def can_draw(counts: Sequence[int], kind: int) -> bool:
    """Whether kind is a possible outcome of draw_outcomes(counts, ...)."""
    return type(kind) is int and 0 <= kind < len(counts) and counts[kind] > 0


@cache
def _uniform(count: int) -> tuple[tuple[int, float], ...]:
    share = 1.0 / count
    return tuple((outcome, share) for outcome in range(count))


def uniform_outcomes(count: int) -> list[tuple[int, float]]:
    """Each of 0..count-1 with equal probability, e.g. which seat starts."""
    return list(_uniform(count))


def in_range(outcome: int, count: int) -> bool:
    """Whether outcome is one of uniform_outcomes(count)."""
    return type(outcome) is int and 0 <= outcome < count
