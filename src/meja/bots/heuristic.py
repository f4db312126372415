"""HeuristicBot: plays the way a sensible beginner would, with rules of thumb for each game."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType

from meja.core import Game, State

Choose = Callable[[State, int, random.Random], int]
Values = Callable[[State], list[float]]


def _module(game: Game) -> ModuleType | None:
    """bots/heuristics/<game>.py, or None when the game has no heuristic."""
    name = f"meja.bots.heuristics.{game.name}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def heuristic_for(game: Game) -> Choose:
    """The game heuristic's choose function; ValueError if the game has none."""
    module = _module(game)
    if module is None:
        raise ValueError(f"there is no heuristic bot for {game.name}")
    choose: Choose = module.choose
    return choose


def heuristic_values(game: Game) -> Values | None:
    """The game heuristic's estimate of each seat's win share, if it offers one."""
    module = _module(game)
    values: Values | None = getattr(module, "values", None)
    return values


def search_iterations(game: Game, default: int) -> int:
    """ISMCTS iterations per move when none are asked for: the game's SEARCH_ITERATIONS, if set."""
    return int(getattr(_module(game), "SEARCH_ITERATIONS", default))


def search_guide(game: Game) -> float:
    """The win share by which ISMCTS favours the heuristic's own move, if the game asks for it."""
    return float(getattr(_module(game), "SEARCH_GUIDE", 0.0))


class HeuristicBot:
    """Delegates to the game's own heuristic; used alone or as an ISMCTS rollout policy."""

    name = "heuristic"

    def __init__(self, game: Game) -> None:
        self.game = game
        self._choose = heuristic_for(game)

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """The game heuristic's move for player, from what that seat can see."""
        return self._choose(state, player, rng)
