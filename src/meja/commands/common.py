"""Argument helpers shared by sub-commands: game lookup, options and records."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from meja.core import Game, GameRecord, load_game, parse_options


def counted(number: int, noun: str) -> str:
    """ "1 player", "3 players": a count in words a person reads."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """The positional GAME argument."""
    parser.add_argument("game", metavar="GAME", help="game name, e.g. peranakan (see `meja games`)")


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """Repeatable --option key=value for rule variants."""
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); `meja games --options` lists them",
    )


def game_and_options(args: argparse.Namespace) -> tuple[Game, dict[str, Any]]:
    """Resolve the GAME argument and its --option values, or raise ValueError."""
    game = load_game(args.game)
    return game, parse_options(game, getattr(args, "option", []))


def check_players(game: Game, players: int) -> None:
    """Refuse a player count the game does not support."""
    if players not in game.player_counts():
        raise ValueError(
            f"--players: {game.title} is for {game.min_players}-{game.max_players} players"
        )


def player_count(game: Game, players: int | None) -> int:
    """--players, or the game's default when it is not given; refused if the game cannot seat it."""
    count = game.default_players() if players is None else players
    check_players(game, count)
    return count


def load_record(path: str) -> GameRecord:
    """Read a saved game, with a one-line error naming the file."""
    file = Path(path)
    if not file.is_file():
        raise ValueError(f"{path}: no such file")
    try:
        return GameRecord.load(file)
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a text file") from None
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def whole_number(text: str) -> int:
    """A whole number of 1 or more, for argparse."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, got {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """A finite number of seconds above 0, for argparse."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, got {text!r}")
    return value
