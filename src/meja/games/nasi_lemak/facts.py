"""What a finished Nasi Lemak game reports to the simulator: how it ended, the flies, fans and
swatters played, and the packs each seat made."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.game import CHANCE
from meja.core.spec import Facts
from meja.games.nasi_lemak.actions import FAN, FLY, PLACE, SWAT
from meja.games.nasi_lemak.scoring import fly_free_packs
from meja.games.nasi_lemak.tables import FIVE_PACKS, PILE_OUT, ROUND_LIMIT

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

ENDS = {
    FIVE_PACKS: "five fly-free Nasi Lemak",
    PILE_OUT: "Nasi Lemak pile ran out",
    ROUND_LIMIT: "round limit reached",
}
"""The end condition that fired, in words, by the state's end."""


def facts(state: NasiLemakState) -> Facts:
    """The end the state recorded, and the Fly, Fan and Swatter moves counted in its history
    (each action number means one move, so a count needs no reading of the moves around it)."""
    flies = fans = swats = 0
    for player, action in state.history:
        if player == CHANCE:
            continue
        if action == FLY:
            flies += 1
        elif FAN <= action < SWAT:
            fans += 1
        elif SWAT <= action < PLACE:
            swats += 1
    seats = range(state.num_players)
    return Facts(
        end=ENDS.get(state.end, str(state.end or None)),
        stats={
            "flies_played": float(flies),
            "fans_played": float(fans),
            "swatters_played": float(swats),
            "flies_on_cards_at_end": float(sum(map(sum, state.flies))),
            "nasi_lemak_cards_left": float(sum(state.pile)),
            "turns": float(state.turn),
        },
        seat_stats={
            "packs": tuple(float(sum(state.nl[seat])) for seat in seats),
            "fly_free_packs": tuple(float(fly_free_packs(state, seat)) for seat in seats),
        },
    )
