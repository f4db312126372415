"""What a finished game reports to the simulator: which end triggers held (P9), what was left,
and each seat's sets, Kueh and pawns still standing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.spec import Facts
from meja.games.peranakan.scoring import deck_size, kueh_of, scores

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState

UNKNOWN_END = "unknown"
"""The end of a game in which no trigger holds, as the simulator writes it."""


def ends(state: PeranakanState) -> list[str]:
    """The end triggers that hold, in rulebook order; more than one can fire on the same turn."""
    held = []
    if not deck_size(state):
        held.append("deck empty")
    if not any(state.supply):
        held.append("Kueh supplies empty")
    if not state.pawns and not any(state.hand):
        held.append("all pawns collected")
    return held


def facts(state: PeranakanState) -> Facts:
    """The triggers that ended the game, what the table held then, and per-seat totals."""
    seats = range(state.num_players)
    owners = [seat for _, seat, _ in state.pawns]
    return Facts(
        end=" + ".join(ends(state)) or UNKNOWN_END,
        stats={
            "kueh_left_in_supply": float(sum(state.supply)),
            "tiles_left_in_deck": float(deck_size(state)),
            "stacked_tiles": float(sum(kind >= 0 for kind in state.under)),
            "pawns_never_collected": float(len(state.pawns)),
        },
        seat_stats={
            "sets": tuple(scores(state)),
            "kueh": tuple(float(sum(kueh_of(state, seat))) for seat in seats),
            "pawns_on_board": tuple(float(owners.count(seat)) for seat in seats),
        },
    )
