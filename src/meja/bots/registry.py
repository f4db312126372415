"""Bots by name ("random", "heuristic", "ismcts"), with settings such as "ismcts:iterations=400"."""

from __future__ import annotations

from collections.abc import Callable

from meja.bots.base import Bot
from meja.bots.random_bot import RandomBot
from meja.core import Game

BotFactory = Callable[[Game, dict[str, str]], Bot]

_FACTORIES: dict[str, BotFactory] = {
    "random": lambda game, settings: RandomBot(),
}


def bot_names() -> list[str]:
    """Every bot kind that make_bot accepts."""
    return sorted(_FACTORIES)


def make_bot(spec: str, game: Game) -> Bot:
    """Build the bot named by spec ("name" or "name:key=value,key=value") for game."""
    name, _, rest = spec.strip().partition(":")
    name = name.lower()
    if name not in _FACTORIES:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(bot_names())})")
    settings: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"bot setting {item!r}: expected key=value")
        settings[key.strip()] = value.strip()
    return _FACTORIES[name](game, settings)
