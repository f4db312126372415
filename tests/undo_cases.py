"""What the games' take-back tests share: seeded random games, step by step, and the check
that two states are the same game for every viewer."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from meja.core import Game, State
from meja.core.game import random_step
from meja.core.told import viewers


def random_game(
    game: Game, num_players: int, seed: int, **options: Any
) -> Iterator[tuple[State, int, int, State]]:
    """(state before, seat, action, state after) for each step of a random game, seeded as
    the conformance suite seeds its games."""
    rng = random.Random(seed * 1_000 + num_players)
    state = game.new_state(num_players, **options)
    while not state.is_terminal():
        before = state.clone()
        seat, action = random_step(state, rng)
        state.apply(action, seat)
        yield before, seat, action, state


def assert_same_game(state: State, other: State) -> None:
    """Equal fields, history and every viewer's view."""
    assert state == other and state.history == other.history
    for viewer in viewers(state.num_players):
        assert state.view(viewer) == other.view(viewer)
