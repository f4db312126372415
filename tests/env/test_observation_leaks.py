"""No observation carries what its seat may not see: it is the same in every world the seat
cannot tell apart (State.resample), at sampled steps of seeded random games. Peranakan and Te
Kuiti hide nothing a seat could learn (their decks are unordered until drawn), which is checked
instead, so an observation built from the view has nothing to leak there."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from meja.core.game import CHANCE, random_step
from meja.core.registry import list_games
from meja.env import Table

HIDING = {"nasi_lemak", "mooncake"}
"""The games whose views hide something from a seat: other hands, choices not yet revealed."""
CASES = [
    (game.name, count)
    for game in list_games()
    if game.name in HIDING
    for count in game.player_counts()
]
OPEN = [
    (game.name, count)
    for game in list_games()
    if game.name not in HIDING
    for count in sorted({game.min_players, game.max_players})
]
GAMES_PER_CASE = 4
WORLDS = 3


@pytest.mark.parametrize(("game", "count"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_each_seats_observation_is_the_same_in_every_world_it_cannot_tell_apart(
    game: str, count: int
) -> None:
    rng = random.Random(f"{game}-{count}")
    checked = redrawn = 0
    for table in sampled_tables(game, count, rng):
        checked += 1
        redrawn += check_worlds(table, rng)
    assert checked > 0 and redrawn > 0, "no sampled world differed from the real one"


@pytest.mark.parametrize(("game", "count"), OPEN, ids=[f"{g}-{n}p" for g, n in OPEN])
def test_a_game_that_hides_nothing_redraws_nothing(game: str, count: int) -> None:
    rng = random.Random(f"{game}-{count}")
    checked = 0
    for table in sampled_tables(game, count, rng):
        for seat in range(count):
            assert table.state.resample(seat, rng).position() == table.state.position()
            checked += 1
    assert checked > 0


def sampled_tables(game: str, count: int, rng: random.Random) -> Iterator[Table]:
    """Tables at about 15% of the steps of seeded random games."""
    for seed in range(GAMES_PER_CASE):
        table = Table(game, count)
        table.reset(seed)
        while not table.state.is_terminal():
            if rng.random() < 0.15:
                yield table
            seat, action = random_step(table.state, rng)
            table.act(action, None if seat == CHANCE else seat)


def check_worlds(table: Table, rng: random.Random) -> int:
    """Compare every seat's observation with its observation in resampled worlds; how many of
    those worlds differed from the real one."""
    redrawn = 0
    for seat in range(table.num_players):
        mine = table.observe(seat)
        for _ in range(WORLDS):
            world = table.clone()
            world.state = table.state.resample(seat, rng)
            redrawn += world.state.position() != table.state.position()
            assert np.array_equal(world.observe(seat), mine), (
                f"seat {seat}'s observation changed with what it cannot see, "
                f"after {len(table.state.history)} steps"
            )
    return redrawn
