"""The measures of how games unfold, per game and over a run: length in turns, decisions per
turn, branching factor, winning margin, lead changes and the turn by which the winner was settled.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from meja.core.episode import GameResult
from meja.sim.flow import Flow, winning_margin
from meja.sim.results import flows
from meja.sim.stats import describe

LEAD_MEASURES = ("lead changes", "settled turn", "settled share")


def flow_values(results: Sequence[GameResult], players: int) -> dict[str, list[float]]:
    """Each flow measure with its value in every game that has it, by the name reports use.

    Solo games have no margin or lead; records made without a Flow have only the margin; the
    lead measures are left out altogether when no game's score moved before its end, as then the
    game shows no running score to lead by.
    """
    measured = flows(results)
    values: dict[str, list[float]] = {}
    if players > 1:
        margins = [winning_margin(r.scores, r.winners) for r in results]
        values["winning margin"] = [m for m in margins if m is not None]
    if not measured:
        return values
    values |= {
        "turns": [f.turns for _, f in measured],
        "turns per seat": [f.turns / players for _, f in measured],
        "decisions per turn": [f.decisions_per_turn for _, f in measured if f.turns],
        "branching factor": [f.branching for _, f in measured if f.decisions],
        "forced decisions": [f.forced / f.decisions for _, f in measured if f.decisions],
    }
    if players > 1 and any(f.running for _, f in measured):
        values["lead changes"] = [f.lead_changes for _, f in measured]
        values["settled turn"] = [f.settled_turn for _, f in measured if f.settled_turn is not None]
        values["settled share"] = _settled_shares([f for _, f in measured])
    return values


def _settled_shares(measured: Sequence[Flow]) -> list[float]:
    """The settled turn as a share of each game's turns, where there is one."""
    return [share for f in measured if (share := f.settled_share) is not None]


def flow_summary(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """The JSON-able "flow" section of summary.json: each measure described, and whether the
    game showed a running score at all."""
    measured = flows(results)
    settled = [f for _, f in measured if f.settled_turn is not None]
    return {
        "games": len(measured),
        "running_score_games": sum(1 for _, f in measured if f.running),
        "measures": {name: describe(col) for name, col in flow_values(results, players).items()},
        "lead_changed": _share(
            sum(1 for _, f in measured if f.lead_changes), len(measured) if players > 1 else 0
        ),
        "settled_on_last_turn": _share(
            sum(1 for f in settled if f.settled_turn == f.turns), len(settled)
        ),
    }


def _share(count: int, total: int) -> float:
    """count / total, NaN for none."""
    return count / total if total else math.nan
