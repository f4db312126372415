"""`meja random GAME`: play a seeded random game, print it and save its record."""

from __future__ import annotations

import argparse
import random
from typing import Any

from meja.commands.common import (
    add_game_argument,
    add_option_argument,
    game_and_options,
    player_count,
)
from meja.core import GameRecord
from meja.core.episode import play_episode, random_policy


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
    players = player_count(game, args.players)
    state = game.new_state(players, **options)
    episode = play_episode(
        state, [random_policy] * players, random.Random(args.seed), any_active_seat=True
    )
    print(state)
    print()
    scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(episode.scores))
    winners = episode.winners
    result = ", ".join(f"seat {w}" for w in winners) if winners else "nobody"
    print(f"{episode.steps} steps. Scores: {scores}. Winner: {result}.")
    if args.out:
        GameRecord.from_state(state).save(args.out)
        print(f"saved the record to {args.out}")
    return 0
