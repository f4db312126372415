"""How much of a search bot's margin hidden information costs: the bot plays with every hand shown.

    python scripts/open_hands.py nasi_lemak --players 2 --games 120 --seed 2026

Plays the games as `meja arena` does (the same seatings and generators from the seed), with the
game's `resample` replaced by a plain copy of the true state, so the search's every world is the
real one: it sees the other hands, though not the order of the face-down piles, which stay
chance. Against the same opponent as `meja arena --bots strong,casual`, the difference between
the two win rates is what seeing the hidden cards is worth to that search. Runs on the pure
Python engine (a compiled class cannot be changed), so it takes a few times longer.
"""

from __future__ import annotations

import os

os.environ["MEJA_PURE"] = "1"

import argparse
import random
import sys

from meja.bots.arena import ArenaSetup, play_game
from meja.core import State, load_game
from meja.core.episode import wilson_interval


def _true_world(self: State, player: int, rng: random.Random) -> State:
    """The state itself, copied: what resample would draw if nothing were hidden."""
    return self.clone()


def main() -> None:
    """Play the games with the game's hands open and print the bot's win share."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bot", default="strong", help="the bot that sees the hands")
    parser.add_argument("--against", default="casual", help="the bot it plays, seeing its own")
    args = parser.parse_args()
    try:
        game = load_game(args.game)
    except ValueError as exc:
        parser.error(str(exc))
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{game.name} takes {game.min_players}-{game.max_players} players")
    type(game.new_state(args.players)).resample = _true_world  # type: ignore[method-assign]
    setup = ArenaSetup(args.game, args.players, (args.bot, args.against), args.seed)
    won = 0.0
    for index in range(args.games):
        result = play_game(setup, index)
        won += sum(
            share for share, owner in zip(result.returns, result.lineup, strict=True) if owner == 0
        )
        print(f"game {index + 1}/{args.games}: {won / (index + 1):.1%}", file=sys.stderr)
    low, high = wilson_interval(won, args.games)
    print(
        f"{args.bot} with the hands open against {args.against}, {game.name} at {args.players} "
        f"players, seed {args.seed}: {won / args.games:.1%} of {args.games} games "
        f"(95% interval {low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
