"""RandomBot: a uniformly random legal action; the baseline every other bot must beat."""

from __future__ import annotations

import random

from meja.core import State


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """Any legal action, equally likely."""
        return rng.choice(state.legal_actions(player))
