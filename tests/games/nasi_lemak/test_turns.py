"""Setup, the turn and its three moves, the draw, and the options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meja.core import CHANCE, NotYourTurn, list_games
from meja.core.actions import normalize
from meja.core.game import sample_chance
from meja.games.nasi_lemak import GAME
from meja.games.nasi_lemak.actions import MOVES, NUM_ACTIONS


def test_the_game_is_registered_for_two_to_six_players() -> None:
    assert GAME in list_games()
    assert GAME.title == "Nasi Lemak: The Game"
    assert list(GAME.player_counts()) == [2, 3, 4, 5, 6]
    assert all(GAME.num_actions(n) == NUM_ACTIONS for n in GAME.player_counts())


def test_every_action_has_its_own_string() -> None:
    assert len(set(MOVES.names)) == NUM_ACTIONS
    assert all(MOVES.parse(normalize(name)) == action for action, name in enumerate(MOVES.names))


def test_setup_deals_seven_cards_each_then_the_first_player_draws_two() -> None:
    state = GAME.new_state(3)
    rng = random.Random(7)
    for _ in range(3 * 7):
        assert state.current_player() == CHANCE
        assert state.view(None)["phase"] == "deal"
        state.apply(sample_chance(state, rng), CHANCE)
    assert [state.hand_size(q) for q in range(3)] == [7, 7, 7]
    assert state.view(None)["phase"] == "draw"
    state.apply(sample_chance(state, rng), CHANCE)
    state.apply(sample_chance(state, rng), CHANCE)
    assert state.current_player() == 0
    assert state.hand_size(0) == 9
    assert state.view(0)["moves_left"] == 3


def test_the_shuffled_draw_pile_is_a_multiset_until_a_card_is_drawn(table: Any) -> None:
    state = GAME.new_state(2)
    odds = table.outcomes(state)
    assert odds["rice"] == pytest.approx(10 / 75)
    assert odds["fly"] == pytest.approx(5 / 75)
    assert odds["swatter"] == pytest.approx(2 / 75)
    table.play(state, "swatter")
    assert table.outcomes(state)["swatter"] == pytest.approx(1 / 74)


def test_random_start_player_is_a_chance_event(table: Any) -> None:
    """N13: the first player is chosen by the host, or at random."""
    state = GAME.new_state(4, start_player="random")
    assert table.outcomes(state) == {f"start seat {q}": 0.25 for q in range(4)}
    table.play(state, "seat 2 starts")
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng), CHANCE)
    assert state.current_player() == 2
    assert state.hand_size(2) == 9


def test_a_turn_allows_at_most_three_moves(table: Any) -> None:
    """N1: three moves of any kind; the turn passes after the third."""
    state = table.state(hands=[{"supplier": 3}, {"rice": 2, "egg": 1}, {}])
    table.play(state, "play supplier", "announce rice")
    assert state.view(0)["moves_left"] == 2
    table.play(state, "play supplier", "announce egg")
    assert state.view(0)["moves_left"] == 1
    table.play(state, "play supplier", "announce peanuts")
    view = state.view(None)
    assert (view["active"], view["phase"], view["turn"]) == (1, "draw", 2)


def test_moves_mix_in_any_order(table: Any, five: dict[str, int]) -> None:
    """N1: a make, a trade and an action card in one turn."""
    hand = {**five, "cucumber": 2, "wholesaler": 1}
    state = table.state(hands=[hand, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give cucumber", "ask egg", "propose")
    table.play(state, "accept", "make nasi lemak", "1 pack")
    assert state.view(0)["moves_left"] == 1
    table.play(state, "play wholesaler", "rice", "rice", "rice")
    assert state.view(None)["active"] == 1


def test_the_player_may_end_the_turn_early_and_play_passes_clockwise(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {}, {}])
    table.play(state, "end turn")
    assert state.view(None)["active"] == 1
    table.play(state, "egg", "egg")
    assert state.view(1)["hand"] == {"egg": 2}
    table.play(state, "end turn", "rice", "rice", "end turn")
    assert state.view(None)["active"] == 0


def test_drawing_two_cards_is_not_a_move(table: Any) -> None:
    state = table.state(hands=[{}, {}, {}])
    table.play(state, "end turn", "fan", "fly")
    assert state.view(1)["moves_left"] == 3


def test_only_the_active_player_acts(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}])
    with pytest.raises(NotYourTurn, match="not seat 1's turn"):
        state.apply(state.str_to_action("end turn", 0), 1)
    assert state.legal_actions(1) == []


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"start_player": 3}, "start_player"),
        ({"start_player": "first"}, "start_player"),
        ({"pile_out_end": "never"}, "pile_out_end"),
        ({"max_declined_offers": -1}, "max_declined_offers"),
        ({"offer_card_limit": 11}, "offer_card_limit"),
        ({"min_trade_cards": 4, "offer_card_limit": 3}, "min_trade_cards"),
        ({"max_rounds": "many"}, "max_rounds"),
        ({"hand_limit": 10}, "hand_limit"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        GAME.new_state(3, **options)


def test_player_count_outside_two_to_six_is_refused() -> None:
    with pytest.raises(ValueError, match="num_players"):
        GAME.new_state(7)
