"""What the whole table just saw stays in every view until the next step (N6, N7, N9).

A Supplier's ingredient, the seat an Officer examines and the cards a Wholesaler turns up are
seen by everyone at once. Some of them leave no other trace: nobody held the ingredient, the
examined hand was empty, the kept ingredient is only a larger hand to the spectator, or the
turned-up action cards went straight into a reshuffled draw pile. The view's just_seen keeps them
for every seat and the spectator alike, until the next step is applied.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meja.core import InvalidPosition
from meja.core.told import viewers
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.games.nasi_lemak.text import render_seat


def _views(state: NasiLemakState) -> list[dict[str, Any]]:
    """Every seat's view, then the spectator's."""
    return [state.view(viewer) for viewer in viewers(state.num_players)]


def _without_just_seen(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "just_seen"}


def _apart(table: Any, make: Any, first: str, second: str) -> list[int | None]:
    """The viewers whose views differ after the last step was first rather than second.

    make() builds the state before the step; the step is played by its string.
    """
    one = table.play(make(), first)
    two = table.play(make(), second)
    return [viewer for viewer in viewers(one.num_players) if one.view(viewer) != two.view(viewer)]


def _supplier(table: Any, **fields: Any) -> Any:
    """A builder of a state in which seat 0 has just played a Supplier (N7)."""
    hands = fields.pop("hands", [{"supplier": 1}, {"rice": 1}, {"peanuts": 1}])
    return lambda: table.play(table.state(hands=hands, **fields), "play supplier")


def _officer(table: Any) -> Any:
    """A builder of a state in which seat 0 has just played an Officer at empty hands (N9)."""
    hands = [{"officer": 1}, {}, {}]
    return lambda: table.play(table.state(hands=hands), "play officer")


def _wholesaler(table: Any, *turned_up: str, **fields: Any) -> Any:
    """A builder of a state in which seat 0's Wholesaler has turned up these cards (N6)."""
    hands = fields.pop("hands", [{"wholesaler": 1}, {}, {}])
    return lambda: table.play(table.state(hands=hands, **fields), "play wholesaler", *turned_up)


# --- each step leaves different views --------------------------------------------------------


def test_an_ingredient_nobody_holds_is_still_seen_announced_N7(table: Any) -> None:
    """N7: if nobody has the ingredient the card is still spent, and everyone heard it named."""
    make = _supplier(table)
    assert _apart(table, make, "announce sambal", "announce cucumber") == [0, 1, 2, None]
    state = table.play(make(), "announce sambal")
    assert state.view(None)["just_seen"] == {
        "card": "supplier",
        "seat": 0,
        "announced": "sambal",
        "handed_over": [0, 0, 0],
    }


def test_the_spectator_tells_apart_two_ingredients_handed_over_alike_N7(table: Any) -> None:
    """N7: the same number of cards changing hands still shows which ingredient was named."""
    hands = [{"supplier": 1}, {"rice": 1, "egg": 1}, {"rice": 2, "egg": 2}]
    make = _supplier(table, hands=hands)
    assert None in _apart(table, make, "announce rice", "announce egg")
    state = table.play(make(), "announce egg")
    assert state.view(None)["just_seen"]["handed_over"] == [0, 1, 2]


def test_the_seat_an_officer_examines_is_seen_even_when_its_hand_is_empty_N9(
    table: Any,
) -> None:
    """N9: the Officer looks privately, but everyone sees whose hand it is."""
    make = _officer(table)
    assert _apart(table, make, "examine seat 1", "examine seat 2") == [0, 1, 2, None]
    state = table.play(make(), "examine seat 2")
    assert state.view(1)["just_seen"] == {"card": "officer", "seat": 0, "examined": 2}


def test_the_spectator_sees_which_ingredient_a_wholesaler_keeps_N6(table: Any) -> None:
    """N6: the turned-up cards are face up; a kept egg is not a kept rice to anyone."""
    make = _wholesaler(table, "rice", "peanuts")
    assert None in _apart(table, make, "egg", "rice")
    state = table.play(make(), "egg")
    assert state.view(None)["just_seen"] == {
        "card": "wholesaler",
        "seat": 0,
        "turned_up": {"rice": 1, "egg": 1, "peanuts": 1},
        "kept": {"rice": 1, "egg": 1, "peanuts": 1},
    }


def test_turned_up_action_cards_are_seen_though_the_discard_pile_is_reshuffled_N6(
    table: Any, remaining: Any
) -> None:
    """N6, N12: the Wholesaler turns up the last cards there are, its own card among them, so
    the action cards it discards are the new draw pile at once; the Officer or Thief it turned
    up was still seen."""

    def after(hidden: str) -> NasiLemakState:
        draw = {"egg": 1, hidden: 1}
        hands = [{"wholesaler": 1}, remaining({"wholesaler": 1}, draw), {}]
        make = _wholesaler(table, "egg", hidden, hands=hands, draw_pile=draw)
        return table.play(make(), "wholesaler")

    one = after("officer")
    two = after("thief")
    assert (one.view(2)["discard_pile"], one.view(2)["draw_pile"]) == ({}, 2)
    assert _without_just_seen(one.view(2)) == _without_just_seen(two.view(2))
    assert one.view(2) != two.view(2)
    assert one.view(2)["just_seen"]["turned_up"] == {"egg": 1, "officer": 1, "wholesaler": 1}
    assert one.view(2)["just_seen"]["kept"] == {"egg": 1}


# --- public, and only until the next step --------------------------------------------------


@pytest.mark.parametrize(
    ("build", "step", "next_step"),
    [
        (lambda table: _supplier(table)(), "announce rice", "end turn"),
        (lambda table: _officer(table)(), "examine seat 1", "end turn"),
        (lambda table: _wholesaler(table, "rice", "egg")(), "officer", "end turn"),
        (
            lambda table: table.play(
                table.state(hands=[{"officer": 1}, {"rice": 2}, {}]), "play officer"
            ),
            "examine seat 1",
            "take rice",
        ),
    ],
)
def test_what_the_table_just_saw_is_public_and_gone_after_the_next_step_N6_N7_N9(
    table: Any, build: Any, step: str, next_step: str
) -> None:
    state = table.play(build(table), step)
    seen = state.view(None)["just_seen"]
    assert seen is not None
    assert all(view["just_seen"] == seen for view in _views(state))
    for seat in range(state.num_players):
        assert state.resample(seat, random.Random(seat)).view(None)["just_seen"] == seen
    table.play(state, next_step)
    assert all(view["just_seen"] is None for view in _views(state))


def test_nothing_is_just_seen_before_such_a_step(table: Any) -> None:
    state = _supplier(table)()
    assert all(view["just_seen"] is None for view in _views(state))


# --- positions and text ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "step"),
    [
        (lambda table: _supplier(table)(), "announce rice"),
        (lambda table: _officer(table)(), "examine seat 2"),
        (lambda table: _wholesaler(table, "fly", "egg")(), "thief"),
    ],
)
def test_what_was_just_seen_round_trips_through_a_position(
    table: Any, build: Any, step: str
) -> None:
    state = table.play(build(table), step)
    data = json.loads(json.dumps(state.position()))
    assert data["just_seen"] is not None
    copy = GAME.from_position(data)
    assert copy == state
    assert copy.position() == state.position()
    assert str(copy) == str(state)
    assert copy.view(None) == state.view(None)
    del data["just_seen"]
    assert GAME.from_position(data).view(None)["just_seen"] is None
    assert GAME.from_position(data) != state


def test_what_was_just_seen_is_written_in_the_text_views(table: Any) -> None:
    supplied = table.play(_supplier(table)(), "announce egg")
    assert "seat 0 announced egg: nobody had any" in str(supplied)
    assert "Just seen: seat 0 announced egg: nobody had any" in render_seat(supplied, None)
    hands = [{"supplier": 1}, {"rice": 1}, {"rice": 2}]
    taken = table.play(_supplier(table, hands=hands)(), "announce rice")
    assert "seat 0 announced rice: 1 from seat 1, 2 from seat 2" in render_seat(taken, 1)
    examined = table.play(_officer(table)(), "examine seat 2")
    assert "seat 0 examined seat 2: an empty hand" in render_seat(examined, 2)
    wholesaled = table.play(_wholesaler(table, "fly", "egg")(), "thief")
    assert "seat 0 turned up egg 1, thief 1, fly 1 and kept egg 1" in str(wholesaled)


def _officer_position(table: Any) -> dict[str, Any]:
    """A position just after seat 0's Officer examined seat 1's empty hand."""
    return dict(table.play(_officer(table)(), "examine seat 1").position())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("a Supplier", "expected null or an object"),
        ({"card": "thief", "seat": 0}, "'thief' is not one of supplier, officer, wholesaler"),
        ({"card": "officer", "seat": 0}, "expected the fields card, seat, examined"),
        ({"card": "officer", "seat": 5, "examined": 1}, r"seat: 5 is outside 0\.\.2"),
        ({"card": "officer", "seat": 0, "examined": 0}, "another seat"),
        ({"card": "officer", "seat": 0, "examined": 1, "kept": {}}, "expected the fields"),
        ({"card": "officer", "seat": 1, "examined": 2}, "active"),
        (
            {"card": "supplier", "seat": 0, "announced": "fly", "handed_over": [0, 0, 0]},
            "'fly' is not an ingredient",
        ),
        (
            {"card": "supplier", "seat": 0, "announced": "rice", "handed_over": [0, 0]},
            "handed_over: expected 3 counts",
        ),
        (
            {"card": "supplier", "seat": 0, "announced": "rice", "handed_over": [0, 2, 0]},
            "seat 0 holds only 0 rice",
        ),
        (
            {"card": "supplier", "seat": 0, "announced": "rice", "handed_over": [1, 0, 0]},
            "handed_over",
        ),
        ({"card": "wholesaler", "seat": 0, "turned_up": {}}, "1..3 cards"),
        ({"card": "wholesaler", "seat": 0, "turned_up": {"durian": 1}}, "unknown card"),
        ({"card": "wholesaler", "seat": 0, "turned_up": {"egg": 2}}, "seat 0 holds only 0 egg"),
    ],
)
def test_a_bad_just_seen_is_refused_naming_the_field(table: Any, change: Any, message: str) -> None:
    data = _officer_position(table)
    data["just_seen"] = change
    with pytest.raises(InvalidPosition, match=rf"^just_seen.*{message}"):
        GAME.from_position(data)


def test_an_examined_hand_that_is_not_empty_is_being_picked_from_N9(table: Any) -> None:
    """After examining a hand with cards the Officer picks from it (phase pick, its target)."""
    state = table.play(
        table.state(hands=[{"officer": 1}, {"rice": 2}, {}]), "play officer", "examine seat 1"
    )
    data = state.position()
    assert GAME.from_position(data) == state
    data["just_seen"]["examined"] = 2
    with pytest.raises(InvalidPosition, match=r"^just_seen\.examined: .*seat 1"):
        GAME.from_position(data)


def _scribble(value: Any) -> None:
    """Change every dict and list inside a view in place, as a careless caller might."""
    if isinstance(value, dict):
        for inner in value.values():
            _scribble(inner)
        value["scribbled"] = 1
    elif isinstance(value, list):
        for inner in value:
            _scribble(inner)
        value.append("scribbled")


def test_a_view_belongs_to_its_caller_and_changing_it_changes_no_later_view() -> None:
    """Views are built from shared tables of card counts; each caller gets its own copy."""
    for players in (2, 6):
        state, rng = GAME.new_state(players), random.Random(players)
        for _ in range(120):
            if state.is_terminal():
                break
            before = json.dumps(_views(state), sort_keys=True)
            for view in _views(state):
                _scribble(view)
            assert json.dumps(_views(state), sort_keys=True) == before
            player = state.current_player()
            if player < 0:
                action = rng.choice([o for o, _ in state.chance_outcomes()])
            else:
                action = rng.choice(state.legal_actions(player))
            state.apply(action, player)
