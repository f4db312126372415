"""What a finished Mooncake Master game reports to the simulator, read from the state's fields."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.spec import Facts

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState


def facts(state: MooncakeState) -> Facts:
    """Rounds played, mean Taste Value and customers served per seat, and whether the last
    round's Taste broke a tie on Festive Points (M8)."""
    tastes = state._tastes
    seats = range(state.num_players)
    served = [
        float(sum(number is not None for cakes in state._served for number in cakes[seat]))
        for seat in seats
    ]
    mean_taste = [
        sum(round_tastes[seat] for round_tastes in tastes) / len(tastes) for seat in seats
    ]
    festive = state._festive
    leaders = festive.count(max(festive))
    return Facts(
        end=f"{len(tastes)} rounds played",
        stats={
            "taste_value": sum(mean_taste) / len(mean_taste),
            "customers_served": sum(served),
            "won_on_taste_tiebreak": float(leaders > 1 and len(state.winners()) == 1),
        },
        seat_stats={"taste_value": tuple(mean_taste), "customers_served": tuple(served)},
    )
