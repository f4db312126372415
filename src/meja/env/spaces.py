"""The observation and action spaces of a Table, shared by the PettingZoo and Gymnasium envs."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from meja.env.table import Table


def observation_box(table: Table) -> spaces.Box:
    """The encoder's vector: float32, each number within its field's bounds."""
    return spaces.Box(
        low=np.zeros(table.layout.size, dtype=np.float32),
        high=table.layout.high(),
        dtype=np.float32,
    )


def mask_box(table: Table) -> spaces.Box:
    """The legal-action mask: 1 for each action the seat may take now."""
    return spaces.Box(low=0, high=1, shape=(table.num_actions,), dtype=np.int8)


class LegalDiscrete(spaces.Discrete):
    """The game's action numbers; sample() with no mask draws a legal action of the table now,
    so generic tools that sample blindly still play real moves."""

    def __init__(self, table: Table, seat: int, seed: int | None = None) -> None:
        super().__init__(table.num_actions, seed=seed)
        self._table = table
        self._seat = seat

    def follow(self, table: Table, seat: int) -> None:
        """Draw from this table and seat from now on."""
        self._table = table
        self._seat = seat

    def __reduce__(self) -> tuple[type[spaces.Discrete], tuple[int, None, int]]:
        """Pickled (as gymnasium.vector's AsyncVectorEnv sends spaces between processes), it
        is a plain Discrete of the same actions: the table it draws from stays with its env."""
        return (spaces.Discrete, (int(self.n), None, int(self.start)))

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        """A legal action when no mask is given, else Discrete's own sampling."""
        if mask is None and probability is None:
            legal = self._table.mask(self._seat)
            if legal.any():
                return super().sample(mask=legal)
        return super().sample(mask=mask, probability=probability)
