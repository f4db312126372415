"""Mooncake Master: Taste Values and customers served per seat, and how the winner was decided."""

from __future__ import annotations

from meja.core import State
from meja.sim.extract import Extract


def extract(state: State) -> Extract:
    """Read the public round results (view of a spectator) at the end of the game."""
    view = state.view(None)
    tastes: list[list[int]] = view["tastes"]
    served_by_round: list[list[list[int | None]]] = view["served"]
    seats = range(state.num_players)
    served = [
        sum(customer is not None for rnd in served_by_round for customer in rnd[seat])
        for seat in seats
    ]
    mean_taste = [sum(rnd[seat] for rnd in tastes) / len(tastes) for seat in seats]
    scores = state.scores()
    leaders = [seat for seat in seats if scores[seat] == max(scores)]
    return Extract(
        end=f"{len(tastes)} rounds played",
        stats={
            "taste_value": sum(mean_taste) / len(mean_taste),
            "customers_served": float(sum(served)),
            "won_on_taste_tiebreak": float(len(leaders) > 1 and len(state.winners()) == 1),
        },
        seat_stats={
            "taste_value": tuple(mean_taste),
            "customers_served": tuple(float(s) for s in served),
        },
    )
