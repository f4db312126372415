"""Mooncake Master's action numbers and their names.

Actions 0..5 are the keep/pass choices, as positions in the sorted hand (keep, pass left, pass
right); then one action per tile type and slot places that tile there. Chance outcomes are tile
ids (a draw) or customer indices (a reveal).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import Final

from meja.core.actions import ActionNames, joined, normalize
from meja.games.mooncake.components import CUSTOMERS, TILE_TYPES, TILES_PER_TURN
from meja.games.mooncake.tables import SLOT_NAMES, SLOTS, TILE_CODES

CHOICES: Final = tuple(permutations(range(TILES_PER_TURN)))
"""Choose-and-share actions: (keep, pass left, pass right) as positions in the sorted hand."""
PLACE_BASE: Final = len(CHOICES)
NUM_ACTIONS: Final = PLACE_BASE + len(TILE_TYPES) * SLOTS

PLACE_TEXT: Final = tuple(f"place {code} at {slot}" for code in TILE_CODES for slot in SLOT_NAMES)
PLACE_NAMES: Final = ActionNames(
    joined(
        (
            f"keep #{keep + 1}, left #{left + 1}, right #{right + 1}"
            for keep, left, right in CHOICES
        ),
        PLACE_TEXT,
    )
)
"""Every action while a seat holds no full hand: choices by hand position, then placements."""
DRAW_NAMES: Final = ActionNames([f"draw {code}" for code in TILE_CODES], what="tile")
REVEAL_NAMES: Final = ActionNames(
    [f"reveal C{customer.number}" for customer in CUSTOMERS], what="customer"
)


def choice_text(hand: Sequence[int], action: int, pairwise: bool) -> str:
    """How a keep/pass choice reads, e.g. 'keep LNS, left G-, right RSS<'.

    With 2 players (pairwise) both passed tiles go to the opponent.
    """
    keep, left, right = (TILE_CODES[hand[index]] for index in CHOICES[action])
    if pairwise:
        return f"keep {keep}, pass {left} {right}"
    return f"keep {keep}, left {left}, right {right}"


class HandNames(ActionNames):
    """Names while a seat holds a full hand: its choices by tile code, then the placements.

    Equal tiles give equal choice names; such a name parses to its first choice, the one
    legal_actions lists. Placements are parsed by PLACE_NAMES, so a table holds only 6 names.
    """

    __slots__ = ()

    def __init__(self, hand: tuple[int, ...], pairwise: bool) -> None:
        choices = [choice_text(hand, action, pairwise) for action in range(PLACE_BASE)]
        self.names = (*choices, *PLACE_TEXT)
        self.what = "action"
        lookup: dict[str, int] = {}
        for number, name in enumerate(choices):
            lookup.setdefault(normalize(name), number)
        self._lookup = lookup

    def parse(self, wanted: str) -> int | None:
        """A choice by its tiles, a number, or a placement (never a choice by hand position)."""
        number = super().parse(wanted)
        if number is None:
            number = PLACE_NAMES.parse(wanted)
            if number is not None and number < PLACE_BASE:
                return None
        return number


@lru_cache(maxsize=1 << 12)
def hand_names(hand: tuple[int, ...], pairwise: bool) -> HandNames:
    """The table for one sorted hand, built once while that hand recurs."""
    return HandNames(hand, pairwise)
