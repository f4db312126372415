"""Mooncake Master hints in words: the move, and why, from what the heuristic weighs.

The heuristic puts each tile where it adds most to its cakes, valued by what a cake can still
become (one paste, whole yolks, hazelnut-seed pairs) and by the customers a complete cake would
serve, and keeps the tile whose best quarter adds most while passing what helps its neighbours
least. The reasons name what the quarter gives the cake. They read the seat's own hand and
cakes, the customers and the cakes the others have shown: nothing hidden.
"""

from __future__ import annotations

from typing import Any

from meja.bots.heuristics.heuristic import Choose
from meja.bots.heuristics.mooncake import (
    CUSTOMER_BY_NUMBER,
    TILE_BY_CODE,
    board_value,
    cake_value,
)
from meja.bots.hints.common import listed, sentence
from meja.core import State
from meja.core.told import seat as seat_mention
from meja.games.mooncake.actions import CHOICES, PLACE_BASE
from meja.games.mooncake.components import QUARTERS, TILE_TYPES, Customer
from meja.games.mooncake.scoring import cake_stats, cake_taste, satisfies
from meja.games.mooncake.tables import SLOTS
from meja.games.mooncake.words import PASTES, TILES

QUARTER_WORDS = {"NE": "top-right", "SE": "bottom-right", "SW": "bottom-left", "NW": "top-left"}
CAKE = len(QUARTERS)


def tile_words(tile: int) -> str:
    """ "the Lotus quarter with a hazelnut", from the log's "a Lotus quarter ..."."""
    return "the " + TILES[tile].split(" ", 1)[1]


def slot_words(slot: int) -> str:
    """ "the top-left quarter of cake 2"."""
    return f"the {QUARTER_WORDS[QUARTERS[slot % CAKE]]} quarter of cake {slot // CAKE + 1}"


def _ids(codes: list[str | None]) -> list[int]:
    return [TILE_BY_CODE[code] if code else -1 for code in codes]


def explain(world: State, seat: int, action: int, choose: Choose) -> tuple[str, str]:
    """The hinted step in words and the reason the heuristic prefers it."""
    view: dict[str, Any] = world.view(seat)
    bonus = str(world.options["half_yolk_bonus"])
    customers = [CUSTOMER_BY_NUMBER[n] for n in view["customers"]]
    board = _ids(view["boards"][seat])
    if action >= PLACE_BASE:
        tile, slot = divmod(action - PLACE_BASE, SLOTS)
        move = f"Put {tile_words(tile)} in {slot_words(slot)}"
        return move, sentence(_placed(board, tile, slot, customers, bonus))
    hand = _ids(view["hand"])
    keep, left, right = (hand[index] for index in CHOICES[action])
    n = world.num_players
    to_left, to_right = (seat + 1) % n, (seat - 1) % n
    if to_left == to_right:
        passed = f"pass the other two to {seat_mention(to_left)}"
    else:
        passed = (
            f"pass {tile_words(left)} to {seat_mention(to_left)} and {tile_words(right)} to "
            f"{seat_mention(to_right)}"
        )
    move = f"Keep {tile_words(keep)}, and {passed}"
    best = _best_slots(board, keep, customers, bonus)
    slot = best[0]
    cakes = {each // CAKE for each in best}
    if len(best) == 1:
        where = slot_words(slot)
    elif len(cakes) == 1:
        where = f"cake {slot // CAKE + 1}"
    else:
        where = (
            "an empty cake"
            if all(board[c * CAKE : (c + 1) * CAKE] == [-1] * CAKE for c in cakes)
            else f"cake {slot // CAKE + 1}"
        )
    why = f"in {where}, {_placed(board, keep, slot, customers, bonus)}"
    if {left, right} - {keep}:
        who = f"{seat_mention(to_left)}'s" if to_left == to_right else "your neighbours'"
        why += f". What you pass helps {who} cakes least"
    return move, sentence(why)


def _best_slots(board: list[int], tile: int, customers: list[Customer], bonus: str) -> list[int]:
    """The empty quarters where tile adds most, as the heuristic judges it."""
    base = board_value(board, customers, bonus)
    gains = {}
    for slot, there in enumerate(board):
        if there < 0:
            board[slot] = tile
            gains[slot] = board_value(board, customers, bonus) - base
            board[slot] = -1
    top = max(gains.values())
    return [slot for slot, gain in gains.items() if gain >= top - 1e-9]


def _placed(board: list[int], tile: int, slot: int, customers: list[Customer], bonus: str) -> str:
    """What putting tile in slot does for its cake, in words."""
    start = slot - slot % CAKE
    cake = board[start : start + CAKE]
    after = cake[:]
    after[slot - start] = tile
    old, new = cake_stats(cake), cake_stats(after)
    paste = PASTES[TILE_TYPES[tile].flavour]
    if new.quarters == CAKE:
        taste = cake_taste(new, bonus)
        buyers = [c.name for c in customers if satisfies(c, new)]
        sold = ""
        if len(buyers) == 1:
            sold = f", and {buyers[0]} would buy it"
        elif buyers:
            sold = f", and {' or '.join([', '.join(buyers[:-1]), buyers[-1]])} would buy it"
        return f"it completes the cake for a Taste of {taste}{sold}"
    gains = []
    if new.yolks > old.yolks:
        gains.append("a whole yolk where two halves meet")
    if new.pairs > old.pairs:
        gains.append("a hazelnut-and-seed pair")
    if gains:
        worth = "1 Taste" if len(gains) == 1 else "1 Taste each"
        return f"it gives the cake {listed(gains)}, {worth}"
    if old.quarters == 0:
        hope = _hope(after, bonus) - _hope(cake, bonus)
        if hope > 0 and _open_half(after, slot - start):
            return (
                "it starts a cake, and its half yolk faces an empty quarter where another half "
                "can complete it"
            )
        return f"it starts a cake that can still be all {paste}, worth 3 Taste"
    if new.flavour_count == 1:
        filled = new.quarters
        wanted = [c.name for c in customers if _one_paste(c)]
        fan = f"; {listed(wanted)} buys such a cake" if wanted and filled >= 2 else ""
        return f"the cake stays all {paste}: a cake of one paste tastes 3, of two only 1{fan}"
    if _open_half(after, slot - start):
        return "its half yolk faces an empty quarter, where another half can complete it"
    return "of your empty quarters, it spoils least here"


def _hope(cake: list[int], bonus: str) -> float:
    return cake_value(cake, bonus)


def _open_half(cake: list[int], index: int) -> bool:
    """Whether the tile at index has a half yolk facing an empty quarter of its cake."""
    face = TILE_TYPES[cake[index]].face
    after, before = cake[(index + 1) % CAKE], cake[index - 1]
    return bool((face.yolk_cw and after < 0) or (face.yolk_ccw and before < 0))


def _one_paste(customer: Customer) -> bool:
    """Whether the customer asks for a cake of a single paste."""
    return any(
        cond.stat == "flavour_count" and cond.value == 1 and cond.op == "=="
        for cond in customer.conditions
    ) or any(cond.stat == "flavours" for cond in customer.conditions)
