"""`meja replay FILE`: show a saved game at its end or at any step, whole or as one seat saw it.

A game that is not over yet is shown as a spectator sees it unless --all asks for everything, so
that saving a game in `meja play` and replaying it never shows the bots' hidden cards.
"""

from __future__ import annotations

import argparse
from typing import Any

from meja.commands.common import counted, load_record
from meja.commands.play_session import render_view
from meja.core import CHANCE, InvalidPosition, State
from meja.core.told import say


def register(sub: Any) -> None:
    """Add the replay sub-command."""
    parser = sub.add_parser("replay", help="show a saved game at its end or at a given step")
    parser.add_argument("file", metavar="FILE", help="a game record saved by meja")
    parser.add_argument("--step", "-k", type=int, default=None, help="show the game after K steps")
    parser.add_argument("--moves", action="store_true", help="also list every move up to that step")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--seat", type=int, default=None, metavar="K", help="show only what seat K saw and was told"
    )
    shown.add_argument(
        "--spectator", action="store_true", help="show only what a spectator saw and was told"
    )
    shown.add_argument(
        "--all", action="store_true", help="show everything, hidden cards included, even mid-game"
    )
    parser.set_defaults(handler=run)


def _viewer(args: argparse.Namespace, final: State) -> tuple[bool, int | None]:
    """Whether to show everything, else the seat (None: spectator) to show the game to."""
    if args.seat is not None:
        if not 0 <= args.seat < final.num_players:
            raise InvalidPosition(f"--seat must be between 0 and {final.num_players - 1}")
        return False, args.seat
    if args.spectator:
        return False, None
    return args.all or final.is_terminal(), None


def run(args: argparse.Namespace) -> int:
    """Replay the record through the rules and print the state, or one viewer's part of it."""
    record = load_record(args.file)
    try:
        final = record.replay()
        steps = len(record.history) if args.step is None else args.step
        if not 0 <= steps <= len(record.history):
            raise InvalidPosition(f"--step must be between 0 and {len(record.history)}")
        everything, viewer = _viewer(args, final)
    except InvalidPosition as exc:
        raise ValueError(f"{args.file}: {exc}") from None
    state = record.new_state()
    names = [f"Player {seat + 1}" for seat in range(state.num_players)]
    for index, (player, action) in enumerate(record.history[:steps], start=1):
        if args.moves and everything:
            who = "chance" if player == CHANCE else f"seat {player}"
            print(f"{index:4}. {who}: {state.action_to_str(action, player)}")
        elif args.moves:
            words = say(state.told(player, action, viewer).text, viewer, names)
            if words:
                print(f"{index:4}. {words}")
        state.apply(action, player)
    players = counted(state.num_players, "player")
    print(f"{state.game.title}, {players}, step {steps} of {len(record.history)}")
    if everything:
        print(state)
    else:
        seen_as = "a spectator" if viewer is None else f"seat {viewer}"
        if args.seat is None and not args.spectator:
            print("The game is not over: shown as a spectator sees it (--all shows everything).")
        print(f"As {seen_as} sees it:")
        print(render_view(state, viewer))
    if state.is_terminal():
        scores = ", ".join(f"seat {i}: {s:g}" for i, s in enumerate(state.scores()))
        print(f"Final scores: {scores}. Winner: {state.winners()}.")
    return 0
