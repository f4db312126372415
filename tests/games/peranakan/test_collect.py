"""Step 4: Nyonyas and Babas collecting Kueh, stacking under pawns, order and wild icons."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from meja.core import CHANCE
from meja.games.peranakan import PeranakanState

Build = Callable[..., PeranakanState]
Play = Callable[..., PeranakanState]

FILLER = ("Gt", "Go", "Gb", "Ga", "Gto", "Gba", "Gtb", "Goa", "Gw", "Gw")
FILLER += ("Pt", "Po", "Pb", "Pa", "Pto", "Pba", "Ptb", "Poa", "Pw", "Pw")
"""Goldfish and peacock tiles to fill spaces whose pattern a test does not care about."""


def fill(
    cells: Iterable[str], special: dict[str, str], avoid: Iterable[str] = ()
) -> dict[str, str]:
    """A board with the special tiles, and filler tiles not used elsewhere on the other cells."""
    pool = list(FILLER)
    for code in (*special.values(), *avoid):
        if code in pool:
            pool.remove(code)
    board = dict(special)
    for cell in cells:
        if cell not in board:
            board[cell] = pool.pop(0)
    return board


def setup(
    build: Build, cells: Iterable[str], special: dict[str, str], market: list[str], **fields: object
) -> PeranakanState:
    """A state whose board has the special tiles plus filler on cells, avoiding the market."""
    return build(board=fill(cells, special, market), market=market, **fields)


def kueh(state: PeranakanState, seat: int) -> list[int]:
    """Seat's collected Kueh as [tutu, ondeh, bahulu, angku]."""
    counts: list[int] = state.position()["kueh"][seat]
    return counts


def test_rulebook_example_nyonya_waits_while_two_spots_remain(build: Build, play: Play) -> None:
    """Green's Ceramics Nyonya stays until the two remaining spots in her lines have tiles."""
    board = {"a3": "Bt", "b3": "Co", "d3": "Gt", "c1": "Ca", "c2": "Pt", "c4": "Bo"}
    state = build(board=board, market=["Ct", "Pb", "Pa", "Gb", "Go"])
    play(state, "take deck", "place c3", "nyonya", "reveal goldfish tutu+ondeh")
    assert state.position()["pawns"] == ["N0@c3"]
    assert kueh(state, 0) == [0, 0, 0, 1]
    play(state, "take deck", "place e3", "no pawn", "reveal peacock tutu+ondeh")
    assert state.position()["pawns"] == ["N0@c3"]
    play(state, "take deck", "place a1", "no pawn", "reveal butterfly bahulu")
    play(state, "take deck", "place c5", "no pawn")
    # Seat 1 filled the last spot; seat 0's Nyonya collects Co, Ca and her own Ct (P3).
    assert state.position()["pawns"] == []
    assert state.retired[0:2] == [1, 0]
    assert kueh(state, 0) == [1, 1, 0, 3]
    assert kueh(state, 1) == [0, 0, 0, 2]


def test_rulebook_example_nyonya_with_full_lines_collects_at_once(build: Build, play: Play) -> None:
    """Pink's Butterfly Nyonya: both lines are full, so she collects in the same turn."""
    board = {"a3": "Bt", "b3": "Co", "d3": "Gt", "e3": "Pa"}
    board |= {"c1": "Bo", "c2": "Ca", "c4": "Gb", "c5": "Pt"}
    state = build(board=board, market=["Bba", "Pb", "Pto", "Gba", "Go"], turn_seat=1)
    play(state, "take deck", "place c3", "nyonya")
    assert state.position()["pawns"] == []
    assert kueh(state, 1) == [1, 1, 1, 2]
    assert state.sets_of(1) == 1


def test_nyonya_need_not_count_her_own_tile_as_an_option(build: Build, play: Play) -> None:
    """P3 as a choice: nyonya_counts_own_tile=false leaves her own tile out."""
    board = {"a3": "Bt", "b3": "Co", "d3": "Gt", "e3": "Pa"}
    board |= {"c1": "Bo", "c2": "Ca", "c4": "Gb", "c5": "Pt"}
    options = {"nyonya_counts_own_tile": False}
    state = build(board=board, market=["Bba", "Pb", "Pto", "Gba", "Go"], options=options)
    play(state, "take deck", "place c3", "nyonya")
    assert kueh(state, 0) == [1, 1, 0, 1]


def test_nyonya_needs_every_other_space_of_her_row_and_column(build: Build, play: Play) -> None:
    """P4: the whole board row and column; one empty space anywhere in them holds her back."""
    cells = ["a3", "b3", "d3", "c1", "c2", "c4", "c5"]
    state = setup(build, cells, {}, ["Ct", "Pb", "Pa", "Gb", "Go"])
    play(state, "take deck", "place c3", "nyonya")
    assert state.position()["pawns"] == ["N0@c3"]


def test_a_stacked_space_counts_as_filled_and_shows_its_top_tile(build: Build, play: Play) -> None:
    """P4: a space with a stack is filled; the top tile's pattern is what counts."""
    cells = ["d3", "e3", "c1", "c2", "c4", "c5"]
    special = {"a3": "Ct/Bt", "b3": "Co/Bo"}
    state = setup(build, cells, special, ["Ba", "Pb", "Pto", "Gba", "Go"])
    play(state, "take deck", "place c3", "nyonya")
    # Butterfly tops at a3 and b3 match; the covered ceramics tiles do not count.
    assert kueh(state, 0) == [1, 1, 0, 2]


def test_a_covered_tiles_icons_never_count_only_the_top_tiles_P4_P10(
    build: Build, play: Play
) -> None:
    """Butterfly stacks whose covered tiles show other Kueh: only the top icons are collected.

    The Nyonya stands on a stack too (Bo under her Bt), and a3 holds Bb under Ba.
    """
    cells = ["b3", "d3", "e3", "c1", "c2", "c4", "c5"]
    special = {"c3": "Bo", "a3": "Bb/Ba"}
    state = setup(build, cells, special, ["Bt", "Pb", "Pto", "Gba", "Go"])
    play(state, "take deck", "place c3", "nyonya")
    row = state.position()["board"][2].split()
    assert (row[0], row[2]) == ("Bb/Ba", "Bo/Bt")
    assert state.position()["pawns"] == []
    # Step 1 gives an angku; the Nyonya takes Bt (her own top tile) and Ba, never Bo or Bb.
    assert kueh(state, 0) == [1, 0, 0, 2]


def test_a_covered_tiles_icons_never_count_for_a_baba_either_P10(build: Build, play: Play) -> None:
    """A ceramics Baba beside Ct under Co collects the top ondeh, never the covered tutu."""
    around = ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    state = setup(build, around, {"b2": "Ct/Co"}, ["Cb", "Bb", "Ba", "Bto", "Bo"])
    play(state, "take deck", "place c3", "baba")
    assert state.position()["pawns"] == []
    assert kueh(state, 0) == [0, 1, 0, 1]


def test_rulebook_example_baba_waits_with_three_spots_left(build: Build, play: Play) -> None:
    """Yellow's Peacock Baba is not surrounded: he waits for the 3 remaining spots."""
    cells = ["b2", "c2", "d2", "b3", "d3"]
    state = setup(build, cells, {}, ["Pw", "Bb", "Ba", "Cb", "Co"], players=3, turn_seat=2)
    play(state, "take deck", "place c3", "baba")
    assert state.position()["pawns"] == ["B2@c3"]
    assert state.current_player() == CHANCE


def test_rulebook_example_surrounded_baba_collects_at_once(build: Build, play: Play) -> None:
    """Pink's Goldfish Baba is totally surrounded: he collects from the goldfish around him."""
    board = {"b2": "Gt", "c2": "Pt", "d2": "Pb", "b3": "Pa"}
    board |= {"d3": "Ct", "b4": "Co", "c4": "Bt", "d4": "Go"}
    state = build(board=board, market=["Gba", "Bb", "Ba", "Cb", "Bo"], turn_seat=1)
    play(state, "take deck", "place c3", "baba")
    # Goldfish around him: Gt and Go; his own tile's bahulu and angku do not count (P3).
    assert state.position()["pawns"] == []
    assert state.retired[2:4] == [0, 1]
    assert kueh(state, 1) == [1, 1, 0, 1]


def test_baba_may_count_his_own_tile_as_an_option(build: Build, play: Play) -> None:
    """P3 as a choice: baba_counts_own_tile=true adds the tile he stands on."""
    around = ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    board = {cell: code for cell, code in zip(around, FILLER[10:], strict=False)}
    board["b2"] = "Gt"
    for own, expected in ((False, [1, 0, 0, 1]), (True, [1, 0, 1, 2])):
        options = {"baba_counts_own_tile": own}
        state = build(board=board, market=["Gba", "Bb", "Ba", "Cb", "Co"], options=options)
        play(state, "take deck", "place c3", "baba")
        assert kueh(state, 0) == expected


@pytest.mark.parametrize(
    ("cell", "neighbours"),
    [("a1", ["a2", "b1", "b2"]), ("c1", ["b1", "d1", "b2", "c2", "d2"])],
    ids=["corner", "edge"],
)
def test_baba_on_the_edge_needs_only_the_spaces_on_the_board(
    build: Build, play: Play, cell: str, neighbours: list[str]
) -> None:
    """P2: a corner Baba needs 3 tiles around him, an edge Baba 5."""
    state = setup(build, neighbours, {neighbours[0]: "Ct"}, ["Co", "Bb", "Ba", "Cb", "Bo"])
    play(state, "take deck", f"place {cell}", "baba")
    assert state.position()["pawns"] == []
    assert kueh(state, 0) == [1, 0, 0, 1]


def test_orthogonal_neighbourhood_option_ignores_diagonals(build: Build, play: Play) -> None:
    """P1 as a choice: baba_neighbourhood=orthogonal4 needs only the 4 spaces beside him."""
    board = {"c2": "Ct", "b3": "Pa", "d3": "Gb", "c4": "Po"}
    for option, collected in (("moore8", False), ("orthogonal4", True)):
        options = {"baba_neighbourhood": option}
        state = build(board=board, market=["Co", "Bb", "Ba", "Cb", "Bo"], options=options)
        play(state, "take deck", "place c3", "baba")
        assert (state.position()["pawns"] == []) is collected
        assert kueh(state, 0) == ([1, 0, 0, 1] if collected else [0, 0, 0, 1])


def test_pawns_move_onto_the_stacked_tile_and_use_its_pattern(build: Build, play: Play) -> None:
    """A Baba on a ceramics tile that gets covered by a butterfly tile collects butterflies."""
    around = ["b2", "c2", "d2", "b3", "d3", "b4", "c4"]
    special = {"c3": "Ct", "b2": "Bt", "c2": "Co", "d2": "Bb"}
    market = ["Bo", "Pb", "Pto", "Gba", "Go"]
    state = setup(build, around, special, market, pawns=["B0@c3"], turn_seat=1)
    play(state, "take deck", "place c3", "no pawn", "reveal ceramics angku")
    assert state.position()["pawns"] == ["B0@c3"]
    assert state.position()["board"][2].split()[2] == "Ct/Bo"
    play(state, "take deck", "place d4", "no pawn")
    # Butterfly neighbours b2 (tutu) and d2 (bahulu); the ceramics c2 no longer matches.
    assert state.position()["pawns"] == []
    assert kueh(state, 0) == [1, 0, 1, 1]


def test_two_pawns_on_one_space_both_collect(build: Build, play: Play) -> None:
    """After a stack, up to 2 pawns share a space and both collect fully."""
    lines = ["a3", "b3", "d3", "e3", "c1", "c4", "c5", "b2", "d2", "b4", "d4"]
    special = {"c3": "Ct/Cb", "b3": "Co", "d2": "Ca"}
    market = ["Cto", "Pb", "Pto", "Gba", "Go"]
    state = setup(build, lines, special, market, pawns=["N1@c3", "B0@c3"])
    play(state, "take deck", "place c2", "no pawn")
    assert state.position()["pawns"] == []
    assert state.retired == [0, 1, 1, 0]
    # Nyonya (seat 1): ceramics Co, Cto and her own Cb. Baba (seat 0): Co, Cto and Ca.
    assert kueh(state, 1) == [1, 2, 1, 0]
    assert kueh(state, 0) == [1, 2, 0, 2]


ORDER_LINES = ["a1", "b1", "d1", "e1", "c2", "c4", "c5", "b3", "d3", "e3", "a2", "a4", "a5"]
"""Row 1 and column c for a Nyonya on c1, row 3 and column a for one on a3; c3 left empty."""


def test_active_player_collects_first_when_kueh_run_short(build: Build, play: Play) -> None:
    """P7: the active player's pawns collect before the others'; the last tutu goes to them."""
    state = setup(
        build,
        ORDER_LINES,
        {"c1": "Ct", "a3": "Bt"},
        ["Ca", "Co", "Bo", "Ba", "Cw"],
        pawns=["N0@c1", "N1@a3"],
        kueh=[[21, 0, 0, 0], [0, 0, 0, 0]],
        turn_seat=1,
    )
    play(state, "take deck", "place c3", "no pawn")
    assert state.position()["pawns"] == []
    assert kueh(state, 1)[0] == 1
    assert kueh(state, 0)[0] == 21


def test_collection_goes_clockwise_from_the_active_player(build: Build, play: Play) -> None:
    """P7: after the active seat 1 comes seat 2, then seat 0."""
    state = setup(
        build,
        ORDER_LINES,
        {"c1": "Ct", "a3": "Bt"},
        ["Ca", "Co", "Bo", "Ba", "Cw"],
        players=3,
        pawns=["N0@c1", "N2@a3"],
        kueh=[[0, 0, 0, 0], [21, 0, 0, 0], [0, 0, 0, 0]],
        turn_seat=1,
    )
    play(state, "take deck", "place c3", "no pawn")
    assert kueh(state, 2)[0] == 1
    assert kueh(state, 0)[0] == 0


def test_wild_icons_are_chosen_by_the_pawn_owner_in_placement_order(
    build: Build, play: Play
) -> None:
    """P6 and P7: the owner picks each wild Kueh, their pawns in the order they were placed."""
    special = {"c1": "Cw", "a3": "Bw"}
    market = ["Pa", "Co", "Bo", "Ba", "Cb"]
    state = setup(build, ORDER_LINES, special, market, pawns=["N0@c1", "N0@a3"], turn_seat=1)
    play(state, "take deck", "place c3", "no pawn")
    assert state.current_player() == 0
    assert state.position()["phase"] == "collect_kueh"
    assert state.position()["collecting"] == ["N0@a3"]
    play(state, "kueh tutu")
    assert state.current_player() == 0
    assert state.position()["collecting"] == [] and state.position()["wild_left"] == 1
    play(state, "kueh bahulu")
    assert kueh(state, 0) == [1, 0, 1, 0]
    assert state.current_player() == CHANCE
    assert state.position()["turn_seat"] == 0


def test_printed_kueh_are_taken_before_wild_choices(build: Build, play: Play) -> None:
    """P6: fixed icons first, then the wild icon picks among the Kueh that are left."""
    cells = ["a3", "b3", "d3", "e3", "c2", "c4", "c5"]
    market = ["Ct", "Pb", "Pto", "Gba", "Go"]
    state = setup(build, cells, {"c1": "Cw"}, market, kueh=[[0] * 4, [21, 0, 0, 0]])
    play(state, "take deck", "place c3", "nyonya")
    assert kueh(state, 0) == [1, 0, 0, 1]
    assert [state.action_to_str(a) for a in state.legal_actions()] == [
        "kueh ondeh",
        "kueh bahulu",
        "kueh angku",
    ]


def test_a_wild_icon_with_one_kueh_type_left_takes_it(build: Build, play: Play) -> None:
    cells = ["a3", "b3", "d3", "e3", "c2", "c4", "c5"]
    market = ["Ct", "Pb", "Pto", "Gba", "Go"]
    state = setup(build, cells, {"c1": "Cw"}, market, kueh=[[0] * 4, [22, 22, 22, 0]])
    play(state, "take deck", "place c3", "nyonya")
    assert kueh(state, 0) == [0, 0, 0, 2]
    assert state.current_player() == CHANCE


def test_a_wild_icon_with_exactly_two_kueh_types_left_is_still_chosen_P6(
    build: Build, play: Play
) -> None:
    """P6: the owner chooses the wild Kueh while two types have stock; one type left is given."""
    cells = ["a3", "b3", "d3", "e3", "c2", "c4", "c5"]
    market = ["Ct", "Pb", "Pto", "Gba", "Go"]
    state = setup(build, cells, {"c1": "Cw"}, market, kueh=[[0] * 4, [22, 22, 0, 0]])
    play(state, "take deck", "place c3", "nyonya")
    assert state.position()["phase"] == "collect_kueh"
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["kueh bahulu", "kueh angku"]
    play(state, "kueh bahulu")
    assert kueh(state, 0) == [0, 0, 1, 1]
    assert state.current_player() == CHANCE


def test_kueh_missing_from_the_supply_are_not_collected(build: Build, play: Play) -> None:
    """A pawn due to collect a Kueh that has run out gets nothing for it, and still leaves."""
    cells = ["a3", "b3", "d3", "e3", "c2", "c4", "c5"]
    market = ["Co", "Pb", "Pto", "Gba", "Go"]
    state = setup(build, cells, {"c1": "Cto"}, market, kueh=[[0] * 4, [0, 22, 0, 0]])
    play(state, "take deck", "place c3", "nyonya")
    assert kueh(state, 0) == [1, 0, 0, 1]
    assert state.position()["pawns"] == []
    assert state.retired[0:2] == [1, 0]


def test_a_pawn_with_nothing_to_collect_is_still_removed(build: Build, play: Play) -> None:
    around = ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    state = setup(build, around, {}, ["Co", "Bb", "Ba", "Cb", "Bo"])
    play(state, "take deck", "place c3", "baba")
    assert state.position()["pawns"] == []
    assert state.retired[0:2] == [0, 1]
    assert kueh(state, 0) == [0, 0, 0, 1]


def test_tiles_stay_after_a_pawn_collects_and_serve_later_pawns(build: Build, play: Play) -> None:
    """Collected pawns leave the game; the tiles stay and later pawns still collect from them."""
    lines = ["a3", "b3", "e3", "c1", "c2", "c4", "c5", "a1", "b1", "a2"]
    special = {"c3": "Ct", "a2": "Co", "b3": "Bt"}
    market = ["Pa", "Bb", "Ba", "Cb", "Ca"]
    state = setup(build, lines, special, market, pawns=["N1@c3"])
    play(state, "take deck", "place d3", "no pawn", "reveal ceramics ondeh+angku")
    assert state.position()["pawns"] == []
    assert state.position()["board"][2].split()[2] == "Ct"
    play(state, "take deck", "place b2", "baba")
    # Seat 1's Baba on ceramics around b2: Ct on c3 (tutu) and Co on a2 (ondeh).
    assert state.position()["pawns"] == []
    assert state.retired[2:4] == [1, 1]
    assert kueh(state, 1) == [2, 1, 0, 1]
