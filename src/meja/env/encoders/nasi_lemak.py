"""NasiLemak observations (a placeholder: the seat to move and the turn)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from meja.env.encoding import Encoder, Field


class NasiLemakEncoder(Encoder):
    """The seat to move only."""

    @classmethod
    def describe(cls, num_players: int, options: Mapping[str, Any]) -> list[Field]:
        return [Field("to_move", num_players, 1.0, "1 for the seat to move")]

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        seat = view["to_move"]
        if 0 <= seat < self.num_players:
            out[seat] = 1.0
