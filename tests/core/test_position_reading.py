"""The shared position readers: each refuses a bad field with a one-line message naming it."""

from __future__ import annotations

from typing import Any

import pytest

from meja.core import Game, InvalidPosition
from meja.core import position_reading as read

CELLS = {"a1": 0, "b1": 1}


def refused(message: str, reader: Any, *args: Any, **kwargs: Any) -> None:
    """The reader raises InvalidPosition with exactly this message."""
    with pytest.raises(InvalidPosition) as caught:
        reader(*args, **kwargs)
    assert str(caught.value) == message


def test_integer_states_its_range_or_names_the_value_outside_it() -> None:
    assert read.integer(3, "turn", 1, 9) == 3
    refused("turn: expected an integer from 1 to 9, got 0", read.integer, 0, "turn", 1, 9)
    refused("turn: expected an integer from 1 to 9, got True", read.integer, True, "turn", 1, 9)
    refused("festive[1]: expected an integer from 0, got -1", read.integer, -1, "festive[1]", 0)
    refused("round: 4 is outside 1 to 3", read.integer, 4, "round", 1, 3, between=" to ")
    refused("seat: 5 is outside 0..2", read.integer, 5, "seat", 0, 2, between="..")
    refused("seat: expected an integer, got '1'", read.integer, "1", "seat", 0, 2, between="..")
    refused("festive[0]: -1 is outside 0", read.integer, -1, "festive[0]", 0, between=" to ")


def test_boolean_takes_only_true_or_false() -> None:
    assert read.boolean(False, "last_turn") is False
    refused("last_turn: expected true or false, got 1", read.boolean, 1, "last_turn")


def test_sequence_is_a_list_of_the_given_length() -> None:
    assert read.sequence([1, 2], "hands", 2) == [1, 2]
    refused("hands: expected a list, got {}", read.sequence, {}, "hands")
    refused("boards[0]: expected 12 entries, got 11", read.sequence, [0] * 11, "boards[0]", 12)


def test_lookup_names_what_the_value_should_be() -> None:
    assert read.lookup("b1", "flipping", CELLS, "a cell") == 1
    refused("flipping: 'z9' is not a cell", read.lookup, "z9", "flipping", CELLS, "a cell")
    refused("flipping: ['a1'] is not a cell", read.lookup, ["a1"], "flipping", CELLS, "a cell")


def test_lookups_name_the_first_unknown_entry_by_its_index() -> None:
    assert read.lookups(["b1", "a1"], "revealed", CELLS, "a cell") == [1, 0]
    refused(
        "revealed[1]: 'c1' is not a cell", read.lookups, ["a1", "c1"], "revealed", CELLS, "a cell"
    )


def test_choice_lists_the_names_it_takes() -> None:
    assert read.choice("take", "phase", ("start", "take")) == 1
    refused(
        "phase: 'lunch' is not one of start, take", read.choice, "lunch", "phase", ("start", "take")
    )


def test_counts_read_one_count_per_name() -> None:
    assert read.counts({"b1": 2}, "hands[0]", CELLS, "cell") == [0, 2]
    refused(
        "hands[0]: expected an object of cell counts, got []",
        read.counts,
        [],
        "hands[0]",
        CELLS,
        "cell",
    )
    refused(
        "hands[0]: unknown cell 'c1' (cells: a1, b1)",
        read.counts,
        {"c1": 1},
        "hands[0]",
        CELLS,
        "cell",
    )
    refused(
        "hands[0]: a1 count must be a whole number, got -1",
        read.counts,
        {"a1": -1},
        "hands[0]",
        CELLS,
        "cell",
    )


def header(game: Game, data: Any, **kwargs: Any) -> tuple[int, dict[str, Any]]:
    """The race game's header: num_players and options required, format optional."""
    return read.header(game, data, "Race", ("num_players", "options"), ("format",), **kwargs)


def test_header_reads_the_player_count_and_resolves_the_options(race: Game) -> None:
    assert header(race, {"num_players": 2, "options": {"target": 9}}) == (
        2,
        {"target": 9, "start": "coin"},
    )
    first = header(race, {"players": 2, "options": {}}, first_shape=("players", "options"))
    assert first == (2, {"target": 7, "start": "coin"})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a Race position must be a JSON object"),
        ({"num_players": 2}, "options: missing from the position"),
        ({"num_players": 2, "options": {}, "colour": 1}, "colour: not a field of a Race position"),
        ({"num_players": 3, "options": {}}, "num_players: expected an integer from 2 to 2, got 3"),
        ({"num_players": 2, "options": []}, "options: expected an object, got []"),
        (
            {"num_players": 2, "options": {"target": 99}},
            "options: option 'target': 99 is above 20",
        ),
        (
            {"num_players": 2, "options": {}, "format": 3},
            "format: expected 2, got 3, the format read here",
        ),
    ],
)
def test_header_refuses_a_bad_field_by_name(race: Game, data: Any, message: str) -> None:
    refused(message, header, race, data)


def test_format_may_lead_with_the_value_and_be_left_out() -> None:
    read.check_format({})
    refused(
        "format: 3 is not 2, the format read here",
        read.check_format,
        {"format": 3},
        value_first=True,
    )
    refused(
        "'format': expected 2, got '2', the format read here",
        read.check_format,
        {"format": "2"},
        "'format'",
    )


def test_players_read_format_1s_players_key_under_its_own_name(race: Game) -> None:
    assert read.players(race, {"players": 2}) == 2
    refused(
        "'players': expected an integer from 2 to 2, got 7",
        read.players,
        race,
        {"players": 7},
        repr,
    )
    refused(
        "num_players: expected an integer from 2 to 2, got 7",
        read.players,
        race,
        {"players": 2, "num_players": 7, "format": 2},
    )


def test_to_move_must_agree_with_the_state(race: Game) -> None:
    state = race.new_state(2, start="first")
    read.check_to_move({}, state, "add")
    read.check_to_move({"to_move": 0}, state, "add")
    refused(
        "to_move: expected 0 in the 'add' phase, got 1",
        read.check_to_move,
        {"to_move": 1},
        state,
        "add",
    )
    refused(
        "to_move: expected 0 in the 'add' phase, got False",
        read.check_to_move,
        {"to_move": False},
        state,
        "add",
    )
    refused(
        "to_move: 1, but this position has 0 to move",
        read.check_to_move,
        {"to_move": 1},
        state,
        "add",
        value_first=True,
    )
