"""A meja game's heuristic evaluation as an OpenSpiel Evaluator, so OpenSpiel's MCTSBot, ISMCTSBot
and AlphaZero-style searches judge positions as meja's own ISMCTS does (docs/rl.md, Search).

    evaluator = HeuristicEvaluator(game)   # a pyspiel game loaded from meja.env.openspiel
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 400, random_state=rng)

evaluate(state) is the heuristic's values(state): every seat's estimated share of the win, on
the 0..1 scale of the games' returns. prior(state) is uniform over the legal actions, or the
chance outcomes' own probabilities, as OpenSpiel's RandomRolloutEvaluator gives.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import Evaluator

from meja.bots.heuristics import HEURISTICS
from meja.bots.heuristics.heuristic import Values
from meja.env.openspiel import PREFIX


class HeuristicEvaluator(Evaluator):  # type: ignore[misc]
    """Judges an OpenSpiel state of a meja game by the game's heuristic values()."""

    def __init__(self, game: pyspiel.Game) -> None:
        name = game.get_type().short_name
        meja_name = name.removeprefix(PREFIX)
        heuristic = HEURISTICS.get(meja_name) if name.startswith(PREFIX) else None
        if heuristic is None or heuristic.values is None:
            raise ValueError(f"no meja heuristic evaluates {name}")
        self.values: Values = heuristic.values

    def evaluate(self, state: Any) -> np.ndarray:
        """Every seat's estimated win share in state (its returns once the game is over)."""
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=np.float64)
        return np.asarray(self.values(state.meja_state), dtype=np.float64)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Equal odds for every legal action; a chance node's own probabilities."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]
