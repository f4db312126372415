"""Mooncake Master's physical pieces and printed numbers, as plain data.

The rulebook prints the round structure and the scoring guide but not what each of the 72 tiles
shows nor the texts of the 12 Customer cards. Those tables below are our reconstruction (marked
PROPOSED) and can be replaced by the publisher's data without touching the rules code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MIN_PLAYERS: Final = 2  # M9: no solo mode, which the rulebook does not have
MAX_PLAYERS: Final = 6

ROUNDS: Final = 3
TURNS_PER_ROUND: Final = 4
TILES_PER_TURN: Final = 3
"""Drawn each turn: one is kept, one goes to each neighbour (both to the opponent with 2)."""

CAKES: Final = 3
QUARTERS: Final = ("NE", "SE", "SW", "NW")
"""A cake's quarter slots in clockwise order; a tile's cw edge meets the next slot's ccw edge."""

FLAVOURS: Final = ("lotus", "red_bean", "green_tea")
FLAVOUR_LETTERS: Final = ("L", "R", "G")
NUT_LETTER: Final = "N"
SEED_LETTER: Final = "S"
NO_TOPPING: Final = "-"
YOLK_CCW_MARK: Final = "<"
YOLK_CW_MARK: Final = ">"


@dataclass(frozen=True)
class TileFace:
    """One printed quarter design apart from its flavour: half yolks on its edges and toppings."""

    yolk_cw: bool
    yolk_ccw: bool
    nuts: int
    seeds: int


# PROPOSED, not from the publisher: every flavour has this same list of 24 tiles
# (face, copies), giving 10 cw and 10 ccw half yolks, 13 hazelnuts and 13 seeds per flavour.
FACES_PER_FLAVOUR: Final[tuple[tuple[TileFace, int], ...]] = (
    # no half yolk (8 tiles)
    (TileFace(yolk_cw=False, yolk_ccw=False, nuts=2, seeds=0), 1),
    (TileFace(yolk_cw=False, yolk_ccw=False, nuts=0, seeds=2), 1),
    (TileFace(yolk_cw=False, yolk_ccw=False, nuts=1, seeds=1), 2),
    (TileFace(yolk_cw=False, yolk_ccw=False, nuts=1, seeds=0), 1),
    (TileFace(yolk_cw=False, yolk_ccw=False, nuts=0, seeds=1), 1),
    (TileFace(yolk_cw=False, yolk_ccw=False, nuts=0, seeds=0), 2),
    # half yolk on the clockwise edge only (6 tiles)
    (TileFace(yolk_cw=True, yolk_ccw=False, nuts=1, seeds=1), 1),
    (TileFace(yolk_cw=True, yolk_ccw=False, nuts=1, seeds=0), 2),
    (TileFace(yolk_cw=True, yolk_ccw=False, nuts=0, seeds=1), 1),
    (TileFace(yolk_cw=True, yolk_ccw=False, nuts=0, seeds=0), 2),
    # half yolk on the counter-clockwise edge only (6 tiles)
    (TileFace(yolk_cw=False, yolk_ccw=True, nuts=1, seeds=1), 1),
    (TileFace(yolk_cw=False, yolk_ccw=True, nuts=1, seeds=0), 1),
    (TileFace(yolk_cw=False, yolk_ccw=True, nuts=0, seeds=1), 2),
    (TileFace(yolk_cw=False, yolk_ccw=True, nuts=0, seeds=0), 2),
    # half yolks on both edges (4 tiles)
    (TileFace(yolk_cw=True, yolk_ccw=True, nuts=2, seeds=0), 1),
    (TileFace(yolk_cw=True, yolk_ccw=True, nuts=0, seeds=2), 1),
    (TileFace(yolk_cw=True, yolk_ccw=True, nuts=1, seeds=0), 1),
    (TileFace(yolk_cw=True, yolk_ccw=True, nuts=0, seeds=1), 1),
)


@dataclass(frozen=True)
class TileType:
    """A distinct tile (flavour and face) with its short code and number of copies in the box."""

    flavour: int
    face: TileFace
    copies: int
    code: str


def _code(flavour: int, face: TileFace) -> str:
    """Flavour letter, toppings (or '-') and yolk marks, e.g. 'LNS>' or 'GN<>'."""
    toppings = NUT_LETTER * face.nuts + SEED_LETTER * face.seeds or NO_TOPPING
    yolks = (YOLK_CCW_MARK if face.yolk_ccw else "") + (YOLK_CW_MARK if face.yolk_cw else "")
    return FLAVOUR_LETTERS[flavour] + toppings + yolks


TILE_TYPES: Final[tuple[TileType, ...]] = tuple(
    TileType(flavour, face, copies, _code(flavour, face))
    for flavour in range(len(FLAVOURS))
    for face, copies in FACES_PER_FLAVOUR
)
"""Every distinct tile; its index is the tile's id in states, actions and chance outcomes."""

TOTAL_TILES: Final = sum(tile.copies for tile in TILE_TYPES)

# Taste Value of one mooncake (the printed scoring guide).
FLAVOUR_TASTE: Final = {1: 3, 2: 1, 3: 0}
TASTE_PER_YOLK: Final = 1
TASTE_NO_HALF_YOLK: Final = 1
TASTE_PER_PAIR: Final = 1

# Festive Points (the printed scoring guide and rulebook).
FESTIVE_HIGHEST: Final = 2
FESTIVE_OTHERS: Final = 1
FESTIVE_LOWEST: Final = 0
FESTIVE_PER_CUSTOMER: Final = 1


@dataclass(frozen=True)
class Condition:
    """One requirement on a single complete mooncake: stat op value, e.g. yolks >= 1.

    stat names a field of scoring.CakeStats; op is one of "==", ">=", "<=".
    """

    stat: str
    op: str
    value: int | tuple[int, ...] | tuple[str, ...]


@dataclass(frozen=True)
class Customer:
    """A Customer card: one mooncake satisfies it when every condition holds."""

    number: int
    name: str
    text: str
    conditions: tuple[Condition, ...]


# PROPOSED, not from the publisher, except #1 which is the rulebook's example.
CUSTOMERS: Final[tuple[Customer, ...]] = (
    Customer(
        1,
        "Crunchy Uncle",
        "only 1 flavour, and watermelon seeds + hazelnuts = 5",
        (Condition("flavour_count", "==", 1), Condition("nuts_plus_seeds", "==", 5)),
    ),
    Customer(
        2,
        "Double Yolk Auntie",
        "exactly 2 complete yolks and no unmatched half yolk",
        (Condition("yolks", "==", 2), Condition("half_yolks", "==", 0)),
    ),
    Customer(
        3,
        "Tea House Owner",
        "all 4 quarters green tea",
        (Condition("flavours", "==", ("green_tea",)),),
    ),
    Customer(
        4,
        "Red Bean Grandpa",
        "all 4 quarters red bean",
        (Condition("flavours", "==", ("red_bean",)),),
    ),
    Customer(
        5,
        "Lotus Purist",
        "all 4 quarters lotus",
        (Condition("flavours", "==", ("lotus",)),),
    ),
    Customer(
        6,
        "Half-n-Half Twins",
        "exactly 2 flavours, 2 quarters each",
        (Condition("flavour_split", "==", (2, 2)),),
    ),
    Customer(
        7,
        "Rainbow Kid",
        "all 3 flavours and at least 1 complete yolk",
        (Condition("flavour_count", "==", 3), Condition("yolks", ">=", 1)),
    ),
    Customer(
        8,
        "Light Eater",
        "no yolk at all and exactly 2 nut-seed pairs",
        (
            Condition("yolks", "==", 0),
            Condition("half_yolks", "==", 0),
            Condition("pairs", "==", 2),
        ),
    ),
    Customer(
        9,
        "Yolk Tycoon",
        "exactly 3 complete yolks",
        (Condition("yolks", "==", 3),),
    ),
    Customer(
        10,
        "Simple Gourmet",
        "only 1 flavour and exactly 1 complete yolk",
        (Condition("flavour_count", "==", 1), Condition("yolks", "==", 1)),
    ),
    Customer(
        11,
        "Nut Critic",
        "exactly 3 hazelnuts and 3 watermelon seeds",
        (Condition("nuts", "==", 3), Condition("seeds", "==", 3)),
    ),
    Customer(
        12,
        "Smooth Talker",
        "no nuts and no seeds, and at least 1 complete yolk",
        (Condition("nuts_plus_seeds", "==", 0), Condition("yolks", ">=", 1)),
    ),
)
