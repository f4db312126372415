"""What each seat sees: a memory game, so a tile turned back shows no identity in any view."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.actions import FLIP
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_INDEX, TILE_NAMES

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Shown = Callable[..., list[str]]


def forget(state: TeKuitiState) -> TeKuitiState:
    """The same state with every face-down identity unknown again (the tile being flipped aside)."""
    data = state.position()
    pending = data["flipping"]
    data["cells"] = [
        "down ?" if text.startswith("down ") and index != CELL_INDEX.get(pending or "") else text
        for index, text in enumerate(data["cells"])
    ]
    return GAME.from_position(data)


@pytest.mark.parametrize("players", [1, 2])
def test_face_down_identity_is_absent_from_every_view(players: int) -> None:
    """Forgetting every face-down tile changes no view at any step of random games."""
    rng = random.Random(players)
    for _ in range(5):
        state = GAME.new_state(players)
        while not state.is_terminal():
            blank = forget(state)
            for seat in [None, *range(players)]:
                view = state.view(seat)
                assert view == blank.view(seat)
                texts = state.position()["cells"]
                for text, shown in zip(texts, view["cells"], strict=True):
                    assert shown == "down" if text.startswith("down") else shown != "down"
            seat, action = random_step(state, rng)
            state.apply(action, seat)


def test_the_view_shows_the_tiles_face_up_during_the_flip(
    build: Build, play: Play, cells_of: Shown
) -> None:
    state = play(build(), "flip a1", "joyful")
    assert cells_of(state, ["a1"], 0) == cells_of(state, ["a1"], 1) == ["joyful"]
    assert state.view(None)["revealed"] == ["a1"]
    play(state, "flip b1", "timid")
    assert cells_of(state, ["a1", "b1"], None) == ["joyful", "timid"]
    play(state, "fence e5s")
    assert cells_of(state, ["a1", "b1"], None) == ["down", "down"]
    assert "joyful" not in json.dumps(state.view(1))


def test_the_history_lets_a_bot_remember_a_tile_turned_back(build: Build, play: Play) -> None:
    state = play(build(), "flip a1", "joyful", "flip b1", "timid", "fence e5s")
    assert state.history[:2] == [(1, FLIP + CELL_INDEX["a1"]), (CHANCE, TILE_NAMES.index("joyful"))]
    assert state.view(1)["cells"][0] == "down"


def test_both_seats_and_spectators_see_the_same_public_facts(build: Build, play: Play) -> None:
    state = play(build(), "flip c3", "ram")
    views = [state.view(seat) for seat in (None, 0, 1)]
    assert [v.pop("seat") for v in views] == [None, 0, 1]
    assert views[0] == views[1] == views[2]


def test_resample_keeps_everything_seen_since_nothing_unseen_is_fixed(
    build: Build, play: Play
) -> None:
    state = play(build(), "flip a1", "joyful", "flip b1", "timid", "fence a1n", "fence b1n")
    other = state.resample(1, random.Random(0))
    assert other == state
    assert other.view(1) == state.view(1)
    assert other.position()["cells"][:2] == ["down joyful", "down timid"]


def test_views_are_json_data(build: Build, play: Play) -> None:
    state = play(build(players=1), "flip a1", "joyful_daisy", "daisy west")
    view = state.view(0)
    assert json.loads(json.dumps(view)) == view
    assert view["cells"][0] == "joyful_daisy west"
