"""What each seat and the spectator is told of a Mooncake Master step.

Tiles are drawn face down, keep/pass choices stay secret until every seat has chosen and are
then delivered together (M3), and placements stay hidden until every seat has placed unless
placement_reveal is "open" (M4). A seat is told its own moves in full; the others are told what
the table shows them, which for a hidden step is only that it happened. A seat's three draws and
its three placements of a turn are each told as one sentence, at the third step.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from meja.core import CHANCE, Told
from meja.core.told import seat
from meja.games.mooncake import scoring, words
from meja.games.mooncake.actions import CHOICES, PLACE_BASE
from meja.games.mooncake.components import TILES_PER_TURN, TURNS_PER_ROUND
from meja.games.mooncake.tables import CHOOSE, DRAW, SLOT_NAMES, SLOTS, TILE_CODES

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState

LEFT: Final = 1
RIGHT: Final = 2
"""Positions in a CHOICES entry (keep, pass left, pass right)."""


def told(state: MooncakeState, player: int, action: int, viewer: int | None) -> Told:
    """What viewer learns when player (a seat or chance) plays action from state."""
    if player == CHANCE:
        if state.phase == DRAW:
            return _draw(state, action, viewer)
        return Told(words.sentence(words.arrived(action)), {"action": action}, True)
    if state.phase == CHOOSE:
        return _choice(state, player, action, viewer)
    return _placement(state, player, action, viewer)


def _draw(state: MooncakeState, tile: int, viewer: int | None) -> Told:
    """A tile is drawn face down: only the drawer sees it, and is told its three at the third;
    the others see whose hand grew, which the table already shows, so the log says nothing."""
    drawer = state._draw_seat
    if viewer != drawer:
        return Told("", {"action": None, "seat": drawer})
    hand = state.hands[drawer]
    done = len(hand) == TILES_PER_TURN - 1
    text = words.sentence(words.drew(drawer, sorted((*hand, tile)))) if done else ""
    return Told(text, {"action": tile, "seat": drawer}, True)


def _choice(state: MooncakeState, player: int, action: int, viewer: int | None) -> Told:
    """A keep/pass choice is secret (M3); the last one delivers every passed tile at once, so
    each seat is then told the two tiles it receives, and never a tile kept face down."""
    n = state.num_players
    mine = viewer == player
    hand = state.hands[player]
    keep, left, right = (hand[index] for index in CHOICES[action])
    neighbours = ((player + 1) % n, (player - 1) % n)
    hidden = f"{seat(player)} {words.HIDDEN_CHOICE}"
    move = words.kept(player, keep, left, right, neighbours) if mine else hidden
    record: dict[str, Any] = {"action": action if mine else None}
    if state._waiting > 1:
        return Told(words.sentence(move), record)
    record["delivered"] = True
    if viewer is None:
        return Told(words.sentence(move, words.DELIVERED), record)
    from_seats = ((viewer + 1) % n, (viewer - 1) % n)
    gifts = [
        (giver, _passed(state, player, action, giver, side))
        for giver, side in zip(from_seats, (RIGHT, LEFT), strict=True)
    ]
    record["received"] = {
        "from_left": TILE_CODES[gifts[0][1]],
        "from_right": TILE_CODES[gifts[1][1]],
    }
    if n == 2 and not mine:
        passed = words.both(left, right)
        text = words.sentence(f"{seat(player)} kept a tile and passed {seat(viewer)} {passed}")
    else:
        text = words.sentence(move, words.received(viewer, gifts))
    return Told(text, record, reveals=True)


def _passed(state: MooncakeState, player: int, action: int, giver: int, side: int) -> int:
    """The tile giver passes to side, its choice being action if it is choosing."""
    choice = action if giver == player else state._choices[giver]
    return state.hands[giver][CHOICES[choice][side]]


def _placement(state: MooncakeState, player: int, action: int, viewer: int | None) -> Told:
    """An open placement is public at once; a hidden one is told to others only as placed, and
    the turn's last placement reveals every placement but not their order (M4). A seat's three
    placements of a turn are one sentence, at the third."""
    last = state._waiting == 1
    scores = last and state._turn == TURNS_PER_ROUND - 1
    hide = state._hide_places
    sees = viewer == player or not hide
    tile, slot = divmod(action - PLACE_BASE, SLOTS)
    facts: dict[str, Any] = (
        {"scored": True} if scores else {"revealed": True} if last and hide else {}
    )
    if last:
        facts["placed"] = _placed_slots(state, player, slot)
    seen = {"action": action, "slot": SLOT_NAMES[slot]} if sees else {"action": None}
    record = {**seen, **facts}
    reveals = last if hide else viewer != player
    if len(state.hands[player]) > 1:
        return Told("", record, reveals)
    if sees:
        base = player * SLOTS
        tiles = sorted(
            [(state._boards[base + s], s) for s in state._pending[player]] + [(tile, slot)],
            key=lambda placed: placed[1],
        )
        move = words.placed(player, tiles)
    else:
        move = f"{seat(player)} {words.PLACED_HIDDEN}"
    tail = ""
    if scores:
        boards = state._boards[:]
        boards[player * SLOTS + slot] = tile
        customers = tuple(state._customers)
        bonus = state.options["half_yolk_bonus"]
        tail = _round_scored(state._round + 1, tuple(boards), customers, bonus)
    elif last and hide:
        tail = words.TURNED_UP
    return Told(words.sentence(move, tail), record, reveals)


@lru_cache(maxsize=4)
def _round_scored(
    number: int, boards: tuple[int, ...], customers: tuple[int, ...], bonus: str
) -> str:
    """The round's scoring in words, scored once for all the viewers of its last step."""
    return words.scored(number, *scoring.score_table(boards, customers, bonus))


def _placed_slots(state: MooncakeState, player: int, slot: int) -> list[list[str]]:
    """Per seat, the slots it filled this turn, public once the turn's last tile is placed."""
    pending = [sorted(slots) for slots in state._pending]
    pending[player] = sorted((*pending[player], slot))
    return [[SLOT_NAMES[s] for s in slots] for slots in pending]
