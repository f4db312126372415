"""Te Kuiti's end-of-game statistics agree with the rounds' scores and the fences used."""

from __future__ import annotations

import random

import pytest

from meja.core import load_game
from meja.core.episode import play_random
from meja.core.registry import statistics_of


@pytest.mark.parametrize("seed", range(6))
def test_points_by_round_and_role_pairs_and_fences_add_up(seed: int) -> None:
    state = play_random(load_game("te_kuiti").new_state(2), random.Random(seed))
    rows = {row.label: row.values for row in statistics_of(state)}
    totals = [0, 0]
    sheep_points = [0, 0]
    for label, values in rows.items():
        if label.startswith("Round"):
            assert sum(value is None for value in values) == 1
            for seat, value in enumerate(values):
                if value is not None:
                    totals[seat] += value
                    if label.endswith("as sheep player"):
                        sheep_points[seat] += value
    assert totals == state.scores()
    assert [2 * pairs for pairs in rows["Pairs of sheep found"]] == sheep_points
    assert rows["Fences placed"][0] > 0 and rows["Fences placed"][1] > 0


@pytest.mark.parametrize("seed", range(3))
def test_the_solo_game_counts_its_pairs_and_fences(seed: int) -> None:
    state = play_random(load_game("te_kuiti").new_state(1), random.Random(seed))
    rows = {row.label: row.values for row in statistics_of(state)}
    assert set(rows) == {"Fences placed", "Pairs of sheep found"}
    assert rows["Pairs of sheep found"][0] * 2 == state.collected or state.collected == 0
