"""The PettingZoo Parallel env: PettingZoo's own conformance tests on Mooncake Master's
simultaneous turns, and every seat choosing in one step."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from meja.core.errors import IllegalAction
from meja.env import parallel_env


@pytest.mark.parametrize("players", [2, 6])
def test_pettingzoo_parallel_api_test_passes_on_mooncake(players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env("mooncake", num_players=players), num_cycles=1000)
    assert [str(warning.message) for warning in caught] == []


@pytest.mark.parametrize("players", [2, 6])
def test_pettingzoo_parallel_seed_test_passes_on_mooncake(players: int) -> None:
    parallel_seed_test(lambda: parallel_env("mooncake", num_players=players), num_cycles=200)


def masked_actions(observations: dict[str, dict[str, np.ndarray]], rng: random.Random) -> dict:  # type: ignore[type-arg]
    """A random legal action for every agent that may act."""
    return {
        agent: rng.choice(np.flatnonzero(seen["action_mask"]).tolist())
        for agent, seen in observations.items()
        if seen["action_mask"].any()
    }


def test_every_seat_chooses_its_keep_and_pass_in_the_same_step() -> None:
    env = parallel_env("mooncake", num_players=4)
    observations, infos = env.reset(seed=3)
    assert all(seen["action_mask"][:6].all() for seen in observations.values())
    assert all(len(info["action_names"]) == 6 for info in infos.values())
    env.step(masked_actions(observations, random.Random(3)))
    assert env.table.state.view(0)["phase"] == "place"
    assert sorted(player for player, _ in env.table.state.history[-4:]) == [0, 1, 2, 3]


def test_a_whole_game_ends_with_every_seats_return_and_no_agents_left() -> None:
    env = parallel_env("mooncake", num_players=3)
    observations, _ = env.reset(seed=9)
    rng = random.Random(9)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    while env.agents:
        observations, rewards, terminations, truncations, _ = env.step(
            masked_actions(observations, rng)
        )
        steps += 1
        for agent, reward in rewards.items():
            totals[agent] += reward
    assert all(terminations.values()) and not any(truncations.values())
    assert list(totals.values()) == env.table.state.returns()
    # 12 turns, each one step for the choices and three for the placements (the tile kept and
    # the two received), every seat placing in the same steps
    assert steps == 48


def test_a_missing_or_illegal_action_is_refused_and_changes_nothing() -> None:
    env = parallel_env("mooncake", num_players=2)
    env.reset(seed=1)
    history = list(env.table.state.history)
    with pytest.raises(IllegalAction, match="player_1 may act now and sent no action"):
        env.step({"player_0": 0})
    with pytest.raises(IllegalAction, match="must choose"):
        env.step({"player_0": 0, "player_1": 100})
    assert env.table.state.history == history
