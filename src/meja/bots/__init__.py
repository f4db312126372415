"""Bots: choose(state, player, rng) -> action, using only what state.view(player) reveals."""

from __future__ import annotations

from meja.bots.base import Bot
from meja.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
