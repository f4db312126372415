"""Taste Value of a mooncake, Festive Points by rank, selling cakes to customers, and winners."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from meja.games.mooncake.components import (
    CAKES,
    CUSTOMERS,
    FESTIVE_HIGHEST,
    FESTIVE_LOWEST,
    FESTIVE_OTHERS,
    FLAVOUR_TASTE,
    FLAVOURS,
    QUARTERS,
    TASTE_NO_HALF_YOLK,
    TASTE_PER_PAIR,
    TASTE_PER_YOLK,
    TILE_TYPES,
    Customer,
)
from meja.games.mooncake.tables import OVER, SLOTS

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState

# Reading M2: which cakes earn the "no half yolks" point.
BONUS_EVERY_CAKE: Final = "every_cake"
BONUS_CAKES_WITH_YOLK: Final = "cakes_with_yolk"
HALF_YOLK_BONUS_CHOICES: Final = (BONUS_EVERY_CAKE, BONUS_CAKES_WITH_YOLK)

# Reading M6: what everyone scores when all players tie on Taste Value.
ALL_TIED_OTHERS: Final = "others"
ALL_TIED_HIGHEST: Final = "highest"
ALL_TIED_LOWEST: Final = "lowest"
ALL_TIED_CHOICES: Final = (ALL_TIED_OTHERS, ALL_TIED_HIGHEST, ALL_TIED_LOWEST)
_ALL_TIED_AWARD: Final = {
    ALL_TIED_OTHERS: FESTIVE_OTHERS,
    ALL_TIED_HIGHEST: FESTIVE_HIGHEST,
    ALL_TIED_LOWEST: FESTIVE_LOWEST,
}

OPERATORS: Final[dict[str, Callable[[Any, Any], bool]]] = {
    "==": operator.eq,
    ">=": operator.ge,
    "<=": operator.le,
}
"""The comparisons a customer Condition may use."""


class CakeStats:
    """What a customer or the Taste table can ask about one mooncake. Never changed once made,
    so the cakes met again share one; a plain class, which the compiled engine builds natively."""

    def __init__(
        self,
        quarters: int,
        flavour_count: int,
        flavours: tuple[str, ...],
        flavour_split: tuple[int, ...],
        nuts: int,
        seeds: int,
        yolks: int,
        half_yolks: int,
    ) -> None:
        self.quarters: Final = quarters
        self.flavour_count: Final = flavour_count
        self.flavours: Final = flavours
        self.flavour_split: Final = flavour_split
        self.nuts: Final = nuts
        self.seeds: Final = seeds
        self.nuts_plus_seeds: Final = nuts + seeds
        self.pairs: Final = min(nuts, seeds)
        self.yolks: Final = yolks
        self.half_yolks: Final = half_yolks


STAT_NAMES: Final = frozenset(
    (
        "quarters",
        "flavour_count",
        "flavours",
        "flavour_split",
        "nuts",
        "seeds",
        "nuts_plus_seeds",
        "pairs",
        "yolks",
        "half_yolks",
    )
)
"""The stats a customer's condition may name."""


_STATS_SEEN: Final[dict[int, CakeStats]] = {}
"""cake_stats by cake, for every cake met lately: a round scores the same cakes again and
again in search, and one cake's count costs as much as a whole step of play."""
_STATS_KEPT: Final = 1 << 15


def cake_stats(tiles: Sequence[int]) -> CakeStats:
    """Count one cake's features; tiles are tile ids clockwise from NE, -1 for an empty slot."""
    key = 1
    for tile in tiles:
        key = key * 64 + tile + 1
    stats = _STATS_SEEN.get(key)
    if stats is None:
        if len(_STATS_SEEN) >= _STATS_KEPT:
            _STATS_SEEN.clear()
        stats = _STATS_SEEN[key] = count_stats(tiles)
    return stats


def count_stats(tiles: Sequence[int]) -> CakeStats:
    """cake_stats, counted afresh.

    A tile's clockwise half yolk and the next slot's counter-clockwise half yolk make one complete
    yolk (M2); a half yolk whose partner side is empty or plain stays unmatched.
    """
    size = len(tiles)
    per_flavour = [0] * len(FLAVOURS)
    quarters = nuts = seeds = yolks = half_yolks = 0
    for index, tile in enumerate(tiles):
        if tile < 0:
            continue
        kind = TILE_TYPES[tile]
        face = kind.face
        quarters += 1
        per_flavour[kind.flavour] += 1
        nuts += face.nuts
        seeds += face.seeds
        if face.yolk_cw:
            after = tiles[(index + 1) % size]
            if after >= 0 and TILE_TYPES[after].face.yolk_ccw:
                yolks += 1
            else:
                half_yolks += 1
        if face.yolk_ccw:
            before = tiles[index - 1]
            if before < 0 or not TILE_TYPES[before].face.yolk_cw:
                half_yolks += 1
    flavours: list[str] = []
    split: list[int] = []
    for flavour, count in enumerate(per_flavour):
        if count:
            flavours.append(FLAVOURS[flavour])
            place = len(split)
            while place and split[place - 1] < count:
                place -= 1
            split.insert(place, count)
    return CakeStats(
        quarters, len(flavours), tuple(flavours), tuple(split), nuts, seeds, yolks, half_yolks
    )


def cake_taste(stats: CakeStats, half_yolk_bonus: str = BONUS_EVERY_CAKE) -> int:
    """Taste Value of one complete mooncake from the scoring guide (readings M1, M2)."""
    value = (
        FLAVOUR_TASTE[stats.flavour_count]
        + TASTE_PER_YOLK * stats.yolks
        + TASTE_PER_PAIR * stats.pairs
    )
    if stats.half_yolks == 0 and (half_yolk_bonus == BONUS_EVERY_CAKE or stats.yolks):
        value += TASTE_NO_HALF_YOLK
    return value


def board_cakes(board: Sequence[int]) -> list[list[int]]:
    """Split one player's slots (cake by cake, quarters clockwise) into its cakes."""
    size = len(QUARTERS)
    return [list(board[cake * size : (cake + 1) * size]) for cake in range(CAKES)]


def satisfies(customer: Customer, stats: CakeStats) -> bool:
    """Whether one mooncake meets every condition on the customer's card."""
    return all(
        OPERATORS[cond.op](getattr(stats, cond.stat), cond.value) for cond in customer.conditions
    )


def assign_customers(fits: Sequence[Sequence[bool]], num_customers: int) -> list[int]:
    """A maximum matching of cakes to customers (M7): per cake the customer index served, or -1.

    fits[cake][customer] says whether that cake satisfies that customer; each cake serves at most
    one customer and each customer buys at most one cake from this player.
    """
    owner = [-1] * num_customers

    def augment(cake: int, seen: list[bool]) -> bool:
        for customer in range(num_customers):
            if fits[cake][customer] and not seen[customer]:
                seen[customer] = True
                if owner[customer] < 0 or augment(owner[customer], seen):
                    owner[customer] = cake
                    return True
        return False

    for cake in range(len(fits)):
        augment(cake, [False] * num_customers)
    served = [-1] * len(fits)
    for customer, cake in enumerate(owner):
        if cake >= 0:
            served[cake] = customer
    return served


def score_board(
    board: Sequence[int], customers: Sequence[Customer], half_yolk_bonus: str
) -> tuple[int, list[int]]:
    """A player's Taste Value for the round and, per cake, the index of the customer it serves."""
    stats = [cake_stats(cake) for cake in board_cakes(board)]
    taste = sum(cake_taste(cake, half_yolk_bonus) for cake in stats)
    fits = [[satisfies(customer, cake) for customer in customers] for cake in stats]
    return taste, assign_customers(fits, len(customers))


def festive_for_taste(tastes: Sequence[int], all_tied: str = ALL_TIED_OTHERS) -> list[int]:
    """Festive Points by Taste rank (M6): every highest 2, every lowest 0, the rest 1."""
    high, low = max(tastes), min(tastes)
    if high == low:
        return [_ALL_TIED_AWARD[all_tied]] * len(tastes)
    return [
        FESTIVE_HIGHEST if taste == high else FESTIVE_LOWEST if taste == low else FESTIVE_OTHERS
        for taste in tastes
    ]


def score_boards(
    state: MooncakeState, boards: Sequence[int]
) -> tuple[tuple[int, ...], tuple[tuple[int | None, ...], ...]]:
    """Every seat's Taste Value on these boards and, per cake, the number of the customer on
    display it sells to, or None."""
    return score_table(boards, state._customers, state.options["half_yolk_bonus"])


def score_table(
    boards: Sequence[int], shown: Sequence[int], bonus: str
) -> tuple[tuple[int, ...], tuple[tuple[int | None, ...], ...]]:
    """score_boards from plain data: every seat's slots in a row, the customers shown (indices)
    and the half_yolk_bonus option."""
    customers = [CUSTOMERS[c] for c in shown]
    tastes: list[int] = []
    served: list[tuple[int | None, ...]] = []
    for start in range(0, len(boards), SLOTS):
        board = boards[start : start + SLOTS]
        taste, assignment = score_board(board, customers, bonus)
        tastes.append(taste)
        served.append(tuple(None if c < 0 else customers[c].number for c in assignment))
    return tuple(tastes), tuple(served)


def winners(state: MooncakeState) -> list[int]:
    """Most Festive Points, then the highest Taste Value of the last round, else shared (M8)."""
    if state._phase != OVER:
        return []
    festive = state._festive
    best = max(festive)
    tied = [seat for seat, points in enumerate(festive) if points == best]
    last = state._tastes[-1]
    top = max(last[seat] for seat in tied)
    return [seat for seat in tied if last[seat] == top]
