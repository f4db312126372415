"""Taste Value of a mooncake, Festive Points by rank, selling cakes to customers, and winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

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
    Customer,
)
from meja.games.mooncake.tables import (
    NUMBER_TO_CUSTOMER,
    OVER,
    SLOTS,
    TILE_FLAVOUR,
    TILE_NUTS,
    TILE_SEEDS,
    TILE_YOLK_CCW,
    TILE_YOLK_CW,
)

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

EQUAL: Final = 0
AT_LEAST: Final = 1
AT_MOST: Final = 2
OPERATORS: Final[dict[str, int]] = {"==": EQUAL, ">=": AT_LEAST, "<=": AT_MOST}
"""The comparisons a customer Condition may use, by the code meets() tests them with."""

STAT_NAMES: Final = (
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
"""The stats a customer's condition may name, in the order of CakeStats.numbers."""
STAT_INDEX: Final = {name: index for index, name in enumerate(STAT_NAMES)}
QUARTERS_STAT: Final = 0
COUNT_STAT: Final = 1
FLAVOURS_STAT: Final = 2
SPLIT_STAT: Final = 3
NUTS_STAT: Final = 4
SEEDS_STAT: Final = 5
NUTS_PLUS_SEEDS_STAT: Final = 6
PAIRS_STAT: Final = 7
YOLKS_STAT: Final = 8
HALF_YOLKS_STAT: Final = 9
"""Where cake_numbers puts each stat (the order of STAT_NAMES)."""
SPLIT_BASE: Final = 8
"""A flavour split (counts, largest first) as a number: its counts as digits in this base."""


class CakeStats:
    """What a customer or the Taste table can ask about one mooncake. Never changed once made;
    a plain class, which the compiled engine builds natively."""

    def __init__(self, numbers: list[int]) -> None:
        """The stats of cake_numbers, by name."""
        mask = numbers[FLAVOURS_STAT]
        self.numbers: Final = numbers
        """Every stat as a number, by STAT_NAMES: what customers' conditions compare."""
        self.quarters: Final = numbers[QUARTERS_STAT]
        self.flavour_count: Final = numbers[COUNT_STAT]
        self.flavours: Final = tuple(name for bit, name in enumerate(FLAVOURS) if mask >> bit & 1)
        self.flavour_split: Final = split_counts(numbers[SPLIT_STAT])
        self.nuts: Final = numbers[NUTS_STAT]
        self.seeds: Final = numbers[SEEDS_STAT]
        self.nuts_plus_seeds: Final = numbers[NUTS_PLUS_SEEDS_STAT]
        self.pairs: Final = numbers[PAIRS_STAT]
        self.yolks: Final = numbers[YOLKS_STAT]
        self.half_yolks: Final = numbers[HALF_YOLKS_STAT]


def split_counts(number: int) -> tuple[int, ...]:
    """The flavour split a split number stands for, largest count first."""
    counts: list[int] = []
    while number:
        counts.append(number % SPLIT_BASE)
        number //= SPLIT_BASE
    return tuple(counts)


def split_number(split: tuple[int, ...]) -> int:
    """A flavour split as one number, e.g. (2, 2) as 2 + 2 * 8."""
    number = 0
    scale = 1
    for count in split:
        number += count * scale
        scale *= SPLIT_BASE
    return number


def stat_number(stat: str, value: int | tuple[int, ...] | tuple[str, ...]) -> int:
    """A condition's value as the number CakeStats.numbers holds for that stat; -1 for a value
    no cake has (flavours out of their printed order, a split not largest first)."""
    if isinstance(value, int):
        return value
    if stat == "flavours":
        mask = 0
        last = -1
        for name in value:
            index = FLAVOURS.index(name) if name in FLAVOURS else -1
            if index <= last:
                return -1
            mask |= 1 << index
            last = index
        return mask
    counts = tuple(int(count) for count in value)
    if any(not 0 < count < SPLIT_BASE for count in counts) or list(counts) != sorted(
        counts, reverse=True
    ):
        return -1
    return split_number(counts)


def compile_customer(customer: Customer) -> tuple[tuple[int, int, int], ...]:
    """A customer's conditions as (stat, operator, number) codes that meets() tests natively."""
    tests: list[tuple[int, int, int]] = []
    for cond in customer.conditions:
        if cond.stat not in STAT_INDEX or cond.op not in OPERATORS:
            raise ValueError(f"customer {customer.number}: no condition {cond.stat} {cond.op}")
        stat = STAT_INDEX[cond.stat]
        if stat in (FLAVOURS_STAT, SPLIT_STAT) and cond.op != "==":
            raise ValueError(f"customer {customer.number}: {cond.stat} is compared only with ==")
        tests.append((stat, OPERATORS[cond.op], stat_number(cond.stat, cond.value)))
    return tuple(tests)


CUSTOMER_TESTS: Final = tuple(compile_customer(customer) for customer in CUSTOMERS)
"""Each customer's conditions, by customer index, as meets() reads them."""


_STATS_SEEN: Final[dict[int, CakeStats]] = {}
"""cake_stats by cake, for every cake met lately: search judges the same cakes again and again."""
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
    """cake_stats, counted afresh."""
    return CakeStats(cake_numbers(list(tiles), 0, len(tiles)))


def cake_numbers(slots: list[int], first: int, size: int) -> list[int]:
    """The stats of the cake in slots[first:first + size], as numbers by STAT_NAMES, counted
    from the tiles' printed features without copying the cake out.

    A tile's clockwise half yolk and the next slot's counter-clockwise half yolk make one complete
    yolk (M2); a half yolk whose partner side is empty or plain stays unmatched.
    """
    last = first + size - 1
    quarters = nuts = seeds = yolks = half_yolks = 0
    lotus = red_bean = green_tea = 0
    for index in range(first, last + 1):
        tile = slots[index]
        if tile < 0:
            continue
        quarters += 1
        flavour = TILE_FLAVOUR[tile]
        if flavour == 0:
            lotus += 1
        elif flavour == 1:
            red_bean += 1
        else:
            green_tea += 1
        nuts += TILE_NUTS[tile]
        seeds += TILE_SEEDS[tile]
        if TILE_YOLK_CW[tile]:
            after = slots[index + 1 if index < last else first]
            if after >= 0 and TILE_YOLK_CCW[after]:
                yolks += 1
            else:
                half_yolks += 1
        if TILE_YOLK_CCW[tile]:
            before = slots[index - 1 if index > first else last]
            if before < 0 or not TILE_YOLK_CW[before]:
                half_yolks += 1
    mask = (lotus > 0) | (red_bean > 0) << 1 | (green_tea > 0) << 2
    high, middle, low = lotus, red_bean, green_tea
    if high < middle:
        high, middle = middle, high
    if middle < low:
        middle, low = low, middle
        if high < middle:
            high, middle = middle, high
    # split_number((high, middle, low) without zeros), packed here so that no tuple is built.
    split = high
    if middle:
        split += middle * SPLIT_BASE
        if low:
            split += low * SPLIT_BASE * SPLIT_BASE
    return [
        quarters,
        FLAVOUR_BITS[mask],
        mask,
        split,
        nuts,
        seeds,
        nuts + seeds,
        nuts if nuts < seeds else seeds,
        yolks,
        half_yolks,
    ]


FLAVOUR_BITS: Final = tuple(bin(mask).count("1") for mask in range(1 << len(FLAVOURS)))
"""How many flavours a mask of flavours holds."""


def numbers_taste(numbers: list[int], every_cake: bool) -> int:
    """Taste Value of one complete mooncake from the scoring guide (readings M1, M2), from its
    stat numbers; every_cake: the half_yolk_bonus "every_cake". Scoring calls it for every cake."""
    yolks = numbers[YOLKS_STAT]
    value = (
        FLAVOUR_TASTE[numbers[COUNT_STAT]]
        + TASTE_PER_YOLK * yolks
        + TASTE_PER_PAIR * numbers[PAIRS_STAT]
    )
    if numbers[HALF_YOLKS_STAT] == 0 and (every_cake or yolks):
        value += TASTE_NO_HALF_YOLK
    return value


def cake_taste(stats: CakeStats, half_yolk_bonus: str = BONUS_EVERY_CAKE) -> int:
    """numbers_taste of one cake's stats, the bonus named as the option names it."""
    return numbers_taste(stats.numbers, half_yolk_bonus == BONUS_EVERY_CAKE)


def board_cakes(board: Sequence[int]) -> list[list[int]]:
    """Split one player's slots (cake by cake, quarters clockwise) into its cakes."""
    size = len(QUARTERS)
    return [list(board[cake * size : (cake + 1) * size]) for cake in range(CAKES)]


def meets(tests: tuple[tuple[int, int, int], ...], numbers: list[int]) -> bool:
    """Whether a cake's stat numbers pass every (stat, operator, number) test of a customer."""
    for stat, op, wanted in tests:
        have = numbers[stat]
        if op == EQUAL:
            if have != wanted:
                return False
        elif op == AT_LEAST:
            if have < wanted:
                return False
        elif have > wanted:
            return False
    return True


def satisfies(customer: Customer, stats: CakeStats) -> bool:
    """Whether one mooncake meets every condition on the customer's card."""
    return meets(CUSTOMER_TESTS[NUMBER_TO_CUSTOMER[customer.number]], stats.numbers)


def assign_customers(fits: Sequence[Sequence[bool]], num_customers: int) -> list[int]:
    """A maximum matching of cakes to customers (M7): per cake the customer index served, or -1.

    fits[cake][customer] says whether that cake satisfies that customer; each cake serves at most
    one customer and each customer buys at most one cake from this player.
    """
    owner = [-1] * num_customers
    for cake in range(len(fits)):
        _augment(cake, fits, owner, [False] * num_customers)
    served = [-1] * len(fits)
    for customer, cake in enumerate(owner):
        if cake >= 0:
            served[cake] = customer
    return served


def _augment(cake: int, fits: Sequence[Sequence[bool]], owner: list[int], seen: list[bool]) -> bool:
    """Serve cake, moving earlier cakes to other customers if need be (an augmenting path).

    A function of its own, not a closure: a recursive closure is a reference cycle, which only
    the cycle collector frees, and a search makes tens of thousands of them a move.
    """
    for customer in range(len(owner)):
        if fits[cake][customer] and not seen[customer]:
            seen[customer] = True
            if owner[customer] < 0 or _augment(owner[customer], fits, owner, seen):
                owner[customer] = cake
                return True
    return False


def score_board(
    board: Sequence[int], customers: Sequence[Customer], half_yolk_bonus: str
) -> tuple[int, list[int]]:
    """A player's Taste Value for the round and, per cake, the index of the customer it serves."""
    shown = [NUMBER_TO_CUSTOMER[customer.number] for customer in customers]
    return score_seat(list(board), 0, shown, half_yolk_bonus)


def score_seat(
    boards: list[int], start: int, shown: list[int], half_yolk_bonus: str
) -> tuple[int, list[int]]:
    """score_board for the board at boards[start:start + SLOTS], customers by index."""
    every_cake = half_yolk_bonus == BONUS_EVERY_CAKE
    size = len(QUARTERS)
    taste = 0
    fits: list[list[bool]] = []
    fitting = False
    for cake in range(CAKES):
        numbers = cake_numbers(boards, start + cake * size, size)
        taste += numbers_taste(numbers, every_cake)
        row: list[bool] = []
        for customer in shown:
            fit = meets(CUSTOMER_TESTS[customer], numbers)
            fitting = fitting or fit
            row.append(fit)
        fits.append(row)
    if not fitting:
        return taste, [-1] * CAKES
    return taste, assign_customers(fits, len(shown))


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
    slots = list(boards)
    indices = list(shown)
    tastes: list[int] = []
    served: list[tuple[int | None, ...]] = []
    for start in range(0, len(slots), SLOTS):
        taste, assignment = score_seat(slots, start, indices, bonus)
        tastes.append(taste)
        served.append(tuple(None if c < 0 else CUSTOMERS[indices[c]].number for c in assignment))
    return tuple(tastes), tuple(served)


def winners(state: MooncakeState) -> list[int]:
    """Most Festive Points, then the highest Taste Value of the last round, else shared (M8)."""
    if state.phase != OVER:
        return []
    festive = state._festive
    best = max(festive)
    tied = [seat for seat, points in enumerate(festive) if points == best]
    last = state._tastes[-1]
    top = max(last[seat] for seat in tied)
    return [seat for seat in tied if last[seat] == top]
