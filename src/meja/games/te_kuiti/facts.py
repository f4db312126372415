"""What a finished game of Te Kuiti reports: why it ended, each round's shepherd and sheep points
(two players) or the tiles cleared and turns played (solo), and the fences left."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.spec import Facts
from meja.games.te_kuiti.scoring import END_NAMES, turns_played
from meja.games.te_kuiti.tables import NUM_CELLS

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState


def facts(state: TeKuitiState) -> Facts:
    """The end the state recorded, with the numbers of the whole game and of each seat."""
    end = END_NAMES[state.end]
    if state.solo:
        return Facts(
            end=end,
            stats={
                "tiles_removed": float(NUM_CELLS - state.present.bit_count()),
                "fences_left": float(state.supply),
                "turns": float(turns_played(state)),
            },
        )
    stats: dict[str, float] = {}
    shepherd_points = [0.0, 0.0]
    sheep_points = [0.0, 0.0]
    for number, points in enumerate(state.round_scores, start=1):
        shepherd = state.start if number % 2 else 1 - state.start
        stats[f"shepherd_points_round_{number}"] = float(points[shepherd])
        stats[f"sheep_points_round_{number}"] = float(points[1 - shepherd])
        shepherd_points[shepherd] += points[shepherd]
        sheep_points[1 - shepherd] += points[1 - shepherd]
    stats["fences_left"] = float(state.supply)
    return Facts(
        end=f"round {len(state.round_scores)}: {end}",
        stats=stats,
        seat_stats={
            "shepherd_points": tuple(shepherd_points),
            "sheep_points": tuple(sheep_points),
        },
    )
