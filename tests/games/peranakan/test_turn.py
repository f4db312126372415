"""Setup and the turn's steps 1-3 and 5: take a tile and a Kueh, place it, a pawn, refill."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest

from meja.core import CHANCE, IllegalAction
from meja.games.peranakan import GAME, PeranakanState
from meja.games.peranakan.components import PAWNS_BY_PLAYER_COUNT, TOTAL_TILES

Build = Callable[..., PeranakanState]
Play = Callable[..., PeranakanState]


def test_setup_deals_four_slots_then_turns_up_the_deck_top(play: Play) -> None:
    state = GAME.new_state(3)
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 36
    assert outcomes[GAME.new_state(3).str_to_action("reveal ceramics wild", CHANCE)] == 2 / 40
    play(
        state,
        "reveal ceramics tutu",
        "reveal butterfly tutu",
        "reveal goldfish tutu",
        "reveal peacock tutu",
        "reveal ceramics wild",
    )
    assert state.position()["market"] == ["Cw", "Ct", "Bt", "Gt", "Pt"]
    assert state.current_player() == 0
    assert state.deck_size() == TOTAL_TILES - 4


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_gets_nyonyas_and_babas_by_player_count(players: int) -> None:
    state = GAME.new_state(players)
    assert state.position()["hands"] == [list(PAWNS_BY_PLAYER_COUNT[players])] * players


def test_player_counts_from_the_rulebook() -> None:
    assert PAWNS_BY_PLAYER_COUNT == {2: (4, 3), 3: (3, 2), 4: (2, 2), 5: (2, 1)}


@pytest.mark.parametrize(
    ("position", "kueh"),
    [("deck", "angku"), ("slot1", "ondeh"), ("slot2", "bahulu"), ("slot3", "tutu")],
)
def test_choosing_a_tile_collects_the_kueh_beside_it(
    build: Build, play: Play, position: str, kueh: str
) -> None:
    state = play(build(), f"take {position}")
    supply = state.view(None)["supply"]
    assert state.position()["kueh"][0] == [int(kueh == name) for name in supply]
    assert supply[kueh] == 21
    assert state.position()["phase"] == "place"


def test_rulebook_example_goldfish_beside_its_kueh_and_peacock_on_final_spot_any(
    build: Build, play: Play
) -> None:
    """Step 1 example: the Goldfish tile gives the Kueh beside it, the final spot any Kueh."""
    state = build(market=["Ct", "Bt", "Gt", "Co", "Pa"])
    play(state, "take slot2", "place a1", "no pawn", "reveal ceramics tutu+ondeh")
    assert state.position()["kueh"][0] == [0, 0, 1, 0]
    play(state, "take slot4")
    assert state.position()["phase"] == "choose_kueh"
    assert [state.action_to_str(a) for a in state.legal_actions()] == [
        "kueh tutu",
        "kueh ondeh",
        "kueh bahulu",
        "kueh angku",
    ]
    play(state, "kueh ondeh")
    assert state.position()["kueh"][1] == [0, 1, 0, 0]
    assert state.position()["held"] == "Pa"


def test_wild_slot_offers_only_kueh_that_are_left(build: Build, play: Play) -> None:
    """P5: the wild position gives any type that still has stock."""
    state = play(build(kueh=[[22, 0, 0, 0], [0, 0, 0, 0]]), "take slot4")
    assert [state.action_to_str(a) for a in state.legal_actions()] == [
        "kueh ondeh",
        "kueh bahulu",
        "kueh angku",
    ]
    with pytest.raises(IllegalAction, match="tutu supply is empty"):
        play(state, "kueh tutu")


def test_wild_slot_with_one_kueh_type_left_gives_it_without_asking(
    build: Build, play: Play
) -> None:
    state = play(build(kueh=[[22, 22, 22, 0], [0, 0, 0, 0]]), "take slot4")
    assert state.position()["phase"] == "place"
    assert state.position()["kueh"][0] == [22, 22, 22, 1]


@pytest.mark.parametrize("left", list(combinations(range(4), 2)))
def test_wild_slot_with_exactly_two_kueh_types_left_still_asks_P5(
    build: Build, play: Play, left: tuple[int, int]
) -> None:
    """P5: with two Kueh types left in the supply the player still chooses between them; only a
    single type left is given without asking."""
    names = ["tutu", "ondeh", "bahulu", "angku"]
    gone = [0 if t in left else 22 for t in range(4)]
    state = play(build(kueh=[gone, [0, 0, 0, 0]]), "take slot4")
    assert state.position()["phase"] == "choose_kueh"
    assert [state.action_to_str(a) for a in state.legal_actions()] == [
        f"kueh {names[t]}" for t in left
    ]
    play(state, f"kueh {names[left[1]]}")
    assert state.position()["kueh"][0] == [g + (t == left[1]) for t, g in enumerate(gone)]
    assert state.position()["phase"] == "place"


def test_empty_supply_next_to_the_chosen_tile_gives_nothing(build: Build, play: Play) -> None:
    """P5: the tile is still taken; no Kueh comes with it."""
    state = play(build(kueh=[[0, 0, 0, 0], [0, 0, 0, 22]]), "take deck")
    assert state.position()["kueh"] == [[0, 0, 0, 0], [0, 0, 0, 22]]
    assert state.position()["held"] is not None


@pytest.mark.parametrize(
    ("position", "kueh"), [("deck", 3), ("slot1", 1), ("slot2", 2), ("slot3", 0)]
)
def test_an_empty_supply_beside_the_tile_gives_nothing_and_no_wild_choice_P5(
    build: Build, play: Play, position: str, kueh: int
) -> None:
    """P5: with the Kueh beside the chosen tile all gone, the player goes straight to placing."""
    gone = [22 * (t == kueh) for t in range(4)]
    state = play(build(kueh=[[0, 0, 0, 0], gone]), f"take {position}")
    assert state.position()["phase"] == "place"
    assert state.position()["kueh"] == [[0, 0, 0, 0], gone]
    assert [state.action_to_str(a) for a in state.legal_actions()][:2] == ["place a1", "place b1"]
    assert len(state.legal_actions()) == 25


def test_tile_goes_on_any_empty_space(build: Build, play: Play) -> None:
    state = play(build(market=["Ct", "Bt", "Gt", "Co", "Pa"]), "take slot1", "place e5")
    assert state.position()["board"][4] == ". . . . Bt"
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["no pawn", "nyonya", "baba"]


def test_stacking_covers_the_tile_below_entirely(build: Build, play: Play) -> None:
    """P11: stacking is Step 2's placing (the rulebook's "Step 3" there is a typo), so the pawn
    step still follows it."""
    state = build(board={"c3": "Ct"}, market=["Pt", "Bt", "Gt", "Co", "Pa"])
    play(state, "take slot1", "place c3")
    assert state.position()["board"][2] == ". . Ct/Bt . ."
    assert state.position()["placed"] == "c3"
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["no pawn", "nyonya", "baba"]


def test_a_space_may_be_stacked_only_once(build: Build, play: Play) -> None:
    """P10: a stacked space is closed for good."""
    state = play(build(board={"c3": "Ct/Bo"}), "take slot1")
    assert state.str_to_action("place c4") in state.legal_actions()
    assert len(state.legal_actions()) == 24
    before = state.clone()
    with pytest.raises(IllegalAction, match="c3 has already been stacked on"):
        play(state, "place c3")
    assert state == before and state.history == before.history


def test_anyone_may_stack_over_another_players_tile_and_pawn(build: Build, play: Play) -> None:
    """P10: stacking is allowed whoever placed the tile or owns the pawn standing on it."""
    state = build(board={"c3": "Ct"}, pawns=["N1@c3"], market=["Pt", "Bt", "Gt", "Co", "Pa"])
    play(state, "take slot1", "place c3")
    assert state.position()["board"][2] == ". . Ct/Bt . ."
    assert state.position()["pawns"] == ["N1@c3"]


def test_spaces_with_pawns_are_among_the_legal_placements_P10(build: Build, play: Play) -> None:
    """P10: a single tile with a pawn on it, anyone's, may be stacked on, and the legal moves
    say so; only a space already stacked is left out, pawn or not."""
    board = {"c3": "Ct", "d4": "Co", "b2": "Cb/Bo", "e5": "Ca/Bb"}
    state = build(
        board=board, pawns=["N1@c3", "B0@d4", "N1@b2"], market=["Pt", "Bt", "Gt", "Go", "Pa"]
    )
    play(state, "take slot1")
    placements = {state.action_to_str(a) for a in state.legal_actions()}
    assert {"place c3", "place d4"} <= placements
    assert placements.isdisjoint({"place b2", "place e5"})
    assert len(placements) == 23
    play(state, "place d4")
    assert state.position()["board"][3] == ". . . Co/Bt ."
    assert state.position()["pawns"] == ["N1@c3", "B0@d4", "N1@b2"]


def test_a_full_board_still_takes_stacked_tiles(build: Build, play: Play) -> None:
    """The board being full does not end the game: players can still stack."""
    codes = ["Ct", "Co", "Cb", "Ca", "Cto", "Cba", "Ctb", "Coa", "Cw", "Bt", "Bo", "Bb", "Ba"]
    codes += ["Bto", "Bba", "Btb", "Boa", "Bw", "Gt", "Go", "Gb", "Ga", "Gto", "Gba", "Gtb"]
    cells = [f"{c}{r}" for r in range(1, 6) for c in "abcde"]
    state = build(board=dict(zip(cells, codes, strict=True)))
    play(state, "take slot1")
    assert len(state.legal_actions()) == 25
    play(state, "place a1", "no pawn")
    assert state.position()["phase"] == "reveal"
    assert not state.is_terminal()


def test_placing_a_pawn_is_optional(build: Build, play: Play) -> None:
    state = play(build(), "take slot1", "place b2", "no pawn")
    assert state.position()["pawns"] == []
    assert state.position()["hands"][0] == [4, 3]


@pytest.mark.parametrize(
    ("pawn", "token", "hand"), [("nyonya", "N0@b2", [3, 3]), ("baba", "B0@b2", [4, 2])]
)
def test_a_nyonya_or_a_baba_goes_on_the_tile_just_placed(
    build: Build, play: Play, pawn: str, token: str, hand: list[int]
) -> None:
    state = play(build(), "take slot1", "place b2", pawn)
    assert state.position()["pawns"] == [token]
    assert state.position()["hands"][0] == hand


def test_a_pawn_kind_that_is_used_up_cannot_be_placed(build: Build, play: Play) -> None:
    state = play(build(retired=[[4, 0], [0, 0]]), "take slot1", "place b2")
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["no pawn", "baba"]
    with pytest.raises(IllegalAction, match="seat 0 has no nyonya left to place"):
        play(state, "nyonya")


def test_no_pawn_question_once_a_player_has_none_left(build: Build, play: Play) -> None:
    state = play(build(retired=[[4, 3], [0, 0]]), "take slot1", "place b2")
    assert state.position()["phase"] == "reveal"
    assert state.position()["turn_seat"] == 1


def test_market_slides_toward_slot4_and_deck_top_refills_slot1(build: Build, play: Play) -> None:
    """P8: slot tiles slide away from the deck; the deck's top fills slot1; a new top shows."""
    state = build(market=["Pt", "Po", "Pb", "Pa", "Pto"])
    play(state, "take slot3", "place a1", "no pawn")
    assert state.position()["market"] == [None, "Pt", "Po", "Pb", "Pto"]
    assert state.current_player() == CHANCE
    play(state, "reveal peacock tutu+bahulu")
    assert state.position()["market"] == ["Ptb", "Pt", "Po", "Pb", "Pto"]
    assert state.current_player() == 1


def test_taking_the_deck_top_slides_nothing(build: Build, play: Play) -> None:
    """P8: if the deck's top was taken, the next deck tile is simply revealed."""
    state = build(market=["Pt", "Po", "Pb", "Pa", "Pto"])
    play(state, "take deck", "place a1", "no pawn")
    assert state.position()["market"] == [None, "Po", "Pb", "Pa", "Pto"]


def test_taking_slot4_slides_every_slot(build: Build, play: Play) -> None:
    state = build(market=["Pt", "Po", "Pb", "Pa", "Pto"])
    play(state, "take slot4", "kueh tutu", "place a1", "no pawn")
    assert state.position()["market"] == [None, "Pt", "Po", "Pb", "Pa"]


def test_the_next_deck_tile_is_drawn_from_the_unseen_tiles(build: Build, play: Play) -> None:
    """The deck is an unordered multiset: each unseen tile is equally likely to come up."""
    state = build(board={"a1": "Cw", "b1": "Ct"}, market=["Pt", "Po", "Pb", "Pa", "Pw"])
    play(state, "take deck", "place c1", "no pawn")
    outcomes = dict(state.chance_outcomes())
    unseen = 40 - 2 - 5
    assert state.deck_size() == unseen
    assert outcomes[state.str_to_action("reveal ceramics wild", CHANCE)] == 1 / unseen
    assert outcomes[state.str_to_action("reveal peacock wild", CHANCE)] == 1 / unseen
    assert outcomes[state.str_to_action("reveal goldfish wild", CHANCE)] == 2 / unseen
    assert state.str_to_action("reveal goldfish tutu", CHANCE) in outcomes
    with pytest.raises(IllegalAction):
        state.str_to_action("reveal ceramics tutu", CHANCE)
    assert abs(sum(outcomes.values()) - 1) < 1e-12


def test_turns_pass_clockwise(build: Build, play: Play) -> None:
    state = build(players=3, turn_seat=2)
    play(state, "take slot1", "place a1", "no pawn", "reveal goldfish tutu")
    assert state.current_player() == 0


def test_start_player_option_names_the_first_seat() -> None:
    """P13: the host chooses who starts (the player who most recently ate Kueh)."""
    state = GAME.new_state(4, start_player=2)
    for _ in range(5):
        state.apply(state.chance_outcomes()[0][0], CHANCE)
    assert state.current_player() == 2


def test_random_start_player_is_a_chance_event(play: Play) -> None:
    """P13: or the start player is drawn at random, after the market is dealt."""
    state = GAME.new_state(4, start_player="random")
    for _ in range(5):
        state.apply(state.chance_outcomes()[0][0], CHANCE)
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    play(state, "start seat 3")
    assert state.current_player() == 3
    assert state.position()["start"] == 3
