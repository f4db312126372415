"""A history records each step as a (seat, action) pair, shared between steps that are alike."""

from __future__ import annotations

import random

from meja.core import CHANCE, load_game
from meja.core.game import STEP_ACTIONS, random_step, step_pair


def test_a_step_pair_is_the_seat_and_action_and_is_made_once() -> None:
    assert step_pair(3, 17) == (3, 17)
    assert step_pair(3, 17) is step_pair(3, 17)
    assert step_pair(CHANCE, 0) == (CHANCE, 0)
    assert step_pair(0, 17) != step_pair(1, 17)


def test_a_step_beyond_the_shared_range_still_gets_its_pair() -> None:
    assert step_pair(2, STEP_ACTIONS + 5) == (2, STEP_ACTIONS + 5)
    assert step_pair(9, 4) == (9, 4)


def test_a_history_holds_exactly_the_steps_applied() -> None:
    state = load_game("mooncake").new_state(3)
    rng = random.Random(5)
    applied = []
    while not state.is_terminal() and len(applied) < 200:
        seat, action = random_step(state, rng)
        state.apply(action, seat)
        applied.append((seat, action))
    assert state.history == applied
    assert all(type(step) is tuple for step in state.history)
