"""meja simulate's speed on this build: one worker's CPU per game, and whole runs by workers.

The per-game cost is processor time of play_range in this process; a run is run_job as the
command calls it (pool start included, report excluded), with the parent's processor time.
Rounds alternate the worker counts, as the machine's load changes. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import time

import meja
from meja.core import load_game
from meja.sim import make_job, run_job
from meja.sim.play import play_range


def main() -> None:
    """Measure and print one row per measurement and round."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="peranakan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    job = make_job(load_game(args.game), args.players, "random", args.games, 5, {})
    print(f"{args.game}, {args.players} players, random bots, {meja.BUILD} engine")
    print("| round | measure | games/s | CPU ms per game |\n|---|---|---|---|")
    sample = max(1, args.games // 10)
    for round_ in range(1, args.rounds + 1):
        start = time.process_time()
        play_range(job, 0, sample)
        cpu = (time.process_time() - start) / sample
        print(f"| {round_} | play_range, one process | {1 / cpu:,.0f} | {1e3 * cpu:.3f} |")
        for workers in args.workers:
            start = time.process_time()
            run = run_job(job, workers=workers)
            parent = (time.process_time() - start) / args.games
            print(
                f"| {round_} | run_job, workers={workers} | {run.games_per_second:,.0f} |"
                f" parent {1e3 * parent:.3f} |"
            )


if __name__ == "__main__":
    main()
