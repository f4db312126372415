"""Mooncake Master: pick, share and place mooncake quarter tiles for taste and customers."""

from __future__ import annotations

from meja.games.mooncake.game import GAME, MooncakeGame
from meja.games.mooncake.spec import SPEC
from meja.games.mooncake.state import MooncakeState

__all__ = ["GAME", "SPEC", "MooncakeGame", "MooncakeState"]
