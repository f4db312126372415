"""Mooncake Master's end-of-game statistics agree with the Festive Points and customers."""

from __future__ import annotations

import random

import pytest

from meja.core import load_game
from meja.core.episode import play_random
from meja.core.registry import facts_of, statistics_of


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("seed", range(3))
def test_festive_points_by_round_add_up_to_the_scores(players: int, seed: int) -> None:
    state = play_random(load_game("mooncake").new_state(players), random.Random(seed))
    rows = {row.label: row.values for row in statistics_of(state)}
    festive = [0] * players
    for number in (1, 2, 3):
        for seat, points in enumerate(rows[f"Round {number}: Festive Points"]):
            festive[seat] += points
        assert len(rows[f"Round {number}: Taste"]) == players
    assert festive == state.scores()
    assert list(rows["Customers served in all"]) == list(
        facts_of(state).seat_stats["customers_served"]
    )
