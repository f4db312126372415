"""The Gymnasium env: Gymnasium's own checker, the registered ids, and one seat against bots."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from meja.core.errors import IllegalAction
from meja.core.registry import load_game
from meja.env import ENV_IDS, MejaEnv

CHECKER_ADVICE = ("No render fps was declared",)
"""check_env's advice for windowed renders; meja renders text."""


def checked(env: gymnasium.Env) -> list[str]:  # type: ignore[type-arg]
    """check_env's warnings on env, less its advice for windowed renders; it raises on failure."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    messages = [str(warning.message) for warning in caught]
    return [text for text in messages if not any(a in text for a in CHECKER_ADVICE)]


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_gymnasium_check_env_passes_on_each_id_as_it_comes(env_id: str) -> None:
    assert checked(gymnasium.make(env_id).unwrapped) == []


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_gymnasium_check_env_passes_with_a_text_render(env_id: str) -> None:
    assert checked(gymnasium.make(env_id, render_mode="ansi").unwrapped) == []


def play(env: MejaEnv, seed: int) -> tuple[float, int]:
    """A whole game of masked random moves by the learner; its reward and its decisions."""
    _, info = env.reset(seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, reward, terminated, truncated, info = env.step(action)
        decisions += 1
        assert not truncated
        if terminated:
            return float(reward), decisions
        assert reward == 0.0


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_the_reward_is_the_learners_return_against_heuristic_bots(env_id: str) -> None:
    env = gymnasium.make(env_id, opponents="heuristic").unwrapped
    reward, decisions = play(env, seed=4)
    state = env.table.state
    assert state.is_terminal() and decisions > 0
    assert reward == pytest.approx(state.returns()[env.seat])
    learner = [action for player, action in state.history if player == env.seat]
    assert len(learner) == decisions


def test_the_learner_decides_only_for_its_own_seat() -> None:
    env = MejaEnv("peranakan", num_players=3, seat=1)
    _, info = env.reset(seed=8)
    for _ in range(20):
        state = env.table.state
        assert state.current_player() == 1
        assert np.array_equal(info["action_mask"], env.action_masks().astype(np.int8))
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated:
            break


def test_a_random_seat_moves_between_games_and_is_reported() -> None:
    env = MejaEnv("mooncake", num_players=4, seat="random")
    seats = {env.reset(seed=seed)[1]["seat"] for seed in range(12)}
    assert len(seats) > 1 and seats <= {0, 1, 2, 3}


def test_the_same_seed_replays_the_same_game() -> None:
    one, two = MejaEnv("nasi_lemak", num_players=3), MejaEnv("nasi_lemak", num_players=3)
    assert play(one, seed=21) == play(two, seed=21)
    assert one.table.state.history == two.table.state.history


def test_with_illegal_action_raise_an_action_outside_the_mask_is_refused_and_changes_nothing() -> (
    None
):
    env = MejaEnv("te_kuiti", num_players=2, illegal_action="raise")
    observation, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    history = list(env.table.state.history)
    with pytest.raises(IllegalAction, match="the shepherd must place a fence now"):
        env.step(illegal)
    assert env.table.state.history == history
    assert np.array_equal(env.table.observe(0), observation)


def test_an_action_outside_the_mask_ends_the_game_as_a_loss_and_says_why() -> None:
    env = gymnasium.make("meja/TeKuiti-v0").unwrapped
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "the shepherd must place a fence now" in info["illegal_action"]
    with pytest.raises(IllegalAction, match="the game is over"):
        env.step(0)


def test_render_draws_the_table_as_the_learner_sees_it() -> None:
    env = MejaEnv("nasi_lemak", num_players=2, render_mode="ansi")
    env.reset(seed=3)
    assert env.render() == env.table.render(0)
    assert env.render() != env.table.render(1)


def test_every_id_plays_its_own_game() -> None:
    for env_id, game in ENV_IDS.items():
        env = gymnasium.make(env_id).unwrapped
        assert env.table.game is load_game(game)


def test_info_names_each_legal_action_in_the_masks_order() -> None:
    env = MejaEnv("mooncake", num_players=3, seat=2)
    _, info = env.reset(seed=5)
    for _ in range(6):
        legal = np.flatnonzero(info["action_mask"]).tolist()
        state = env.table.state
        assert info["action_names"] == [state.action_to_str(a, 2) for a in legal]
        assert len(set(info["action_names"])) == len(legal) > 0
        _, _, _, _, info = env.step(legal[-1])


def test_gymnasiums_async_vector_env_steps_copies_in_other_processes() -> None:
    envs = gymnasium.make_vec("meja/Peranakan-v0", num_envs=2, vectorization_mode="async")
    try:
        _, info = envs.reset(seed=3)
        for _ in range(5):
            actions = [int(np.flatnonzero(mask)[0]) for mask in info["action_mask"]]
            _, rewards, _, _, info = envs.step(np.array(actions))
            assert rewards.shape == (2,)
            assert all(mask.any() for mask in info["action_mask"])
    finally:
        envs.close()
