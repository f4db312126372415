"""Peranakan's search evaluation over features(): what scripts/fit_values.py compares a fit with
is exactly what the search judges with."""

from __future__ import annotations

import random

import pytest

from meja.bots.heuristics.peranakan import FEATURES, WEIGHTS, features, values
from meja.bots.heuristics.values import linear_shares
from meja.core import CHANCE
from meja.core.game import sample_chance
from meja.games.peranakan import GAME


@pytest.mark.parametrize("players", [2, 4])
def test_the_hand_set_weights_give_the_same_shares_as_values_all_game_long(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_state(players)
    judged = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat != CHANCE:
            rows = features(state)
            assert len(rows) == players and all(len(row) == len(FEATURES) for row in rows)
            assert linear_shares(rows, WEIGHTS) == pytest.approx(values(state))
            judged += 1
        action = sample_chance(state, rng) if seat == CHANCE else rng.choice(state.legal_actions())
        state.apply(action, seat)
    assert judged > 20
