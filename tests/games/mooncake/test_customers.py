"""Customer cards (readings 4(c) and M7): each card on a built cake, and selling by matching."""

from __future__ import annotations

import pytest

from meja.games.mooncake.components import CUSTOMERS, Condition, Customer
from meja.games.mooncake.scoring import (
    STAT_INDEX,
    assign_customers,
    cake_stats,
    compile_customer,
    meets,
    satisfies,
    score_board,
)
from meja.games.mooncake.tables import TILE_CODES

TILE = {code: tile for tile, code in enumerate(TILE_CODES)}


def cake(text: str) -> list[int]:
    """Tile ids of a cake written NE SE SW NW."""
    return [TILE[code] for code in text.split()]


# customer number: (a cake that satisfies it, a cake that does not)
BUILT = {
    1: ("LNN LSS LN L-", "LNN LSS LN R-"),
    2: ("L-> L-< L-> L-<", "L-> L-< L-> L-"),
    3: ("GNN GSS G- G-", "GNN GSS G- L-"),
    4: ("RNN RSS R- R-", "RNN RSS R- G-"),
    5: ("LNN LSS L- L-", "LNN LSS L- R-"),
    6: ("L- L- R- R-", "L- L- L- R-"),
    7: ("L-> R-< G- G-", "L- R- G- G-"),
    8: ("LNS LNS L- L-", "LNS> LNS< L- L-"),
    9: ("L-> LN<> LS<> L-<", "L-> L-< L-> L-<"),
    10: ("L-> L-< L- L-", "L-> R-< L- L-"),
    11: ("LNN LSS LNS L-", "LNN LSS LN L-"),
    12: ("L-> L-< L- L-", "LN> L-< L- L-"),
}


@pytest.mark.parametrize("number", sorted(BUILT))
def test_customer_is_satisfied_by_a_cake_meeting_the_card(number: int) -> None:
    customer = CUSTOMERS[number - 1]
    assert satisfies(customer, cake_stats(cake(BUILT[number][0]))), customer.text


@pytest.mark.parametrize("number", sorted(BUILT))
def test_customer_is_not_satisfied_by_a_cake_missing_one_condition(number: int) -> None:
    customer = CUSTOMERS[number - 1]
    assert not satisfies(customer, cake_stats(cake(BUILT[number][1]))), customer.text


def test_rulebook_customer_counts_seeds_and_nuts_together() -> None:
    """Card 1 is the rulebook's example: seeds + hazelnuts = 5 with only one flavour."""
    first = CUSTOMERS[0]
    assert satisfies(first, cake_stats(cake("LNN LSS LS L-")))
    assert not satisfies(first, cake_stats(cake("LNN LSS LNS L-")))


def test_matching_picks_the_assignment_that_serves_the_most_customers() -> None:
    """M7: cake 1 suits both customers and cake 2 only the first; both must be served."""
    assert assign_customers([[True, True], [True, False], [False, False]], 2) == [1, 0, -1]


def test_matching_serves_built_cakes_through_the_round_scoring() -> None:
    """C12 (no toppings, a yolk) and C10 (one flavour, one yolk): a greedy pick serves one."""
    both = cake("L-> L-< L- L-")
    only_twelve = cake("R-> L-< R- L-")
    plain = cake("GNN GSS GNS GNS")
    customers = [CUSTOMERS[11], CUSTOMERS[9]]
    _, served = score_board(both + only_twelve + plain, customers, "every_cake")
    assert served == [1, 0, -1]


def test_a_cake_serves_at_most_one_customer() -> None:
    """M7: one cake that suits three customers sells once."""
    customers = [CUSTOMERS[9], CUSTOMERS[11], CUSTOMERS[4]]
    board = cake("L-> L-< L- L-") + cake("R- G- R- G-") + cake("RNN G- R- G-")
    _, served = score_board(board, customers, "every_cake")
    assert served[0] >= 0 and served[1:] == [-1, -1]


def test_a_customer_buys_at_most_one_cake_from_a_player() -> None:
    """M7: two cakes that suit the same single customer earn one sale."""
    board = cake("L-> L-< L- L-") + cake("R-> R-< R- R-") + cake("RNN G- R- G-")
    _, served = score_board(board, [CUSTOMERS[9]], "every_cake")
    assert served == [0, -1, -1]


def test_a_flavour_condition_out_of_printed_order_is_met_by_no_cake() -> None:
    lotus_and_tea = Customer(
        99, "Test", "lotus and green tea", (Condition("flavours", "==", ("lotus", "green_tea")),)
    )
    tea_and_lotus = Customer(
        99, "Test", "green tea and lotus", (Condition("flavours", "==", ("green_tea", "lotus")),)
    )
    tests = compile_customer(lotus_and_tea)
    stats = cake_stats(cake("L- L- G- G-"))
    assert meets(tests, stats.numbers)
    assert stats.flavours == ("lotus", "green_tea")
    assert not meets(compile_customer(tea_and_lotus), stats.numbers)


def test_a_customer_comparing_flavours_by_more_or_less_is_refused() -> None:
    odd = Customer(
        99, "Test", "flavours at least lotus", (Condition("flavours", ">=", ("lotus",)),)
    )
    with pytest.raises(ValueError, match="flavours is compared only with =="):
        compile_customer(odd)


def test_a_split_is_matched_only_largest_count_first() -> None:
    stats = cake_stats(cake("L- L- L- R-"))
    assert stats.flavour_split == (3, 1)
    three_one = Customer(99, "Test", "3 and 1", (Condition("flavour_split", "==", (3, 1)),))
    one_three = Customer(99, "Test", "1 and 3", (Condition("flavour_split", "==", (1, 3)),))
    assert meets(compile_customer(three_one), stats.numbers)
    assert not meets(compile_customer(one_three), stats.numbers)


# cake: quarters, flavour_count, nuts, seeds, nuts_plus_seeds, pairs, yolks, half_yolks, split
STATS_BY_NAME = {
    "LNN RNS> LS<> G-<": (4, 3, 3, 2, 5, 2, 2, 0, (2, 1, 1)),
    "LNN LNN LN R->": (4, 2, 5, 0, 5, 0, 0, 1, (3, 1)),
    "LSS RSS LN G-": (4, 3, 1, 4, 5, 1, 0, 0, (2, 1, 1)),
}
NAMED = (
    "quarters",
    "flavour_count",
    "nuts",
    "seeds",
    "nuts_plus_seeds",
    "pairs",
    "yolks",
    "half_yolks",
)


@pytest.mark.parametrize("text", sorted(STATS_BY_NAME))
def test_a_cakes_stats_by_name_are_the_numbers_its_customers_compare(text: str) -> None:
    """What the heuristic and the Taste table read by name is what every customer card tests."""
    *counts, split = STATS_BY_NAME[text]
    stats = cake_stats(cake(text))
    expected = dict(zip(NAMED, counts, strict=True))
    assert {name: getattr(stats, name) for name in expected} == expected
    assert {name: stats.numbers[STAT_INDEX[name]] for name in expected} == expected
    assert stats.flavour_split == split
