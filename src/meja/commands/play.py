"""`meja play GAME --seats human,strong`: play against bots in the terminal."""

from __future__ import annotations

import argparse
import random
from typing import Any

from rich.console import Console

from meja.bots.registry import make_bot, split_bot_specs
from meja.commands.common import add_game_argument, add_option_argument, game_and_options
from meja.commands.play_session import HUMAN, TerminalSession


def register(sub: Any) -> None:
    """Add the play sub-command."""
    parser = sub.add_parser("play", help="play a game in the terminal against bots")
    add_game_argument(parser)
    parser.add_argument(
        "--seats",
        default="human,casual",
        help="one entry per seat in table order: human, a bot level (beginner, casual, "
        "strong, expert) or a bot spec (default human,casual), e.g. human,strong or "
        "human,ismcts:iterations=200,random",
    )
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    add_option_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check the seats, then hand the table to an interactive session."""
    game, options = game_and_options(args)
    specs = split_bot_specs(args.seats)
    humans = [seat for seat, spec in enumerate(specs) if spec.lower() == HUMAN]
    if len(humans) != 1:
        raise ValueError("--seats: name exactly one seat 'human' (use `meja demo` to watch bots)")
    if len(specs) not in game.player_counts():
        raise ValueError(
            f"--seats: {game.title} is for {game.min_players}-{game.max_players} players, "
            f"not {len(specs)}"
        )
    bots = {seat: make_bot(spec, game) for seat, spec in enumerate(specs) if seat != humans[0]}
    state = game.new_state(len(specs), **options)
    seed = random.randrange(1_000_000) if args.seed is None else args.seed
    session = TerminalSession(state, humans[0], bots, specs, seed, Console(highlight=False))
    return session.run()
