"""The two-player turns: setup, the shepherd's fences, the sheep player's flips, rams, shepherds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from meja.core import CHANCE, IllegalAction
from meja.games.te_kuiti import GAME, TeKuitiGame
from meja.games.te_kuiti.actions import FLIP, PLACE, REMOVE
from meja.games.te_kuiti.components import (
    FENCES,
    FENCES_PER_TURN,
    SHEEP_KINDS,
    SHEEP_PER_TURN,
    TILE_TYPES,
)
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_EDGES, CELL_INDEX, EDGE_INDEX, NUM_CELLS, NUM_EDGES

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Shown = Callable[..., list[str]]


def test_components_are_the_rulebooks() -> None:
    kinds: Counter[str] = Counter()
    for tile in TILE_TYPES:
        kinds[tile.kind] += tile.count
    assert kinds == {**dict.fromkeys(SHEEP_KINDS, 4), "ram": 3, "shepherd": 2}
    assert FENCES == 30
    assert NUM_CELLS == 25


def test_the_field_has_sixty_edges_twenty_of_them_on_the_border() -> None:
    uses = Counter(edge for edges in CELL_EDGES for edge in edges)
    assert len(uses) == NUM_EDGES == 60
    assert sum(1 for n in uses.values() if n == 1) == 20


def test_setup_lays_every_tile_face_down_and_gives_the_shepherd_all_fences() -> None:
    state = GAME.new_state(2)
    view = state.view(None)
    assert view["cells"] == ["down"] * NUM_CELLS
    assert view["supply"] == FENCES
    assert (view["shepherd"], view["sheep"]) == (0, 1)
    assert view["phase"] == "shepherd"
    assert view["fences_to_place"] == FENCES_PER_TURN
    assert state.current_player() == 0


def test_game_facts() -> None:
    assert isinstance(GAME, TeKuitiGame)
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("te_kuiti", 1, 2)
    assert GAME.num_actions(1) == GAME.num_actions(2)


def test_shepherd_places_two_fences_anywhere_then_the_sheep_player_flips(play: Play) -> None:
    """T6: any empty edges, not necessarily touching each other or earlier fences."""
    state = play(GAME.new_state(2), "fence a1n")
    assert state.current_player() == 0
    assert state.view(0)["fences_to_place"] == 1
    play(state, "fence e5s")
    assert state.view(0)["fences"] == ["a1n", "e5s"]
    assert state.supply == FENCES - 2
    assert state.current_player() == 1
    assert state.phase_name == "flip"


def test_an_inner_edge_takes_one_fence_whichever_cell_names_it(play: Play) -> None:
    state = play(GAME.new_state(2), "fence b3s")
    assert state.view(0)["fences"] == ["b4n"]
    with pytest.raises(IllegalAction, match="b4n already has a fence"):
        state.str_to_action("fence b4n")
    with pytest.raises(IllegalAction, match="already has a fence"):
        state.apply(PLACE + EDGE_INDEX["b4n"])


def test_the_shepherd_may_place_beside_a_removed_tile(build: Build, play: Play) -> None:
    """T6: edges beside tiles that left the field remain valid places for fences."""
    state = build(phase="shepherd", cells={"c3": "gone ram"})
    play(state, "fence c3n", "fence c3w")
    assert state.view(0)["fences"] == ["c3n", "c3w"]


def test_flipping_an_unseen_tile_draws_it_from_the_unseen_tiles(build: Build, play: Play) -> None:
    state = play(build(), "flip c3")
    assert state.current_player() == CHANCE
    odds = {state.action_to_str(a, CHANCE): p for a, p in state.chance_outcomes()}
    assert odds == {t.name: t.count / 25 for t in TILE_TYPES}
    seen = build(cells={"a1": "down ram", "a2": "gone ram", "a3": "down joyful"})
    odds = {seen.action_to_str(a, CHANCE): p for a, p in play(seen, "flip c3").chance_outcomes()}
    assert odds["ram"] == 1 / 22
    assert odds["joyful"] == 1 / 22
    assert odds["sleepy"] == 2 / 22


def test_a_seen_tile_keeps_its_identity_when_flipped_again(
    build: Build, play: Play, cells_of: Shown
) -> None:
    state = play(build(cells={"a1": "down timid"}), "flip a1")
    assert state.current_player() == 1
    assert cells_of(state, ["a1"]) == ["timid"]


def test_two_matching_sheep_are_collected(build: Build, play: Play, cells_of: Shown) -> None:
    """The flowers are ignored: a joyful sheep with a daisy matches one without."""
    state = play(build(), "flip a1", "joyful", "flip e5", "joyful_daisy")
    assert cells_of(state, ["a1", "e5"]) == ["gone", "gone"]
    assert state.scores() == [0.0, 2.0]
    assert state.view(0)["removed"] == {"joyful": 1, "joyful_daisy": 1}
    assert state.phase_name == "shepherd"


def test_sheep_that_do_not_match_are_turned_back_face_down(
    build: Build, play: Play, cells_of: Shown
) -> None:
    state = play(build(), "flip a1", "joyful")
    assert cells_of(state, ["a1"]) == ["joyful"]
    play(state, "flip a2", "sleepy")
    assert state.scores() == [0.0, 0.0]
    assert state.current_player() == 0
    assert state.view(0)["turning_back"] == ["a1", "a2"]
    play(state, "fence e5s")
    assert cells_of(state, ["a1", "a2"]) == ["down", "down"]
    assert state.position()["cells"][:6:5] == ["down joyful", "down sleepy"]


def test_the_sheep_player_flips_one_tile_at_a_time_until_two_sheep_show(
    build: Build, play: Play
) -> None:
    state = play(build(), "flip a1", "angry")
    assert state.phase_name == "flip"
    assert state.revealed == [CELL_INDEX["a1"]]
    assert SHEEP_PER_TURN == 2
    with pytest.raises(IllegalAction, match="already face up"):
        state.str_to_action("flip a1")


def test_a_ram_removes_a_fence_of_the_sheep_players_choice(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T3: the ram may remove any fence, an outer one included."""
    state = play(build(fences=["a1n", "c3w"], cells={"e5": "down ram"}), "flip e5")
    assert state.current_player() == 1
    assert state.phase_name == "ram"
    assert state.legal_actions() == [REMOVE + EDGE_INDEX["a1n"], REMOVE + EDGE_INDEX["c3w"]]
    play(state, "remove a1n")
    assert state.view(1)["fences"] == ["c3w"]
    assert state.supply == FENCES - 1
    assert cells_of(state, ["e5"]) == ["gone"]
    assert state.phase_name == "flip"


def test_a_ram_with_no_fence_on_the_field_does_nothing(
    build: Build, play: Play, cells_of: Shown
) -> None:
    """T3: no fence to remove, so the sheep player simply flips again."""
    state = play(build(cells={"e5": "down ram"}), "flip e5")
    assert state.phase_name == "flip"
    assert state.current_player() == 1
    assert state.supply == FENCES
    assert cells_of(state, ["e5"]) == ["gone"]


def test_a_flipped_shepherd_gives_the_shepherd_an_immediate_extra_fence(
    build: Build, play: Play, cells_of: Shown
) -> None:
    state = play(build(cells={"c3": "down shepherd"}), "flip c3")
    assert state.current_player() == 0
    assert state.phase_name == "bonus"
    play(state, "fence a1n")
    assert state.supply == FENCES - 1
    assert cells_of(state, ["c3"]) == ["gone"]
    assert state.current_player() == 1
    assert state.phase_name == "flip"


def test_rams_and_shepherds_do_not_count_toward_the_two_sheep(build: Build, play: Play) -> None:
    state = build(fences=["e5s"], cells={"a1": "down ram", "a2": "down shepherd"})
    play(state, "flip a1", "remove e5s", "flip b1", "joyful", "flip a2", "fence c3n")
    assert state.phase_name == "flip"
    play(state, "flip b2", "sleepy")
    assert state.phase_name == "shepherd"


def test_only_the_sheep_player_flips_and_only_the_shepherd_fences(build: Build) -> None:
    state = build()
    assert state.legal_actions(0) == []
    assert FLIP + CELL_INDEX["a1"] in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="time to flip"):
        state.str_to_action("fence a1n")
