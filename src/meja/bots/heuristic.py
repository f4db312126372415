"""HeuristicBot: plays the way a sensible beginner would, with rules of thumb for each game."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from meja.core import Game, State

Choose = Callable[[State, int, random.Random], int]


def heuristic_for(game: Game) -> Choose:
    """The choose function of bots/heuristics/<game>.py; ValueError if the game has none."""
    name = f"meja.bots.heuristics.{game.name}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise ValueError(f"there is no heuristic bot for {game.name}") from None
    choose: Choose = module.choose
    return choose


class HeuristicBot:
    """Delegates to the game's own heuristic; used alone or as an ISMCTS rollout policy."""

    name = "heuristic"

    def __init__(self, game: Game) -> None:
        self.game = game
        self._choose = heuristic_for(game)

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """The game heuristic's move for player, from what that seat can see."""
        return self._choose(state, player, rng)
