"""Enclosures: any shape, along the border or inside, opened by rams, closed mid-flip (T1)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from meja.core import IllegalAction
from meja.games.te_kuiti.actions import FLIP
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_INDEX

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Around = Callable[..., list[str]]
Shown = Callable[..., list[str]]


def test_a_single_tile_fenced_on_four_sides_is_enclosed(build: Build, around: Around) -> None:
    assert around("c3") == ["c3n", "c4n", "c3w", "d3w"]
    state = build(fences=around("c3"))
    assert state.view(1)["enclosed"] == ["c3"]


def test_an_enclosed_tile_cannot_be_flipped(build: Build, around: Around) -> None:
    state = build(fences=around("c3"))
    assert FLIP + CELL_INDEX["c3"] not in state.legal_actions()
    assert FLIP + CELL_INDEX["c2"] in state.legal_actions()
    with pytest.raises(IllegalAction, match="c3 is enclosed and cannot be flipped"):
        state.str_to_action("flip c3")


def test_l_shaped_enclosure_along_the_field_edge_counts(build: Build, around: Around) -> None:
    """Border fences close the outside: the L of a1, a2, a3 and b3 is enclosed."""
    fences = around("a1", "a2", "a3", "b3")
    assert {"a1n", "a1w", "a2w", "a3w", "a4n", "b4n"} <= set(fences)
    state = build(fences=fences)
    assert state.view(1)["enclosed"] == ["a1", "a2", "a3", "b3"]
    assert all(FLIP + CELL_INDEX[c] not in state.legal_actions() for c in ("a1", "a2", "b3"))


def test_one_missing_fence_leaves_the_region_open(build: Build, around: Around) -> None:
    fences = [edge for edge in around("a1", "a2", "a3", "b3") if edge != "a1n"]
    assert build(fences=fences).view(1)["enclosed"] == []


def test_an_enclosure_of_any_shape_away_from_the_border(build: Build, around: Around) -> None:
    shape = ("b2", "c2", "d2", "c3", "c4")
    state = build(fences=around(*shape))
    assert state.view(1)["enclosed"] == ["b2", "c2", "d2", "c3", "c4"]


def test_a_ring_of_fences_encloses_everything_inside_it(build: Build, around: Around) -> None:
    """Fences inside an enclosure do not matter: every tile within the ring is enclosed."""
    ring = around("b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4")
    state = build(fences=[*ring, "c3n", "c3w"])
    assert len(state.view(1)["enclosed"]) == 9


def test_tiles_that_left_the_field_still_join_the_cells_around_them(
    build: Build, around: Around
) -> None:
    """An empty cell is part of the field: an enclosure around it and its neighbour holds."""
    state = build(fences=around("a1", "b1"), cells={"b1": "gone ram"})
    assert state.view(1)["enclosed"] == ["a1", "b1"]
    opened = build(fences=around("a1", "b1")[1:], cells={"b1": "gone ram"})
    assert opened.view(1)["enclosed"] == []


def test_removing_one_fence_of_an_enclosure_reopens_it(
    build: Build, play: Play, around: Around
) -> None:
    state = build(fences=around("a1", "a2", "a3", "b3"), cells={"e5": "down ram"})
    play(state, "flip e5", "remove b4n")
    assert state.view(1)["enclosed"] == []
    assert FLIP + CELL_INDEX["b3"] in state.legal_actions()


def test_bonus_fence_completes_an_enclosure_mid_flip_so_the_flipped_sheep_stays(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """T1: the match is checked when the second sheep shows; a1 is enclosed by then."""
    three_sides = [edge for edge in around("a1") if edge != "a2n"]
    state = build(fences=three_sides, cells={"c3": "down shepherd"})
    play(state, "flip a1", "joyful", "flip c3", "fence a2n")
    assert state.view(1)["enclosed"] == ["a1"]
    play(state, "flip e5", "joyful_daisy")
    assert state.scores() == [0.0, 0.0]
    assert state.view(1)["turning_back"] == ["a1", "e5"]
    play(state, "fence c1n")
    assert cells_of(state, ["a1", "e5"]) == ["down", "down"]
    assert state.position()["cells"][0] == "down joyful"


def test_rare_case_ram_opens_then_shepherd_recloses_before_the_match(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """T1, the rulebook's rare case: the reopened tile is flipped, then fenced in again."""
    state = build(fences=around("a1"), cells={"c3": "down ram", "d4": "down shepherd"})
    play(state, "flip c3", "remove a2n")
    play(state, "flip a1", "dreamy")
    play(state, "flip d4", "fence a2n")
    play(state, "flip e5", "dreamy_daisy")
    assert state.scores() == [0.0, 0.0]
    assert state.view(0)["enclosed"] == ["a1"]
    assert state.view(0)["turning_back"] == ["a1", "e5"]
    assert state.phase_name == "shepherd"
    play(state, "fence c1n")
    assert cells_of(state, ["a1", "e5"]) == ["down", "down"]


def test_a_pair_is_taken_when_both_tiles_are_open_at_the_match(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """T1: a ram that opens an enclosure lets the sheep player take a tile from inside it."""
    state = build(fences=around("a1"), cells={"c3": "down ram"})
    play(state, "flip c3", "remove a2n", "flip a1", "dreamy", "flip e5", "dreamy")
    assert cells_of(state, ["a1", "e5"]) == ["gone", "gone"]
    assert state.scores() == [0.0, 2.0]
