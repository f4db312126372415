"""Peranakan's end-of-game statistics agree with the finished game's own fields."""

from __future__ import annotations

import random

import pytest

from meja.core import load_game
from meja.core.episode import play_random
from meja.core.registry import facts_of, statistics_of
from meja.games.peranakan.scoring import kueh_of


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("seed", range(4))
def test_kueh_pawns_and_stacked_tiles_add_up(players: int, seed: int) -> None:
    state = play_random(load_game("peranakan").new_state(players), random.Random(seed))
    rows = {row.label: row.values for row in statistics_of(state)}
    kinds = ["Tutu Kueh", "Ondeh Ondeh", "Kueh Bahulu", "Ang Ku Kueh"]
    for seat in range(players):
        assert [rows[kind][seat] for kind in kinds] == list(kueh_of(state, seat))
        assert rows["Kueh in all"][seat] == sum(kueh_of(state, seat))
    collected = sum(rows["Nyonyas that collected"]) + sum(rows["Babas that collected"])
    assert collected == sum(state.retired)
    stacked = rows["Tiles stacked on another tile"]
    assert sum(stacked) == facts_of(state).stats["stacked_tiles"]
    assert all(len(values) == players for values in rows.values())
