"""`meja simulate GAME`: many seeded bot games in parallel, written up as a balance report."""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meja.commands.common import add_game_argument, add_option_argument, counted, player_count
from meja.core import Game, load_game, parse_options

DEFAULT_GAMES = 500
DEFAULT_BOTS = "heuristic"
"""Bots that play for points, so the report speaks of balance; 500 of their games take about
25 s of two cores in the slowest game (Peranakan), where random bots would take under one."""


def register(sub: Any) -> None:
    """Add the simulate sub-command."""
    parser = sub.add_parser(
        "simulate",
        help="simulate many bot games and write a balance report",
        description="Play many seeded games between bots, seats rotated, and write summary.json, "
        "games.csv, report.md and report.html with plots. Ctrl-C writes the report of the games "
        "that finished.",
    )
    add_game_argument(parser)
    add_run_arguments(parser)
    add_option_argument(parser)
    parser.add_argument(
        "--sweep",
        default=None,
        metavar="KEY=V1,V2,...",
        help="simulate once per value of a rule option and compare every value with the first",
    )
    parser.set_defaults(handler=run)


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments shared by simulate and compare."""
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players")
    parser.add_argument(
        "--bots",
        "-b",
        default=DEFAULT_BOTS,
        help="comma-separated bots or levels by seat, repeated to fill the seats, e.g. "
        f"heuristic,random or strong (default: {DEFAULT_BOTS})",
    )
    parser.add_argument(
        "--games", "-n", type=int, default=DEFAULT_GAMES, help=f"games (default {DEFAULT_GAMES})"
    )
    parser.add_argument("--seed", "-s", type=int, default=None, help="seed (default: random)")
    parser.add_argument(
        "--workers", "-w", default="auto", help="worker processes or Ray CPUs (default: auto)"
    )
    parser.add_argument(
        "--backend", choices=("local", "ray"), default="local", help="where games run"
    )
    parser.add_argument(
        "--ray-address", default=None, help="Ray cluster to join (default: start a local Ray)"
    )
    parser.add_argument("--out", "-O", default=None, metavar="DIR", help="report directory")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


@dataclass(frozen=True)
class RunSettings:
    """The checked arguments common to simulate and compare."""

    game: Game
    players: int
    seed: int
    workers: int
    backend: str
    address: str | None
    quiet: bool


def run_settings(args: argparse.Namespace) -> RunSettings:
    """Check the shared arguments, raising ValueError with the option's name."""
    from meja.sim.runner import parse_workers

    game = load_game(args.game)
    players = player_count(game, args.players)
    if args.ray_address and args.backend != "ray":
        raise ValueError("--ray-address needs --backend ray")
    seed = random.randrange(2**31) if args.seed is None else args.seed
    workers = parse_workers(args.workers)
    return RunSettings(game, players, seed, workers, args.backend, args.ray_address, args.quiet)


def progress_for(settings: RunSettings, label: str) -> Any:
    """A progress bar, or a silent listener with --quiet."""
    from meja.sim.progress import ProgressBar, Silent

    return Silent() if settings.quiet else ProgressBar(label)


def start_backend_early(settings: RunSettings) -> None:
    """Let local workers load meja while this process imports the report's libraries."""
    if settings.backend == "local" and settings.workers > 1:
        from meja.sim.local import start_workers_early

        start_workers_early()


def require_sim_extra() -> None:
    """Plots and statistical tests need the sim extra; say how to install it, not fail later."""
    try:
        import matplotlib  # noqa: F401
        import scipy  # noqa: F401
    except ImportError as exc:
        raise ValueError(f"{exc.name} is missing: pip install 'meja[sim]'") from None


def run(args: argparse.Namespace) -> int:
    """Check everything, simulate, write the report and print the headline numbers."""
    settings = run_settings(args)
    if args.sweep is not None:
        from meja.commands.compare import run_sweep

        return run_sweep(args, settings)
    start_backend_early(settings)
    require_sim_extra()
    from meja.sim import make_job, run_job
    from meja.sim.play import SimulationError
    from meja.sim.report import check_out_dir, write_report

    game = settings.game
    options = parse_options(game, args.option)
    job = make_job(game, settings.players, args.bots, args.games, settings.seed, options)
    out = Path(args.out or f"sim-{game.name}-{settings.players}p-seed{settings.seed}")
    check_out_dir(out)
    print(
        f"{game.title}: {counted(args.games, 'game')}, {counted(settings.players, 'player')}, "
        f"seed {settings.seed}, {counted(settings.workers, 'worker')} ({settings.backend})"
    )
    random_warning(list(job.lineup))
    listener = progress_for(settings, game.name)
    try:
        sim = run_job(job, settings.workers, settings.backend, settings.address, listener)
    except SimulationError as exc:
        raise ValueError(f"simulation failed: {exc}") from None
    summary = write_report(sim, out)
    print_headline(summary)
    print(f"report: {out / 'report.html'}")
    return 130 if sim.interrupted else 0


def random_warning(lineup: list[str]) -> None:
    """Say, before the games, that random play alone says little about balance."""
    from meja.sim.report import random_only

    if random_only(lineup):
        print(
            "note: random bots only: this shows what the rules do by themselves, not balance "
            "between players who try to win (use --bots heuristic, the default, or a level)"
        )


def print_headline(summary: dict[str, Any]) -> None:
    """Games played, speed and the win rate of every seat."""
    run_info = summary["run"]
    if run_info["interrupted"]:
        print(f"interrupted: {run_info['games_finished']} games finished")
    print(
        f"{run_info['games_finished']} games in {run_info['elapsed_seconds']:.1f} s "
        f"({run_info['games_per_second']:.1f} games/s)"
    )
    if not run_info["games_finished"]:
        return
    for seat, rate in enumerate(summary["seats"]):
        print(f"  seat {seat}: wins {_rate(rate)}")
    if summary["shared_wins"]:
        print(
            f"  shared wins: {100 * summary['shared_wins']:.1f}% of games, each winner "
            "counting 1/k of a win when k share it"
        )
    print_flow(summary["flow"])
    first = summary["first_player"]
    if len(summary["seats"]) == 1:
        return
    print(
        f"  first-seat advantage: {100 * first['advantage']:+.1f} points "
        f"(95% {100 * first['advantage_low']:+.1f} to {100 * first['advantage_high']:+.1f})"
    )
    if len(summary["bots"]) > 1:
        for bot, rate in summary["bots"].items():
            print(f"  bot {bot}: wins {_rate(rate)} of its seats")


def print_flow(flow: dict[str, Any]) -> None:
    """Turns, branching, margin and lead changes in one line."""
    measures = flow["measures"]
    parts = [
        f"{label} {measures[name]['mean']:.{digits}f}"
        for name, label, digits in (
            ("turns", "turns", 1),
            ("branching factor", "branching", 1),
            ("winning margin", "margin", 2),
            ("lead changes", "lead changes", 2),
        )
        if name in measures and measures[name]["n"]
    ]
    if parts:
        print("  per game: " + ", ".join(parts))


def _rate(rate: dict[str, float]) -> str:
    """A win rate with its interval, in percent."""
    return f"{100 * rate['rate']:.1f}% (95% {100 * rate['low']:.1f}-{100 * rate['high']:.1f}%)"
