"""Measure how long each game typically runs, for the lobby's cards, and write
src/meja/web/lengths.json.

For every game and player count it runs `meja simulate` between heuristic bots and keeps the
median number of moves (chance excluded) from its games.csv. Run it again (`make lengths`) when
a game's rules or its heuristic bot change.
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from meja.core import list_games

OUT = Path(__file__).resolve().parents[1] / "src" / "meja" / "web" / "lengths.json"


def median_moves(game: str, players: int, games: int, bots: str, seed: int) -> int:
    """The median length of games played by `meja simulate`, in moves."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "meja.cli", "simulate", game, "--players", str(players)]
        command += ["--games", str(games), "--bots", bots, "--seed", str(seed)]
        command += ["--workers", "1", "--quiet", "--out", folder]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        with open(Path(folder) / "games.csv", newline="") as rows:
            return round(statistics.median(int(row["length"]) for row in csv.DictReader(rows)))


def main() -> None:
    """Simulate every game at every player count and write the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--bots", default="heuristic", help="bots, as meja simulate takes them")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    moves = {
        game.name: {
            str(n): median_moves(game.name, n, args.games, args.bots, args.seed)
            for n in range(game.min_players, game.max_players + 1)
        }
        for game in list_games()
    }
    data = {"bots": args.bots, "games": args.games, "seed": args.seed, "median_moves": moves}
    OUT.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
