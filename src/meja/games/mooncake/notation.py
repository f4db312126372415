"""How tiles, slots and boards are written in views, positions, actions and text.

A tile reads as its code: flavour letter (L lotus, R red bean, G green tea), its toppings
(N hazelnut, S watermelon seed, - none), then '<' / '>' for a half yolk on its counter-clockwise /
clockwise edge, e.g. 'LNS>' or 'GN<>'. A slot is its cake number and quarter, e.g. '2SW'. A board
is the list of its 12 slots' codes, 1NE 1SE 1SW 1NW 2NE ... 3NW, with None for an empty slot.
"""

from __future__ import annotations

from collections.abc import Sequence

from meja.games.mooncake.components import CAKES, QUARTERS, TILE_TYPES

SLOTS = CAKES * len(QUARTERS)
SLOT_NAMES = tuple(f"{cake + 1}{quarter}" for cake in range(CAKES) for quarter in QUARTERS)
TILE_CODES = tuple(tile.code for tile in TILE_TYPES)
CODE_OR_NONE: tuple[str | None, ...] = (*TILE_CODES, None)
"""Indexed by a board entry: a tile id gives its code and -1 (empty) gives None."""


def board_codes(board: Sequence[int]) -> list[str | None]:
    """One seat's slots (tile ids, -1 for empty) as the codes of views and positions."""
    return [CODE_OR_NONE[tile] for tile in board]
