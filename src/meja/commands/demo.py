"""`meja demo GAME`: watch bots play a whole game in the terminal."""

from __future__ import annotations

import argparse
import random
from typing import Any

from meja.bots import RandomBot
from meja.commands.common import (
    add_game_argument,
    add_option_argument,
    game_and_options,
    player_count,
)
from meja.core import CHANCE, State
from meja.core.episode import play_episode


def register(sub: Any) -> None:
    """Add the demo sub-command."""
    parser = sub.add_parser("demo", help="watch bots play a whole game in the terminal")
    add_game_argument(parser)
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players")
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the final table")
    add_option_argument(parser)
    parser.set_defaults(handler=run)


def print_step(state: State, seat: int, action: int) -> None:
    """One numbered line per step, before it is applied."""
    who = "chance" if seat == CHANCE else f"seat {seat}"
    print(f"{len(state.history) + 1:4}. {who}: {state.action_to_str(action, seat)}")


def run(args: argparse.Namespace) -> int:
    """Play bots against each other, printing each move and the final table."""
    game, options = game_and_options(args)
    players = player_count(game, args.players)
    seed = random.randrange(1_000_000) if args.seed is None else args.seed
    state = game.new_state(players, **options)
    print(f"{game.title}: {players} bots, seed {seed}")
    policies = [RandomBot().choose] * players
    episode = play_episode(
        state, policies, random.Random(seed), on_step=None if args.quiet else print_step
    )
    print()
    print(episode.state)
    scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(episode.scores))
    winners = ", ".join(map(str, episode.winners)) or "nobody"
    print(f"Final scores: {scores}. Winner: {winners}.")
    return 0
