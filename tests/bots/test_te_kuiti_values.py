"""Te Kuiti's search evaluation: fitted win shares that move with the field the way play does."""

from __future__ import annotations

from typing import Any

import pytest

from meja.bots.heuristics.te_kuiti import FEATURES, features, values
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.components import FENCES
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_NAMES

THREE_SIDES = ["c3n", "c4n", "c3w"]
"""Fences on three sides of c3: a fence on its east side, d3w, encloses it."""


def position(fences: list[str], cells: dict[str, str], **fields: Any) -> TeKuitiState:
    """A two-player state at the sheep player's flip; cells not named lie face down, unseen."""
    data = GAME.new_state(2).position()
    del data["to_move"]  # the phase set here decides it
    data.update(
        cells=[cells.get(name, "down ?") for name in CELL_NAMES],
        fences=fences,
        supply=FENCES - len(fences),
        phase="flip",
        fences_to_place=0,
    )
    data.update(fields)
    return GAME.from_position(data)


def round_two(cells: dict[str, str]) -> TeKuitiState:
    """Round 2 with seat 1 as shepherd, after a 9-9 first round."""
    return position([], cells, round=2, shepherd=1, round_scores=[[9, 9]])


def test_every_seat_has_a_row_of_features_and_the_shares_sum_to_one() -> None:
    state = position(THREE_SIDES, {"a1": "down joyful"})
    rows = features(state)
    assert len(rows) == 2 and all(len(row) == len(FEATURES) for row in rows)
    assert sum(values(state)) == pytest.approx(1.0)


def test_the_first_round_starts_close_to_even() -> None:
    """The shepherd's round is worth points too: neither seat starts as a clear favourite."""
    shares = values(GAME.new_state(2))
    assert 0.35 < shares[0] < 0.65


def test_enclosing_a_tile_raises_the_shepherds_share() -> None:
    """Shepherd seat 0 is better off closing c3 than putting the same fence elsewhere."""
    enclosed = position([*THREE_SIDES, "d3w"], {})
    elsewhere = position([*THREE_SIDES, "a1n"], {})
    assert enclosed.view(0)["enclosed"] == ["c3"]
    assert values(enclosed)[0] > values(elsewhere)[0]


def test_a_remembered_pair_raises_the_sheeps_share() -> None:
    """Sheep seat 0 gains from knowing where two matching sheep lie."""
    pair = round_two({"a1": "down joyful", "e5": "down joyful_daisy"})
    apart = round_two({"a1": "down joyful", "e5": "down sleepy"})
    assert values(pair)[0] > values(apart)[0]


def test_with_level_totals_the_last_rounds_sheep_is_the_favourite() -> None:
    """A sheep player collects more in a round than a shepherd encloses."""
    assert values(round_two({}))[0] > 0.6
