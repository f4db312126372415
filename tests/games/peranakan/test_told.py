"""What each seat and the spectator is told of a Peranakan step: the same facts for everyone.

All information is public (docs/rules/peranakan.md, "Information"): the market tile the deck
turns up (P8) lies face up for the whole table, and every move is made in the open. So every
viewer is told each step's action, placing and pawn steps name their space for the board's
last-move mark, and only a chance step turns up something no one knew. The sentences are
tests/games/peranakan/test_words.py's part.
"""

from __future__ import annotations

from collections.abc import Callable

from meja.core import CHANCE
from meja.core.told import viewers
from meja.games.peranakan import PeranakanState

Build = Callable[..., PeranakanState]
Play = Callable[..., PeranakanState]


def test_a_market_refill_is_told_to_everyone_and_reveals_P8(build: Build, play: Play) -> None:
    """P8: the deck's new top tile is turned face up in the market for all to see."""
    state = play(build(players=3, market=["Pt", "Po", "Pb", "Pa", "Pto"]), "take slot3")
    play(state, "place a1", "no pawn")
    assert state.current_player() == CHANCE
    action = state.str_to_action("reveal peacock tutu+bahulu", CHANCE)
    for viewer in viewers(3):
        told = state.told(CHANCE, action, viewer)
        assert dict(told.record) == {"action": action}
        assert told.reveals


def test_every_move_is_told_to_every_seat_and_the_spectator(build: Build, play: Play) -> None:
    """Taking a tile and its Kueh, placing it and a pawn: all done in the open, none revealing;
    the placing and the pawn name the space the tile went to."""
    state = build(players=3, market=["Pt", "Po", "Pb", "Pa", "Pto"])
    for move, facts in (
        ("take slot4", {}),
        ("kueh tutu", {}),
        ("place b2", {"cell": "b2"}),
        ("nyonya", {"cell": "b2"}),
    ):
        seat = state.current_player()
        action = state.str_to_action(move, seat)
        for viewer in viewers(3):
            told = state.told(seat, action, viewer)
            assert (dict(told.record), told.reveals) == ({"action": action, **facts}, False)
        play(state, move)
