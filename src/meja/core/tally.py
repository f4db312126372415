"""Sums, tests and sorted inserts on small rows of ints, as loops compiled code runs natively.

In compiled code the builtins sum and any over a list, and bisect's insort, are calls back into
Python; the rules call these on their rows instead.
"""

from __future__ import annotations


def total(counts: list[int]) -> int:
    """The sum of a row of counts."""
    result = 0
    for count in counts:
        result += count
    return result


def span_total(counts: list[int], start: int, stop: int) -> int:
    """The sum of counts[start:stop], without copying the slice."""
    result = 0
    for index in range(start, stop):
        result += counts[index]
    return result


def any_left(counts: list[int]) -> bool:
    """Whether any count in the row is above zero."""
    return any(count for count in counts)


def span_any(counts: list[int], start: int, stop: int) -> bool:
    """Whether any of counts[start:stop] is above zero, without copying the slice."""
    return any(counts[index] for index in range(start, stop))


def insert_sorted(values: list[int], value: int) -> None:
    """Insert value into a sorted row after any equal to it, as bisect.insort does; the rows are
    a few items long, so a walk from the end beats a binary search."""
    index = len(values)
    while index and values[index - 1] > value:
        index -= 1
    values.insert(index, value)
