"""Chance comes in the rulebook's proportions: a tile is drawn by the number of such tiles left
face down of the 72, and each round's customer evenly from the cards not yet shown of the 12.

The counts are written out here from the sources, not read from the game's components: the
rulebook's components list (72 Mooncake tiles, 12 Customer cards) and, for what each tile shows,
the readings' tile list (4(c), PROPOSED: 24 tiles per flavour, the same list for each of the 3).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.games.mooncake import GAME, MooncakeState

FLAVOURS = {"lotus": "L", "red_bean": "R", "green_tea": "G"}
TILES_PER_FLAVOUR = (
    # (yolk_cw, yolk_ccw, nuts, seeds), readings 4(c) tiles_per_flavour, in its order
    *((0, 0, 2, 0), (0, 0, 0, 2), (0, 0, 1, 1), (0, 0, 1, 1)),
    *((0, 0, 1, 0), (0, 0, 0, 1), (0, 0, 0, 0), (0, 0, 0, 0)),
    *((1, 0, 1, 1), (1, 0, 1, 0), (1, 0, 1, 0), (1, 0, 0, 1), (1, 0, 0, 0), (1, 0, 0, 0)),
    *((0, 1, 1, 1), (0, 1, 1, 0), (0, 1, 0, 1), (0, 1, 0, 1), (0, 1, 0, 0), (0, 1, 0, 0)),
    *((1, 1, 2, 0), (1, 1, 0, 2), (1, 1, 1, 0), (1, 1, 0, 1)),
)
CUSTOMERS = 12


def _code(flavour: str, cw: int, ccw: int, nuts: int, seeds: int) -> str:
    """A tile's code: flavour letter, N per hazelnut, S per seed (- for none), < and > for a
    half yolk on the counter-clockwise and clockwise edge."""
    toppings = "N" * nuts + "S" * seeds or "-"
    return flavour + toppings + "<" * ccw + ">" * cw


TILES = Counter(_code(f, *tile) for f in FLAVOURS.values() for tile in TILES_PER_FLAVOUR)
"""The 72 tiles by code."""


def _weights(state: MooncakeState) -> dict[str, float]:
    """The pending chance event as {outcome name: probability}."""
    return {state.action_to_str(a, CHANCE): p for a, p in state.chance_outcomes()}


def _face_up(state: MooncakeState) -> Counter[str]:
    """This round's tiles out of the face-down pile: in the cakes and in the hands."""
    position = state.position()
    out: Counter[str] = Counter()
    for board in position["boards"]:
        out.update(code for code in board if code)
    for hand in position["hands"]:
        out.update(hand)
    return out


def test_the_sources_count_seventy_two_tiles_twenty_four_per_flavour() -> None:
    assert len(TILES_PER_FLAVOUR) == 24
    assert TILES.total() == 72
    for letter in FLAVOURS.values():
        assert sum(n for code, n in TILES.items() if code[0] == letter) == 24
    halves = sum(n * (code.count("<") + code.count(">")) for code, n in TILES.items())
    assert (halves, sum(n * code.count("N") for code, n in TILES.items())) == (60, 39)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_first_customer_and_tile_come_from_the_full_deck_and_pile(players: int) -> None:
    state = GAME.new_state(players)
    assert _weights(state) == {
        f"reveal C{c}": pytest.approx(1 / CUSTOMERS) for c in range(1, CUSTOMERS + 1)
    }
    state.apply(state.str_to_action("reveal C5", CHANCE), CHANCE)
    assert _weights(state) == {f"draw {code}": pytest.approx(n / 72) for code, n in TILES.items()}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_draw_weighs_the_tiles_left_face_down_and_customers_evenly(players: int) -> None:
    """At every chance step of seeded random games: a tile's chance is its printed count less
    the copies in this round's cakes and hands, over the tiles left (all 72 again each round,
    M5); a customer's is even over the cards not yet shown."""
    phases: Counter[str] = Counter()
    for seed in range(2):
        rng = random.Random(seed * 1_000 + players)
        state = GAME.new_state(players)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                position = state.position()
                phases[position["phase"]] += 1
                if position["phase"] == "draw":
                    left = TILES - _face_up(state)
                    assert _weights(state) == {
                        f"draw {code}": pytest.approx(n / left.total()) for code, n in left.items()
                    }
                else:
                    assert position["phase"] == "reveal"
                    hidden = set(range(1, CUSTOMERS + 1)) - set(position["customers"])
                    assert len(hidden) == CUSTOMERS - position["round"] + 1
                    assert _weights(state) == {
                        f"reveal C{c}": pytest.approx(1 / len(hidden)) for c in hidden
                    }
            seat, action = random_step(state, rng)
            state.apply(action, seat)
    assert phases == {"reveal": 2 * 3, "draw": 2 * 3 * 4 * 3 * players}
