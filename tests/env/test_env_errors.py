"""Bad input to the RL adapters gets meja's one-line errors and changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import pytest

from meja.core.errors import IllegalAction
from meja.core.told import Told
from meja.env import Encoder, Field, MejaEnv, Table, pettingzoo_env


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: pettingzoo_env("chess"), "unknown game 'chess' \\(known games: mooncake"),
        (lambda: pettingzoo_env("peranakan", num_players=9), "is for 2-5 players, not 9"),
        (lambda: pettingzoo_env("te_kuiti", colour="blue"), "unknown option 'colour' for te_kuiti"),
        (lambda: pettingzoo_env("mooncake", render_mode="rgb_array"), "render_mode: expected"),
        (lambda: gymnasium.make("meja/Mooncake-v0", num_players=7), "is for 2-6 players, not 7"),
        (lambda: MejaEnv("nasi_lemak", num_players=3, seat=3), "seat: expected 0-2 or 'random'"),
        (lambda: MejaEnv("nasi_lemak", opponents="genius"), "unknown bot 'genius'"),
        (lambda: MejaEnv("nasi_lemak", num_players=4, opponents=["random"] * 2), "expected 1 or 3"),
        (lambda: MejaEnv("te_kuiti", illegal_action="ignore"), "illegal_action: expected"),
    ],
)
def test_a_bad_setting_is_a_one_line_value_error(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message) as error:
        make()
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("action", [-1, 10_000, 2.5, "3", None, True])
def test_an_action_that_is_no_action_number_is_refused(action: object) -> None:
    table = Table("peranakan", 2)
    table.reset(seed=1)
    history = list(table.state.history)
    with pytest.raises(IllegalAction) as error:
        table.act(action)
    assert "\n" not in str(error.value)
    assert table.state.history == history


def test_an_action_outside_the_mask_is_refused_by_the_aec_env() -> None:
    env = pettingzoo_env("nasi_lemak", num_players=2)
    env.reset(seed=2)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(illegal)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])


def test_a_finished_aec_game_refuses_moves_until_it_is_reset() -> None:
    env = pettingzoo_env("te_kuiti", num_players=2)
    env.reset(seed=4)
    for _agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        if terminated:
            with pytest.raises(IllegalAction, match="the game is over"):
                env.step(0)
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    with pytest.raises(IllegalAction, match="the game is over; reset it"):
        env.step(0)
    env.reset(seed=4)
    assert not env.unwrapped.table.state.is_terminal()


def test_a_finished_gymnasium_game_refuses_moves() -> None:
    env = MejaEnv("mooncake", num_players=2)
    _, info = env.reset(seed=6)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(IllegalAction, match="the game is over; reset it"):
        env.step(0)


def test_an_aec_env_must_be_reset_before_it_is_played() -> None:
    env = pettingzoo_env("peranakan")
    with pytest.raises(IllegalAction, match="call reset\\(\\) first"):
        env.step(0)
    with pytest.raises(IllegalAction, match="call reset\\(\\) first"):
        env.observe("player_0")


class Spy(Encoder):
    """An encoder that only notes every step it is told."""

    remembers = True

    def __init__(self, num_players: int, options: Mapping[str, Any], seat: int) -> None:
        super().__init__(num_players, options, seat)
        self.told: list[int] = []

    @classmethod
    def describe(cls, num_players: int, options: Mapping[str, Any]) -> list[Field]:
        return [Field("nothing", 1, 1.0, "always 0")]

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        return None

    def remember(self, player: int, told: Told) -> None:
        self.told.append(player)


@pytest.mark.parametrize("public", [False, True])
def test_a_refused_action_reaches_no_seats_memory(public: bool) -> None:
    table = Table("nasi_lemak", 3)
    table.reset(seed=5)
    table.encoders = [Spy(3, table.options, seat) for seat in range(3)]
    table.remembers, table.public_memory, table.glimpses = True, public, False
    seat = table.state.current_player()
    legal = table.state.legal_actions(seat)
    illegal = next(action for action in range(table.num_actions) if action not in legal)
    with pytest.raises(IllegalAction):
        table.act(illegal)
    with pytest.raises(IllegalAction):
        table.act(legal[0], seat=(seat + 1) % 3)
    assert [spy.told for spy in table.encoders] == [[], [], []]
    table.act(legal[0])
    assert all(spy.told and spy.told[0] == seat for spy in table.encoders)
