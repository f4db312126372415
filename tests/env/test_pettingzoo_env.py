"""The PettingZoo AEC env: PettingZoo's own conformance tests, and what a researcher relies on."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from meja.core.registry import load_game
from meja.env import pettingzoo_env

ADVISORY = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
"""api_test's advice we do not follow: a Dict of observation and action_mask is the shape
PettingZoo's own classic games use for masked actions."""


def test_pettingzoo_api_test_passes(game_and_count: tuple[str, int]) -> None:
    game, count = game_and_count
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo_env(game, num_players=count), num_cycles=400)
    assert {str(warning.message) for warning in caught} <= ADVISORY


def test_pettingzoo_seed_test_passes(game_and_count: tuple[str, int]) -> None:
    game, count = game_and_count
    seed_test(lambda: pettingzoo_env(game, num_players=count), num_cycles=400)


def play_masked(env, seed: int) -> tuple[list[int], dict[str, float]]:  # type: ignore[no-untyped-def]
    """A whole game of masked random moves; the actions taken and the rewards summed."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    taken: list[int] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        taken.append(action)
        env.step(action)
    return taken, totals


def test_rewards_are_the_games_returns_for_the_same_moves(game_and_count: tuple[str, int]) -> None:
    game, count = game_and_count
    env = pettingzoo_env(game, num_players=count)
    play_masked(env, seed=3)
    table = env.unwrapped.table
    replayed = load_game(game).new_state(count, **table.options)
    for player, action in table.state.history:
        replayed.apply(action, player)
    _, totals = play_masked(env, seed=3)
    assert replayed.is_terminal()
    assert list(totals.values()) == pytest.approx(replayed.returns())
    if count > 1:
        assert sum(totals.values()) == pytest.approx(1.0)
    else:
        assert list(totals.values()) in ([0.0], [1.0])


def test_the_agent_to_act_is_the_seat_the_game_waits_for() -> None:
    env = pettingzoo_env("nasi_lemak", num_players=4)
    env.reset(seed=11)
    for _ in range(60):
        agent = env.agent_selection
        seat = env.unwrapped.table.state.current_player()
        assert agent == f"player_{seat}"
        mask = env.observe(agent)["action_mask"]
        others = [env.observe(a)["action_mask"] for a in env.agents if a != agent]
        assert mask.any() and not any(other.any() for other in others)
        env.step(int(np.flatnonzero(mask)[0]))


def test_the_selected_agents_info_names_its_legal_actions_and_no_other_agents_does() -> None:
    env = pettingzoo_env("peranakan", num_players=3)
    env.reset(seed=6)
    for _ in range(30):
        agent = env.agent_selection
        seat = int(agent.removeprefix("player_"))
        state = env.unwrapped.table.state
        legal = np.flatnonzero(env.observe(agent)["action_mask"]).tolist()
        assert env.infos[agent]["action_names"] == [state.action_to_str(a, seat) for a in legal]
        assert all(env.infos[other] == {} for other in env.agents if other != agent)
        env.step(legal[0])


def test_a_mooncake_commitment_stays_hidden_until_every_seat_has_chosen() -> None:
    env = pettingzoo_env("mooncake", num_players=3)
    env.reset(seed=5)
    table = env.unwrapped.table
    assert table.state.active_players() == [0, 1, 2]
    choices = np.flatnonzero(env.observe("player_0")["action_mask"])
    assert len(choices) > 1
    seen: dict[int, set[bytes]] = {1: set(), 2: set()}
    for choice in choices:
        trial = table.clone()
        trial.act(int(choice), 0)
        assert trial.state.active_players() == [1, 2]
        for seat in seen:
            seen[seat].add(trial.observe(seat).tobytes())
    assert all(len(kinds) == 1 for kinds in seen.values()), "a seat saw which tile seat 0 kept"
    env.step(int(choices[-1]))
    assert env.agent_selection == "player_1"


def test_render_shows_the_table_as_a_spectator_sees_it() -> None:
    env = pettingzoo_env("nasi_lemak", num_players=3, render_mode="ansi")
    env.reset(seed=2)
    table = env.unwrapped.table
    assert env.render() == table.render(None)
    assert env.render() != table.render(table.state.current_player())
