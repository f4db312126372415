"""Peranakan: Tiles and Tactics: place patterned tiles, send Nyonyas and Babas to collect Kueh."""

from __future__ import annotations

from meja.games.peranakan.game import GAME, PeranakanGame
from meja.games.peranakan.spec import SPEC
from meja.games.peranakan.state import PeranakanState

__all__ = ["GAME", "SPEC", "PeranakanGame", "PeranakanState"]
