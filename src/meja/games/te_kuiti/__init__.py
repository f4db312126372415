"""Te Kuiti: fence in the sheep, or find them in pairs; two rounds for two players, or solo."""

from __future__ import annotations

from meja.games.te_kuiti.game import TeKuiti

GAME = TeKuiti()

__all__ = ["GAME", "TeKuiti"]
