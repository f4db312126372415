"""The three end triggers (P9) and the winner: sets, then total Kueh, then a shared win (P12)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from meja.core import CHANCE
from meja.core.episode import play_random
from meja.games.peranakan import GAME, SPEC, PeranakanState
from meja.games.peranakan.components import TOTAL_TILES
from meja.games.peranakan.tables import KIND_CODES, KIND_COUNTS

Build = Callable[..., PeranakanState]
Play = Callable[..., PeranakanState]

CELLS = [f"{col}{row}" for row in range(1, 6) for col in "abcde"]


def last_deck_tile(build: Build) -> PeranakanState:
    """35 tiles on the board (10 spaces stacked), 5 in the market: only the deck's top is left."""
    tiles = [code for code, n in zip(KIND_CODES, KIND_COUNTS, strict=True) for _ in range(n)]
    market, placed = tiles[-5:], tiles[:-5]
    board = dict(zip(CELLS, placed[:25], strict=True))
    for cell, top in zip(CELLS, placed[25:], strict=False):
        board[cell] = f"{board[cell]}/{top}"
    return build(board=board, market=market)


def test_the_deck_top_still_counts_as_in_the_deck(build: Build) -> None:
    """P9: "deck empty" means no tile left, and the face-up top tile is still in the deck."""
    state = last_deck_tile(build)
    assert state.deck_size() == 1
    assert not state.is_terminal()
    assert state.current_player() == 0


def test_the_facts_of_a_deck_ending_name_the_trigger_and_what_was_left(
    build: Build, play: Play
) -> None:
    state = play(last_deck_tile(build), "take slot2", "place e5", "no pawn")
    facts = SPEC.facts(state)
    assert facts.end == "deck empty"
    assert facts.stats == {
        "kueh_left_in_supply": 87.0,
        "tiles_left_in_deck": 0.0,
        "stacked_tiles": 11.0,
        "pawns_never_collected": 0.0,
    }
    assert facts.seat_stats == {
        "sets": (0.0, 0.0),
        "kueh": (1.0, 0.0),
        "pawns_on_board": (0.0, 0.0),
    }


@pytest.mark.parametrize("taken", ["deck", "slot2"])
def test_game_ends_when_the_deck_runs_out_leaving_four_market_tiles(
    build: Build, play: Play, taken: str
) -> None:
    """The final 4 tiles next to the deck are never played once it is empty."""
    state = play(last_deck_tile(build), f"take {taken}", "place e5", "no pawn")
    assert state.is_terminal()
    market = state.position()["market"]
    assert market[0] is None and None not in market[1:]
    assert state.legal_actions() == [] and state.legal_actions(0) == []


def test_a_random_game_places_36_tiles_when_the_deck_ends_it() -> None:
    for seed in range(20):
        state = play_random(GAME.new_state(2), random.Random(seed))
        if state.deck_size() == 0:
            break
    board = " ".join(state.position()["board"]).replace("/", " ").split()
    assert sum(1 for space in board if space != ".") == TOTAL_TILES - 4
    assert all(state.position()["market"][1:])


def _last_turn(build: Build, trigger: str) -> tuple[PeranakanState, str, str]:
    """A state whose next turn ends the game by trigger, the slot to take and where to place."""
    if trigger == "deck":
        return last_deck_tile(build), "slot3", "e5"
    if trigger == "supplies":
        state = build(kueh=[[0, 0, 0, 0], [22, 22, 22, 21]])
        return state, "slot4", "c3"
    board = {"a1": "Gw", "a2": "Gt", "b1": "Go"}
    return build(board=board, pawns=["B1@a1"], retired=[[4, 3], [4, 2]]), "slot2", "b2"


@pytest.mark.parametrize("trigger", ["deck", "supplies", "pawns"])
def test_the_last_turn_still_slides_the_market_P8_P9(
    build: Build, play: Play, trigger: str
) -> None:
    """P9: the turn that ends the game finishes with Step 5, so the market slides toward slot4."""
    state, slot, cell = _last_turn(build, trigger)
    before = state.position()["market"]
    taken = int(slot[-1])
    play(state, f"take {slot}", f"place {cell}")
    if not state.is_terminal():
        play(state, "no pawn")
    assert state.is_terminal()
    kept = before[:taken] + before[taken + 1 :]
    assert state.position()["market"] == [None, *kept]


def test_game_ends_when_all_four_supplies_are_empty(build: Build, play: Play) -> None:
    """P9: the turn that takes the last Kueh still finishes: placing, collecting, sliding."""
    around = {"a2": "Gt", "b1": "Go", "b2": "Gb"}
    state = build(
        board=around,
        pawns=[],
        market=["Ga", "Co", "Bo", "Ba", "Cw"],
        kueh=[[0, 0, 0, 0], [22, 22, 22, 21]],
    )
    play(state, "take deck")
    assert state.view(None)["supply"] == {"tutu": 0, "ondeh": 0, "bahulu": 0, "angku": 0}
    assert not state.is_terminal()
    play(state, "place a1", "baba")
    assert state.is_terminal()
    assert state.retired[0:2] == [0, 1]
    assert state.position()["kueh"][0] == [0, 0, 0, 1]
    assert state.position()["market"] == [None, "Co", "Bo", "Ba", "Cw"]


def test_game_ends_when_every_pawn_has_collected(build: Build, play: Play) -> None:
    """Seat 0 has no pawns left; seat 1's last Baba collects when seat 0 fills b2."""
    board = {"a1": "Gw", "a2": "Gt", "b1": "Go"}
    state = build(board=board, pawns=["B1@a1"], retired=[[4, 3], [4, 2]])
    play(state, "take slot1", "place b2")
    assert state.position()["pawns"] == []
    assert state.is_terminal()


def test_a_pawn_still_in_hand_keeps_the_game_going(build: Build, play: Play) -> None:
    board = {"a1": "Gw", "a2": "Gt", "b1": "Go"}
    state = build(board=board, pawns=["B1@a1"], retired=[[4, 2], [4, 2]])
    play(state, "take slot1", "place b2", "no pawn")
    assert state.position()["pawns"] == []
    assert state.current_player() == CHANCE


def test_a_waiting_pawn_keeps_the_game_going(build: Build, play: Play) -> None:
    state = build(pawns=["B1@a1"], board={"a1": "Gt"}, retired=[[4, 3], [4, 2]])
    play(state, "take slot1", "place e5")
    assert state.current_player() == CHANCE


def over(build: Build, kueh: list[list[int]]) -> PeranakanState:
    """A finished game with the given collected Kueh."""
    return build(phase="over", market=[None, "Pt", "Po", "Pb", "Pa"], kueh=kueh)


def test_most_sets_wins_a_set_being_one_of_each_kueh(build: Build) -> None:
    state = over(build, [[3, 2, 5, 1], [2, 2, 2, 2]])
    assert state.scores() == [1.0, 2.0]
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0]


def test_tied_sets_go_to_the_player_with_more_kueh(build: Build) -> None:
    """P12: total Kueh counts every collected Kueh, leftovers included."""
    state = over(build, [[2, 2, 2, 5], [2, 2, 2, 2]])
    assert state.winners() == [0]


def test_a_full_tie_shares_the_victory(build: Build) -> None:
    state = over(build, [[2, 3, 2, 2], [3, 2, 2, 2]])
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_no_winner_before_the_end(build: Build) -> None:
    state = build(kueh=[[2, 2, 2, 2], [0, 0, 0, 0]])
    assert state.scores() == [2.0, 0.0]
    assert state.winners() == []
    assert state.returns() == [0.0, 0.0]
