"""Variant comparison: differences, intervals and significance on crafted result sets."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest

from meja.core.episode import GameResult
from meja.sim.compare import Difference, adjust, differences, end_condition_test, welch
from meja.sim.compare_plots import significant_changes

MakeResult = Callable[..., GameResult]


def test_welch_finds_a_real_difference() -> None:
    a = [0.0, 1.0] * 200
    b = [1.0, 1.0, 1.0, 0.0] * 100
    row = welch("win", a, b)
    assert (row.a, row.b) == (0.5, 0.75)
    assert row.diff == pytest.approx(0.25)
    assert row.low < 0.25 < row.high and row.low > 0
    assert row.p < 1e-10


def test_welch_sees_no_difference_between_equal_samples() -> None:
    row = welch("win", [0.0, 1.0] * 50, [1.0, 0.0] * 50)
    assert row.diff == 0.0 and row.p == pytest.approx(1.0)


def test_welch_handles_constant_and_tiny_samples() -> None:
    same = welch("x", [2.0] * 5, [2.0] * 7)
    assert same.p == 1.0 and same.low == same.high == 0.0
    moved = welch("x", [2.0] * 5, [3.0] * 7)
    assert moved.p == 0.0 and moved.diff == 1.0
    assert math.isnan(welch("x", [1.0], [1.0, 2.0]).p)
    assert math.isnan(welch("x", [], [1.0, 2.0]).a)


def test_adjusted_p_values_decide_significance() -> None:
    rows = [
        Difference("strong", 0, 1, 1, 0, 2, 0.001),
        Difference("borderline", 0, 1, 1, 0, 2, 0.04),
        Difference("weak", 0, 1, 1, 0, 2, 0.5),
        Difference("untested", 0, 1, 1, 0, 2, math.nan),
    ]
    adjusted = {row.measure: row for row in adjust(rows)}
    assert adjusted["strong"].significant and adjusted["strong"].q == pytest.approx(0.003)
    assert not adjusted["borderline"].significant
    assert adjusted["borderline"].q == pytest.approx(0.06)
    assert not adjusted["weak"].significant
    assert math.isnan(adjusted["untested"].q) and not adjusted["untested"].significant


def test_differences_cover_every_measure(make_result: MakeResult) -> None:
    a = [
        make_result(
            i,
            (1.0, 0.0) if i % 2 else (0.0, 1.0),
            moves=20,
            end="deck",
            stats={"left": 5.0},
            seat_stats={"sets": (1.0, 1.0)},
        )
        for i in range(300)
    ]
    b = [
        make_result(
            i,
            (1.0, 0.0) if i % 5 else (0.0, 1.0),
            moves=20 + i % 3,
            end="deck" if i % 2 else "kueh",
            stats={"left": 5.0},
            seat_stats={"sets": (1.0, 1.0)},
        )
        for i in range(300)
    ]
    rows = {row.measure: row for row in differences(a, b, 2)}
    assert set(rows) == {
        "win rate, seat 0",
        "win rate, seat 1",
        "score, seat 0",
        "score, seat 1",
        "length (moves)",
        "winning margin",
        "shared wins",
        "end: deck",
        "end: kueh",
        "left",
        "sets, seat 0",
        "sets, seat 1",
    }
    assert rows["win rate, seat 1"].diff == pytest.approx(-0.3)
    assert rows["win rate, seat 1"].significant
    assert rows["end: kueh"].b == 0.5 and rows["end: kueh"].significant
    assert rows["length (moves)"].significant
    assert not rows["left"].significant and rows["left"].p == 1.0


def test_end_condition_test(make_result: MakeResult) -> None:
    a = [make_result(i, (1.0, 0.0), end="deck") for i in range(100)]
    b = [make_result(i, (1.0, 0.0), end="deck" if i < 50 else "kueh") for i in range(100)]
    test = end_condition_test(a, b)
    assert test["ends"] == ["deck", "kueh"] and test["a"] == [100, 0] and test["b"] == [50, 50]
    assert test["p"] < 1e-6
    assert math.isnan(end_condition_test(a, a)["p"])


def test_significant_changes_are_plotted_only_when_there_are_some(tmp_path: Path) -> None:
    rows = [
        Difference("left", 10.0, 12.0, 2.0, 1.0, 3.0, 0.001, 0.002, True),
        Difference("sets", 2.0, 2.1, 0.1, -0.2, 0.4, 0.5, 0.5, False),
    ]
    path = significant_changes(rows, tmp_path / "changes.png")
    assert path is not None and path.read_bytes().startswith(b"\x89PNG")
    assert significant_changes(rows[1:], tmp_path / "none.png") is None
    assert not (tmp_path / "none.png").exists()


def test_a_game_statistic_named_like_a_measure_is_kept_apart(make_result: MakeResult) -> None:
    a = [make_result(i, (1.0, 0.0), stats={"winning margin": 7.0}) for i in range(4)]
    rows = {row.measure: row for row in differences(a, a, 2)}
    assert rows["winning margin"].a == 1.0
    assert rows["winning margin (game statistic)"].a == 7.0
