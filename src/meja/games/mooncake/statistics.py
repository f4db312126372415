"""Mooncake Master's end-of-game statistics per player: each round's Taste and Festive Points,
and the customers served."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meja.core.statistics import Statistic
from meja.games.mooncake import scoring
from meja.games.mooncake.components import FESTIVE_PER_CUSTOMER

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState


def statistics(state: MooncakeState, history: Sequence[tuple[int, int]]) -> list[Statistic]:
    """Taste, customers served and Festive Points of each round (the Festive Points as the
    round's scoring gave them: for Taste, then per customer), then the customers in all. The
    rounds are read from the state, which keeps each round's scoring; history is not needed."""
    seats = range(state.num_players)
    rows: list[Statistic] = []
    customers = [0] * state.num_players
    for number, (tastes, served) in enumerate(zip(state._tastes, state._served, strict=True), 1):
        ranks = scoring.festive_for_taste(tastes, state.options["all_tied_taste"])
        sold = [sum(1 for cake in served[seat] if cake is not None) for seat in seats]
        festive = tuple(ranks[seat] + FESTIVE_PER_CUSTOMER * sold[seat] for seat in seats)
        rows.append(Statistic(f"Round {number}: Taste", tuple(tastes)))
        rows.append(Statistic(f"Round {number}: customers served", tuple(sold)))
        rows.append(Statistic(f"Round {number}: Festive Points", festive))
        for seat in seats:
            customers[seat] += sold[seat]
    rows.append(Statistic("Customers served in all", tuple(customers)))
    return rows
