"""Nasi Lemak's end-of-game statistics agree with the finished game's own fields."""

from __future__ import annotations

import random

import pytest

from meja.core import load_game
from meja.core.episode import play_random
from meja.core.registry import facts_of, statistics_of


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("seed", range(4))
def test_packs_flies_trades_and_thefts_add_up(players: int, seed: int) -> None:
    state = play_random(load_game("nasi_lemak").new_state(players), random.Random(seed))
    rows = {row.label: row.values for row in statistics_of(state)}
    facts = facts_of(state)
    assert rows["Nasi Lemak packs"] == facts.seat_stats["packs"]
    assert rows["Packs without a fly"] == facts.seat_stats["fly_free_packs"]
    assert sum(rows["Flies played"]) == facts.stats["flies_played"]
    assert sum(rows["Flies received"]) == sum(rows["Flies played"])
    assert sum(rows["Trades made"]) % 2 == 0
    assert all(value >= 0 for values in rows.values() for value in values if value is not None)
    assert all(len(values) == players for values in rows.values())
