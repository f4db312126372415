"""The field round 1 ended on stays in sight until the next action (T2, T4a, T7).

At the table both players see the fence that closes round 1, the final enclosures and the tiles
as they lay (a mismatch that ends the round among them) before the field is laid out again. So
every view carries that field as ended_round until the next action, as it does turning_back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from meja.commands.play_session import render_view
from meja.core import InvalidPosition
from meja.core.game import random_step
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_INDEX, EDGE_ALIASES, EDGE_NAMES, NUM_CELLS

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Around = Callable[..., list[str]]

VIEWERS = (0, 1, None)
MIDDLE_ROWS = [f"{c}{r}" for r in "234" for c in "abcde"]
"""The cells ROW_FENCES encloses."""


@pytest.fixture
def last_fence(build: Build, row_fences: list[str]) -> TeKuitiState:
    """Round 1 with one fence left: a pair and a ram are gone, a seen timid lies face down."""
    cells = {"a1": "gone joyful", "b1": "gone joyful_daisy", "c1": "gone ram", "d1": "down timid"}
    return build(phase="shepherd", fences=row_fences, cells=cells)


def _canonical(fences: list[str]) -> list[str]:
    return sorted((EDGE_NAMES[EDGE_ALIASES[name]] for name in fences), key=EDGE_NAMES.index)


def test_everyone_sees_the_field_round_1_ended_on_until_the_next_action_T2(
    last_fence: TeKuitiState, play: Play, row_fences: list[str]
) -> None:
    """T2, T7: the last fence, the enclosures, what left the field; a face-down tile stays so."""
    play(last_fence, "fence c1n")
    assert (last_fence.round, last_fence.round_scores) == (2, [(15, 2)])
    cells = ["down"] * NUM_CELLS
    for name in ("a1", "b1", "c1"):
        cells[CELL_INDEX[name]] = "gone"
    expected = {
        "round": 1,
        "cells": cells,
        "fences": _canonical([*row_fences, "c1n"]),
        "enclosed": MIDDLE_ROWS,
        "removed": {"joyful": 1, "joyful_daisy": 1, "ram": 1},
    }
    for viewer in VIEWERS:
        view = last_fence.view(viewer)
        assert view["ended_round"] == expected
        assert (view["fences"], view["cells"]) == ([], ["down"] * NUM_CELLS)
    play(last_fence, "fence a1n")
    for viewer in VIEWERS:
        assert last_fence.view(viewer)["ended_round"] is None


def test_a_mismatch_that_ends_round_1_shows_in_its_final_field_T4a(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T4a: out of fences at the end of the turn, the last two sheep do not match: both see them."""
    cells = {"a1": "down joyful", "b1": "down shepherd", "a5": "down timid"}
    state = build(fences=row_fences, cells=cells, options={"out_of_fences": "end_of_turn"})
    play(state, "flip a1", "flip b1", "fence c1n", "flip a5")
    assert state.round == 2
    for viewer in VIEWERS:
        shown = state.view(viewer)["ended_round"]["cells"]
        assert [shown[CELL_INDEX[n]] for n in ("a1", "b1", "a5")] == ["joyful", "gone", "timid"]


def test_a_round_1_that_ends_in_the_end_of_round_mode_shows_its_face_up_sheep_T4(
    build: Build, play: Play, around: Around
) -> None:
    """T4: the shepherd's last turn ends the round; the sheep left face up show in its field."""
    state = build(
        phase="shepherd",
        end_of_round=True,
        last_turn=True,
        fences=around("a1", "b1", "c1"),
        cells={"a1": "down joyful", "b1": "gone ram", "c1": "down timid", "c5": "up sleepy"},
    )
    play(state, "fence e3n", "fence e4n")
    ended = state.view(None)["ended_round"]
    assert [ended["cells"][CELL_INDEX[n]] for n in ("a1", "b1", "c1", "c5")] == [
        "down",
        "gone",
        "down",
        "sleepy",
    ]
    assert ended["enclosed"] == ["a1", "b1", "c1"]


def test_the_last_round_leaves_its_own_field_in_sight_instead(
    last_fence: TeKuitiState, play: Play
) -> None:
    """The game's end lays out no new field, so the view shows the final field itself."""
    data = last_fence.position()
    data.update(round=2, shepherd=1, to_move=1, round_scores=[[3, 4]])
    state = play(GAME.from_position(data), "fence c1n")
    assert state.is_terminal()
    assert state.view(0)["ended_round"] is None
    assert len(state.view(0)["fences"]) == 30


def test_the_ended_field_survives_position_clone_and_resample(
    last_fence: TeKuitiState, play: Play
) -> None:
    play(last_fence, "fence c1n")
    data = last_fence.position()
    assert data["ended_round"]["cells"][CELL_INDEX["d1"]] == "down ?"
    assert data["ended_round"]["cells"][CELL_INDEX["a1"]] == "gone joyful"
    copy = GAME.from_position(data)
    assert copy == last_fence
    assert str(copy) == str(last_fence)
    for viewer in VIEWERS:
        assert copy.view(viewer) == last_fence.view(viewer)
        assert last_fence.clone().view(viewer) == last_fence.view(viewer)
        assert last_fence.resample(0, random.Random(1)).view(viewer) == last_fence.view(viewer)
    without = dict(data, ended_round=None)
    assert GAME.from_position(without) != last_fence


def test_a_position_written_before_the_field_was_kept_still_loads() -> None:
    rng = random.Random(3)
    state = GAME.new_state(2)
    for _ in range(30):
        seat, action = random_step(state, rng)
        state.apply(action, seat)
    data = state.position()
    del data["ended_round"]
    assert GAME.from_position(data) == state


def test_the_text_draws_the_ended_field_until_the_next_action(
    last_fence: TeKuitiState, play: Play
) -> None:
    play(last_fence, "fence c1n")
    for text in (str(last_fence), render_view(last_fence, 0)):
        assert "round 1 ended: 15-2; its field until the next action" in text
        assert text.count("    a    b    c    d    e") == 2
        assert "#??" in text
    play(last_fence, "fence a1n")
    assert "round 1 ended" not in str(last_fence)


def _ended(last_fence: TeKuitiState, play: Play) -> dict[str, Any]:
    return play(last_fence, "fence c1n").position()


def _with_cells(data: dict[str, Any], **texts: str) -> dict[str, Any]:
    cells = list(data["ended_round"]["cells"])
    for name, text in texts.items():
        cells[CELL_INDEX[name]] = text
    return dict(data, ended_round=dict(data["ended_round"], cells=cells))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: dict(d, ended_round=[]), r"^ended_round: expected null or an object"),
        (lambda d: dict(d, ended_round={"cells": []}), r"^ended_round: expected the keys"),
        (
            lambda d: dict(d, ended_round=dict(d["ended_round"], fences=["z9"])),
            r"^ended_round.fences: 'z9' is not an edge",
        ),
        (
            lambda d: dict(d, ended_round=dict(d["ended_round"], cells=["down ?"] * 3)),
            r"^ended_round.cells: expected a list of 25",
        ),
        (lambda d: _with_cells(d, d1="down timid"), r"^ended_round.cells\[3\] \(d1\): .*'down \?'"),
        (lambda d: _with_cells(d, d1="up ram"), r"^ended_round.cells\[3\] \(d1\): .*leaves the"),
        (lambda d: _with_cells(d, d1="up what"), r"^ended_round.cells\[3\] \(d1\): unknown tile"),
        (
            lambda d: _with_cells(d, d1="gone ram", d2="gone ram", d3="gone ram"),
            r"^ended_round.cells: 4 ram tiles, only 3",
        ),
        (lambda d: _with_cells(d, d2="gone sleepy"), r"^ended_round: .*round_scores\[0\]"),
        (
            lambda d: dict(d, round=1, shepherd=0, round_scores=[]),
            r"^ended_round: only as a new round begins",
        ),
        (
            lambda d: dict(d, fences=["a1n"], supply=29, fences_to_place=1),
            r"^ended_round: only as a new round begins",
        ),
    ],
)
def test_a_bad_ended_field_is_refused_naming_the_field(
    last_fence: TeKuitiState,
    play: Play,
    change: Callable[[dict[str, Any]], dict[str, Any]],
    message: str,
) -> None:
    with pytest.raises(InvalidPosition, match=message):
        GAME.from_position(change(_ended(last_fence, play)))


def test_every_seeded_round_1_leaves_its_field_for_one_step() -> None:
    """Over seeded games: the field shows right after round 1 and at no other step."""
    for seed in range(5):
        rng = random.Random(seed)
        state = GAME.new_state(2)
        shown = 0
        while not state.is_terminal():
            before = state.round
            seat, action = random_step(state, rng)
            state.apply(action, seat)
            ended = state.view(None)["ended_round"]
            assert (ended is not None) == (state.round > before), seed
            if ended:
                shown += 1
                assert len(ended["cells"]) == NUM_CELLS and set(ended) >= {"fences", "removed"}
                assert GAME.from_position(state.position()) == state
        assert shown == 1
