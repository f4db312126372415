"""Taking a move back in Te Kuiti: fences may be, flips may not.

The shepherd's turn is two fences, each its own action (`fence c3n`): the first may be taken
back until the second ends the turn. The sheep player's flip (`flip a2`) never may: a tile never
seen is turned up by a chance step, and one seen before shows its face to both players at once
(T4a). A fence taken down for a ram (`remove c3n`, T3), and a pair collected in the end-of-round
mode while the turn goes on (T4), may be taken back until the sheep player flips again.
"""

from __future__ import annotations

import os

import pytest
from tests.undo_cases import assert_same_game, random_game

from meja.core import CHANCE, State
from meja.core.told import told_all
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.actions import COLLECT, FLIP

GAMES_PER_COUNT = max(2, int(os.environ.get("MEJA_CONFORMANCE_GAMES", "2000")) // 100)
"""Seeded random games per player count: a few, since judging the mover replays the game."""

DRAWN = "something was drawn or turned up after your move, so it stands"
SHOWN = "your last move showed something that was hidden, so it stands"


@pytest.mark.parametrize("num_players", list(GAME.player_counts()))
def test_random_games_take_back_exactly_what_the_rule_allows(num_players: int) -> None:
    """After every step, each seat may take back exactly its own last step, if it is still its
    move and the step revealed nothing to any viewer: in Te Kuiti every move but a flip, while
    the mover's turn goes on (the solo game has no shepherd, so only a ram's fence)."""
    taken_back = set()
    for seed in range(GAMES_PER_COUNT):
        for before, seat, action, after in random_game(GAME, num_players, seed):
            reveals = any(told.reveals for told in told_all(before, seat, action))
            still = seat in after.active_players()
            flip = seat >= 0 and FLIP <= action < COLLECT
            for p in range(num_players):
                where = f"seed {seed}, step {len(after.history)}, seat {p}"
                assert after.undoable(p) == (p == seat and still and not reveals), where
                assert after.undoable(p) == (p == seat and still and not flip), where
            if after.undoable(seat):
                assert_same_game(after.undone(seat), before)
                taken_back.add(before.action_to_str(action, seat).split()[0])
    wanted = {"remove"} if num_players == 1 else {"fence", "remove"}
    assert wanted <= taken_back <= {"fence", "remove", "collect"}, taken_back


def play(state: State, *moves: str) -> State:
    """Moves and chance outcomes by name, for whoever is to act; returns the state."""
    for move in moves:
        player = state.current_player()
        state.apply(state.str_to_action(move, player), player)
    return state


def test_a_fence_may_be_taken_back_but_a_tile_turned_over_may_not() -> None:
    """Seat 0 is the shepherd: its first fence may be taken back, its second ends the turn. The
    sheep player's flip is followed by the tile turned up (a chance step), so it stands; a fence
    taken down for a ram (T3) may be taken back; a tile seen before shows its face at once when
    flipped again (T4a), so that flip stands too."""
    state = play(GAME.new_state(2), "fence c3n")
    assert state.undoable(0)
    assert_same_game(state.undone(0), GAME.new_state(2))
    play(state, "fence a1w")
    assert state.undo_refusal(0) == "your turn has ended"

    play(state, "flip a2")
    assert state.current_player() == CHANCE
    assert state.undo_refusal(1) == "your turn has ended"
    play(state, "joyful")
    assert state.undo_refusal(1) == DRAWN

    play(state, "flip b2", "ram")
    before = state.clone()
    play(state, "remove c3n")
    assert state.undoable(1) and state.current_player() == 1
    assert_same_game(state.undone(1), before)

    play(state, "flip c2", "sleepy", "fence e5s", "fence e4e", "flip a2")
    assert state.current_player() == 1, "a tile seen before needs no chance step"
    assert state.undo_refusal(1) == SHOWN
