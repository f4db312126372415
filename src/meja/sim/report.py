"""Write a run's report: summary.json, games.csv, report.md and report.html with PNG plots."""

from __future__ import annotations

import base64
import csv
import html
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from meja import __version__
from meja.core.episode import GameResult
from meja.sim import plots, plots_flow
from meja.sim.flow import winning_margin
from meja.sim.measures import flow_summary, flow_values
from meja.sim.report_flow import flow_lines, winner_lines
from meja.sim.report_parts import ImageLink, image, num, percent, statistic_label, table
from meja.sim.results import flows
from meja.sim.runner import SimRun
from meja.sim.stats import summarize
from meja.sim.winners import score_copies, winner_gaps

PLOT_DIR = "plots"
STYLE = """
body { font-family: system-ui, sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
code { background: #f3f3f3; padding: 0 0.2rem; }
"""


RANDOM_WARNING = (
    "**Random play only.** Every seat was played by the `random` bot, which picks any legal "
    "move. That shows what the rules do by themselves (turn order, how games end), but says "
    "little about balance between players who try to win: a bot that plays for points beats "
    "random ones nearly every game. For balance, simulate `heuristic` bots (the default) or a "
    "level such as `casual` or `strong`."
)


def check_out_dir(out: Path) -> None:
    """Refuse an output path that is an existing file, before any game is played."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out}: exists and is not a directory")


def write_report(run: SimRun, out: Path) -> dict[str, Any]:
    """Write every report file of run into out and return the summary."""
    out.mkdir(parents=True, exist_ok=True)
    (out / PLOT_DIR).mkdir(exist_ok=True)
    summary = build_summary(run)
    write_json(out / "summary.json", summary)
    write_games_csv(run.results, run.job.players, out / "games.csv")
    images = draw_plots(run.results, run.job.players, out / PLOT_DIR, summary)
    write_documents(out, "report", lambda link: report_markdown(summary, images, link))
    return summary


def build_summary(run: SimRun) -> dict[str, Any]:
    """The whole content of summary.json."""
    return {
        "meja": __version__,
        "job": run.job.describe(),
        "run": run.describe(),
        **summarize(run.results, run.job.players),
        "flow": flow_summary(run.results, run.job.players),
        "winners_against_the_rest": [
            {**asdict(gap.test), "effect": gap.effect} for gap in winner_gaps(run.results)
        ],
        "statistics_equal_to_the_score": score_copies(run.results),
    }


def random_only(lineup: Sequence[str]) -> bool:
    """Whether every seat is played by the random bot."""
    return all(bot.strip().lower() == "random" for bot in lineup)


def write_json(path: Path, data: Any) -> None:
    """JSON with NaN written as null, so strict readers accept it."""
    path.write_text(json.dumps(_finite(data), indent=2) + "\n", encoding="utf-8")


def _finite(data: Any) -> Any:
    """data with every NaN and infinity replaced by None."""
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {key: _finite(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_finite(value) for value in data]
    return data


def write_games_csv(results: Sequence[GameResult], players: int, path: Path) -> None:
    """One row per game with per-seat columns, in game order; the same for any worker count."""
    stat_names = sorted({name for r in results for name in r.stats})
    seat_names = sorted({name for r in results for name in r.seat_stats})
    seats = range(players)
    header = [
        "game",
        "seed",
        *(f"bot_{s}" for s in seats),
        *(f"score_{s}" for s in seats),
        "winners",
        "length",
        "steps",
        "end",
        "turns",
        "branching",
        "margin",
        "lead_changes",
        "settled_turn",
        *stat_names,
        *(f"{name}_{s}" for name in seat_names for s in seats),
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        flow_of = {r.index: flow for r, flow in flows(results)}
        for r in results:
            per_seat = [r.seat_stats.get(name) for name in seat_names]
            flow = flow_of.get(r.index)
            margin = winning_margin(r.scores, r.winners)
            writer.writerow(
                [
                    r.index,
                    r.seed,
                    *r.bots,
                    *(_number(x) for x in r.scores),
                    ";".join(str(w) for w in r.winners),
                    r.moves,
                    r.steps,
                    r.end,
                    "" if flow is None else flow.turns,
                    "" if flow is None else f"{flow.branching:.3f}",
                    "" if margin is None else _number(margin),
                    "" if flow is None else flow.lead_changes,
                    "" if flow is None or flow.settled_turn is None else flow.settled_turn,
                    *(_number(r.stats[n]) if n in r.stats else "" for n in stat_names),
                    *(_number(v[s]) if v else "" for v in per_seat for s in seats),
                ]
            )


def _number(value: float) -> str:
    """A number without a needless .0."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def draw_plots(
    results: Sequence[GameResult], players: int, folder: Path, summary: dict[str, Any]
) -> dict[str, Path]:
    """Every figure of the report, by name; figures need at least one finished game."""
    if not results:
        return {}
    constant = set(summary["constant_stats"])
    images = {
        "seats": plots.seat_win_rates(results, players, folder / "win_rate_by_seat.png"),
        "scores": plots.score_distributions(results, players, folder / "scores.png"),
        "length": plots.game_lengths(results, folder / "game_length.png"),
        "ends": plots.end_conditions(results, folder / "end_conditions.png"),
    }
    drawn = {
        "stats": plots.game_statistics(
            results, players, folder / "game_statistics.png", skip=constant
        ),
        "flow": plots_flow.flow_measures(flow_values(results, players), folder / "game_flow.png"),
        "winners": plots_flow.winner_gaps(
            summary["winners_against_the_rest"], folder / "winners_against_the_rest.png"
        ),
    }
    if len(summary["bots"]) > 1:
        drawn["bots"] = plots.bot_win_rates(results, players, folder / "win_rate_by_bot.png")
    images.update({name: path for name, path in drawn.items() if path is not None})
    return images


def write_documents(out: Path, stem: str, render: Callable[[ImageLink], str]) -> None:
    """stem.md linking the PNGs, and stem.html that embeds them so it opens anywhere."""
    markdown = render(lambda path: path.relative_to(out).as_posix())
    (out / f"{stem}.md").write_text(markdown, encoding="utf-8")
    inline = render(_data_uri)
    title = html.escape(inline.splitlines()[0].lstrip("# "))
    body = MarkdownIt("commonmark").enable("table").render(inline)
    page = (
        f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )
    (out / f"{stem}.html").write_text(page, encoding="utf-8")


def _data_uri(path: Path) -> str:
    """A PNG file as a data URI, so the HTML report is a single file."""
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def report_markdown(summary: dict[str, Any], images: dict[str, Path], link: ImageLink) -> str:
    """The report as Markdown; link turns a PNG path into the reference to use."""
    job, run = summary["job"], summary["run"]
    players = job["players"]
    lines = [f"# {job['title']}: {players} players, {run['games_finished']} games", ""]
    lines += _run_lines(summary)
    if not run["games_finished"]:
        lines.append("No game finished, so there is nothing to report yet.")
        return "\n".join(lines) + "\n"
    lines += _winner_lines(summary, images, link)
    lines += _bot_lines(summary, images, link)
    lines += _score_lines(summary, images, link)
    length = summary["length"]
    lines += ["## Game length", ""]
    lines += [
        f"Moves per game (chance steps excluded): mean {num(length['mean'], 1)}, "
        f"sd {num(length['sd'], 1)}, min {num(length['min'])}, median {num(length['median'])}, "
        f"max {num(length['max'])}.",
        "",
    ]
    turns = summary["flow"]["measures"].get("turns")
    if turns and turns["n"]:
        lines += [
            f"Turns per game, a turn being one seat's consecutive decisions: mean "
            f"{num(turns['mean'], 1)}, min {num(turns['min'])}, median {num(turns['median'])}, "
            f"max {num(turns['max'])}.",
            "",
        ]
    lines += image(images, "length", "Game length histogram", link)
    lines += ["## End conditions", ""]
    finished = run["games_finished"]
    lines += table(
        ["end condition", "games", "share"],
        [[end, str(c), percent(c / finished)] for end, c in summary["end_conditions"].items()],
    )
    lines += image(images, "ends", "End-condition frequencies", link)
    lines += _statistics_lines(summary, images, link)
    lines += flow_lines(summary, images, link)
    lines += winner_lines(summary, images, link)
    lines += [
        "## Files",
        "",
        "- `games.csv`: one row per game (seed, bots and scores per seat, winners, length, "
        "end condition, turns, branching factor, winning margin, lead changes, settled turn, "
        "statistics).",
        "- `summary.json`: every number of this report.",
        f"- `{PLOT_DIR}/`: the figures as PNG.",
        "",
    ]
    return "\n".join(lines)


def _constant(values: Sequence[float]) -> str:
    """A constant statistic's value, or its value per seat."""
    if len(values) == 1:
        return num(values[0])
    return "(" + ", ".join(f"seat {s}: {num(v)}" for s, v in enumerate(values)) + ")"


def _interval(rate: dict[str, float]) -> str:
    """A 95% interval of rates."""
    return f"{percent(rate['low'])} - {percent(rate['high'])}"


def _run_lines(summary: dict[str, Any]) -> list[str]:
    """What was simulated and how fast."""
    job, run = summary["job"], summary["run"]
    options = ", ".join(f"`{k}={v}`" for k, v in job["options"].items()) or "none"
    lines = [
        f"- Bots by seat in game 0: {', '.join(f'`{b}`' for b in job['lineup'])} "
        "(rotated one seat each game)",
        f"- Options: {options}",
        f"- Seed {job['seed']}; {run['backend']} backend, {run['workers']} "
        f"worker{'s' if run['workers'] > 1 else ''}; "
        f"{run['elapsed_seconds']:.1f} s, {run['games_per_second']:.1f} games/s",
    ]
    if run["interrupted"]:
        lines.append(
            f"- **Interrupted**: {run['games_finished']} of {job['games']} games finished; "
            "this report covers those."
        )
    lines.append("")
    if random_only(job["lineup"]):
        lines += [f"> {RANDOM_WARNING}", ""]
    return lines


def _winner_lines(summary: dict[str, Any], images: dict[str, Path], link: ImageLink) -> list[str]:
    """Win rates by seat and the first-player advantage."""
    first = summary["first_player"]
    lines = ["## Win rate by seat", ""]
    if summary["job"]["players"] == 1:
        solo = summary["seats"][0]
        lines.append(f"Solo game: won {percent(solo['rate'])} (95% interval {_interval(solo)}).")
        return [*lines, ""]
    lines.append(
        f"Seat 0 (the first seat) wins {percent(first['first_seat_win_rate'])} of games against a "
        f"fair share of {percent(first['fair_share'])}: an advantage of "
        f"{100 * first['advantage']:+.1f} points (95% interval "
        f"{100 * first['advantage_low']:+.1f} to {100 * first['advantage_high']:+.1f})."
    )
    p = first["seats_equal_p"]
    if p is not None and not math.isnan(p):
        verdict = "differ significantly" if p < 0.05 else "do not differ significantly"
        lines.append(f"The seats' win rates {verdict} (chi-square p = {p:.3g}).")
    lines.append(
        f"Shared wins: {percent(summary['shared_wins'])} of games; no winner: "
        f"{percent(summary['no_winner'])}."
    )
    lines.append("")
    parts = summary["seat_wins"]
    shared = any(part["shared_games"] for part in parts)
    lines += table(
        ["seat", "win rate", "95% interval", "wins", *(["outright", "shared"] if shared else [])],
        [
            [
                str(seat),
                percent(rate["rate"]),
                _interval(rate),
                num(rate["wins"], 1),
                *([str(part["outright"]), _shared(part)] if shared else []),
            ]
            for seat, (rate, part) in enumerate(zip(summary["seats"], parts, strict=True))
        ],
    )
    if shared:
        lines += [_shared_note(summary["seats"], parts), ""]
    lines += image(images, "seats", "Win rate by seat", link)
    return lines


def _bot_lines(summary: dict[str, Any], images: dict[str, Path], link: ImageLink) -> list[str]:
    """Win rate by bot, or a line when one bot played every seat (its rate is the fair share)."""
    lines = ["## Win rate by bot", ""]
    bots = summary["bots"]
    if len(bots) == 1:
        bot = next(iter(bots))
        return [*lines, f"`{bot}` played every seat, so its win rate is the fair share.", ""]
    lines += table(
        ["bot", "seat-games", "win rate", "95% interval"],
        [
            [f"`{bot}`", str(rate["games"]), percent(rate["rate"]), _interval(rate)]
            for bot, rate in bots.items()
        ],
    )
    return lines + image(images, "bots", "Win rate by bot", link)


def _shared(part: dict[str, float]) -> str:
    """A seat's shared wins: the credit and the games it came from."""
    return f"{num(part['shared'], 1)} from {part['shared_games']} games"


def _shared_note(seats: Sequence[dict[str, float]], parts: Sequence[dict[str, float]]) -> str:
    """Why win counts have fractions, with the first seat that shared a win as the example."""
    seat = next(s for s, part in enumerate(parts) if part["shared_games"])
    part = parts[seat]
    return (
        "A win shared by *k* tied winners (after the game's own tie-breaks) counts 1/*k* to "
        f"each of them, so wins can have a fraction: seat {seat}'s {num(seats[seat]['wins'], 1)} "
        f"wins are {part['outright']} outright and {num(part['shared'], 1)} from the "
        f"{part['shared_games']} games it shared."
    )


def _score_lines(summary: dict[str, Any], images: dict[str, Path], link: ImageLink) -> list[str]:
    """Final scores by seat."""
    lines = ["## Scores", ""]
    rows = [
        [f"seat {seat}", *(num(d[k]) for k in ("mean", "sd", "min", "median", "max"))]
        for seat, d in enumerate(summary["scores"])
    ]
    winning = summary["winning_score"]
    rows.append(["best score", *(num(winning[k]) for k in ("mean", "sd", "min", "median", "max"))])
    lines += table(["", "mean", "sd", "min", "median", "max"], rows)
    lines += image(images, "scores", "Score distributions", link)
    return lines


def _statistics_lines(
    summary: dict[str, Any], images: dict[str, Path], link: ImageLink
) -> list[str]:
    """The game's own statistics, or a note that it reports none."""
    lines = ["## Game statistics", ""]
    constant = summary["constant_stats"]
    stats = {k: v for k, v in summary["stats"].items() if k not in constant}
    seat_stats = {k: v for k, v in summary["seat_stats"].items() if k not in constant}
    if not stats and not seat_stats and not constant:
        return [*lines, "This game reports no statistics of its own.", ""]
    if constant:
        same = "; ".join(
            f"{statistic_label(name)} = {_constant(values)}" for name, values in constant.items()
        )
        lines += [f"The same in every game: {same}.", ""]
    if stats:
        lines += table(
            ["statistic", "mean", "sd", "min", "median", "max"],
            [
                [
                    statistic_label(name),
                    *(num(d[k]) for k in ("mean", "sd", "min", "median", "max")),
                ]
                for name, d in stats.items()
            ],
        )
    if seat_stats:
        players = summary["job"]["players"]
        lines += table(
            ["statistic (mean)", *(f"seat {s}" for s in range(players))],
            [
                [statistic_label(name), *(num(d["mean"]) for d in per_seat)]
                for name, per_seat in seat_stats.items()
            ],
        )
    lines += image(images, "stats", "Game statistics", link)
    return lines
