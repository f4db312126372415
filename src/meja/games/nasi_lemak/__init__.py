"""Nasi Lemak: The Game: collect five ingredients, make Nasi Lemak, and keep the flies away."""

from __future__ import annotations

from meja.games.nasi_lemak.game import NasiLemakGame
from meja.games.nasi_lemak.state import NasiLemakState

GAME = NasiLemakGame()

__all__ = ["GAME", "NasiLemakGame", "NasiLemakState"]
