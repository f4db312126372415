"""What each seat and the spectator is told of a Mooncake Master step.

Tiles are drawn face down, keep/pass choices stay secret until every seat has chosen and are
then delivered together (M3), and placements stay hidden until every seat has placed unless
placement_reveal is "open" (M4). A seat is told its own moves in full; the others are told what
the table shows them, which for a hidden step is only that it happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meja.core import CHANCE, Told
from meja.games.mooncake.actions import CHOICES
from meja.games.mooncake.components import TURNS_PER_ROUND
from meja.games.mooncake.tables import CHOOSE, DRAW, TILE_CODES

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState

LEFT, RIGHT = 1, 2
"""Positions in a CHOICES entry (keep, pass left, pass right)."""


def told(state: MooncakeState, player: int, action: int, viewer: int | None) -> Told:
    """What viewer learns when player (a seat or chance) plays action from state."""
    if player == CHANCE:
        if state._phase == DRAW:
            return _draw(state, action, viewer)
        return _named(state, player, action, reveals=True)  # a customer card turns face up
    if state._phase == CHOOSE:
        return _choice(state, player, action, viewer)
    return _placement(state, player, action, viewer)


def _named(state: MooncakeState, player: int, action: int, reveals: bool, **facts: Any) -> Told:
    """The step in full, as action_to_str reads it."""
    return Told(state.action_to_str(action, player), {"action": action, **facts}, reveals)


def _draw(state: MooncakeState, tile: int, viewer: int | None) -> Told:
    """A tile is drawn face down: only the drawer sees it; the others see whose hand grew."""
    seat = state._draw_seat
    if viewer == seat:
        return _named(state, CHANCE, tile, reveals=True, seat=seat)
    return Told(f"drew a tile for seat {seat}", {"action": None, "seat": seat})


def _choice(state: MooncakeState, player: int, action: int, viewer: int | None) -> Told:
    """A keep/pass choice is secret (M3); the last one delivers every passed tile at once, so
    each seat is then told the two tiles it receives, and never a tile kept face down."""
    hidden = "kept a tile and passed two"
    if state._waiting > 1:
        if viewer == player:
            return _named(state, player, action, reveals=False)
        return Told(hidden, {"action": None})
    if viewer is None:
        return Told(f"{hidden}; every seat got its tiles", {"action": None, "delivered": True})
    n = state.num_players
    left, right = (viewer + 1) % n, (viewer - 1) % n
    from_left = _passed(state, player, action, left, RIGHT)
    from_right = _passed(state, player, action, right, LEFT)
    facts = {"delivered": True, "received": {"from_left": from_left, "from_right": from_right}}
    if viewer == player:
        return _named(state, player, action, reveals=True, **facts)
    if n == 2:
        hand = state._hands[player]
        passed = sorted(hand[index] for index in CHOICES[action][LEFT:])
        text = "kept a tile and passed " + " ".join(TILE_CODES[tile] for tile in passed)
    else:
        got = f"{from_left} from seat {left} and {from_right} from seat {right}"
        text = f"{hidden}; seat {viewer} got {got}"
    return Told(text, {"action": None, **facts}, reveals=True)


def _passed(state: MooncakeState, player: int, action: int, seat: int, side: int) -> str:
    """The code of the tile seat passes to side, its choice being action if it is choosing."""
    choice = action if seat == player else state._choices[seat]
    return TILE_CODES[state._hands[seat][CHOICES[choice][side]]]


def _placement(state: MooncakeState, player: int, action: int, viewer: int | None) -> Told:
    """An open placement is public at once; a hidden one is told to others only as a tile
    placed, and the turn's last placement reveals every placement but not their order (M4)."""
    last = state._waiting == 1
    scored = last and state._turn == TURNS_PER_ROUND - 1
    hide = state._hide_places
    facts = {"scored": True} if scored else {"revealed": True} if last and hide else {}
    if not hide:
        return _named(state, player, action, viewer != player, **facts)
    if viewer == player:
        return _named(state, player, action, last, **facts)
    text = "placed a tile"
    if scored:
        text += "; the round is scored"
    elif last:
        text += "; every placement is revealed"
    return Told(text, {"action": None, **facts}, last)
