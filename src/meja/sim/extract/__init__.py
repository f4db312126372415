"""Per-game facts read from a finished state: which end condition fired and statistics.

Each game may have a module here with `extract(state) -> Extract`; a game without one, or whose
state no longer has the shape its extractor expects, still simulates, only without those facts.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType

from meja.core import State

UNKNOWN_END = "unknown"


@dataclass(frozen=True)
class Extract:
    """Which end condition fired, game-level numbers, and numbers per seat."""

    end: str = UNKNOWN_END
    stats: dict[str, float] = field(default_factory=dict)
    seat_stats: dict[str, tuple[float, ...]] = field(default_factory=dict)
    error: str = ""


@cache
def _module(game_name: str) -> ModuleType | None:
    """The extractor module of a game, or None when it has none."""
    try:
        return importlib.import_module(f"{__name__}.{game_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_name}":
            raise
        return None


def extract(state: State) -> Extract:
    """Facts about a finished game; an empty Extract (with error set) when they cannot be read."""
    module = _module(state.game.name)
    if module is None:
        return Extract()
    try:
        found: Extract = module.extract(state)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        return Extract(error=f"{type(exc).__name__}: {exc}")
    return found
