"""Positions, action strings, refusal messages and the text views."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meja.core import CHANCE, GameRecord, IllegalAction, InvalidPosition
from meja.core.game import random_step
from meja.games.nasi_lemak import GAME
from meja.games.nasi_lemak.actions import MAKE, NUM_ACTIONS, THIEF
from meja.games.nasi_lemak.text import render_seat


def test_positions_round_trip_through_json_at_every_step() -> None:
    rng = random.Random(2)
    state = GAME.new_state(4)
    while not state.is_terminal():
        data = json.loads(json.dumps(state.position()))
        copy = GAME.from_position(data)
        assert copy == state
        assert copy.position() == state.position()
        assert str(copy) == str(state)
        seat, action = random_step(state, rng)
        state.apply(action, seat)


def test_a_record_replays_to_the_same_game() -> None:
    state = GAME.new_state(3, start_player="random", pile_out_end="round")
    rng = random.Random(4)
    for _ in range(150):
        seat, action = random_step(state, rng)
        state.apply(action, seat)
    replayed = GameRecord.from_json(GameRecord.from_state(state).to_json()).replay(game=GAME)
    assert replayed == state
    assert replayed.options == state.options


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hands": [{}, {}]}, "hands"),
        ({"hands": [{"durian": 1}, {}, {}]}, r"hands\[0\]"),
        ({"hands": [{"rice": 11}, {}, {}]}, "draw_pile"),
        ({"draw_pile": {"rice": 3}}, "draw_pile"),
        ({"nasi_lemak": [[{"packs": 3, "fly": False}], [], []]}, r"nasi_lemak\[0\]\[0\]"),
        ({"nasi_lemak_pile": {"1": 8, "2": 8}}, "nasi_lemak_pile"),
        ({"phase": "lunch"}, "phase"),
        ({"active": 5}, "active"),
        ({"moves_left": 4}, "moves_left"),
        ({"known": [[0, 1, {"rice": 1}]]}, r"known\[0\]"),
        ({"offer": {"give": {}, "ask": {}}}, "offer"),
        ({"options": {"pile_out_end": "never"}}, "options"),
        ({"lunch": True}, "lunch"),
        ({"end": "five_packs"}, "end"),
    ],
)
def test_a_bad_position_is_refused_naming_the_field(
    table: Any, change: dict[str, Any], field: str
) -> None:
    data = table.position(**change)
    with pytest.raises(InvalidPosition, match=rf"^{field}"):
        GAME.from_position(data)


def test_an_unnoticed_win_is_refused(table: Any) -> None:
    """N4: a game still running cannot hold five fly-free packs."""
    data = table.position(nasi_lemak=[[], table.cards([2, 2, 1]), []])
    with pytest.raises(InvalidPosition, match=r"nasi_lemak\[1\]: 5 fly-free packs"):
        GAME.from_position(data)


def test_a_position_needs_every_card_accounted_for(table: Any) -> None:
    data = table.position(draw_pile={}, hands=[{"rice": 1}, {}, {}])
    with pytest.raises(InvalidPosition, match="draw_pile: 1 rice cards"):
        GAME.from_position(data)


def test_an_illegal_action_says_why_and_changes_nothing(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {}, {}])
    before = state.position()
    with pytest.raises(IllegalAction, match="seat 0 cannot 'play thief' now: you hold no Thief"):
        state.apply(THIEF, 0)
    with pytest.raises(IllegalAction, match="is not an action of Nasi Lemak: The Game"):
        state.apply(NUM_ACTIONS, 0)
    with pytest.raises(IllegalAction, match=r"not a legal move now: .* lack egg, peanuts"):
        state.str_to_action("Make  Nasi Lemak")
    assert state.position() == before
    assert state.history == []


def test_an_illegal_move_in_a_sub_decision_names_what_is_awaited(table: Any) -> None:
    state = table.state(hands=[{"supplier": 1}, {}, {}])
    table.play(state, "play supplier")
    with pytest.raises(IllegalAction, match="first announce the ingredient"):
        state.apply(MAKE, 0)


def test_strings_parse_back_case_and_spacing_forgiven(table: Any, five: dict[str, int]) -> None:
    state = table.state(hands=[five, {}, {}])
    assert state.str_to_action("  MAKE nasi   lemak ") == MAKE
    assert state.str_to_action(str(MAKE)) == MAKE
    table.play(state, "make nasi lemak")
    assert state.str_to_action("2 Packs", CHANCE) == 1


def test_the_text_view_shows_a_seat_its_own_hand_only(table: Any) -> None:
    hands = [{"rice": 2}, {"thief": 1}, {}]
    state = table.state(hands=hands, nasi_lemak=[table.cards([2]), table.cards([1]), []])
    text = render_seat(state, 0)
    assert "Your hand: rice 2" in text
    assert "thief" not in text
    assert "You: 2 cards; Nasi Lemak [2]" in text
    assert "Seat 1: 1 cards; Nasi Lemak [?]" in text
    whole = str(state)
    assert "seat 1: hand thief 1" in whole
    assert whole == str(GAME.from_position(state.position()))


def test_an_offer_in_a_position_keeps_its_cards_taken_back(table: Any) -> None:
    """The count of cards taken back out of an offer is part of it, and within the limit."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give rice", "take back rice", "give rice")
    data = state.position()
    assert data["offer"] == {"give": {"rice": 1}, "ask": {}, "taken_back": 1}
    assert GAME.from_position(data) == state
    data["offer"]["taken_back"] = 4
    with pytest.raises(InvalidPosition, match=r"^offer.taken_back: 4 is outside 0..3"):
        GAME.from_position(data)
    del data["offer"]["taken_back"]
    assert GAME.from_position(data).view(0)["offer"]["taken_back"] == 0


def test_positions_and_views_begin_with_the_shared_envelope(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {}, {}])
    data = state.position()
    assert [data[key] for key in ("num_players", "phase", "to_move", "turn", "format")] == [
        3,
        "main",
        0,
        1,
        2,
    ]
    view = state.view(1)
    assert [view[key] for key in ("num_players", "phase", "to_move", "turn", "seat")] == [
        3,
        "main",
        0,
        1,
        1,
    ]
    assert [entry["seat"] for entry in view["seats"]] == [0, 1, 2]


def test_a_position_of_the_earlier_shape_still_loads(table: Any) -> None:
    """Positions saved before the envelope have no format and no to_move: they load the same."""
    state = table.state(hands=[{"rice": 1}, {}, {}])
    data = state.position()
    earlier = {key: value for key, value in data.items() if key not in ("format", "to_move")}
    assert GAME.from_position(earlier) == state == GAME.from_position(data)
    with pytest.raises(InvalidPosition, match=r"^to_move: 1, but this position has 0 to move"):
        GAME.from_position({**data, "to_move": 1})
    with pytest.raises(InvalidPosition, match=r"^format: 3"):
        GAME.from_position({**data, "format": 3})
