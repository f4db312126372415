"""Nasi Lemak: The Game: collect five ingredients, make Nasi Lemak, and keep the flies away."""

from __future__ import annotations

from meja.games.nasi_lemak.game import NasiLemakGame
from meja.games.nasi_lemak.spec import GAME, SPEC
from meja.games.nasi_lemak.state import NasiLemakState

__all__ = ["GAME", "SPEC", "NasiLemakGame", "NasiLemakState"]
