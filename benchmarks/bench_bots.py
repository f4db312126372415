"""ISMCTS speed per game at its default budget: processor seconds per move on one core.

Plays seeded heuristic games and times the default ISMCTS bot on a sample of their decisions
(those with more than one legal move). Prints a Markdown table; writes JSON with --out.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from meja.bots.heuristic import HeuristicBot
from meja.bots.ismcts import ISMCTSBot
from meja.bots.registry import make_bot
from meja.core import State, load_game
from meja.core.episode import play_episode

CONFIGS = [
    ("te_kuiti", 2),
    ("peranakan", 2),
    ("peranakan", 4),
    ("nasi_lemak", 2),
    ("nasi_lemak", 4),
    ("mooncake", 2),
    ("mooncake", 4),
]


def measure(name: str, players: int, games: int, every: int, seed: int) -> dict[str, Any]:
    """Time ISMCTS on every every-th decision of seeded games that the heuristic plays out."""
    game = load_game(name)
    player = HeuristicBot(game)
    bot = make_bot("ismcts", game)
    assert isinstance(bot, ISMCTSBot)
    times: list[float] = []
    iterations = 0
    decisions = 0

    def timed_then_heuristic(state: State, seat: int, rng: random.Random) -> int:
        nonlocal decisions, iterations
        if len(state.legal_actions(seat)) > 1:
            decisions += 1
            if decisions % every == 0:
                start = time.process_time()
                bot.choose(state, seat, rng)
                times.append(time.process_time() - start)
                iterations += bot.last.iterations
        return player.choose(state, seat, rng)

    for index in range(games):
        decisions = 0
        policies = [timed_then_heuristic] * players
        play_episode(game.new_state(players), policies, random.Random(f"{seed}:{index}"))
    total = sum(times)
    return {
        "game": name,
        "players": players,
        "moves": len(times),
        "iterations_per_second": iterations / total if total else 0.0,
        "mean_seconds": total / len(times) if times else 0.0,
        "worst_seconds": max(times, default=0.0),
    }


def main() -> None:
    """Run every configuration and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="seeded games per configuration")
    parser.add_argument("--every", type=int, default=4, help="time every N-th decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the results as JSON here")
    args = parser.parse_args()
    rows = []
    print("| game | players | moves timed | iterations per cpu-second | mean cpu s/move | worst |")
    print("|---|---|---|---|---|---|")
    for name, players in CONFIGS:
        row = measure(name, players, args.games, args.every, args.seed)
        rows.append(row)
        print(
            f"| {name} | {players} | {row['moves']} | {row['iterations_per_second']:,.0f} "
            f"| {row['mean_seconds']:.3f} | {row['worst_seconds']:.3f} |",
            flush=True,
        )
    if args.out:
        args.out.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
