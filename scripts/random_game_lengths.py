"""Play seeded games of uniformly random legal moves and print the longest, per game and player
count: the figures meja.env.lengths compares its max_game_length bounds with (docs/rl.md).

    nice -n 10 python scripts/random_game_lengths.py --games 10000 --seed 1

Chance is drawn with the game's own probabilities and every seat picks uniformly among its legal
actions, as a random agent in any of the RL adapters does; the length counts chance steps too,
as len(state.history) and OpenSpiel's max_game_length do.
"""

from __future__ import annotations

import argparse

from meja.core.registry import list_games
from meja.env.lengths import max_game_length, random_game_length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game and count")
    parser.add_argument(
        "--seed", type=int, default=1, help="first seed; games use seed, seed+1, ..."
    )
    parser.add_argument("--game", action="append", help="only these games (default: all four)")
    args = parser.parse_args()
    print("| game | players | games | longest | mean | max_game_length | bound / longest |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game in list_games():
        if args.game and game.name not in args.game:
            continue
        for count in game.player_counts():
            lengths = [
                random_game_length(game, count, args.seed + index) for index in range(args.games)
            ]
            bound = max_game_length(game, count, {})
            longest = max(lengths)
            print(
                f"| {game.title} | {count} | {args.games:,} | {longest:,} | "
                f"{sum(lengths) / len(lengths):,.0f} | {bound:,} | {bound / longest:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
