"""What a seat sees of a Mooncake Master game, and resample: what it does not know, redrawn.

Hidden from a seat: the tiles other seats hold, their keep/pass choices until every seat has
chosen (M3), and their placements this turn until every seat has placed, unless
placement_reveal is "open" (M4). The pool is the box minus every hand and board.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any

from meja.games.mooncake.actions import choice_text
from meja.games.mooncake.components import CUSTOMERS, TURNS_PER_ROUND
from meja.games.mooncake.legal import choice_actions
from meja.games.mooncake.tables import (
    CHOOSE,
    DRAW,
    FROM_LEFT,
    FROM_RIGHT,
    NUM_TILE_TYPES,
    PHASES,
    PLACE,
    REVEAL,
    SLOT_NAMES,
    SLOTS,
    TILE_CODES,
    board_codes,
    gift_table,
)

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState


def turns_begun(state: MooncakeState) -> int:
    """Turns begun in the whole game: a round's customer is revealed before its first turn."""
    return state._round * TURNS_PER_ROUND + state._turn + (state.phase != REVEAL)


def envelope(state: MooncakeState) -> dict[str, Any]:
    """The fields every view and position begins with, named alike in every game."""
    return state.envelope(PHASES[state.phase], turns_begun(state))


def public(state: MooncakeState) -> dict[str, Any]:
    """What every seat and spectator may see, apart from the envelope and the boards."""
    return {
        "round": state._round + 1,
        "turn_in_round": state._turn + 1,
        "customers": [CUSTOMERS[c].number for c in state._customers],
        "festive": state._festive[:],
        "tastes": [list(tastes) for tastes in state._tastes],
        "served": [[list(cakes) for cakes in seats] for seats in state._served],
    }


def seat_board(state: MooncakeState, seat: int) -> list[int]:
    """One seat's slots as tile ids, -1 for an empty slot."""
    return state._boards[seat * SLOTS : (seat + 1) * SLOTS]


def scored_boards(state: MooncakeState) -> list[list[str | None]] | None:
    """Every seat's board as the last round was scored, while it is still in sight."""
    scored = state._scored
    if scored is None:
        return None
    return [board_codes(scored[s * SLOTS : (s + 1) * SLOTS]) for s in range(state.num_players)]


def _public_rows(state: MooncakeState) -> list[list[str | None]]:
    """Every seat's board as others see it (tiles placed this turn hidden, unless open)."""
    rows = state._rows
    if rows is None:
        rows = []
        for seat, pending in enumerate(state._pending):
            board = seat_board(state, seat)
            if state._hide_places:
                for slot in pending:
                    board[slot] = -1
            rows.append(board_codes(board))
        state._rows = rows
    return rows


def view(state: MooncakeState, player: int | None) -> dict[str, Any]:
    """Public facts, boards as that seat sees them, and the seat's own hand and choices."""
    data = {**envelope(state), "seat": player, **public(state)}
    data["active"] = state.active_players()
    boards = [row[:] for row in _public_rows(state)]
    data["boards"] = boards
    scored = scored_boards(state)
    data["scored_round"] = None if scored is None else {"round": state._round, "boards": scored}
    data["hand_sizes"] = [len(hand) for hand in state.hands]
    data["pool_size"] = state._pool_size
    if player is None:
        return data
    hand = state.hands[player]
    pending = state._pending[player]
    if pending and state._hide_places:
        boards[player] = board_codes(seat_board(state, player))
    choice = state._choices[player]
    data["hand"] = [TILE_CODES[tile] for tile in hand]
    data["choice"] = None if choice < 0 else choice_text(hand, choice, state._pairwise)
    data["pending"] = [SLOT_NAMES[slot] for slot in pending]
    if state.phase == PLACE:
        n = state.num_players
        received = state._received
        data["received"] = {
            "from_left": TILE_CODES[received[2 * player + FROM_LEFT]],
            "from_right": TILE_CODES[received[2 * player + FROM_RIGHT]],
        }
        data["passed"] = {
            "left": TILE_CODES[received[2 * ((player + 1) % n) + FROM_RIGHT]],
            "right": TILE_CODES[received[2 * ((player - 1) % n) + FROM_LEFT]],
        }
    else:
        data["received"] = data["passed"] = None
    return data


def resample(state: MooncakeState, player: int, rng: random.Random) -> MooncakeState:
    """Redraw other seats' hidden tiles and the pool, and their hidden commitments.

    Kept: everything public, player's own tiles and choices, and the tiles player passed
    this turn (they stay with that neighbour until placed).
    """
    copy = state.clone()
    if state.phase == PLACE:
        _redraw_placing(copy, player, rng.random)
    elif state.phase in (DRAW, CHOOSE):
        _redraw_hands(copy, player, rng.random)
    return copy


def _deck(state: MooncakeState, total: int, rand: Callable[[], float]) -> list[int]:
    """Take total random tiles out of the pool."""
    pool = state._pool
    drawn = _pick(list(chain.from_iterable(map(repeat, range(NUM_TILE_TYPES), pool))), total, rand)
    for tile in drawn:
        pool[tile] -= 1
    return drawn


def _redraw_hands(state: MooncakeState, player: int, rand: Callable[[], float]) -> None:
    """Draw or choose phase: other hands come from the unseen tiles; choices follow them."""
    hands = state.hands
    pool = state._pool
    others = [seat for seat, hand in enumerate(hands) if hand and seat != player]
    for seat in others:
        for tile in hands[seat]:
            pool[tile] += 1
    drawn = _deck(state, sum([len(hands[seat]) for seat in others]), rand)
    choices = state._choices
    start = 0
    for seat in others:
        end = start + len(hands[seat])
        tiles = sorted(drawn[start:end])
        start = end
        hands[seat] = tiles
        if choices[seat] >= 0:
            options = choice_actions(tuple(tiles), state._pairwise)
            choices[seat] = options[int(rand() * len(options))]


def _redraw_placing(state: MooncakeState, player: int, rand: Callable[[], float]) -> None:
    """Place phase: redraw other seats' unknown tiles, hidden placements and provenance.

    player knows the tiles it passed this turn, so those stay with the seat that got them.
    """
    hide = state._hide_places
    pool = state._pool
    hands = state.hands
    boards = state._boards
    received = state._received
    pending = state._pending
    gifts = gift_table(state.num_players)[player]
    plans: list[tuple[int, list[int], int]] = []
    total = 0
    for seat, hand in enumerate(hands):
        if seat == player:
            continue
        base = seat * SLOTS
        placed = [boards[base + slot] for slot in pending[seat]]
        held = hand + placed if hide else hand[:]
        fixed: list[int] = []
        for index in gifts[seat]:
            tile = received[index]
            if not hide and tile in placed:
                placed.remove(tile)
            else:
                held.remove(tile)
                fixed.append(tile)
        for tile in held:
            pool[tile] += 1
        plans.append((seat, fixed, len(held)))
        total += len(held)
    drawn = _deck(state, total, rand)
    start = 0
    for seat, fixed, count in plans:
        tiles = fixed + drawn[start : start + count]
        start += count
        base = seat * SLOTS
        slots = pending[seat]
        if fixed:
            _pick(tiles, len(tiles), rand)
        turn = tiles + [boards[base + slot] for slot in slots] if not hide else tiles[:]
        if hide and slots:
            empty = sorted([slot for slot in range(SLOTS) if boards[base + slot] < 0] + slots)
            for slot in slots:
                boards[base + slot] = -1
            slots = pending[seat] = _pick(empty, len(slots), rand)
            for slot in slots:
                boards[base + slot] = tiles.pop()
        tiles.sort()
        hands[seat] = tiles
        known = gifts[seat]
        for index in known:
            turn.remove(received[index])
        for index in (2 * seat + FROM_LEFT, 2 * seat + FROM_RIGHT):
            if index not in known:
                received[index] = turn.pop(int(rand() * len(turn)))


def _pick(items: list[int], count: int, rand: Callable[[], float]) -> list[int]:
    """Move count uniformly chosen items to the front (a partial Fisher-Yates) and return them."""
    size = len(items)
    for i in range(count):
        j = i + int(rand() * (size - i))
        items[i], items[j] = items[j], items[i]
    return items[:count]
