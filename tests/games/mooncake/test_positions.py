"""Options, positions, views, resampling and the text drawing."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from meja.core import CHANCE, InvalidPosition, load_game
from meja.core.game import random_step
from meja.games.mooncake import GAME, MooncakeState


def played(num_players: int, steps: int, seed: int = 1, **options: Any) -> MooncakeState:
    """A random game after some steps."""
    rng = random.Random(seed)
    state = GAME.new_state(num_players, **options)
    for _ in range(steps):
        seat, action = random_step(state, rng)
        state.apply(action, seat)
    return state


def until_placing(num_players: int, placed: int, seed: int = 1) -> MooncakeState:
    """A random game in the place phase after a few placements."""
    rng = random.Random(seed)
    state = GAME.new_state(num_players)
    while state.view(None)["phase"] != "place" or sum(state.view(None)["hand_sizes"]) > (
        3 * num_players - placed
    ):
        seat, action = random_step(state, rng)
        state.apply(action, seat)
    return state


def test_game_is_registered_with_its_facts() -> None:
    game = load_game("mooncake")
    assert game is GAME and game.title == "Mooncake Master"
    assert list(game.player_counts()) == [2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"placement_reveal": "sometimes"}, "option 'placement_reveal': 'sometimes' is not one"),
        ({"half_yolk_bonus": "never"}, "option 'half_yolk_bonus'"),
        ({"all_tied_taste": 1}, "option 'all_tied_taste': expected str"),
        ({"solo": True}, "unknown option 'solo' for mooncake"),
    ],
)
def test_bad_options_are_rejected_naming_the_option(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.new_state(3, **options)


def test_solo_and_seven_players_are_refused() -> None:
    """M9: the solo mode is outside the rulebook."""
    for count in (1, 7):
        with pytest.raises(ValueError, match="num_players: Mooncake Master is for 2-6 players"):
            GAME.new_state(count)


@pytest.mark.parametrize("steps", [0, 1, 20, 31, 45, 200, 255])
def test_position_round_trips_through_json(steps: int) -> None:
    state = played(3, steps)
    copy = GAME.from_position(json.loads(json.dumps(state.position())))
    assert copy == state
    assert str(copy) == str(state)
    assert [copy.view(seat) for seat in range(3)] == [state.view(seat) for seat in range(3)]
    assert copy.legal_actions(copy.current_player()) == state.legal_actions()


def bad(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        GAME.from_position(data)


def test_bad_positions_are_refused_naming_the_field() -> None:
    good = until_placing(3, 2).position()

    def changed(**fields: Any) -> dict[str, Any]:
        return {**json.loads(json.dumps(good)), **fields}

    bad(changed(boards=[["XYZ"] + [None] * 11, *good["boards"][1:]]), r"boards\[0\]\[0\]: 'XYZ'")
    bad(changed(boards=[[None] * 11, *good["boards"][1:]]), r"boards\[0\]: expected 12 entries")
    bad(changed(phase="lunch"), "phase: 'lunch' is not one of")
    bad(changed(round=4), "round: 4 is outside 1 to 3")
    bad(changed(customers=[13]), r"customers\[0\]: customer 13 is not in play")
    bad(changed(festive=[0, -1, 0]), r"festive\[1\]: -1 is outside")
    bad(changed(hands=[[], [], []]), r"hands\[0\]: 0 in hand and \d placed, expected 3")
    bad(changed(pending=[["9ZZ"], [], []]), r"pending\[0\]: '9ZZ' is not a slot")
    bad(changed(choices=[0, None, None]), r"choices\[0\]: choices are made only in the choose")
    bad(changed(received=[None, *good["received"][1:]]), r"received\[0\]: while placing")
    bad(changed(options={"placement_reveal": "later"}), "option 'placement_reveal'")
    bad({k: v for k, v in good.items() if k != "hands"}, "hands: missing")
    bad(changed(colour="red"), "colour: not a field")


def test_a_position_holding_more_copies_than_the_box_is_refused() -> None:
    data = GAME.new_state(2).position()
    data.update(phase="draw", customers=[1], hands=[["LNN", "LNN"], []])
    bad(data, "boards: 2 LNN tiles are in play, the box holds 1")


def test_a_seats_view_does_not_depend_on_other_hands() -> None:
    """Hands are private: swapping seat 1's tiles changes only seat 1's view."""

    def choosing(second: list[str]) -> MooncakeState:
        data = GAME.new_state(3).position()
        data.update(
            phase="choose", customers=[2], hands=[["LNN", "RSS", "G-"], second, ["RN", "R-", "GS"]]
        )
        return GAME.from_position(data)

    first, second = choosing(["LN", "RS", "G->"]), choosing(["LSS", "RNS", "GNN"])
    assert first.view(0) == second.view(0) and first.view(None) == second.view(None)
    assert first.view(2) == second.view(2)
    assert first.view(1)["hand"] != second.view(1)["hand"]
    assert "hand" not in first.view(None)


def turn_tiles(state: MooncakeState, seat: int) -> Counter[str]:
    """The tiles a seat holds or has placed this turn, from its own view."""
    view = state.view(seat)
    board = view["boards"][seat]
    slots = {"1NE": 0, "1SE": 1, "1SW": 2, "1NW": 3, "2NE": 4, "2SE": 5}
    slots.update({"2SW": 6, "2NW": 7, "3NE": 8, "3SE": 9, "3SW": 10, "3NW": 11})
    return Counter(view["hand"] + [board[slots[name]] for name in view["pending"]])


def test_resample_keeps_the_tiles_a_seat_passed_with_its_neighbours() -> None:
    """The viewer knows what it passed; those tiles stay with the neighbours until placed."""
    state = until_placing(3, 2)
    passed = state.view(0)["passed"]
    rng = random.Random(3)
    hands_seen = set()
    for _ in range(40):
        other = state.resample(0, rng)
        assert other.view(0) == state.view(0)
        assert other.check_components() == []
        assert turn_tiles(other, 1)[passed["left"]] >= 1
        assert turn_tiles(other, 2)[passed["right"]] >= 1
        hands_seen.add(tuple(other.view(1)["hand"]))
    assert len(hands_seen) > 1


def test_resample_redraws_where_hidden_tiles_were_placed() -> None:
    """Unrevealed placements are commitments the viewer has not seen (M4)."""
    state = until_placing(3, 5, seed=4)
    pending = {seat: state.view(seat)["pending"] for seat in range(3)}
    assert any(pending[seat] for seat in (1, 2))
    rng = random.Random(5)
    seen = {
        tuple(tuple(other.view(s)["pending"]) for s in (1, 2))
        for other in (state.resample(0, rng) for _ in range(30))
    }
    assert len(seen) > 1
    assert all(len(redrawn[0]) == len(pending[1]) for redrawn in seen)


def test_resample_redraws_committed_choices_of_others() -> None:
    state = played(3, 11, seed=6)
    assert state.view(None)["phase"] == "choose"
    while state.active_players() != [2]:
        seat = state.active_players()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    rng = random.Random(1)
    redrawn = [state.resample(2, rng) for _ in range(30)]
    assert len({(other.view(0)["choice"], other.view(1)["choice"]) for other in redrawn}) > 1
    assert all(other.view(2) == state.view(2) for other in redrawn)


def test_state_text_draws_each_cake_as_two_by_two_quarters() -> None:
    data = GAME.new_state(2).position()
    data.update(
        phase="draw",
        turn_in_round=3,
        customers=[10],
        boards=[
            ["L->", "L-<", "LN", "LS", "RNN", "RSS", None, None, None, None, None, None],
            ["RN", None, "RS", None, "R-", None, None, None, "GN", "GS", "G-", None],
        ],
        hands=[["G->"], []],
    )
    text = str(GAME.from_position(data))
    assert text.splitlines() == [
        "round 1 turn 3 phase draw",
        "customers: C10 only 1 flavour and exactly 1 complete yolk",
        "seat 0: festive 0, hand G->",
        "  LS     L->    | .      RNN    | .      .",
        "  LN     L-<    | .      RSS    | .      .",
        "seat 1: festive 0, hand -",
        "  .      RN     | .      R-     | .      GN",
        "  RS     .      | .      .      | G-     GS",
    ]


@pytest.mark.parametrize(
    "options",
    [
        {"placement_reveal": "open"},
        {"half_yolk_bonus": "cakes_with_yolk", "all_tied_taste": "highest"},
    ],
)
def test_random_games_with_other_options_keep_the_protocol(options: dict[str, Any]) -> None:
    rng = random.Random(11)
    for num_players in (2, 3, 5):
        state = GAME.new_state(num_players, **options)
        while not state.is_terminal():
            assert state.check_components() == []
            assert GAME.from_position(json.loads(json.dumps(state.position()))) == state
            seat = state.current_player()
            if seat != CHANCE:
                view = state.view(seat)
                assert state.resample(seat, rng).view(seat) == view
            seat, action = random_step(state, rng)
            state.apply(action, seat)
        assert state.winners()


def test_a_position_of_the_first_format_loads_equal_to_todays() -> None:
    """Positions saved before the envelope counted "turn" within the round and had no format."""
    state = played(3, 200)
    today = state.position()
    first = {key: value for key, value in today.items() if key not in ("format", "to_move")}
    first["turn"] = first.pop("turn_in_round")
    assert GAME.from_position(first) == state
    unmarked = {key: value for key, value in today.items() if key != "format"}
    assert GAME.from_position(unmarked) == state
    bad({**today, "format": 3}, "format: 3 is not 2")


def test_views_and_positions_begin_with_the_envelope() -> None:
    """turn counts the turns begun in the whole game; turn_in_round the turn within the round."""
    state = played(2, 150)
    envelope = {"num_players": 2, "phase": "choose", "to_move": 0, "turn": 11}
    assert list(state.position())[:5] == ["num_players", "phase", "to_move", "turn", "format"]
    for seat in (0, 1, None):
        view = state.view(seat)
        assert list(view)[:5] == ["num_players", "phase", "to_move", "turn", "seat"]
        assert {key: view[key] for key in envelope} == envelope and view["seat"] == seat
        assert view["turn"] == 4 * (view["round"] - 1) + view["turn_in_round"]
    assert GAME.new_state(2).view(None)["turn"] == 0
