"""`meja replay FILE`: show a saved game at its end or at any step."""

from __future__ import annotations

import argparse
from typing import Any

from meja.commands.common import load_record
from meja.core import CHANCE, InvalidPosition


def register(sub: Any) -> None:
    """Add the replay sub-command."""
    parser = sub.add_parser("replay", help="show a saved game at its end or at a given step")
    parser.add_argument("file", metavar="FILE", help="a game record saved by meja")
    parser.add_argument("--step", "-k", type=int, default=None, help="show the game after K steps")
    parser.add_argument("--moves", action="store_true", help="also list every move up to that step")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Replay the record through the rules and print the state."""
    record = load_record(args.file)
    try:
        state = record.new_state()
        steps = len(record.history) if args.step is None else args.step
        if not 0 <= steps <= len(record.history):
            raise InvalidPosition(f"--step must be between 0 and {len(record.history)}")
        for index, (player, action) in enumerate(record.history[:steps], start=1):
            if args.moves:
                who = "chance" if player == CHANCE else f"seat {player}"
                print(f"{index:4}. {who}: {state.action_to_str(action, player)}")
            try:
                state.apply(action, player)
            except ValueError as exc:
                raise InvalidPosition(f"step {index}: {exc}") from None
    except InvalidPosition as exc:
        raise ValueError(f"{args.file}: {exc}") from None
    print(f"{state.game.title}, {state.num_players} players, step {steps} of {len(record.history)}")
    print(state)
    if state.is_terminal():
        scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(state.scores()))
        print(f"Final scores: {scores}. Winner: {state.winners()}.")
    return 0
