"""The game protocol shared by every game, bot, server and adapter."""

from __future__ import annotations

from meja.core.errors import GameOver, IllegalAction, InvalidPosition, NotYourTurn
from meja.core.game import CHANCE, TERMINAL, Game, Option, State
from meja.core.record import GameRecord
from meja.core.registry import list_games, load_game, parse_options
from meja.core.told import Told, Viewer

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameOver",
    "GameRecord",
    "IllegalAction",
    "InvalidPosition",
    "NotYourTurn",
    "Option",
    "State",
    "Told",
    "Viewer",
    "list_games",
    "load_game",
    "parse_options",
]
