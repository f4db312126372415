"""`meja games` and `meja rules GAME`: what can be played and how."""

from __future__ import annotations

import argparse
from typing import Any

from meja.commands.common import add_game_argument
from meja.core import list_games, load_game
from meja.rules import RULES_DIR as DOCS_DIR


def register(sub: Any) -> None:
    """Add the games and rules sub-commands."""
    games = sub.add_parser("games", help="list the games with their player counts")
    games.add_argument("--options", action="store_true", help="also list each game's options")
    games.set_defaults(handler=run_games)
    rules = sub.add_parser("rules", help="print the rules of a game as implemented")
    add_game_argument(rules)
    rules.set_defaults(handler=run_rules)


def run_games(args: argparse.Namespace) -> int:
    """Print one line per game, and its options when asked."""
    for game in list_games():
        counts = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else f"{game.min_players}-{game.max_players}"
        )
        print(f"{game.name:<12} {game.title}  ({counts} players)")
        if args.options:
            for opt in game.options:
                choices = f" [{'|'.join(str(c) for c in opt.choices)}]" if opt.choices else ""
                print(f"    {opt.name}={opt.default}{choices}  {opt.help}")
    return 0


def run_rules(args: argparse.Namespace) -> int:
    """Print the rules of GAME as meja plays them (meja/rules/GAME.md)."""
    game = load_game(args.game)
    path = DOCS_DIR / f"{game.name}.md"
    if not path.is_file():
        raise ValueError(f"no rules document for {game.name} at {path}")
    print(path.read_text(encoding="utf-8"))
    return 0
