"""Report files: summary.json, games.csv, report.md and report.html with their plots."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from meja.core import Game, load_game
from meja.core.episode import GameResult
from meja.sim import SimRun, make_job, run_job
from meja.sim.compare_report import variant_label, write_comparison
from meja.sim.flow import Flow
from meja.sim.report import write_report
from meja.sim.results import PlayedGame

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _strict_json(path: Path) -> Any:
    """Parse JSON, refusing NaN and Infinity as strict readers do."""

    def refuse(token: str) -> None:
        raise ValueError(f"{path.name} holds {token}")

    return json.loads(path.read_text(), parse_constant=refuse)


@pytest.fixture(scope="module")
def peranakan_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report")
    job = make_job(load_game("peranakan"), 3, "random", 60, 8, {})
    write_report(run_job(job, workers=1), out)
    return out


def test_every_report_file_is_written(peranakan_report: Path) -> None:
    names = {p.name for p in peranakan_report.iterdir()}
    assert {"summary.json", "games.csv", "report.md", "report.html", "plots"} <= names
    plots = {p.name for p in (peranakan_report / "plots").iterdir()}
    assert plots == {
        "win_rate_by_seat.png",
        "scores.png",
        "game_length.png",
        "end_conditions.png",
        "game_statistics.png",
        "game_flow.png",
        "winners_against_the_rest.png",
    }
    for png in (peranakan_report / "plots").iterdir():
        assert png.read_bytes().startswith(PNG_MAGIC) and png.stat().st_size > 5000


def test_summary_json_holds_the_job_and_the_statistics(peranakan_report: Path) -> None:
    summary = _strict_json(peranakan_report / "summary.json")
    assert summary["job"]["game"] == "peranakan" and summary["job"]["seed"] == 8
    assert summary["run"]["games_finished"] == 60 and summary["run"]["interrupted"] is False
    assert sum(seat["wins"] for seat in summary["seats"]) == pytest.approx(60)
    assert sum(summary["end_conditions"].values()) == 60
    assert set(summary["seat_stats"]) == {"sets", "kueh", "pawns_on_board"}
    assert "kueh_left_in_supply" in summary["stats"]


def test_games_csv_has_one_row_per_game(peranakan_report: Path) -> None:
    with (peranakan_report / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["game"]) for row in rows] == list(range(60))
    first = rows[0]
    for column in ("seed", "bot_0", "bot_2", "score_1", "winners", "length", "end", "sets_2"):
        assert first[column] != "", column
    for row in rows:
        scores = [float(row[f"score_{seat}"]) for seat in range(3)]
        winners = [int(w) for w in row["winners"].split(";")]
        assert all(scores[w] == max(scores) for w in winners)


def test_report_md_links_its_plots_and_html_embeds_them(peranakan_report: Path) -> None:
    markdown = (peranakan_report / "report.md").read_text()
    assert markdown.startswith("# Peranakan: Tiles and Tactics: 3 players, 60 games")
    assert "Seat 0 (the first seat) wins" in markdown
    for link in ("plots/win_rate_by_seat.png", "plots/game_statistics.png"):
        assert f"]({link})" in markdown and (peranakan_report / link).is_file()
    html = (peranakan_report / "report.html").read_text()
    assert html.count('<img src="data:image/png;base64,') == 7
    assert "<table>" in html and 'src="plots/' not in html


def test_a_game_without_statistics_says_so(toy: Game, tmp_path: Path) -> None:
    run = run_job(make_job(toy, 2, "random", 20, 1, {}), workers=1)
    write_report(run, tmp_path)
    assert "This game reports no statistics of its own." in (tmp_path / "report.md").read_text()
    assert not (tmp_path / "plots" / "game_statistics.png").exists()
    assert _strict_json(tmp_path / "summary.json")["end_conditions"] == {"unknown": 20}


def test_an_interrupted_run_reports_what_finished(toy: Game, tmp_path: Path) -> None:
    job = make_job(toy, 2, "random", 50, 1, {})
    partial = run_job(job, workers=1).results[:7]
    write_report(SimRun(job, partial, True, 0.5, 1, "local"), tmp_path / "partial")
    assert "**Interrupted**: 7 of 50 games finished" in (tmp_path / "partial/report.md").read_text()
    write_report(SimRun(job, [], True, 0.1, 1, "local"), tmp_path / "none")
    summary = _strict_json(tmp_path / "none" / "summary.json")
    assert summary["games"] == 0 and summary["seats"][0]["rate"] is None
    assert "No game finished" in (tmp_path / "none" / "report.md").read_text()


def test_a_comparison_writes_both_reports_and_the_differences(tmp_path: Path) -> None:
    game = load_game("peranakan")
    variants = [{"baba_neighbourhood": "orthogonal4"}, {"baba_neighbourhood": "moore8"}]
    runs = [run_job(make_job(game, 2, "random", 40, 3, v), workers=1) for v in variants]
    labels = [variant_label(v) for v in variants]
    summary = write_comparison(runs[0], runs[1], labels, tmp_path)
    assert (tmp_path / "a" / "report.html").is_file() and (tmp_path / "b" / "games.csv").is_file()
    saved = _strict_json(tmp_path / "compare.json")
    assert saved["variants"]["a"]["label"] == "baba_neighbourhood=orthogonal4"
    measures = [row["measure"] for row in summary["differences"]]
    assert "win rate, seat 0" in measures and "sets, seat 1" in measures
    assert {"turns", "branching factor", "lead changes", "settled share"} <= set(measures)
    markdown = (tmp_path / "compare.md").read_text()
    assert "(a) against baba_neighbourhood=moore8 (b)" in markdown
    assert "## Every measure" in markdown
    html = (tmp_path / "compare.html").read_text()
    assert html.count('<img src="data:image/png;base64,') in (3, 4)


def test_a_solo_report_gives_the_success_rate(tmp_path: Path) -> None:
    job = make_job(load_game("te_kuiti"), 1, "random", 10, 2, {})
    summary = write_report(run_job(job, workers=1), tmp_path)
    markdown = (tmp_path / "report.md").read_text()
    assert "Solo game: won " in markdown and "first seat" not in markdown
    assert summary["seats"][0]["games"] == 10


def _crafted_run(toy: Game, results: Sequence[GameResult]) -> SimRun:
    """A finished run of hand-built toy games."""
    return SimRun(
        make_job(toy, 2, "random", len(results), 1, {}), list(results), False, 1.0, 1, "local"
    )


def _crafted(
    index: int, scores: tuple[float, float], flow: Flow, stats: dict[str, float]
) -> PlayedGame:
    """A toy game record: the top score wins, shared when level."""
    winners = tuple(seat for seat in (0, 1) if scores[seat] == max(scores))
    returns = tuple(1 / len(winners) if seat in winners else 0.0 for seat in (0, 1))
    plain = GameResult(index, index, ("random",) * 2, scores, returns, winners, 8, 9)
    return PlayedGame(**{**vars(plain), "stats": stats}, flow=flow)


def test_shared_wins_and_constant_statistics_are_explained_not_plotted(
    toy: Game, tmp_path: Path
) -> None:
    results = [
        _crafted(
            i,
            (2.0, 2.0) if i < 3 else (3.0, 1.0),
            Flow(8, 8, 16, 0, True, 1, 5),
            {
                "deck_left": 0.0,
                "kueh_left": float(i % 4),
            },
        )
        for i in range(10)
    ]
    write_report(_crafted_run(toy, results), tmp_path)
    markdown = (tmp_path / "report.md").read_text()
    assert "| 0 | 85.0% |" in markdown and "| 8.5 | 7 | 1.5 from 3 games |" in markdown
    assert "seat 0's 8.5 wins are 7 outright and 1.5 from the 3 games it shared" in markdown
    assert "The same in every game: Deck left = 0." in markdown
    assert "| Deck left |" not in markdown and "| Kueh left |" in markdown
    assert "deck_left" not in markdown, "statistics are named in words, not by their keys"
    assert "`random` played every seat" in markdown
    assert not (tmp_path / "plots" / "win_rate_by_bot.png").exists()


def test_scores_that_never_move_during_play_are_said_to_give_no_lead(
    toy: Game, tmp_path: Path
) -> None:
    results = [
        _crafted(i, (3.0, 1.0) if i % 2 else (1.0, 3.0), Flow(8, 16, 40, 2, False, 1, 8), {})
        for i in range(6)
    ]
    summary = write_report(_crafted_run(toy, results), tmp_path)
    markdown = (tmp_path / "report.md").read_text()
    assert "scores of this game do not move during play" in markdown
    assert "| lead changes |" not in markdown
    assert "| branching factor | 2.50 |" in markdown and "| winning margin | 2 |" in markdown
    assert summary["flow"]["running_score_games"] == 0


def test_the_report_tells_how_games_unfold_and_what_winners_do(peranakan_report: Path) -> None:
    summary = _strict_json(peranakan_report / "summary.json")
    measures = summary["flow"]["measures"]
    assert {"turns", "branching factor", "winning margin", "lead changes", "settled share"} <= set(
        measures
    )
    assert measures["turns"]["min"] >= 36 and measures["lead changes"]["n"] == 60
    gaps = summary["winners_against_the_rest"]
    assert {gap["measure"] for gap in gaps} == {"kueh", "pawns_on_board", "decisions"}
    assert summary["statistics_equal_to_the_score"] == ["sets"]
    markdown = (peranakan_report / "report.md").read_text()
    assert "## How the games unfold" in markdown and "## What winners do differently" in markdown
    assert "| Pawns on board |" in markdown and "Left out as the score itself: Sets." in markdown
    assert "pawns_on_board" not in markdown, "statistics are named in words, not by their keys"
    with (peranakan_report / "games.csv").open() as handle:
        row = next(csv.DictReader(handle))
    assert int(row["turns"]) >= 36 and float(row["branching"]) > 1 and row["lead_changes"] != ""
