"""The shared State behaviour: turn checks, refusals that change nothing, parsing, returns."""

from __future__ import annotations

import pytest

from meja.core import CHANCE, GameOver, IllegalAction, NotYourTurn
from meja.core.episode import play_random


def test_chance_step_must_be_resolved_before_a_seat_moves(race) -> None:
    state = race.new_state(2)
    assert state.current_player() == CHANCE
    with pytest.raises(NotYourTurn, match="chance event"):
        state.apply(0, 0)
    state.apply(1, CHANCE)
    assert state.current_player() == 1 and state.history == [(CHANCE, 1)]


def test_wrong_seat_is_refused_and_nothing_changes(race) -> None:
    state = race.new_state(2, start="first")
    with pytest.raises(NotYourTurn, match="not seat 1's turn"):
        state.apply(0, 1)
    assert state.total == 0 and state.history == []


def test_illegal_action_is_refused_with_a_reason(race) -> None:
    state = race.new_state(2, start="first")
    with pytest.raises(IllegalAction, match="not an action of Race to Seven"):
        state.apply(5)
    assert state.history == []


def test_moves_after_the_end_raise_game_over(race) -> None:
    import random

    state = play_random(race.new_state(2), random.Random(3))
    assert state.is_terminal()
    with pytest.raises(GameOver):
        state.apply(0)


def test_str_to_action_accepts_text_or_number_and_refuses_nonsense(race) -> None:
    state = race.new_state(2, start="first")
    assert state.str_to_action("ADD  2") == 1
    assert state.str_to_action("0") == 0
    with pytest.raises(IllegalAction, match="'jump' is not a legal move"):
        state.str_to_action("jump")


def test_returns_give_the_winner_one_point(race) -> None:
    state = race.new_state(2, start="first", target=2)
    state.apply(1)
    assert state.is_terminal() and state.winners() == [0]
    assert state.returns() == [1.0, 0.0]


def test_option_out_of_range_names_the_option(race) -> None:
    with pytest.raises(ValueError, match="option 'target': 50 is above 20"):
        race.new_state(2, target=50)


def test_unknown_option_names_it_and_lists_the_known_ones(race) -> None:
    with pytest.raises(ValueError, match=r"unknown option 'speed'.*target, start"):
        race.new_state(2, speed=3)


def test_bad_player_count_is_refused(race) -> None:
    with pytest.raises(ValueError, match="num_players: Race to Seven is for 2-2 players, not 3"):
        race.new_state(3)


def test_choice_option_lists_allowed_values(race) -> None:
    with pytest.raises(ValueError, match="'dice' is not one of coin, first"):
        race.new_state(2, start="dice")
