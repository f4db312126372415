"""Lookup tables derived from the components: codes, slots, phases and who passes to whom.

A tile reads as its code: flavour letter (L lotus, R red bean, G green tea), its toppings
(N hazelnut, S watermelon seed, - none), then '<' / '>' for a half yolk on its counter-clockwise /
clockwise edge, e.g. 'LNS>' or 'GN<>'. A slot is its cake number and quarter, e.g. '2SW'. A board
is the list of its 12 slots' codes, 1NE 1SE 1SW 1NW 2NE ... 3NW, with None for an empty slot.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Final

from meja.games.mooncake.components import CAKES, CUSTOMERS, QUARTERS, TILE_TYPES

SLOTS: Final = CAKES * len(QUARTERS)
SLOT_NAMES: Final = tuple(f"{cake + 1}{quarter}" for cake in range(CAKES) for quarter in QUARTERS)
SLOT_INDEX: Final = {name: slot for slot, name in enumerate(SLOT_NAMES)}
TILE_CODES: Final = tuple(tile.code for tile in TILE_TYPES)
CODE_TO_TILE: Final[dict[Any, int]] = {code: tile for tile, code in enumerate(TILE_CODES)}
SLOT_CODE_TO_TILE: Final[dict[Any, int]] = {**CODE_TO_TILE, None: -1}
CODE_OR_NONE: Final[tuple[str | None, ...]] = (*TILE_CODES, None)
"""Indexed by a board entry: a tile id gives its code and -1 (empty) gives None."""
NUMBER_TO_CUSTOMER: Final = {customer.number: index for index, customer in enumerate(CUSTOMERS)}

NUM_TILE_TYPES: Final = len(TILE_TYPES)
TILE_FLAVOUR: Final = tuple(tile.flavour for tile in TILE_TYPES)
TILE_NUTS: Final = tuple(tile.face.nuts for tile in TILE_TYPES)
TILE_SEEDS: Final = tuple(tile.face.seeds for tile in TILE_TYPES)
TILE_YOLK_CW: Final = tuple(tile.face.yolk_cw for tile in TILE_TYPES)
TILE_YOLK_CCW: Final = tuple(tile.face.yolk_ccw for tile in TILE_TYPES)
"""Each tile's printed features by tile id, read natively where a tile record's fields are not."""
COPIES: Final = [tile.copies for tile in TILE_TYPES]

REVEAL: Final = 0
DRAW: Final = 1
CHOOSE: Final = 2
PLACE: Final = 3
OVER: Final = 4
PHASES: Final = ("reveal", "draw", "choose", "place", "over")
"""A round reveals a customer, then each turn draws, chooses and places; "over" ends the game."""

FROM_LEFT: Final = 0
FROM_RIGHT: Final = 1
"""Offsets in a seat's pair of received tiles: from its left neighbour, from its right."""


def board_codes(board: Sequence[int]) -> list[str | None]:
    """One seat's slots (tile ids, -1 for empty) as the codes of views and positions."""
    return [CODE_OR_NONE[tile] for tile in board]


@cache
def gift_table(num_players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """[giver][seat]: indices into the received list of the tiles giver passes to seat."""
    return tuple(
        tuple(
            tuple(
                2 * seat + offset
                for offset, neighbour in ((FROM_LEFT, seat + 1), (FROM_RIGHT, seat - 1))
                if neighbour % num_players == giver and seat != giver
            )
            for seat in range(num_players)
        )
        for giver in range(num_players)
    )
