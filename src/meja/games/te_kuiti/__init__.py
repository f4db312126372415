"""Te Kuiti: fence in the sheep, or find them in pairs; two rounds for two players, or solo."""

from __future__ import annotations

from meja.games.te_kuiti.game import GAME, TeKuitiGame
from meja.games.te_kuiti.spec import SPEC
from meja.games.te_kuiti.state import TeKuitiState

__all__ = ["GAME", "SPEC", "TeKuitiGame", "TeKuitiState"]
