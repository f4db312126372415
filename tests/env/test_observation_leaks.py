"""No observation carries what its seat may not see: it is the same in every world the seat
cannot tell apart (State.resample), at sampled steps of seeded random games."""

from __future__ import annotations

import random

import numpy as np
import pytest

from meja.core.game import CHANCE, random_step
from meja.core.registry import list_games
from meja.env import Table

CASES = [(game.name, count) for game in list_games() for count in game.player_counts()]
GAMES_PER_CASE = 4
WORLDS = 3


@pytest.mark.parametrize(("game", "count"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_each_seats_observation_is_the_same_in_every_world_it_cannot_tell_apart(
    game: str, count: int
) -> None:
    rng = random.Random(f"{game}-{count}")
    checked = 0
    for seed in range(GAMES_PER_CASE):
        table = Table(game, count)
        table.reset(seed)
        while not table.state.is_terminal():
            if rng.random() < 0.15:
                checked += check_worlds(table, rng)
            seat, action = random_step(table.state, rng)
            table.act(action, None if seat == CHANCE else seat)
    assert checked > 0


def check_worlds(table: Table, rng: random.Random) -> int:
    """Compare every seat's observation with its observation in resampled worlds."""
    for seat in range(table.num_players):
        mine = table.observe(seat)
        for _ in range(WORLDS):
            world = table.clone()
            world.state = table.state.resample(seat, rng)
            assert np.array_equal(world.observe(seat), mine), (
                f"seat {seat}'s observation changed with what it cannot see, "
                f"after {len(table.state.history)} steps"
            )
    return 1
