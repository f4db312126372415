"""Seeing turned tiles (T4a): both players and spectators see every tile the sheep player turns
up; sheep that go back face down stay in sight until the next action, and after it no view
names them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from meja.commands.play_session import render_view
from meja.core import CHANCE, GameRecord, IllegalAction, InvalidPosition
from meja.core.game import random_step
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.actions import FLIP
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_INDEX, CELL_NAMES

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Shown = Callable[..., list[str]]
Around = Callable[..., list[str]]

VIEWERS = (0, 1, None)


def mismatch(build: Build, play: Play, **fields: Any) -> TeKuitiState:
    """The sheep player (seat 1) turns up a joyful on a1, then a timid on b1."""
    return play(build(**fields), "flip a1", "joyful", "flip b1", "timid")


def face_down_twin(state: TeKuitiState) -> TeKuitiState:
    """The same state with the turning tiles already lying face down."""
    data = state.position()
    for name in data["turning_back"]:
        index = CELL_INDEX[name]
        data["cells"][index] = "down " + data["cells"][index].split(" ", 1)[1]
    data["turning_back"] = []
    return GAME.from_position(data)


def test_both_seats_and_spectator_see_the_second_unmatched_sheep_until_the_next_action(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T4a: the two sheep show to everyone after the turn, then go face down at the next move."""
    state = mismatch(build, play)
    assert state.phase_name == "shepherd"
    for seat in VIEWERS:
        assert cells_of(state, ["a1", "b1"], seat) == ["joyful", "timid"]
        assert state.view(seat)["turning_back"] == ["a1", "b1"]
        assert state.view(seat)["revealed"] == []
    play(state, "fence e5s")
    for seat in VIEWERS:
        view = state.view(seat)
        assert cells_of(state, ["a1", "b1"], seat) == ["down", "down"]
        assert view["turning_back"] == []
        text = json.dumps(view)
        assert "joyful" not in text and "timid" not in text


def test_the_turning_tiles_change_nothing_else_in_the_view(build: Build, play: Play) -> None:
    """T4a: only the two cells and turning_back differ from the same tiles lying face down."""
    state = mismatch(build, play)
    twin = face_down_twin(state)
    for seat in VIEWERS:
        view, other = state.view(seat), twin.view(seat)
        assert view.pop("turning_back") == ["a1", "b1"]
        assert other.pop("turning_back") == []
        cells, other_cells = view.pop("cells"), other.pop("cells")
        assert view == other
        assert [i for i, (a, b) in enumerate(zip(cells, other_cells, strict=True)) if a != b] == [
            CELL_INDEX["a1"],
            CELL_INDEX["b1"],
        ]


def test_turning_tiles_lie_face_down_for_the_rules(build: Build, play: Play) -> None:
    """T4a changes what is seen, not what is legal: the moves are those of the face-down twin."""
    state = mismatch(build, play)
    twin = face_down_twin(state)
    assert state.legal_actions() == twin.legal_actions()
    assert state.current_player() == twin.current_player() == 0
    assert state.scores() == twin.scores()


def test_a_refused_move_is_no_action_so_the_tiles_still_show(build: Build, play: Play) -> None:
    """T4a: a refused move changes nothing; the next move that is applied hides them."""
    state = mismatch(build, play)
    with pytest.raises(IllegalAction):
        state.apply(FLIP + CELL_INDEX["c3"], 0)
    assert state.view(None)["turning_back"] == ["a1", "b1"]
    play(state, "fence a1n")
    assert state.view(None)["turning_back"] == []


def test_a_ram_and_a_shepherd_tile_in_the_turn_leave_the_field_and_only_sheep_turn_back(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T4a with rams and shepherds: they leave at once (shown as gone and removed)."""
    state = build(fences=["c5s"], cells={"c3": "down ram", "d3": "down shepherd"})
    play(state, "flip a1", "joyful", "flip c3", "remove c5s", "flip d3", "fence e5s")
    play(state, "flip b1", "timid")
    for seat in VIEWERS:
        view = state.view(seat)
        assert view["turning_back"] == ["a1", "b1"]
        assert cells_of(state, ["a1", "b1", "c3", "d3"], seat) == [
            "joyful",
            "timid",
            "gone",
            "gone",
        ]
        assert view["removed"] == {"ram": 1, "shepherd": 1}
    play(state, "fence a1n")
    assert cells_of(state, ["a1", "b1"], None) == ["down", "down"]


def test_an_unmatched_pair_shows_even_when_an_enclosure_forbade_the_match(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """T4a with T1: a pair refused because a1 is enclosed still shows until the next move."""
    three_sides = [edge for edge in around("a1") if edge != "a2n"]
    state = build(fences=three_sides, cells={"c3": "down shepherd"})
    play(state, "flip a1", "joyful", "flip c3", "fence a2n", "flip e5", "joyful_daisy")
    assert cells_of(state, ["a1", "e5"], None) == ["joyful", "joyful_daisy"]
    assert state.view(0)["enclosed"] == ["a1"]
    play(state, "fence c1n")
    assert cells_of(state, ["a1", "e5"], None) == ["down", "down"]


def test_in_the_end_of_round_mode_nothing_turns_back(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """T4 and T4a: revealed sheep stay face up for good, so turning_back stays empty."""
    upper = [name for name in CELL_NAMES[:20] if name != "e4"]
    state = build(
        fences=around(*upper),
        end_of_round=True,
        cells={"a5": "gone joyful", "b5": "gone joyful_daisy"},
    )
    play(state, "flip c5", "sleepy", "flip d5", "timid")
    assert state.phase_name == "shepherd"
    assert state.view(None)["turning_back"] == []
    play(state, "fence e5s")
    assert cells_of(state, ["c5", "d5"], None) == ["sleepy", "timid"]


def test_the_solo_player_sees_the_unmatched_sheep_until_the_next_flip(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T4a in the solo game: the next action is the player's own flip, of any face-down tile."""
    state = mismatch(build, play, players=1)
    assert state.current_player() == 0
    for seat in (0, None):
        assert cells_of(state, ["a1", "b1"], seat) == ["joyful", "timid"]
        assert state.view(seat)["turning_back"] == ["a1", "b1"]
    assert FLIP + CELL_INDEX["a1"] in state.legal_actions()
    play(state, "flip c1", "sleepy")
    assert cells_of(state, ["a1", "b1", "c1"], None) == ["down", "down", "sleepy"]
    assert state.view(0)["turning_back"] == []


def test_a_mismatch_that_ends_the_solo_game_stays_in_sight(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T4a: no action follows the last turn, so the final view keeps showing both sheep."""
    state = mismatch(build, play, players=1, options={"solo_turn_limit": 1})
    assert state.is_terminal()
    assert cells_of(state, ["a1", "b1"], None) == ["joyful", "timid"]
    assert state.view(0)["turning_back"] == ["a1", "b1"]
    assert GAME.from_position(state.position()) == state


@pytest.mark.parametrize("tile", ["joyful_daisy north", "shepherd north"])
def test_a_daisy_fence_that_empties_the_solo_reserve_still_shows_its_tile(
    build: Build, play: Play, row_fences: list[str], tile: str
) -> None:
    """T4a: the tile whose daisy placed the last fence was turned up, so the final view shows it."""
    state = build(players=1, fences=row_fences, cells={"a1": f"down {tile}"})
    play(state, "flip a1")
    assert state.is_terminal()
    assert state.view(0)["cells"][0] == tile
    assert state.view(None)["turning_back"] == ["a1"]
    assert state.position()["cells"][0] == f"up {tile}"
    assert GAME.from_position(state.position()) == state
    assert state.scores() == [0.0]


def test_a_mismatch_that_ends_the_game_stays_in_sight(
    build: Build, play: Play, row_fences: list[str], cells_of: Shown
) -> None:
    """T4a: in round 2, a bonus fence empties the supply; the last turn's sheep stay visible."""
    state = build(
        round=2,
        shepherd=1,
        round_scores=[[3, 4]],
        fences=row_fences,
        options={"out_of_fences": "end_of_turn"},
        cells={"c1": "down shepherd"},
    )
    play(state, "flip a1", "joyful", "flip c1", "fence c1n", "flip b1", "timid")
    assert state.is_terminal()
    for seat in VIEWERS:
        assert cells_of(state, ["a1", "b1"], seat) == ["joyful", "timid"]
        assert state.view(seat)["turning_back"] == ["a1", "b1"]


def test_a_mismatch_that_ends_the_round_leaves_the_new_field_face_down(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T4a: round 2 is laid out afresh, so no cell of it names the tiles of round 1."""
    state = build(
        fences=row_fences,
        options={"out_of_fences": "end_of_turn"},
        cells={"c1": "down shepherd"},
    )
    play(state, "flip a1", "joyful", "flip c1", "fence c1n", "flip b1", "timid")
    assert state.round == 2
    for seat in VIEWERS:
        assert state.view(seat)["turning_back"] == []
        assert set(state.view(seat)["cells"]) == {"down"}


def test_clone_position_record_and_resample_keep_the_turning_tiles(play: Play) -> None:
    """T4a is public knowledge: every copy of the state shows the same two faces."""
    state = play(GAME.new_state(2), "fence c3n", "fence d3n", "flip a1", "joyful")
    play(state, "flip b1", "timid")
    copy = state.clone()
    play(copy, "fence e5s")
    assert state.view(0)["turning_back"] == ["a1", "b1"]
    assert copy.view(0)["turning_back"] == []
    assert copy != state
    loaded = GAME.from_position(state.position())
    assert loaded == state
    assert loaded.view(None) == state.view(None)
    replayed = GameRecord.from_json(GameRecord.from_state(state).to_json()).replay(game=GAME)
    assert replayed.view(None) == state.view(None)
    for seat in (0, 1):
        for seed in range(3):
            assert state.resample(seat, random.Random(seed)).view(seat) == state.view(seat)
    assert face_down_twin(state) != state


def test_the_terminal_shows_the_turning_tiles_face_up_and_says_they_turn_back(
    build: Build, play: Play
) -> None:
    """T4a in `meja play`: upper case codes and a note until the next action, then ?? again."""
    state = mismatch(build, play)
    for seat in (0, 1):
        text = render_view(state, seat)
        assert "a1 b1 turn back face down at the next action" in text
        assert "\n1   JO   TI   ??" in text
    assert "1   JO   TI   ??" in str(state)
    play(state, "fence e5s")
    text = render_view(state, 0)
    assert "turn back" not in text
    assert "\n1   ??   ??   ??" in text
    assert "1   jo   ti   ??" in str(state)


def test_every_tile_turned_up_is_seen_and_shown_before_it_goes_face_down() -> None:
    """T4a over random games: a flipped tile shows once its flip resolves, and a face-up tile
    goes face down only after a step in which every view listed it in turning_back."""
    shown_back = 0
    for players in (1, 2):
        rng = random.Random(40 + players)
        for _ in range(20):
            state = GAME.new_state(players)
            before = state.view(None)
            while not state.is_terminal():
                seat, action = random_step(state, rng)
                flipped = before["flipping"] if seat == CHANCE else None
                if seat != CHANCE and FLIP <= action < FLIP + len(CELL_NAMES):
                    flipped = CELL_NAMES[action - FLIP]
                state.apply(action, seat)
                after = state.view(None)
                if flipped and after["flipping"] != flipped and after["round"] == before["round"]:
                    assert after["cells"][CELL_INDEX[flipped]] != "down", state.history[-3:]
                for index, cell in enumerate(after["cells"]):
                    if cell == "down" and before["cells"][index] not in ("down", "gone"):
                        assert after["round"] != before["round"] or (
                            CELL_NAMES[index] in before["turning_back"]
                        ), state.history[-3:]
                for viewer in (0, 1)[:players]:
                    assert state.view(viewer)["turning_back"] == after["turning_back"]
                shown_back += bool(after["turning_back"])
                before = after
    assert shown_back > 50


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"turning_back": "a1"}, r"^turning_back: expected up to 2 cell names"),
        ({"turning_back": ["a1", "a1"]}, r"^turning_back\[1\]: a1 is listed twice"),
        ({"turning_back": ["z9"]}, r"^turning_back\[0\]: 'z9' is not a cell"),
        ({"turning_back": ["c3"]}, r"^turning_back\[0\]: c3 still shows"),
        ({"phase": "flip", "fences_to_place": 0}, r"^turning_back: tiles turn back only as"),
        ({"fences_to_place": 1}, r"^turning_back: the shepherd has placed a fence since"),
    ],
)
def test_a_position_with_impossible_turning_tiles_is_refused_naming_the_field(
    build: Build, play: Play, change: dict[str, Any], message: str
) -> None:
    data = mismatch(build, play).position()
    data.update(change)
    with pytest.raises(InvalidPosition, match=message):
        GAME.from_position(data)


def test_a_position_refuses_turning_tiles_in_the_end_of_round_mode_or_a_ram_face_up(
    build: Build, play: Play, around: Around
) -> None:
    upper = [name for name in CELL_NAMES[:20] if name != "e4"]
    data = build(fences=around(*upper), end_of_round=True, phase="shepherd").position()
    data["cells"][CELL_INDEX["a5"]] = "up joyful"
    data["cells"][CELL_INDEX["b5"]] = "up timid"
    data["turning_back"] = ["a5", "b5"]
    with pytest.raises(InvalidPosition, match=r"^turning_back: in the end-of-round mode"):
        GAME.from_position(data)
    data = mismatch(build, play).position()
    data["cells"][CELL_INDEX["a1"]] = "up ram"
    with pytest.raises(InvalidPosition, match=r"^turning_back\[0\]: only sheep turn back"):
        GAME.from_position(data)
