"""What sets winners apart: per-seat statistics of the seats that won against the rest."""

from __future__ import annotations

import math
from collections.abc import Callable

from meja.core.episode import GameResult
from meja.sim.winners import DECISIONS, score_copies, winner_gaps

MakeResult = Callable[..., GameResult]


def _games(make_result: MakeResult) -> list[GameResult]:
    """Seat 0 wins odd games, seat 1 even ones; the winner holds more Kueh and as many tiles."""
    results = []
    for i in range(40):
        winner = i % 2
        kueh = tuple(10.0 + (4 if seat == winner else 0) + i % 3 for seat in range(2))
        scores = tuple(2.0 if seat == winner else 1.0 for seat in range(2))
        results.append(
            make_result(
                i,
                tuple(1.0 if seat == winner else 0.0 for seat in range(2)),
                scores=scores,
                seat_stats={"kueh": kueh, "tiles": (5.0 + i % 2, 5.0 + i % 2), "sets": scores},
            )
        )
    return results


def test_the_statistic_that_sets_winners_apart_comes_first(make_result: MakeResult) -> None:
    gaps = winner_gaps(_games(make_result))
    assert [gap.test.measure for gap in gaps] == ["kueh", "tiles"]
    kueh, tiles = gaps
    assert kueh.test.b - kueh.test.a == 4.0 and kueh.test.significant and kueh.effect > 3
    assert tiles.test.diff == 0.0 and not tiles.test.significant and tiles.effect == 0.0


def test_a_statistic_that_is_the_score_itself_is_left_out(make_result: MakeResult) -> None:
    results = _games(make_result)
    assert score_copies(results) == ["sets"]
    assert "sets" not in {gap.test.measure for gap in winner_gaps(results)}


def test_each_seat_s_decisions_are_compared_too(make_result: MakeResult) -> None:
    results = [
        make_result(
            i, (1.0, 0.0) if i % 2 else (0.0, 1.0), scores=(1.0, 0.0) if i % 2 else (0.0, 1.0)
        )
        for i in range(20)
    ]
    results = [
        type(r)(**{**vars(r), "decisions": (12, 9) if r.winners == (0,) else (9, 12)})
        for r in results
    ]
    (gap,) = winner_gaps(results)
    assert gap.test.measure == DECISIONS and gap.test.b == 12 and gap.test.a == 9
    assert math.isinf(gap.effect)


def test_games_without_a_loser_are_not_compared(make_result: MakeResult) -> None:
    shared = [make_result(i, (0.5, 0.5), seat_stats={"kueh": (1.0, 2.0)}) for i in range(5)]
    assert winner_gaps(shared) == []
