"""How Nasi Lemak bots trade: offers per turn and how often they are accepted, per bot.

    python scripts/trade_offers.py --bots strong,casual --games 20 --players 2 --seed 2026

Plays the games as `meja arena` does (the same seatings and generators from the seed), then
reads each game's history: every proposal, who made it, and whether its partner accepted.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, field

from meja.bots.arena import ArenaSetup
from meja.bots.registry import make_bot, split_bot_specs
from meja.core import load_game
from meja.core.episode import play_episode
from meja.games.nasi_lemak.actions import ACCEPT, PROPOSE
from meja.games.nasi_lemak.state import NasiLemakState


@dataclass
class Trading:
    """One bot's offers: how many, in how many of its turns, and how many were accepted."""

    proposals: int = 0
    accepted: int = 0
    turns: int = 0
    per_turn: Counter[int] = field(default_factory=Counter)

    def line(self, name: str) -> str:
        """The bot's figures in one line."""
        rate = self.accepted / self.proposals if self.proposals else 0.0
        most = max(self.per_turn, default=0)
        return (
            f"{name}: {self.proposals} offers in {self.turns} turns "
            f"({self.proposals / max(self.turns, 1):.2f} a turn, at most {most} in one), "
            f"{self.accepted} accepted ({rate:.1%})"
        )


def trading(setup: ArenaSetup, index: int, tally: dict[str, Trading]) -> None:
    """Play game number index and add each bot's offers to tally."""
    game = load_game(setup.game)
    lineups = setup.lineups()
    lineup = lineups[index % len(lineups)]
    seeder = random.Random(f"{setup.seed}:{index}")
    chance_rng = random.Random(seeder.getrandbits(64))
    seat_rngs = [random.Random(seeder.getrandbits(64)) for _ in range(setup.num_players)]
    bots = {i: make_bot(setup.specs[i], game) for i in set(lineup)}
    policies = [bots[owner].choose for owner in lineup]
    final = play_episode(
        game.new_state(setup.num_players, **setup.options),
        policies,
        chance_rng,
        seat_rngs=seat_rngs,
    ).state
    replay = game.new_state(setup.num_players, **setup.options)
    assert isinstance(replay, NasiLemakState)
    in_turn: Counter[tuple[int, int]] = Counter()
    turns: set[tuple[int, int]] = set()
    proposer = -1
    for seat, action in final.history:
        if seat == replay.turn_seat:
            turns.add((replay.turn, seat))
        if seat == replay.turn_seat and action == PROPOSE:
            in_turn[replay.turn, seat] += 1
            proposer = seat
        elif proposer >= 0 and seat >= 0 and seat != proposer:
            if action == ACCEPT:
                tally[setup.specs[lineup[proposer]]].accepted += 1
            proposer = -1
        replay.apply(action, seat)
    for turn, active in turns:
        row = tally[setup.specs[lineup[active]]]
        row.turns += 1
        count = in_turn[turn, active]
        row.proposals += count
        row.per_turn[count] += 1


def main() -> None:
    """Parse the command line, play the games and print each bot's trading."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="strong,casual")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    specs = tuple(split_bot_specs(args.bots))
    setup = ArenaSetup("nasi_lemak", args.players, specs, args.seed)
    tally = {spec: Trading() for spec in specs}
    for index in range(args.games):
        trading(setup, index, tally)
    for spec in dict.fromkeys(specs):
        print(tally[spec].line(spec))


if __name__ == "__main__":
    main()
