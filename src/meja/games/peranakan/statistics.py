"""Peranakan's end-of-game statistics per player: the Kueh of each type held at the end, the
Nyonyas and Babas that collected, and the tiles laid on top of another tile."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from meja.core.statistics import Number, Statistic, replayed
from meja.games.peranakan.actions import PLACE_BASE
from meja.games.peranakan.components import KUEH_NAMES
from meja.games.peranakan.tables import NUM_KUEH, PAWN_KINDS, PLACE

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState


def statistics(state: PeranakanState, history: Sequence[tuple[int, int]]) -> list[Statistic]:
    """Kueh by type and in all, pawns collected (Nyonyas, Babas) and tiles stacked, per seat."""
    seats = range(state.num_players)
    rows = [
        Statistic(name, tuple(state.kueh[seat * NUM_KUEH + kueh] for seat in seats))
        for kueh, name in enumerate(KUEH_NAMES)
    ]
    rows.append(
        Statistic(
            "Kueh in all",
            tuple(sum(state.kueh[seat * NUM_KUEH : (seat + 1) * NUM_KUEH]) for seat in seats),
        )
    )
    for kind, name in enumerate(("Nyonyas that collected", "Babas that collected")):
        rows.append(
            Statistic(name, tuple(state.retired[seat * PAWN_KINDS + kind] for seat in seats))
        )
    stacked: list[Number | None] = [0] * state.num_players
    for before, player, action in replayed(state, history):
        now = cast("PeranakanState", before)
        if player >= 0 and now.phase == PLACE and now.top[action - PLACE_BASE] >= 0:
            stacked[now.turn_seat] = (stacked[now.turn_seat] or 0) + 1
    rows.append(Statistic("Tiles stacked on another tile", tuple(stacked)))
    return rows
