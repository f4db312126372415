"""Taste Value of a mooncake (the scoring guide, readings M1 and M2) and Festive Points (M6)."""

from __future__ import annotations

import pytest

from meja.games.mooncake.scoring import (
    cake_stats,
    cake_taste,
    festive_for_taste,
    score_board,
)
from meja.games.mooncake.tables import TILE_CODES

TILE = {code: tile for tile, code in enumerate(TILE_CODES)}


def cake(text: str) -> list[int]:
    """Tile ids of a cake written NE SE SW NW, '.' for an empty quarter."""
    return [-1 if code == "." else TILE[code] for code in text.split()]


def taste(text: str, bonus: str = "every_cake") -> int:
    return cake_taste(cake_stats(cake(text)), bonus)


def test_one_flavour_scores_three() -> None:
    # 3 for one flavour + 1 for no half yolk
    assert taste("L- L- L- L-") == 4


def test_two_flavours_score_one() -> None:
    assert taste("L- R- L- R-") == 2


def test_three_flavours_score_zero() -> None:
    assert taste("L- R- G- G-") == 1


def test_each_complete_yolk_scores_one() -> None:
    """M2: a clockwise half yolk meets the next quarter's counter-clockwise half."""
    assert cake_stats(cake("L-> L-< L- L-")).yolks == 1
    assert taste("L-> L-< L- L-") == 5
    assert cake_stats(cake("L-> LN<> LS<> L-<")).yolks == 3
    assert taste("L-> LN<> LS<> L-<") == 3 + 3 + 1 + 1


def test_the_last_quarter_s_clockwise_half_meets_the_first_quarter_s_M2() -> None:
    """M2: a cake is round, so NW's clockwise edge meets NE's counter-clockwise edge."""
    stats = cake_stats(cake("L-< L- L- L->"))
    assert (stats.yolks, stats.half_yolks) == (1, 0)
    assert taste("L-< L- L- L->") == 3 + 1 + 1


def test_a_half_yolk_facing_an_empty_quarter_stays_half() -> None:
    stats = cake_stats(cake("L-< . . L->"))
    assert (stats.yolks, stats.half_yolks) == (1, 0)
    stats = cake_stats(cake("L-< . L-> ."))
    assert (stats.yolks, stats.half_yolks) == (0, 2)


def test_halves_on_the_wrong_edges_make_no_yolk() -> None:
    """A tile's cw half faces the next slot clockwise, so '<' then '>' do not meet."""
    stats = cake_stats(cake("L-< L-> L- L-"))
    assert stats.yolks == 0 and stats.half_yolks == 2


def test_no_half_yolks_scores_one() -> None:
    """M2: the point is lost by any unmatched half yolk and kept by a cake with no yolk."""
    assert taste("L-> L- L- L-") == 3
    assert taste("L-> L-< L-> L-") == 3 + 1
    assert taste("L- L- L- L-") == 3 + 1


def test_half_yolk_bonus_option_can_require_a_yolk() -> None:
    """M2 alternative (option half_yolk_bonus='cakes_with_yolk')."""
    assert taste("L- L- L- L-", "cakes_with_yolk") == 3
    assert taste("L-> L-< L- L-", "cakes_with_yolk") == 5


def test_each_nut_seed_pair_scores_one() -> None:
    """M1: pairs are min(hazelnuts, watermelon seeds) within one cake."""
    assert taste("LNS L- L- L-") == 4 + 1
    assert taste("LNN LSS L- L-") == 4 + 2
    assert cake_stats(cake("LNN LNN LS L-")).pairs == 1


def test_three_seeds_in_one_cake_and_three_nuts_in_another_make_no_pair() -> None:
    """The rulebook's example: pairs count per mooncake, never across cakes (M1)."""
    board = cake("LSS LS L- L-") + cake("LNN LN L- L-") + cake("R- R- R- R-")
    seeds, nuts = cake_stats(board[:4]), cake_stats(board[4:8])
    assert (seeds.seeds, seeds.pairs, nuts.nuts, nuts.pairs) == (3, 0, 3, 0)
    total, served = score_board(board, [], "every_cake")
    assert total == 3 * 4
    assert served == [-1, -1, -1]


def test_taste_value_sums_the_three_cakes() -> None:
    board = cake("L- L- L- L-") + cake("L- R- L- R-") + cake("LNS L-> L-< L-")
    assert score_board(board, [], "every_cake")[0] == 4 + 2 + 6


def test_five_player_ranking_example_gives_two_two_one_zero_zero() -> None:
    """The rulebook's example: Taste 15, 15, 13, 12, 12."""
    assert festive_for_taste([15, 15, 13, 12, 12]) == [2, 2, 1, 0, 0]


def test_every_player_between_highest_and_lowest_scores_one() -> None:
    assert festive_for_taste([9, 3, 7, 5, 3, 9]) == [2, 0, 1, 1, 0, 2]
    assert festive_for_taste([4, 8]) == [0, 2]


@pytest.mark.parametrize(("option", "points"), [("others", 1), ("highest", 2), ("lowest", 0)])
def test_when_everyone_ties_each_player_scores_the_same(option: str, points: int) -> None:
    """M6: the recommended reading gives everyone 1; all_tied_taste offers the others."""
    assert festive_for_taste([7, 7, 7], option) == [points] * 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize(("option", "points"), [("others", 1), ("highest", 2), ("lowest", 0)])
def test_the_all_tied_award_holds_at_every_player_count_M6(
    players: int, option: str, points: int
) -> None:
    """M6: all_tied_taste decides an all-round tie at 2 players as at 6."""
    assert festive_for_taste([11] * players, option) == [points] * players
