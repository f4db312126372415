"""One finished game reduced to the numbers a balance report needs."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class GameResult:
    """Outcome of game index of a job; small enough to send between processes in bulk."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    moves: int
    steps: int
    end: str
    stats: dict[str, float] = field(default_factory=dict)
    seat_stats: dict[str, tuple[float, ...]] = field(default_factory=dict)
    extract_error: str = ""


Batches = Generator[list[GameResult], None, None]
"""Finished games as a backend yields them; closing it stops the backend's workers."""
