"""The description each game's heuristic registers: how it moves, how it rates seats, and how
search should lean on it."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from meja.core import State

Choose = Callable[[State, int, random.Random], int]
Values = Callable[[State], list[float]]
Narrow = Callable[[State, int, list[int]], list[int]]


@dataclass(frozen=True)
class Heuristic:
    """One game's rules of thumb, listed in meja.bots.heuristics.HEURISTICS."""

    choose: Choose
    """The move a sensible beginner makes for a seat, from what that seat can see."""
    values: Values | None = None
    """Each seat's estimated win share, for search to stop a rollout early."""
    search_iterations: int | None = None
    """ISMCTS iterations per move when none are asked for (None: the bot's own default)."""
    search_guide: float = 0.0
    """The win share by which ISMCTS favours the heuristic's own move."""
    search_moves: Narrow | None = None
    """The legal moves worth searching at a decision (all of them when None): a game whose
    choices are built step by step (a trade offer card by card) lets search weigh whole ones."""
