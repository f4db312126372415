"""`meja demo GAME`: watch bots play a whole game in the terminal."""

from __future__ import annotations

import argparse
import random
from typing import Any

from meja.bots import RandomBot
from meja.commands.common import (
    add_game_argument,
    add_option_argument,
    check_players,
    game_and_options,
)
from meja.core import CHANCE
from meja.core.game import sample_chance


def register(sub: Any) -> None:
    """Add the demo sub-command."""
    parser = sub.add_parser("demo", help="watch bots play a whole game in the terminal")
    add_game_argument(parser)
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players")
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the final table")
    add_option_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play bots against each other, printing each move and the final table."""
    game, options = game_and_options(args)
    players = args.players or (2 if game.min_players <= 2 <= game.max_players else game.min_players)
    check_players(game, players)
    seed = random.randrange(1_000_000) if args.seed is None else args.seed
    rng = random.Random(seed)
    bot = RandomBot()
    state = game.new_state(players, **options)
    print(f"{game.title}: {players} bots, seed {seed}")
    while not state.is_terminal():
        seat = state.current_player()
        action = sample_chance(state, rng) if seat == CHANCE else bot.choose(state, seat, rng)
        if not args.quiet:
            who = "chance" if seat == CHANCE else f"seat {seat}"
            print(f"{len(state.history) + 1:4}. {who}: {state.action_to_str(action, seat)}")
        state.apply(action, seat)
    print()
    print(state)
    scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(state.scores()))
    print(f"Final scores: {scores}. Winner: {', '.join(map(str, state.winners())) or 'nobody'}.")
    return 0
