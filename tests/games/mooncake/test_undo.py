"""Taking a move back in Mooncake Master: a placement, while it is still hidden.

Both phases of a turn are simultaneous commitments. The keep/pass choice (`keep L-<, pass RS
G-`, M3) is one action, and a seat that has chosen waits for the others, so it never may be
taken back; the last choice delivers every passed tile, which shows each seat the tiles it
receives. A seat places its three tiles one action at a time (`place L-< at 1NE`, M4). With
placement_reveal "together" (the default, M4's recommended reading) a placement stays hidden
until every seat has placed, so a seat's first and second placement may be taken back, the last
first, while no other seat has moved since; its third ends its part of the turn. With "open"
every placement shows the other players the tile at once, so none may be taken back.
"""

from __future__ import annotations

import os
import random

import pytest
from tests.undo_cases import assert_same_game, random_game

from meja.core import CHANCE, State
from meja.core.game import sample_chance
from meja.core.told import told_all, viewers
from meja.games.mooncake import GAME
from meja.games.mooncake.actions import PLACE_BASE

GAMES_PER_COUNT = max(2, int(os.environ.get("MEJA_CONFORMANCE_GAMES", "2000")) // 250)
"""Seeded random games per player count: a few, since judging the mover replays the game."""

ENDED = "your turn has ended"
SHOWN = "your last move showed something that was hidden, so it stands"
REVEAL = ["together", "open"]


@pytest.mark.parametrize("reveal", REVEAL)
@pytest.mark.parametrize("num_players", list(GAME.player_counts()))
def test_random_games_take_back_exactly_what_the_rule_allows(num_players: int, reveal: str) -> None:
    """After every step, each seat may take back exactly its own last step, if it is still its
    move and the step revealed nothing to any viewer: a hidden placement before the seat's
    third, never a choice, never an open placement."""
    taken_back = 0
    for seed in range(GAMES_PER_COUNT):
        for before, seat, action, after in random_game(
            GAME, num_players, seed, placement_reveal=reveal
        ):
            reveals = any(told.reveals for told in told_all(before, seat, action))
            still = seat in after.active_players()
            hidden_place = reveal == "together" and action >= PLACE_BASE
            for p in range(num_players):
                where = f"seed {seed}, step {len(after.history)}, seat {p}"
                assert after.undoable(p) == (p == seat and still and not reveals), where
                assert after.undoable(p) == (p == seat and still and hidden_place), where
            if after.undoable(seat):
                assert_same_game(after.undone(seat), before)
                taken_back += 1
    assert (taken_back > 0) == (reveal == "together")


def dealt(reveal: str = "together") -> State:
    """A two-player game with each seat's three tiles drawn by a seeded draw."""
    state = GAME.new_state(2, placement_reveal=reveal)
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng), CHANCE)
    return state


def play(state: State, seat: int, *moves: str) -> State:
    """seat's moves by name (a choice by its tiles, a placement by tile and slot)."""
    for move in moves:
        state.apply(state.str_to_action(move, seat), seat)
    return state


def test_a_hidden_placement_may_be_taken_back_a_choice_may_not() -> None:
    """M3: a seat's keep/pass choice is final once made (it waits for the others), and the last
    choice shows each seat the tiles passed to it. M4: placed together, a seat's first two
    placements may be taken back until another seat moves; the third ends its part."""
    state = play(dealt(), 0, "keep L-<, pass RS G-")
    assert state.undo_refusal(0) == ENDED and state.active_players() == [1]
    play(state, 1, "keep RN, pass R-> GN>")
    assert state.undo_refusal(1) == SHOWN and state.active_players() == [0, 1]

    placed = [state.clone()]
    for move in ["place L-< at 1NE", "place R-> at 1SE"]:
        play(state, 0, move)
        assert state.undoable(0)
        placed.append(state.clone())
    for earlier in reversed(placed[:-1]):
        state = state.undone(0)
        assert_same_game(state, earlier)

    play(state, 0, "place L-< at 1NE", "place R-> at 1SE")
    play(state, 1, "place RN at 1NE")
    assert state.undo_refusal(0) == "another player has moved since"
    assert state.undoable(1)
    play(state, 0, "place GN> at 1SW")
    assert state.undo_refusal(0) == ENDED


def test_an_open_placement_stands_at_once() -> None:
    """M4 with placement_reveal "open": the other players see each tile as it is placed."""
    state = dealt("open")
    play(state, 0, "keep L-<, pass RS G-")
    play(state, 1, "keep RN, pass R-> GN>")
    action = state.str_to_action("place L-< at 1NE", 0)
    told = [state.told(0, action, viewer) for viewer in viewers(2)]
    assert [each.reveals for each in told] == [False, True, True], "shown to seat 1 and the table"
    state.apply(action, 0)
    assert state.undo_refusal(0) == SHOWN
