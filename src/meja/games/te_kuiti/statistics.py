"""Te Kuiti's end-of-game statistics per player: points in each round and the role played in
it, fences placed and pairs of sheep found."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from meja.core.statistics import Number, Statistic
from meja.games.te_kuiti.actions import PLACE, REMOVE
from meja.games.te_kuiti.tables import BONUS, SHEPHERD_TURN

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState


def statistics(state: TeKuitiState, history: Sequence[tuple[int, int]]) -> list[Statistic]:
    """Each round's points as shepherd and as sheep player (None for the seat in the other
    role; none in a solo game), then fences placed (in a solo game, by the daisies turned up)
    and pairs found in the whole game."""
    players = state.num_players
    rows: list[Statistic] = []
    if not state.solo:
        for number, points in enumerate(state.round_scores, start=1):
            shepherd = state.start if number % 2 else 1 - state.start
            for role, seat in (("shepherd", shepherd), ("sheep player", 1 - shepherd)):
                values: list[Number | None] = [None] * players
                values[seat] = points[seat]
                rows.append(Statistic(f"Round {number}: points as {role}", tuple(values)))
    fences = [0] * players
    pairs = [0] * players
    now = cast("TeKuitiState", state.game.new_state(players, **state.options))
    for player, action in history:
        if player >= 0 and now.phase in (SHEPHERD_TURN, BONUS) and PLACE <= action < REMOVE:
            fences[player] += 1
        sheep, collected, rounds = now.sheep, now.collected, len(now.round_scores)
        supply = now.supply
        now.apply(action, player)
        if now.solo:
            fences[0] += max(0, supply - now.supply)
        if len(now.round_scores) > rounds:
            gained = now.round_scores[-1][sheep] - collected if not now.solo else 0
        else:
            gained = now.collected - collected
        pairs[sheep] += max(0, gained) // 2
    rows.append(Statistic("Fences placed", tuple(fences)))
    rows.append(Statistic("Pairs of sheep found", tuple(pairs)))
    return rows
