"""Te Kuiti: shepherd and sheep points per round, and what ended the last round (or solo game)."""

from __future__ import annotations

from typing import Any

from meja.core import State
from meja.sim.extract import Extract


def extract(state: State) -> Extract:
    """Read the spectator's view at the end of the game."""
    view = state.view(None)
    if state.num_players == 1:
        return _solo(view, state.options["solo_turn_limit"])
    rounds: list[list[int]] = view["round_scores"]
    last_shepherd: int = view["shepherd"]
    stats: dict[str, float] = {}
    shepherd_points = [0.0, 0.0]
    sheep_points = [0.0, 0.0]
    for number, points in enumerate(rounds, start=1):
        shepherd = last_shepherd if (len(rounds) - number) % 2 == 0 else 1 - last_shepherd
        stats[f"shepherd_points_round_{number}"] = float(points[shepherd])
        stats[f"sheep_points_round_{number}"] = float(points[1 - shepherd])
        shepherd_points[shepherd] += points[shepherd]
        sheep_points[1 - shepherd] += points[1 - shepherd]
    stats["fences_left"] = float(view["supply"])
    reason = "fences ran out" if view["supply"] == 0 else "field revealed"
    return Extract(
        end=f"round {len(rounds)}: {reason}",
        stats=stats,
        seat_stats={
            "shepherd_points": tuple(shepherd_points),
            "sheep_points": tuple(sheep_points),
        },
    )


def _solo(view: dict[str, Any], turn_limit: int) -> Extract:
    """The solo game: won by clearing the field, or lost to fences, enclosure, stalemate or time."""
    present = [cell != "gone" for cell in view["cells"]]
    enclosed = len(view["enclosed"])
    if not any(present):
        end = "field cleared (won)"
    elif view["fences_out"] or view["supply"] == 0:
        end = "fences ran out"
    elif view["turn"] >= turn_limit:
        end = "turn limit"
    elif sum(present) <= enclosed:
        end = "every tile enclosed"
    else:
        end = "no pair left to match"
    return Extract(
        end=end,
        stats={
            "tiles_removed": float(len(present) - sum(present)),
            "fences_left": float(view["supply"]),
            "turns": float(view["turn"]),
        },
    )
