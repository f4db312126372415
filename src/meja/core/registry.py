"""Find games by name: every package under meja.games that exposes GAME is registered."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from functools import cache
from typing import Any

from meja.core.game import Game


@cache
def _games() -> dict[str, Game]:
    """Import each game package once and index its GAME by name."""
    import meja.games

    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(meja.games.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"meja.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


def list_games() -> list[Game]:
    """Every registered game, sorted by name."""
    return [game for _, game in sorted(_games().items())]


def load_game(name: str) -> Game:
    """The game called name (dashes and case are forgiven); ValueError lists the known ones."""
    key = name.strip().lower().replace("-", "_")
    games = _games()
    if key not in games:
        known = ", ".join(sorted(games)) or "none"
        raise ValueError(f"unknown game {name!r} (known games: {known})")
    return games[key]


def parse_options(game: Game, pairs: Iterable[str]) -> dict[str, Any]:
    """Parse key=value strings into typed options of game; ValueError names the bad one."""
    known = {opt.name: opt for opt in game.options}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ValueError(f"option {pair!r}: expected key=value")
        if key not in known:
            names = ", ".join(known) or "none"
            raise ValueError(f"unknown option {key!r} for {game.name} (options: {names})")
        options[key] = known[key].validate(known[key].parse(value.strip()))
    return options
