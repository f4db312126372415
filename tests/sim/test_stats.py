"""Balance statistics computed on crafted result sets whose answers are known."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from meja.core.episode import GameResult
from meja.sim.stats import (
    bot_rates,
    constant_stats,
    describe,
    end_counts,
    first_player_advantage,
    seat_rates,
    seat_stat_values,
    seat_win_parts,
    summarize,
    wilson,
)

MakeResult = Callable[..., GameResult]


def test_wilson_interval_matches_the_textbook_values() -> None:
    rate = wilson(50, 100)
    assert rate.rate == 0.5
    assert rate.low == pytest.approx(0.4038, abs=1e-4)
    assert rate.high == pytest.approx(0.5962, abs=1e-4)
    edge = wilson(0, 20)
    assert edge.low == 0.0 and edge.high == pytest.approx(0.1611, abs=1e-4)


def test_wilson_of_no_games_is_undefined() -> None:
    assert math.isnan(wilson(0, 0).rate)


def test_seat_rates_split_shared_wins(make_result: MakeResult) -> None:
    results = [
        make_result(0, (1.0, 0.0, 0.0)),
        make_result(1, (1.0, 0.0, 0.0)),
        make_result(2, (0.5, 0.5, 0.0)),
        make_result(3, (0.0, 0.0, 1.0)),
    ]
    rates = seat_rates(results, 3)
    assert [r.wins for r in rates] == [2.5, 0.5, 1.0]
    assert [r.rate for r in rates] == [0.625, 0.125, 0.25]
    assert all(r.low < r.rate < r.high for r in rates)


def test_bot_rates_follow_the_bot_across_seats(make_result: MakeResult) -> None:
    results = [
        make_result(0, (1.0, 0.0), bots=("heuristic", "random")),
        make_result(1, (0.0, 1.0), bots=("random", "heuristic")),
        make_result(2, (1.0, 0.0), bots=("heuristic", "random")),
        make_result(3, (1.0, 0.0), bots=("random", "heuristic")),
    ]
    rates = bot_rates(results)
    assert rates["heuristic"].wins == 3 and rates["heuristic"].games == 4
    assert rates["random"].rate == 0.25


def test_first_player_advantage_against_the_fair_share(make_result: MakeResult) -> None:
    results = [make_result(i, (1.0, 0.0) if i % 4 else (0.0, 1.0)) for i in range(400)]
    first = first_player_advantage(results, 2)
    assert first["first_seat_win_rate"] == 0.75
    assert first["advantage"] == pytest.approx(0.25)
    assert first["advantage_low"] > 0.0
    assert first["seats_equal_p"] < 1e-6


def test_balanced_seats_are_not_called_unequal(make_result: MakeResult) -> None:
    results = [make_result(i, (1.0, 0.0) if i % 2 else (0.0, 1.0)) for i in range(200)]
    first = first_player_advantage(results, 2)
    assert first["advantage"] == 0.0
    assert first["seats_equal_p"] == pytest.approx(1.0)


def test_end_counts_most_frequent_first(make_result: MakeResult) -> None:
    ends = ["deck", "kueh", "deck", "deck", "kueh", "pawns"]
    results = [make_result(i, (1.0, 0.0), end=e) for i, e in enumerate(ends)]
    assert list(end_counts(results).items()) == [("deck", 3), ("kueh", 2), ("pawns", 1)]


def test_describe_numbers() -> None:
    d = describe([1, 2, 3, 4, 10])
    assert (d["n"], d["mean"], d["median"], d["min"], d["max"]) == (5, 4.0, 3.0, 1.0, 10.0)
    assert d["sd"] == pytest.approx(3.5355, abs=1e-4)
    assert math.isnan(describe([])["mean"])


def test_seat_statistics_are_gathered_per_seat(make_result: MakeResult) -> None:
    results = [
        make_result(0, (1.0, 0.0), seat_stats={"sets": (3.0, 1.0)}),
        make_result(1, (0.0, 1.0), seat_stats={"sets": (2.0, 4.0)}),
        make_result(2, (0.0, 1.0)),
    ]
    assert seat_stat_values(results, 2) == {"sets": [[3.0, 2.0], [1.0, 4.0]]}


def test_summary_of_a_crafted_set(make_result: MakeResult) -> None:
    results = [
        make_result(0, (1.0, 0.0), scores=(5.0, 3.0), moves=20, stats={"left": 4.0}),
        make_result(1, (0.5, 0.5), scores=(4.0, 4.0), moves=30, stats={"left": 2.0}),
        make_result(2, (0.0, 1.0), scores=(1.0, 6.0), moves=40, end="other"),
    ]
    summary = summarize(results, 2)
    assert summary["games"] == 3
    assert [s["wins"] for s in summary["seats"]] == [1.5, 1.5]
    assert summary["shared_wins"] == pytest.approx(1 / 3)
    assert summary["no_winner"] == 0.0
    assert summary["scores"][1]["mean"] == pytest.approx(13 / 3)
    assert summary["winning_score"]["mean"] == 5.0
    assert summary["length"]["median"] == 30.0
    assert summary["end_conditions"] == {"end": 2, "other": 1}
    assert summary["stats"]["left"]["n"] == 2 and summary["stats"]["left"]["mean"] == 3.0


def test_shared_wins_are_split_into_outright_wins_and_shares(make_result: MakeResult) -> None:
    results = [
        make_result(0, (1.0, 0.0, 0.0)),
        make_result(1, (0.5, 0.5, 0.0)),
        make_result(2, (1 / 3, 1 / 3, 1 / 3)),
    ]
    parts = seat_win_parts(results, 3)
    assert parts[0] == {"outright": 1, "shared_games": 2, "shared": pytest.approx(5 / 6)}
    assert parts[2] == {"outright": 0, "shared_games": 1, "shared": pytest.approx(1 / 3)}
    assert seat_rates(results, 3)[0].wins == pytest.approx(1 + 5 / 6)


def test_a_statistic_with_one_value_in_every_game_is_constant(make_result: MakeResult) -> None:
    results = [
        make_result(
            i,
            (1.0, 0.0),
            stats={"tiles_left": 0.0, "kueh_left": float(i)},
            seat_stats={"hands": (5.0, 4.0), "kueh": (float(i), 1.0)},
        )
        for i in range(4)
    ]
    assert constant_stats(results, 2) == {"tiles_left": [0.0], "hands": [5.0, 4.0]}
    assert constant_stats(results[:1], 2) == {}
