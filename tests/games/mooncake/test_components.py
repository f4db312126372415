"""The proposed tile set and customer cards (readings section 4) as the rules read them."""

from __future__ import annotations

from collections import Counter

from meja.games.mooncake.components import (
    CUSTOMERS,
    FLAVOURS,
    MAX_PLAYERS,
    TILE_TYPES,
    TILES_PER_TURN,
    TOTAL_TILES,
    TURNS_PER_ROUND,
)
from meja.games.mooncake.scoring import OPERATORS, STAT_NAMES
from meja.games.mooncake.tables import TILE_CODES


def test_box_holds_72_tiles_24_per_flavour() -> None:
    per_flavour = Counter()
    for tile in TILE_TYPES:
        per_flavour[FLAVOURS[tile.flavour]] += tile.copies
    assert TOTAL_TILES == 72
    assert per_flavour == dict.fromkeys(FLAVOURS, 24)


def test_half_yolks_and_toppings_match_the_proposed_counts() -> None:
    def total(attribute: str) -> int:
        return sum(tile.copies * getattr(tile.face, attribute) for tile in TILE_TYPES)

    assert total("yolk_cw") == total("yolk_ccw") == 30
    assert total("nuts") == total("seeds") == 39


def test_a_six_player_round_uses_every_tile() -> None:
    """M5: 6 players x 4 turns x 3 tiles is the whole box, so tiles must return each round."""
    assert MAX_PLAYERS * TURNS_PER_ROUND * TILES_PER_TURN == TOTAL_TILES


def test_tile_codes_are_unique_even_ignoring_case() -> None:
    assert len({code.lower() for code in TILE_CODES}) == len(TILE_TYPES)


def test_twelve_customers_whose_conditions_are_plain_data() -> None:
    assert [customer.number for customer in CUSTOMERS] == list(range(1, 13))
    for customer in CUSTOMERS:
        assert customer.conditions
        for condition in customer.conditions:
            assert condition.stat in STAT_NAMES
            assert condition.op in OPERATORS
