"""The bot interface every player other than a human speaks."""

from __future__ import annotations

import random
from typing import Protocol

from meja.core import State


class Bot(Protocol):
    """Chooses a legal action for player in state, using only what that seat may see."""

    name: str

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """Return one of state.legal_actions(player)."""
        ...
