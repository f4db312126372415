"""Nasi Lemak's end-of-game statistics per player: the packs made, flies played and received,
trades made and cards stolen or taken."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from meja.core.statistics import Statistic
from meja.games.nasi_lemak.actions import ACCEPT
from meja.games.nasi_lemak.scoring import fly_free_packs
from meja.games.nasi_lemak.tables import FLY_TARGET, PICK, RESPONSE, STEAL

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


def _fly_counts(state: NasiLemakState) -> list[int]:
    """Flies on each seat's packs now."""
    return [sum(row) for row in state.flies]


def statistics(state: NasiLemakState, history: Sequence[tuple[int, int]]) -> list[Statistic]:
    """Packs (all, and without a fly) at the end; then, over the game, flies played from Fly
    cards and received on one's packs, trades made (as either side), cards stolen with the
    Thief and taken with the Officer."""
    players = state.num_players
    played, received, trades, stolen, taken = ([0] * players for _ in range(5))
    now = cast("NasiLemakState", state.game.new_state(players, **state.options))
    for player, action in history:
        phase, active = now.phase, now.turn_seat
        before = _fly_counts(now) if phase == FLY_TARGET else None
        now.apply(action, player)
        if before is not None:
            played[active] += 1
            for seat, (old, new) in enumerate(zip(before, _fly_counts(now), strict=True)):
                received[seat] += max(0, new - old)
        elif phase == RESPONSE and action == ACCEPT:
            trades[active] += 1
            trades[player] += 1
        elif phase == STEAL:
            stolen[active] += 1
        elif phase == PICK:
            taken[active] += 1
    seats = range(players)
    return [
        Statistic("Nasi Lemak packs", tuple(sum(state.nl[seat]) for seat in seats)),
        Statistic("Packs without a fly", tuple(fly_free_packs(state, seat) for seat in seats)),
        Statistic("Flies played", tuple(played)),
        Statistic("Flies received", tuple(received)),
        Statistic("Trades made", tuple(trades)),
        Statistic("Cards stolen with the Thief", tuple(stolen)),
        Statistic("Cards taken with the Officer", tuple(taken)),
    ]
