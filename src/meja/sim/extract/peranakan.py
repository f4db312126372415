"""Peranakan: which of the three end triggers fired, sets and Kueh per seat, what was left."""

from __future__ import annotations

from meja.core import State
from meja.sim.extract import UNKNOWN_END, Extract


def extract(state: State) -> Extract:
    """Read the public table (view of a spectator) at the end of the game."""
    view = state.view(None)
    supply = sum(view["supply"].values())
    pawns_in_hand = any(sum(hand) for hand in view["hands"])
    ends = []
    if view["deck_size"] == 0:
        ends.append("deck empty")
    if supply == 0:
        ends.append("Kueh supplies empty")
    if not view["pawns"] and not pawns_in_hand:
        ends.append("all pawns collected")
    return Extract(
        end=" + ".join(ends) or UNKNOWN_END,
        stats={
            "kueh_left_in_supply": float(supply),
            "tiles_left_in_deck": float(view["deck_size"]),
            "stacked_tiles": float(sum(row.count("/") for row in view["board"])),
            "pawns_never_collected": float(len(view["pawns"])),
        },
        seat_stats={
            "sets": tuple(state.scores()),
            "kueh": tuple(float(sum(k)) for k in view["kueh"]),
            "pawns_on_board": tuple(
                float(sum(token[1:].startswith(f"{seat}@") for token in view["pawns"]))
                for seat in range(state.num_players)
            ),
        },
    )
