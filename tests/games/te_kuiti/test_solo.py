"""The solo game (T9): daisies place fences, rams remove one, win by clearing the field."""

from __future__ import annotations

from collections.abc import Callable

from meja.core import CHANCE, TERMINAL
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.components import FENCES, SIDES
from meja.games.te_kuiti.state import TeKuitiState

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Around = Callable[..., list[str]]
Shown = Callable[..., list[str]]
GoneExcept = Callable[..., dict[str, str]]


def test_the_solo_game_starts_with_the_player_flipping() -> None:
    state = GAME.new_state(1)
    view = state.view(0)
    assert view["phase"] == "flip"
    assert view["supply"] == FENCES
    assert view["shepherd"] is None
    assert state.current_player() == 0


def test_a_daisy_tile_turns_up_in_a_random_orientation(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T9: the orientation is its own chance event, each quarter turn equally likely."""
    state = play(build(players=1), "flip a1", "joyful_daisy")
    assert state.current_player() == CHANCE
    outcomes = [(state.action_to_str(a, CHANCE), p) for a, p in state.chance_outcomes()]
    assert outcomes == [(f"daisy {side}", 0.25) for side in SIDES]
    play(state, "daisy east")
    assert cells_of(state, ["a1"]) == ["joyful_daisy east"]
    assert state.view(0)["fences"] == ["b1w"]
    assert state.current_player() == 0


def test_a_tile_without_a_daisy_places_no_fence(build: Build, play: Play) -> None:
    state = play(build(players=1), "flip a1", "joyful")
    assert state.current_player() == 0
    assert state.view(0)["fences"] == []


def test_the_daisy_fence_goes_on_the_daisy_side(build: Build, play: Play) -> None:
    state = play(build(players=1, cells={"c3": "down sleepy_daisy south"}), "flip c3")
    assert state.view(0)["fences"] == ["c4n"]
    assert state.supply == FENCES - 1


def test_a_fenced_daisy_side_passes_the_fence_on_clockwise(build: Build, play: Play) -> None:
    """T9: south is taken, so west; south and west taken, so round to north."""
    once = play(build(players=1, fences=["c4n"], cells={"c3": "down timid_daisy south"}), "flip c3")
    assert once.view(0)["fences"] == ["c4n", "c3w"]
    twice = build(players=1, fences=["c4n", "c3w"], cells={"c3": "down timid_daisy south"})
    play(twice, "flip c3")
    assert twice.view(0)["fences"] == ["c3n", "c4n", "c3w"]


def test_a_flipped_tile_keeps_its_orientation(build: Build, play: Play) -> None:
    state = play(build(players=1), "flip a1", "angry_daisy", "daisy north", "flip b1", "sleepy")
    assert state.position()["cells"][0] == "up angry_daisy north"
    assert state.position()["turning_back"] == ["a1", "b1"]
    play(state, "flip a1")
    assert state.current_player() == 0
    assert state.view(0)["fences"] == ["a1n", "b1w"]


def test_a_solo_ram_removes_a_fence_of_the_players_choice(build: Build, play: Play) -> None:
    state = play(build(players=1, fences=["a1n", "b2w"], cells={"e5": "down ram"}), "flip e5")
    assert state.phase_name == "ram"
    assert state.current_player() == 0
    play(state, "remove b2w")
    assert state.view(0)["fences"] == ["a1n"]
    assert state.supply == FENCES - 1
    assert state.phase_name == "flip"


def test_a_solo_ram_with_no_fence_on_the_field_does_nothing(build: Build, play: Play) -> None:
    state = play(build(players=1, cells={"e5": "down ram"}), "flip e5")
    assert state.phase_name == "flip"
    assert state.supply == FENCES


def test_a_solo_shepherd_places_a_fence_by_its_daisy(
    build: Build, play: Play, cells_of: Shown
) -> None:
    state = play(build(players=1, cells={"c3": "down shepherd west"}), "flip c3")
    assert state.view(0)["fences"] == ["c3w"]
    assert cells_of(state, ["c3"]) == ["gone"]
    assert state.phase_name == "flip"
    assert state.current_player() == 0


def test_matching_solo_sheep_leave_the_field_others_turn_back(
    build: Build, play: Play, cells_of: Shown
) -> None:
    state = play(build(players=1), "flip a1", "dreamy", "flip a2", "dreamy")
    assert cells_of(state, ["a1", "a2"]) == ["gone", "gone"]
    play(state, "flip a3", "timid", "flip a4", "sleepy")
    assert cells_of(state, ["a3", "a4"]) == ["timid", "sleepy"]
    assert state.scores() == [2.0]
    play(state, "flip a5")
    assert cells_of(state, ["a3", "a4"]) == ["down", "down"]


def test_the_solo_game_is_won_by_removing_every_tile(
    build: Build, play: Play, gone_except: GoneExcept
) -> None:
    cells = gone_except({"a1": "down joyful", "b1": "down joyful"})
    state = play(build(players=1, cells=cells), "flip a1", "flip b1")
    assert state.current_player() == TERMINAL
    assert state.winners() == [0]
    assert state.returns() == [1.0]
    assert state.position()["result"] == "won"


def _last_pair_and(gone_except: GoneExcept, kind: str) -> tuple[dict[str, str], str]:
    """A joyful pair on a1 and b1, and one unseen tile, the only kind left: a ram or shepherd."""
    cells = gone_except({"a1": "down joyful", "b1": "down joyful"})
    left = next(name for name, text in cells.items() if text == f"gone {kind}")
    cells[left] = "down ?"
    return cells, left


def test_the_solo_game_is_won_only_once_the_rams_and_shepherds_are_gone_too_T9(
    build: Build, play: Play, gone_except: GoneExcept
) -> None:
    """T9: the last pair takes the 20th sheep, but a ram still lies on the field."""
    cells, ram = _last_pair_and(gone_except, "ram")
    state = play(build(players=1, cells=cells), "flip a1", "flip b1")
    assert state.scores() == [24.0]
    assert not state.is_terminal()
    assert state.winners() == []
    assert state.position()["result"] is None
    assert state.current_player() == 0
    play(state, f"flip {ram}", "ram")
    assert state.winners() == [0]
    assert state.position()["result"] == "won"


def test_a_solo_game_with_every_sheep_gone_is_lost_while_a_shepherd_tile_is_enclosed_T9(
    build: Build, play: Play, around: Around, gone_except: GoneExcept
) -> None:
    """T9: every tile left is enclosed, and that tile is not a sheep: the field is not empty."""
    cells, shepherd = _last_pair_and(gone_except, "shepherd")
    state = build(players=1, cells=cells, fences=around(shepherd))
    play(state, "flip a1", "flip b1")
    assert state.is_terminal()
    assert state.scores() == [24.0]
    assert state.winners() == []
    assert state.returns() == [0.0]
    assert state.position()["result"] == "lost"


def test_the_solo_game_is_lost_when_the_fences_run_out(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T9: the reserve reaches 0 while tiles remain."""
    state = build(players=1, fences=row_fences, cells={"a1": "down joyful_daisy north"})
    play(state, "flip a1")
    assert state.supply == 0
    assert state.current_player() == TERMINAL
    assert state.winners() == []
    assert state.returns() == [0.0]
    assert state.position()["result"] == "lost"


def test_out_of_fences_at_end_of_turn_lets_the_last_pair_leave(
    build: Build, play: Play, row_fences: list[str], gone_except: GoneExcept
) -> None:
    """The out_of_fences option: the last fence falls, the turn goes on and clears the field."""
    cells = gone_except({"a1": "down joyful_daisy north", "b1": "down joyful"})
    state = build(
        players=1, fences=row_fences, cells=cells, options={"out_of_fences": "end_of_turn"}
    )
    play(state, "flip a1")
    assert state.supply == 0
    assert state.current_player() == 0
    play(state, "flip b1")
    assert state.winners() == [0]
    at_once = play(build(players=1, fences=row_fences, cells=cells), "flip a1")
    assert at_once.is_terminal()
    assert at_once.winners() == []


def test_the_solo_game_is_lost_when_every_remaining_tile_is_enclosed(
    build: Build, play: Play, around: Around, gone_except: GoneExcept
) -> None:
    """T9: a1's own daisy closes its last side while c3 is already fenced in."""
    cells = gone_except({"a1": "down joyful_daisy north", "c3": "down sleepy"})
    state = build(players=1, fences=["a1w", "a2n", "b1w", *around("c3")], cells=cells)
    play(state, "flip a1")
    assert state.view(0)["enclosed"] == ["a1", "c3"]
    assert state.is_terminal()
    assert state.winners() == []


def test_the_solo_game_is_lost_once_no_pair_can_be_made(
    build: Build, play: Play, gone_except: GoneExcept
) -> None:
    """Every tile still open has been seen and no two match: no flip can change that."""
    state = build(players=1, cells=gone_except({"a1": "down joyful", "b1": "down sleepy"}))
    play(state, "flip a1", "flip b1")
    assert state.is_terminal()
    assert state.winners() == []
    hope = gone_except({"a1": "down joyful", "b1": "down sleepy", "c1": "down ?"})
    assert not play(build(players=1, cells=hope), "flip a1", "flip b1").is_terminal()


def test_the_solo_game_is_lost_after_the_turn_limit(build: Build, play: Play) -> None:
    state = build(players=1, options={"solo_turn_limit": 1})
    play(state, "flip a1", "joyful", "flip a2", "sleepy")
    assert state.is_terminal()
    assert state.returns() == [0.0]


def test_a_solo_pair_needs_both_tiles_open_when_the_second_shows(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T1 in the solo game: b1's daisy closes a1 in before the match is checked."""
    cells = {"a1": "down joyful", "b1": "down joyful_daisy west"}
    state = build(players=1, fences=["a1n", "a1w", "a2n"], cells=cells)
    play(state, "flip a1", "flip b1")
    assert state.view(0)["enclosed"] == ["a1"]
    assert state.view(0)["turning_back"] == ["a1", "b1"]
    assert state.scores() == [0.0]
    play(state, "flip c1")
    assert cells_of(state, ["a1", "b1"]) == ["down", "down"]
