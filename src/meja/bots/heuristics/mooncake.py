"""Mooncake heuristic: keep tiles that fit one's cakes and customers, and pass the least useful.

It reads only state.view(player): its own hand and board, the customers, and the tiles the other
seats have revealed. Partial cakes are valued by what they can still become: one flavour, whole
yolks, nut-seed pairs, and complete cakes that a customer buys.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final, cast

from meja.bots.heuristics.heuristic import Heuristic
from meja.bots.heuristics.values import win_shares
from meja.core import State
from meja.games.mooncake.actions import CHOICES, PLACE_BASE
from meja.games.mooncake.components import CUSTOMERS, QUARTERS, TILE_TYPES, Customer
from meja.games.mooncake.scoring import (
    assign_customers,
    board_cakes,
    cake_stats,
    cake_taste,
    satisfies,
)
from meja.games.mooncake.state import MooncakeState
from meja.games.mooncake.tables import NUM_TILE_TYPES, SLOTS, TILE_CODES

CAKE_SIZE: Final = len(QUARTERS)
TILE_BY_CODE: Final = {code: tile for tile, code in enumerate(TILE_CODES)}
CUSTOMER_BY_NUMBER: Final = {customer.number: customer for customer in CUSTOMERS}

CUSTOMER_WORTH: Final = 3.0
"""A sold cake is a Festive Point; a Taste point is worth a fraction of one."""

OPEN_YOLK: Final = 0.35
"""Worth of a half yolk that still faces an empty quarter."""

PASS_WEIGHT: Final = 0.4
"""How much a passed tile's use to its receiver counts against keeping the others."""

TASTE_SPREAD: Final = 3.0
"""Taste lead over the rivals' mean that all but settles the round's 2 (or 0) Festive Points."""

TEMPERATURE: Final = 1.5
"""Festive Point gap that makes a seat e times likelier to win."""


def _tile_ids(codes: Sequence[str | None]) -> list[int]:
    """Tile ids from view codes; None (empty or not yet revealed) becomes -1."""
    return [TILE_BY_CODE[code] if code else -1 for code in codes]


def cake_value(tiles: Sequence[int], bonus: str) -> float:
    """Expected Taste of one cake: exact when complete, else what its open quarters allow."""
    return _cake_value(tuple(tiles), bonus)


@lru_cache(maxsize=1 << 18)
def _cake_value(tiles: tuple[int, ...], bonus: str) -> float:
    """cake_value, remembered: search judges the same few cakes many thousands of times."""
    stats = cake_stats(tiles)
    if stats.quarters == 0:
        return 0.0
    open_quarters = len(tiles) - stats.quarters
    if open_quarters == 0:
        return float(cake_taste(stats, bonus))
    flavour = {1: 1 + 2 * 0.6**open_quarters, 2: 1.0}.get(stats.flavour_count, 0.0)
    dead = hopeful = 0
    size = len(tiles)
    for index, tile in enumerate(tiles):
        if tile < 0:
            continue
        face = TILE_TYPES[tile].face
        after, before = tiles[(index + 1) % size], tiles[index - 1]
        if face.yolk_cw and not (after >= 0 and TILE_TYPES[after].face.yolk_ccw):
            hopeful, dead = (hopeful + 1, dead) if after < 0 else (hopeful, dead + 1)
        if face.yolk_ccw and not (before >= 0 and TILE_TYPES[before].face.yolk_cw):
            hopeful, dead = (hopeful + 1, dead) if before < 0 else (hopeful, dead + 1)
    no_half = 0.0 if dead else 0.6 if hopeful else 1.0
    pairs = stats.pairs + 0.3 * min(abs(stats.nuts - stats.seeds), open_quarters)
    return flavour + stats.yolks + OPEN_YOLK * hopeful + no_half + pairs


@lru_cache(maxsize=1 << 16)
def _served(board: tuple[int, ...], numbers: tuple[int, ...]) -> int:
    """How many of the customers by these numbers the board's complete cakes would satisfy
    (remembered, by number: a number hashes much faster than a customer card)."""
    customers = [CUSTOMER_BY_NUMBER[number] for number in numbers]
    fits: list[list[bool]] = []
    for cake in board_cakes(board):
        if min(cake) < 0:
            fits.append([False] * len(customers))
        else:
            stats = cake_stats(cake)
            fits.append([satisfies(c, stats) for c in customers])
    served = 0
    for c in assign_customers(fits, len(customers)):
        if c >= 0:
            served += 1
    return served


FILL_GAIN: Final[tuple[float, ...]] = (0.0, 0.16, 0.43, 1.54, 4.52)
"""By open quarters, how far a cake's final Taste beats cake_value's estimate on average: the
estimate forgets what the open quarters will bring."""


def expected_taste(cake: tuple[int, ...], bonus: str) -> float:
    """A cake's final Taste as search expects it: cake_value plus what the open quarters bring."""
    return _cake_value(cake, bonus) + FILL_GAIN[cake.count(-1)]


CODE_BASE: Final = NUM_TILE_TYPES + 1
"""One digit of a cake's number per quarter: its tile id + 1, 0 for an empty quarter."""

MAX_TASTES: Final = 1 << 18
"""Expected Tastes remembered per bonus rule before the memory starts over."""

_TASTES: Final[dict[str, dict[int, float]]] = {}
"""expected_taste by bonus rule and cake number: numbers, unlike tuples, hash at once, and a
dict of numbers alone is not one the garbage collector walks through."""


def _slots_taste(slots: list[int], start: int, tastes: dict[int, float], bonus: str) -> float:
    """expected_taste of the cake whose quarters begin at slots[start], remembered in tastes."""
    code = 0
    for slot in range(start, start + CAKE_SIZE):
        code = code * CODE_BASE + slots[slot] + 1
    taste = tastes.get(code)
    if taste is None:
        if len(tastes) >= MAX_TASTES:
            tastes.clear()
        taste = tastes[code] = expected_taste(tuple(slots[start : start + CAKE_SIZE]), bonus)
    return taste


@lru_cache(maxsize=1 << 17)
def outlook(
    board: tuple[int, ...], tiles: tuple[int, ...], bonus: str
) -> tuple[float, tuple[int, ...]]:
    """Expected Taste of a board, and the board, once each of tiles in turn goes where it adds
    most to its cake. Remembered: within one search most boards and hands recur."""
    tastes = _TASTES.setdefault(bonus, {})
    slots = list(board)
    for tile in tiles:
        best_gain, best_slot = -math.inf, -1
        for slot in range(len(slots)):
            there = slots[slot]
            if there >= 0:
                continue
            start = slot - slot % CAKE_SIZE
            before = _slots_taste(slots, start, tastes, bonus)
            slots[slot] = tile
            gain = _slots_taste(slots, start, tastes, bonus) - before
            slots[slot] = there
            if gain > best_gain:
                best_gain, best_slot = gain, slot
        if best_slot < 0:
            break
        slots[best_slot] = tile
    taste = 0.0
    for start in range(0, len(slots), CAKE_SIZE):
        taste += _slots_taste(slots, start, tastes, bonus)
    return taste, tuple(slots)


def _any_tile(outlooks: list[tuple[float, tuple[int, ...]]]) -> bool:
    """Whether any of the boards foreseen holds a tile."""
    for _, board in outlooks:
        for tile in board:
            if tile >= 0:
                return True
    return False


def values(state: State) -> list[float]:
    """Estimated win shares from Festive Points so far and what this round's cakes promise.

    Search calls this on its own redrawn worlds, so it reads every board in full, tiles placed
    this turn included, and places the tiles each seat is sure to get this turn where they fit
    best: a half-played turn, or a keep-and-pass choice, is judged by where it leads.
    """
    game = cast(MooncakeState, state)
    bonus = game.options["half_yolk_bonus"]
    outlooks = [
        outlook(tuple(board), tuple(tiles), bonus)
        for board, tiles in zip(game.boards(), game.coming_tiles(), strict=True)
    ]
    worth = game.scores()
    if not game.is_terminal() and _any_tile(outlooks):
        numbers = tuple(customer.number for customer in game.customer_cards())
        for seat, (taste, board) in enumerate(outlooks):
            rivals = 0.0
            for other, (rival, _) in enumerate(outlooks):
                if other != seat:
                    rivals += rival
            lead = (taste - rivals / (len(outlooks) - 1)) / TASTE_SPREAD
            worth[seat] += 1.0 + math.tanh(lead) + _served(board, numbers)
    return win_shares(worth, TEMPERATURE)


def board_value(board: list[int], customers: list[Customer], bonus: str) -> float:
    """Taste of every cake plus the customers its complete cakes would satisfy."""
    cakes = board_cakes(board)
    value = sum(cake_value(cake, bonus) for cake in cakes)
    if customers:
        fits = [
            [min(cake) >= 0 and satisfies(c, cake_stats(cake)) for c in customers] for cake in cakes
        ]
        value += CUSTOMER_WORTH * sum(1 for c in assign_customers(fits, len(customers)) if c >= 0)
    return value


def best_gain(board: list[int], tile: int, customers: list[Customer], bonus: str) -> float:
    """How much the best empty quarter for tile adds to a board."""
    base = board_value(board, customers, bonus)
    best = 0.0
    for slot, there in enumerate(board):
        if there < 0:
            board[slot] = tile
            best = max(best, board_value(board, customers, bonus) - base)
            board[slot] = -1
    return best


def choose(state: State, player: int, rng: random.Random) -> int:
    """Place where a tile adds most; when sharing, keep the tile that helps most."""
    view: dict[str, Any] = state.view(player)
    legal = state.legal_actions(player)
    bonus = state.options["half_yolk_bonus"]
    customers = [CUSTOMER_BY_NUMBER[n] for n in view["customers"]]
    board = _tile_ids(view["boards"][player])
    if view["phase"] == "place":
        base = board_value(board, customers, bonus)
        scored = []
        for action in legal:
            tile, slot = divmod(action - PLACE_BASE, SLOTS)
            board[slot] = tile
            scored.append((board_value(board, customers, bonus) - base, rng.random(), action))
            board[slot] = -1
        return max(scored)[2]
    hand = _tile_ids(view["hand"])
    n = state.num_players
    neighbours = (
        _tile_ids(view["boards"][(player + 1) % n]),
        _tile_ids(view["boards"][player - 1]),
    )
    scored = []
    for action in legal:
        keep, left, right = CHOICES[action]
        value = best_gain(board, hand[keep], customers, bonus)
        for receiver, passed in zip(neighbours, (hand[left], hand[right]), strict=True):
            value -= PASS_WEIGHT * best_gain(receiver, passed, customers, bonus)
        scored.append((value, rng.random(), action))
    return max(scored)[2]


HEURISTIC: Final = Heuristic(
    choose=choose,
    values=values,
    # Search leans a little on the heuristic's move at every decision, its own and the others':
    # with it, two-player Strong beat Casual in 77.5% of 200 games against 71.0% (docs/bots.md).
    search_guide=0.1,
    # Three times the search's own 200: compiled, it runs about four times as many iterations a
    # second as on pure Python (docs/bots.md).
    search_iterations=600,
)
