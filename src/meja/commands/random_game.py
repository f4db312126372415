"""`meja random GAME`: play a seeded random game, print it and save its record."""

from __future__ import annotations

import argparse
import random
from typing import Any

from meja.commands.common import (
    add_game_argument,
    add_option_argument,
    check_players,
    game_and_options,
)
from meja.core import GameRecord
from meja.core.game import play_random


def register(sub: Any) -> None:
    """Add the random sub-command."""
    parser = sub.add_parser("random", help="play a seeded random game and save its record")
    add_game_argument(parser)
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players")
    parser.add_argument("--seed", "-s", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--out", metavar="FILE", help="save the game record as JSON")
    add_option_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play, print the final state and the result, and save the record if asked."""
    game, options = game_and_options(args)
    players = game.min_players if args.players is None else args.players
    check_players(game, players)
    state = play_random(game.new_state(players, **options), random.Random(args.seed))
    print(state)
    print()
    scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(state.scores()))
    winners = state.winners()
    result = ", ".join(f"seat {w}" for w in winners) if winners else "nobody"
    print(f"{len(state.history)} steps. Scores: {scores}. Winner: {result}.")
    if args.out:
        GameRecord.from_state(state).save(args.out)
        print(f"saved the record to {args.out}")
    return 0
