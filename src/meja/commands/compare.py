"""`meja compare GAME --a key=value --b key=value`: simulate two rule variants and test the gaps;
`meja simulate GAME --sweep KEY=V1,V2,...`: the same for every value of one option."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meja.commands.common import add_game_argument, add_option_argument, counted
from meja.commands.simulate import (
    RunSettings,
    add_run_arguments,
    progress_for,
    random_warning,
    require_sim_extra,
    run_settings,
    start_backend_early,
)
from meja.core import parse_options

if TYPE_CHECKING:
    from meja.sim import SimJob, SimRun


def register(sub: Any) -> None:
    """Add the compare sub-command."""
    parser = sub.add_parser(
        "compare",
        help="simulate two rule variants and report which differences are significant",
        description="Run the same simulation (same seed, bots and seats) for variant a and "
        "variant b, write both reports and compare.{json,md,html} with every difference and "
        "whether it is significant.",
    )
    add_game_argument(parser)
    for name in ("a", "b"):
        parser.add_argument(
            f"--{name}",
            action="extend",
            nargs="*",
            default=[],
            metavar="KEY=VALUE",
            help=f"option of variant {name} (repeatable; none means the defaults)",
        )
    add_run_arguments(parser)
    add_option_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check both variants, simulate them one after the other, and write the comparison."""
    require_sim_extra()
    from meja.sim import make_job
    from meja.sim.compare_report import variant_label, write_comparison
    from meja.sim.report import check_out_dir

    settings = run_settings(args)
    game = settings.game
    variants = [parse_options(game, [*args.option, *extra]) for extra in (args.a, args.b)]
    labels = [variant_label(parse_options(game, extra)) for extra in (args.a, args.b)]
    jobs = [
        make_job(game, settings.players, args.bots, args.games, settings.seed, options)
        for options in variants
    ]
    out = Path(args.out or f"compare-{game.name}-{settings.players}p-seed{settings.seed}")
    check_out_dir(out)
    print(
        f"{game.title}: a = {labels[0]}, b = {labels[1]}; {args.games} games each, "
        f"{counted(settings.players, 'player')}, seed {settings.seed}"
    )
    random_warning(list(jobs[0].lineup))
    names = [f"{name}: {label}" for name, label in zip("ab", labels, strict=True)]
    runs = run_in_turn(jobs, names, settings)
    summary = write_comparison(runs[0], runs[1], labels, out)
    for row in summary["differences"]:
        if row["significant"]:
            print(
                f"  {row['measure']}: {row['a']:.3g} -> {row['b']:.3g} (adjusted p {row['q']:.2g})"
            )
    if not any(row["significant"] for row in summary["differences"]):
        print("  no significant difference")
    print(f"report: {out / 'compare.html'}")
    return 130 if any(r.interrupted for r in runs) else 0


def run_in_turn(
    jobs: Sequence[SimJob], labels: Sequence[str], settings: RunSettings
) -> list[SimRun]:
    """Run the jobs one after another; after Ctrl-C the rest are recorded as unplayed."""
    from meja.sim import SimRun, run_job
    from meja.sim.play import SimulationError

    runs: list[SimRun] = []
    try:
        for job, label in zip(jobs, labels, strict=True):
            if runs and runs[-1].interrupted:
                runs.append(SimRun(job, [], True, 0.0, settings.workers, settings.backend))
                continue
            listener = progress_for(settings, label)
            runs.append(
                run_job(job, settings.workers, settings.backend, settings.address, listener)
            )
    except SimulationError as exc:
        raise ValueError(f"simulation failed: {exc}") from None
    return runs


def run_sweep(args: argparse.Namespace, settings: RunSettings) -> int:
    """meja simulate --sweep: one job per value, every value compared with the first."""
    start_backend_early(settings)
    require_sim_extra()
    from meja.sim import make_job
    from meja.sim.report import check_out_dir
    from meja.sim.sweep import parse_sweep
    from meja.sim.sweep_report import write_sweep

    game = settings.game
    sweep = parse_sweep(game, args.sweep, parse_options(game, args.option))
    jobs = [
        make_job(game, settings.players, args.bots, args.games, settings.seed, options)
        for options in sweep.options
    ]
    default = f"sweep-{game.name}-{sweep.key}-{settings.players}p-seed{settings.seed}"
    out = Path(args.out or default)
    check_out_dir(out)
    print(
        f"{game.title}: {sweep.key} over {len(jobs)} values; {counted(args.games, 'game')} "
        f"each, {counted(settings.players, 'player')}, seed {settings.seed}"
    )
    random_warning(list(jobs[0].lineup))
    runs = run_in_turn(jobs, sweep.labels, settings)
    summary = write_sweep(runs, sweep, out)
    for label, rows in summary["differences"].items():
        significant = [row for row in rows if row["significant"]]
        print(f"  {label} against {sweep.labels[0]}: ", end="")
        print(
            "; ".join(f"{r['measure']} {r['a']:.3g} -> {r['b']:.3g}" for r in significant)
            or "no significant difference"
        )
    print(f"report: {out / 'sweep.html'}")
    return 130 if any(run.interrupted for run in runs) else 0
