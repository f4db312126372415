"""What each seat and the spectator is told of a Peranakan step: everything, by name.

All information is public (docs/rules/peranakan.md, "Information"): the market tile the deck
turns up (P8) lies face up for the whole table, and every move is made in the open. So the
default declaration holds: every viewer is told each step by its action name, and only a chance
step turns up something no one knew.
"""

from __future__ import annotations

from collections.abc import Callable

from meja.core import CHANCE
from meja.core.told import viewers
from meja.games.peranakan import PeranakanState

Build = Callable[..., PeranakanState]
Play = Callable[..., PeranakanState]


def test_a_market_refill_is_named_to_everyone_P8(build: Build, play: Play) -> None:
    """P8: the deck's new top tile is turned face up in the market for all to see."""
    state = play(build(players=3, market=["Pt", "Po", "Pb", "Pa", "Pto"]), "take slot3")
    play(state, "place a1", "no pawn")
    assert state.current_player() == CHANCE
    action = state.str_to_action("reveal peacock tutu+bahulu", CHANCE)
    for viewer in viewers(3):
        told = state.told(CHANCE, action, viewer)
        assert (told.text, dict(told.record)) == ("reveal peacock tutu+bahulu", {"action": action})
        assert told.reveals


def test_every_move_is_named_to_every_seat_and_the_spectator(build: Build, play: Play) -> None:
    """Taking a tile and its Kueh, placing it and a pawn: all done in the open, none revealing."""
    state = build(players=3, market=["Pt", "Po", "Pb", "Pa", "Pto"])
    for move in ("take slot4", "kueh tutu", "place b2", "nyonya"):
        seat = state.current_player()
        action = state.str_to_action(move, seat)
        for viewer in viewers(3):
            told = state.told(seat, action, viewer)
            assert (told.text, dict(told.record), told.reveals) == (move, {"action": action}, False)
        play(state, move)
