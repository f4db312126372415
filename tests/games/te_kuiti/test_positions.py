"""Positions, options, refusals and the text drawing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from meja.core import CHANCE, GameOver, IllegalAction, InvalidPosition, NotYourTurn
from meja.core.episode import play_random
from meja.core.game import random_step
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.actions import ACTION_NAMES, NUM_ACTIONS, REMOVE
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import EDGE_INDEX

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Around = Callable[..., list[str]]


@pytest.mark.parametrize(
    ("players", "options", "named"),
    [
        (2, {"out_of_fences": "never"}, "out_of_fences"),
        (1, {"solo_turn_limit": 0}, "solo_turn_limit"),
        (1, {"solo_turn_limit": "many"}, "solo_turn_limit"),
        (2, {"fence_count": 20}, "fence_count"),
        (3, {}, "num_players"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    players: int, options: dict[str, Any], named: str
) -> None:
    with pytest.raises(ValueError, match=named):
        GAME.new_state(players, **options)


def test_a_position_round_trips_mid_game() -> None:
    rng = random.Random(5)
    for players in (1, 2):
        state = GAME.new_state(players)
        for _ in range(40):
            seat, action = random_step(state, rng)
            state.apply(action, seat)
        copy = GAME.from_position(state.position())
        assert copy == state
        assert str(copy) == str(state)
        assert copy.view(0) == state.view(0)


def _broken(solo: bool = False, **changes: Any) -> dict[str, Any]:
    data = GAME.new_state(1 if solo else 2).position()
    del data["to_move"]  # the phase set here decides it
    data["phase"] = "flip"
    data["fences_to_place"] = 0
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({k: v for k, v in _broken().items() if k != "cells"}, r"^cells: missing"),
        (_broken(pool=[]), r"^pool: not a field"),
        (_broken(phase="dance"), r"^phase: 'dance'"),
        (_broken(phase="orient"), r"^phase: 'orient' does not occur with 2"),
        (_broken(num_players=3), r"^num_players:"),
        (_broken(round=3), r"^round:"),
        (_broken(options={"out_of_fences": "never"}), r"^options:.*out_of_fences"),
        (_broken(cells=["down ?"] * 24), r"^cells: expected a list of 25"),
        (_broken(cells=["sideways joyful"] + ["down ?"] * 24), r"^cells\[0\] \(a1\): expected"),
        (_broken(cells=["down wolf"] + ["down ?"] * 24), r"unknown tile 'wolf'"),
        (_broken(cells=["up ram"] + ["down ?"] * 24), r"^cells\[0\].*leaves the field"),
        (_broken(cells=["up ?"] + ["down ?"] * 24), r"^cells\[0\].*only a face-down"),
        (_broken(cells=["down joyful"] * 3 + ["down ?"] * 22), r"^cells: 3 joyful tiles, only 2"),
        (_broken(cells=["down sleepy_daisy north"] + ["down ?"] * 24), r"only in the solo game"),
        (_broken(fences=["a1n", "a1n"], supply=28), r"^fences: edge a1n is listed twice"),
        (_broken(fences=["b3s", "b4n"], supply=28), r"^fences: edge b4n is listed twice"),
        (_broken(fences=["z9"], supply=29), r"^fences: 'z9' is not an edge"),
        (_broken(supply=29), r"^supply: 29 \+ 0 fences"),
        (_broken(phase="reveal"), r"^flipping:"),
        (_broken(flipping="a1"), r"^flipping: must be null"),
        (_broken(revealed=["a1"]), r"^revealed\[0\]: a1 is not a sheep flipped this turn"),
        (_broken(fences_to_place=2), r"^fences_to_place:"),
        (_broken(round_scores=[[1, 2]]), r"^round_scores:"),
        (_broken(result="won"), r"^result:"),
        (_broken(last_turn=True), r"^last_turn:"),
        (_broken(end_of_round="yes"), r"^end_of_round: expected true or false"),
        (_broken(solo=True, phase="bonus"), r"^phase: 'bonus' does not occur with 1"),
        (_broken(solo=True, cells=["down joyful_daisy"] + ["down ?"] * 24), r"needs its side"),
    ],
)
def test_a_bad_position_is_refused_naming_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        GAME.from_position(data)


def test_few_open_tiles_require_the_end_of_round_mode(around: Around) -> None:
    """T4: with 5 or fewer open tiles the flag cannot be off."""
    data = _broken(fences=around(*[f"{c}{r}" for r in range(1, 5) for c in "abcde"]))
    data["supply"] = 30 - len(data["fences"])
    with pytest.raises(InvalidPosition, match=r"^end_of_round: must be true with 5"):
        GAME.from_position(data)
    data["end_of_round"] = True
    assert GAME.from_position(data).view(0)["end_of_round"]


def test_a_position_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(InvalidPosition, match="JSON object"):
        GAME.from_position([])  # type: ignore[arg-type]


def test_an_illegal_action_says_why_and_changes_nothing(build: Build, play: Play) -> None:
    state = play(build(fences=["a1n"], cells={"e5": "down ram"}), "flip e5")
    before = state.clone()
    with pytest.raises(IllegalAction, match="remove c3n: there is no fence on c3n"):
        state.apply(REMOVE + EDGE_INDEX["c3n"])
    with pytest.raises(IllegalAction, match="a ram was flipped; choose a fence to remove"):
        state.str_to_action("flip a2")
    with pytest.raises(IllegalAction, match=f"{NUM_ACTIONS} is not an action of Te Kuiti"):
        state.apply(NUM_ACTIONS)
    with pytest.raises(IllegalAction, match="'dance' is not a Te Kuiti move"):
        state.str_to_action("dance")
    with pytest.raises(NotYourTurn, match="not seat 0's turn"):
        state.apply(REMOVE + EDGE_INDEX["a1n"], 0)
    assert state == before
    assert state.history == before.history


def test_a_chance_outcome_that_cannot_happen_is_refused(build: Build, play: Play) -> None:
    state = play(build(cells={"a1": "down ram", "a2": "down ram", "a3": "down ram"}), "flip c3")
    with pytest.raises(IllegalAction, match="'ram' is not a possible outcome"):
        state.str_to_action("ram", CHANCE)
    with pytest.raises(IllegalAction):
        state.apply(99, CHANCE)


def test_no_move_after_the_game_is_over() -> None:
    state = play_random(GAME.new_state(1), random.Random(3))
    with pytest.raises(GameOver):
        state.apply(0)
    assert state.legal_actions() == []


def test_action_names_are_unique_and_parse_back() -> None:
    assert len(set(ACTION_NAMES)) == NUM_ACTIONS
    state = GAME.new_state(2)
    assert state.str_to_action("  FENCE   C3N ") == EDGE_INDEX["c3n"]
    assert state.str_to_action(str(EDGE_INDEX["c3n"])) == EDGE_INDEX["c3n"]


def test_the_text_draws_fences_and_marks_enclosures(build: Build, around: Around) -> None:
    state = build(
        fences=[*around("a1"), "c3w"],
        cells={"a1": "down joyful", "b1": "up sleepy", "c1": "gone ram", "d1": "down shepherd"},
        revealed=["b1"],
    )
    lines = str(state).splitlines()
    assert lines[:3] == [
        "Te Kuiti, round 1 of 2: seat 0 is the shepherd, seat 1 the sheep player",
        "phase flip; 25 fences in the supply; revealed b1",
        "scores 0-0",
    ]
    assert lines[3:9] == [
        "    a    b    c    d    e",
        "  +----+    +    +    +    +",
        "1 |#jo | SL   ..   sh*  ??",
        "  +----+    +    +    +    +",
        "2   ??   ??   ??   ??   ??",
        "  +    +    +    +    +    +",
    ]
    assert lines[9] == "3   ??   ?? | ??   ??   ??"


def test_the_game_length_bound_covers_long_games() -> None:
    rng = random.Random(11)
    for players in (1, 2):
        longest = max(len(play_random(GAME.new_state(players), rng).history) for _ in range(30))
        assert longest <= GAME.max_game_length(players)


def _replayed(players: int, seed: int, steps: int | None = None) -> TeKuitiState:
    """A seeded random game, stopped after steps (None: at the end)."""
    rng = random.Random(seed)
    state = GAME.new_state(players)
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        seat, action = random_step(state, rng)
        state.apply(action, seat)
    return state


SOLO_CELLS_CUT_SHORT = [
    "gone ram",
    "gone sleepy",
    "down joyful",
    "gone timid",
    "gone shepherd west",
    "gone angry",
    "gone shepherd south",
    "down sleepy_daisy south",
    "down sleepy_daisy east",
    "gone dreamy",
    "gone sleepy",
    "gone dreamy",
    "down angry_daisy east",
    "down angry_daisy north",
    "down joyful",
    "down timid_daisy east",
    "down joyful_daisy north",
    "gone timid_daisy west",
    "down dreamy_daisy east",
    "down timid",
    "up joyful_daisy east",
    "gone ram",
    "gone angry",
    "gone ram",
    "down dreamy_daisy east",
]
SOLO_FENCES_CUT_SHORT = [
    "c2n",
    "d2n",
    "b3n",
    "c3n",
    "d3n",
    "a4n",
    "b4n",
    "c4n",
    "d4n",
    "a5n",
    "b5n",
    "d5n",
    "e5n",
    "a5s",
    "e5s",
    "e1w",
    "c2w",
    "d2w",
    "e2w",
    "c3w",
    "d3w",
    "e3w",
    "a4w",
    "b4w",
    "c4w",
    "d4w",
    "e4w",
    "b5w",
    "e5w",
    "e5e",
]


def _old_solo(**fields: Any) -> dict[str, Any]:
    """A solo position in the shape written before format 2 (players, turns completed)."""
    data: dict[str, Any] = {
        "players": 1,
        "options": {"out_of_fences": "immediate", "solo_turn_limit": 100, "start_player": "0"},
        "round": 1,
        "start": 0,
        "shepherd": 0,
        "phase": "flip",
        "supply": 30,
        "fences_to_place": 0,
        "fences": [],
        "cells": ["down ?"] * 25,
        "flipping": None,
        "revealed": [],
        "turning_back": [],
        "ended_round": None,
        "end_of_round": False,
        "last_turn": False,
        "fences_out": False,
        "round_scores": [],
        "turn": 0,
        "result": None,
    }
    data.update(fields)
    return data


def test_a_position_in_the_shape_before_format_2_loads_equal_to_the_new() -> None:
    """Old solo positions counted the turns completed; a game cut short by its last fence
    (T2) had begun one more."""
    fresh = GAME.from_position(_old_solo())
    assert fresh == GAME.new_state(1)
    assert fresh.position()["turn"] == 1
    cut_short = _old_solo(
        phase="over",
        supply=0,
        fences=SOLO_FENCES_CUT_SHORT,
        cells=SOLO_CELLS_CUT_SHORT,
        turning_back=["a5"],
        turn=33,
        result="lost",
    )
    finished = _replayed(1, 4)
    assert GAME.from_position(cut_short) == finished
    assert GAME.from_position(finished.position()) == finished
    assert finished.position()["turn"] == 34
    assert str(finished).startswith("Te Kuiti solo, over after 33 turns")
    for players in (1, 2):
        state = _replayed(players, 2, steps=1)
        data = state.position()
        old = {key: value for key, value in data.items() if key not in ("format", "to_move")}
        old["players"] = old.pop("num_players")
        old["turn"] = 0
        assert GAME.from_position(old) == state


def test_every_view_and_position_begins_with_the_shared_envelope() -> None:
    """num_players, the phase, the seat to move and the turns begun, the same in every game."""
    drawing = GAME.new_state(2, start_player="random")
    for data in (drawing.view(None), drawing.position()):
        assert list(data)[:4] == ["num_players", "phase", "to_move", "turn"]
        assert (data["num_players"], data["phase"], data["to_move"], data["turn"]) == (
            2,
            "start",
            CHANCE,
            0,
        )
    assert drawing.position()["format"] == 2
    assert drawing.view(1)["seat"] == 1
    state = _replayed(2, 0, steps=2)
    assert [state.turn, state.view(0)["phase"], state.view(0)["to_move"]] == [2, "flip", 1]
    over = _replayed(1, 0)
    assert (over.view(None)["to_move"], over.position()["phase"]) == (-2, "over")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": 3}, r"^format: expected 2, got 3"),
        ({"to_move": 1}, r"^to_move: expected 0 in the 'shepherd' phase, got 1"),
        ({"turn": 0}, r"^turn: expected an integer from 1"),
        ({"players": 2}, r"^players: not a field"),
    ],
)
def test_a_bad_envelope_is_refused_naming_the_field(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        GAME.from_position(dict(GAME.new_state(2).position(), **changes))
