"""`meja arena GAME --bots ismcts,heuristic,random`: measure bots against each other."""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from meja.bots.arena import ArenaSetup, Standing, run_games, standings
from meja.bots.ratings import Rating, ratings
from meja.bots.registry import make_bot, split_bot_specs
from meja.commands.common import (
    add_game_argument,
    add_option_argument,
    counted,
    game_and_options,
    player_count,
)
from meja.core.episode import GameResult

GAME_FIELDS = ("index", "lineup", "returns", "scores", "moves", "think_seconds", "decisions")
"""What the --out file keeps of each game: enough to re-check every standing."""


def register(sub: Any) -> None:
    """Add the arena sub-command."""
    parser = sub.add_parser(
        "arena", help="play bots against each other with seats rotated and report win rates"
    )
    add_game_argument(parser)
    parser.add_argument(
        "--bots",
        "-b",
        default="heuristic,random",
        help="comma-separated bot specs, e.g. ismcts:iterations=200,heuristic,random "
        "(each pair meets with seats rotated)",
    )
    parser.add_argument("--games", "-n", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players")
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    parser.add_argument(
        "--workers",
        "-w",
        type=int,
        default=1,
        help="worker processes (default 1; 0 = one per core)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="also write the standings and every game's result to this JSON file",
    )
    add_option_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check every argument, play the games with a progress bar and print the standings."""
    game, options = game_and_options(args)
    players = player_count(game, args.players)
    specs = tuple(split_bot_specs(args.bots))
    for spec in specs:
        make_bot(spec, game)
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.workers < 0:
        raise ValueError("--workers must be 0 or more")
    if args.out is not None and not args.out.parent.is_dir():
        raise ValueError(f"--out: there is no directory {args.out.parent}")
    game.new_state(players, **options)
    workers = args.workers or os.cpu_count() or 1
    seed = random.randrange(1_000_000) if args.seed is None else args.seed
    setup = ArenaSetup(game.name, players, specs, seed, options)
    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 110)
    console.print(
        f"{game.title}: {counted(players, 'player')}, {counted(args.games, 'game')}, seed {seed}, "
        f"{len(setup.lineups())} seatings rotated"
    )
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("playing", total=args.games)

        def advance(_: GameResult) -> None:
            progress.advance(task)

        results = run_games(setup, args.games, workers, advance)
    rows = standings(specs, results)
    console.print(standings_table(rows))
    rated = ratings(specs, results, seed) if len(specs) > 2 else []
    if rated:
        console.print(ratings_table(rated))
    if args.out is not None:
        report = arena_report(setup, rows, results)
        report["ratings"] = [rating.__dict__ for rating in rated]
        args.out.write_text(json.dumps(report, indent=1) + "\n")
        console.print(f"Wrote {args.out}")
    return 0


def arena_report(
    setup: ArenaSetup, rows: list[Standing], results: list[GameResult]
) -> dict[str, Any]:
    """Everything needed to quote or re-check an arena: setup, standings and each game."""
    return {
        "game": setup.game,
        "players": setup.num_players,
        "bots": list(setup.specs),
        "seed": setup.seed,
        "options": setup.options,
        "standings": [
            {
                "bot": row.bot,
                "vs": row.opponent,
                "games": row.games,
                "win_rate": row.win_rate,
                "interval": list(row.interval),
                "mean_score": row.mean_score,
                "mean_length": row.mean_length,
                "cpu_seconds_per_move": row.seconds_per_move,
            }
            for row in rows
        ],
        "games": [{key: getattr(result, key) for key in GAME_FIELDS} for result in results],
    }


def standings_table(rows: list[Standing]) -> Table:
    """The arena's result table: one row per bot and opponent."""
    table = Table(title="win: share of games won, a tie counting half; 95% Wilson interval")
    for name in ("bot", "vs", "games", "win", "95% interval", "score", "length", "cpu s/move"):
        table.add_column(name, justify="left" if name in ("bot", "vs") else "right", no_wrap=True)
    for row in rows:
        low, high = row.interval
        table.add_row(
            row.bot,
            row.opponent,
            str(row.games),
            f"{row.win_rate:.1%}",
            f"{100 * low:.1f}-{100 * high:.1f}%",
            f"{row.mean_score:.2f}",
            f"{row.mean_length:.1f}",
            f"{row.seconds_per_move:.3f}",
        )
    return table


def ratings_table(rated: list[Rating]) -> Table:
    """Bradley-Terry ratings of a round-robin, strongest first."""
    table = Table(title="Bradley-Terry rating, Elo scale, mean 0; 95% bootstrap interval")
    for name in ("bot", "rating", "95% interval", "games"):
        table.add_column(name, justify="left" if name == "bot" else "right", no_wrap=True)
    for row in rated:
        table.add_row(
            row.bot, f"{row.rating:+.0f}", f"{row.low:+.0f} to {row.high:+.0f}", str(row.games)
        )
    return table
