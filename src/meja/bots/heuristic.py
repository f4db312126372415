"""HeuristicBot: plays the way a sensible beginner would, with rules of thumb for each game."""

from __future__ import annotations

import random

from meja.bots.heuristics import HEURISTICS
from meja.bots.heuristics.heuristic import Choose, Heuristic, Narrow, Values
from meja.core import Game, State


def _heuristic(game: Game) -> Heuristic | None:
    """The game's registered heuristic, or None when it has none."""
    return HEURISTICS.get(game.name)


def heuristic_for(game: Game) -> Choose:
    """The game heuristic's choose function; ValueError if the game has none."""
    heuristic = _heuristic(game)
    if heuristic is None:
        raise ValueError(f"there is no heuristic bot for {game.name}")
    return heuristic.choose


def heuristic_values(game: Game) -> Values | None:
    """The game heuristic's estimate of each seat's win share, if it offers one."""
    heuristic = _heuristic(game)
    return heuristic.values if heuristic is not None else None


def search_iterations(game: Game, default: int) -> int:
    """ISMCTS iterations per move when none are asked for: the game's own budget, if it has one."""
    heuristic = _heuristic(game)
    if heuristic is None or heuristic.search_iterations is None:
        return default
    return heuristic.search_iterations


def search_guide(game: Game) -> float:
    """The win share by which ISMCTS favours the heuristic's own move, if the game asks for it."""
    heuristic = _heuristic(game)
    return heuristic.search_guide if heuristic is not None else 0.0


def search_moves(game: Game) -> Narrow | None:
    """The game's narrowing of the moves search weighs (whole trade offers), if it has one."""
    heuristic = _heuristic(game)
    return heuristic.search_moves if heuristic is not None else None


class HeuristicBot:
    """Delegates to the game's own heuristic; used alone or as an ISMCTS rollout policy.

    With blunder above 0 it plays that share of its moves at random (among the moves the game
    would search), a gentler opponent for someone learning the game.
    """

    name = "heuristic"

    def __init__(self, game: Game, blunder: float = 0.0) -> None:
        if not 0 <= blunder <= 1:
            raise ValueError("heuristic: blunder must be a number from 0 to 1")
        self.game = game
        self.blunder = blunder
        self._choose = heuristic_for(game)
        self._narrow = search_moves(game)

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """The game heuristic's move for player, from what that seat can see."""
        if self.blunder and rng.random() < self.blunder:
            moves = state.legal_actions(player)
            if self._narrow is not None:
                moves = self._narrow(state, player, moves)
            return rng.choice(moves)
        return self._choose(state, player, rng)
