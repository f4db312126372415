"""Taking a move back in Peranakan: a turn's steps until the deck turns up the next tile.

Every move is made in the open, so nothing a player does reveals anything; only the deck does,
when it turns up a tile at the end of a turn (P8). A turn is several steps, each its own action:
take a market tile (`take slot4`), choose the wild slot's Kueh (`kueh tutu`, P5), place the
tile (`place c3`), place a pawn or not (`nyonya`, `baba`, `no pawn`) and any wild Kueh the
player's collecting pawns give (P6). The player may take these back one at a time while the
turn is still theirs; the step that ends the turn stands.
"""

from __future__ import annotations

import os
import random

import pytest
from tests.undo_cases import assert_same_game, random_game

from meja.core import CHANCE, State
from meja.core.game import sample_chance
from meja.core.told import told_all
from meja.games.peranakan import GAME

GAMES_PER_COUNT = max(2, int(os.environ.get("MEJA_CONFORMANCE_GAMES", "2000")) // 100)
"""Seeded random games per player count: a few, since judging the mover replays the game."""

ENDED = "your turn has ended"
DRAWN = "something was drawn or turned up after your move, so it stands"


@pytest.mark.parametrize("num_players", list(GAME.player_counts()))
def test_random_games_take_back_exactly_what_the_rule_allows(num_players: int) -> None:
    """After every step, each seat may take back exactly its own last step, if it is still its
    move and the step revealed nothing to any viewer; in Peranakan that is every move but the
    one that ends the turn (the deck turns up a tile next)."""
    taken_back = 0
    for seed in range(GAMES_PER_COUNT):
        for before, seat, action, after in random_game(GAME, num_players, seed):
            reveals = any(told.reveals for told in told_all(before, seat, action))
            still = seat in after.active_players()
            assert reveals == (seat == CHANCE), "P8: only the deck shows anything new"
            for p in range(num_players):
                where = f"seed {seed}, step {len(after.history)}, seat {p}"
                expected = p == seat and still and not reveals
                assert after.undoable(p) == expected, where
            if seat >= 0 and still:
                assert_same_game(after.undone(seat), before)
                taken_back += 1
    assert taken_back, "no move of a turn was ever taken back"


def fresh_game(seed: int = 1) -> State:
    """A two-player game with the market dealt from a seeded draw, seat 0 to move."""
    state = GAME.new_state(2)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng), CHANCE)
    return state


def test_the_steps_of_a_turn_are_taken_back_one_at_a_time_until_the_deck_turns_up() -> None:
    """P5 and P8: take the wild slot, choose its Kueh, place the tile: each can be taken back,
    the last first, back to the start of the turn. The pawn step ends the turn: it stands, and
    once the deck turns up the next tile (P8) that is drawn after the move too."""
    state = fresh_game()
    steps = ["take slot4", "kueh tutu", "place c3"]
    played = [state.clone()]
    for move in steps:
        state.apply(state.str_to_action(move, 0), 0)
        assert state.undoable(0) and state.current_player() == 0, move
        played.append(state.clone())
    assert not state.undoable(1) and state.undo_refusal(1) == "you have not moved yet"
    for earlier in reversed(played[:-1]):
        state = state.undone(0)
        assert_same_game(state, earlier)
    assert state.undo_refusal(0) == "you have not moved yet"

    for move in [*steps, "nyonya"]:
        state.apply(state.str_to_action(move, 0), 0)
    assert state.current_player() == CHANCE
    assert state.undo_refusal(0) == ENDED
    state.apply(sample_chance(state, random.Random(2)), CHANCE)
    assert state.undo_refusal(0) == DRAWN
    assert state.current_player() == 1 and state.undo_refusal(1) == "you have not moved yet"
