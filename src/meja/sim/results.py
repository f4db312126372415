"""What a simulation backend yields: batches of finished games, each with how it unfolded."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from meja.core.episode import GameResult
from meja.sim.flow import Flow


@dataclass(frozen=True)
class PlayedGame(GameResult):
    """A simulated game's record with its Flow, measured while it was played."""

    flow: Flow | None = None


def flows(results: Sequence[GameResult]) -> list[tuple[GameResult, Flow]]:
    """The results that carry a Flow, each with it (records made elsewhere have none)."""
    return [(r, r.flow) for r in results if isinstance(r, PlayedGame) and r.flow is not None]


__all__ = ["Batches", "GameResult", "PlayedGame", "flows"]

Batches = Generator[Sequence[GameResult], None, None]
"""Finished games as a backend yields them; closing it stops the backend's workers."""
