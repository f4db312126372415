"""Chance draws: the walk over counts picks exactly what the listed outcomes pick, so a seed
plays the same game however a draw is made."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meja.core.chance import can_draw, draw_outcomes, pick_drawn, pick_listed
from meja.core.tally import total

COUNTS = st.lists(st.integers(min_value=0, max_value=12), min_size=1, max_size=60).filter(
    lambda counts: any(counts)
)


@given(COUNTS, st.floats(min_value=0.0, max_value=1.0, exclude_max=True))
def test_a_draw_from_counts_picks_what_the_listed_outcomes_pick(
    counts: list[int], roll: float
) -> None:
    assert pick_drawn(counts, roll, total(counts)) == pick_listed(draw_outcomes(counts), roll)


@given(COUNTS, st.floats(min_value=0.0, max_value=1.0, exclude_max=True))
def test_a_draw_never_picks_a_kind_with_none_left(counts: list[int], roll: float) -> None:
    assert can_draw(counts, pick_drawn(counts, roll, total(counts)))


def test_a_roll_just_below_a_share_boundary_stays_in_the_kind_before_it() -> None:
    counts = [1, 0, 2]
    assert pick_drawn(counts, 1 / 3 - 1e-12, 3) == 0
    assert pick_drawn(counts, 1 / 3, 3) == 2
