"""`meja simulate` and `meja compare` from the command line, bad input included."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meja.cli import main

QUICK = ["--games", "12", "--seed", "4", "--workers", "1", "--quiet"]


def test_simulate_writes_a_report_and_prints_the_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report"
    assert main(["simulate", "peranakan", "-p", "3", *QUICK, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "12 games in" in printed and "seat 2: wins" in printed
    assert f"report: {out / 'report.html'}" in printed
    assert "random bots only" not in printed
    summary = json.loads((out / "summary.json").read_text())
    assert summary["job"]["lineup"] == ["heuristic"] * 3
    assert summary["run"]["games_finished"] == 12


def test_random_play_only_is_flagged_on_screen_and_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "random"
    args = ["simulate", "peranakan", "-p", "3", "--bots", "random", *QUICK, "--out", str(out)]
    assert main(args) == 0
    assert "note: random bots only" in capsys.readouterr().out
    assert "**Random play only.**" in (out / "report.md").read_text()


def test_a_solo_simulation_counts_its_player_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "solo"
    assert main(["simulate", "te_kuiti", "-p", "1", *QUICK, "--out", str(out)]) == 0
    assert "Te Kuiti: 12 games, 1 player, seed 4, 1 worker (local)" in capsys.readouterr().out


def test_simulate_names_its_report_directory_after_the_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert (
        main(["simulate", "mooncake", "-p", "3", "-o", "half_yolk_bonus=cakes_with_yolk", *QUICK])
        == 0
    )
    summary = json.loads((tmp_path / "sim-mooncake-3p-seed4" / "summary.json").read_text())
    assert summary["job"]["options"]["half_yolk_bonus"] == "cakes_with_yolk"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "peranakan", "-p", "9"], "--players"),
        (["simulate", "peranakan", "-p", "0"], "--players"),
        (["simulate", "peranakan", "-o", "colour=red"], "unknown option 'colour'"),
        (["simulate", "peranakan", "-o", "baba_neighbourhood=hex6"], "is not one of"),
        (["simulate", "peranakan", "--bots", "oracle"], "unknown bot 'oracle'"),
        (["simulate", "peranakan", "--bots", "ismcts:iterations=many"], "iterations"),
        (["simulate", "peranakan", "--games", "0"], "--games must be at least 1"),
        (["simulate", "peranakan", "--workers", "none"], "--workers"),
        (["simulate", "peranakan", "--ray-address", "x:1"], "--ray-address needs --backend ray"),
        (["compare", "peranakan", "--a", "daisies=3"], "unknown option 'daisies'"),
        (["simulate", "peranakan", "--sweep", "start_player=1"], "at least two values"),
        (["simulate", "peranakan", "--sweep", "daisies=1,2"], "unknown option 'daisies'"),
        (["compare", "peranakan", "--b", "noequals"], "expected key=value"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main([*args, "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meja: error:") and message in err and err.count("\n") == 1
    assert not out.exists()


def test_an_output_path_that_is_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("keep me")
    assert main(["simulate", "peranakan", *QUICK, "--out", str(taken)]) == 2
    assert "is not a directory" in capsys.readouterr().err
    assert taken.read_text() == "keep me"


def test_an_unknown_backend_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "peranakan", "--backend", "dask"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'dask'" in capsys.readouterr().err


def test_ctrl_c_writes_the_partial_report(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    interrupt_after: Callable[[int], Any],
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(
        "meja.commands.simulate.progress_for", lambda settings, label: interrupt_after(5)
    )
    out = tmp_path / "partial"
    args = ["simulate", "peranakan", "--games", "2000", "--seed", "1", "--workers", "2"]
    assert main([*args, "--out", str(out)]) == 130
    assert "interrupted: " in capsys.readouterr().out
    summary = json.loads((out / "summary.json").read_text())
    assert summary["run"]["interrupted"] is True
    assert 5 <= summary["run"]["games_finished"] < 2000
    assert "**Interrupted**" in (out / "report.md").read_text()


def test_compare_runs_both_variants_with_the_same_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cmp"
    args = ["compare", "peranakan", "--a", "baba_neighbourhood=orthogonal4"]
    args += ["--b", "baba_neighbourhood=moore8", "--games", "16", "--seed", "2"]
    assert main([*args, "--workers", "1", "--quiet", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "a = baba_neighbourhood=orthogonal4, b = baba_neighbourhood=moore8" in printed
    assert f"report: {out / 'compare.html'}" in printed
    a = json.loads((out / "a" / "summary.json").read_text())["job"]
    b = json.loads((out / "b" / "summary.json").read_text())["job"]
    assert a["options"]["baba_neighbourhood"] == "orthogonal4"
    assert b["options"]["baba_neighbourhood"] == "moore8"
    assert a["seed"] == b["seed"] == 2
    differences = json.loads((out / "compare.json").read_text())["differences"]
    assert all({"measure", "diff", "p", "q", "significant"} <= set(row) for row in differences)


def test_ctrl_c_during_compare_skips_b_and_still_writes_the_comparison(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    interrupt_after: Callable[[int], Any],
) -> None:
    monkeypatch.setattr(
        "meja.commands.compare.progress_for", lambda settings, label: interrupt_after(3)
    )
    out = tmp_path / "cmp"
    args = ["compare", "te_kuiti", "--a", "out_of_fences=end_of_turn", "--games", "3000"]
    assert main([*args, "--workers", "1", "--out", str(out)]) == 130
    variants = json.loads((out / "compare.json").read_text())["variants"]
    assert variants["a"]["run"]["interrupted"] and variants["a"]["run"]["games_finished"] >= 3
    assert variants["b"]["run"]["games_finished"] == 0
    assert "**Interrupted**" in (out / "compare.md").read_text()
