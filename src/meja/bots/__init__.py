"""Bots: choose(state, player, rng) -> action, using only what state.view(player) reveals."""

from __future__ import annotations

from meja.bots.base import Bot
from meja.bots.random_bot import RandomBot
from meja.bots.registry import bot_names, make_bot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]
