"""The adapters' max_game_length: no random game is longer, and it is within ten times the
longest of them; a Nasi Lemak game cut short at it is truncated in every adapter."""

from __future__ import annotations

import random

import numpy as np
import pytest

from meja.core.registry import load_game
from meja.env import max_game_length, parallel_env, pettingzoo_env
from meja.env.lengths import random_game_length
from meja.env.single import MejaEnv

GAMES = 200
"""Random games per game and player count; docs/rl.md records the longest of 10,000."""


def test_no_random_game_is_longer_than_the_bound_and_the_bound_is_within_ten_times_the_longest(
    game_and_count: tuple[str, int],
) -> None:
    name, count = game_and_count
    game = load_game(name)
    longest = max(random_game_length(game, count, seed) for seed in range(GAMES))
    bound = max_game_length(game, count, {})
    assert longest <= bound <= 10 * longest


def test_the_bound_follows_the_solo_turn_limit_of_te_kuiti() -> None:
    game = load_game("te_kuiti")
    assert max_game_length(game, 1, {"solo_turn_limit": 1000}) == game.max_game_length(1)
    assert max_game_length(game, 1, {"solo_turn_limit": 10}) < max_game_length(game, 1, {})


def test_a_nasi_lemak_game_reaching_the_bound_is_truncated_without_rewards() -> None:
    env = MejaEnv("nasi_lemak", num_players=2)
    env.table.max_length = 60
    _, info = env.reset(seed=2)
    rng = random.Random(2)
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert len(env.table.state.history) == 60 and not env.table.state.is_terminal()
    assert not info["action_mask"].any() and info["action_names"] == []


def test_pettingzoo_envs_truncate_every_agent_at_the_bound() -> None:
    aec = pettingzoo_env("nasi_lemak", num_players=3)
    aec.table.max_length = 80
    aec.reset(seed=4)
    rng = random.Random(4)
    for _agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    assert len(aec.table.state.history) == 80

    par = parallel_env("nasi_lemak", num_players=3)
    par.table.max_length = 80
    observations, _ = par.reset(seed=4)
    while par.agents:
        actions = {
            agent: rng.choice(np.flatnonzero(seen["action_mask"]).tolist())
            for agent, seen in observations.items()
            if seen["action_mask"].any()
        }
        observations, rewards, terminations, truncations, _ = par.step(actions)
    assert all(truncations.values()) and not any(terminations.values())
    assert set(rewards.values()) == {0.0}


@pytest.mark.parametrize("name", ["peranakan", "te_kuiti", "mooncake"])
def test_only_nasi_lemak_is_ever_cut_short(name: str) -> None:
    env = MejaEnv(name, num_players=2)
    assert not env.table.can_truncate
