"""Nasi Lemak: how the game ended, packs made per seat, and the flies, fans and swatters played."""

from __future__ import annotations

from meja.core import CHANCE, State
from meja.games.nasi_lemak.actions import FAN, PLACE, SWAT
from meja.sim.extract import Extract

ENDS = {
    "five_packs": "five fly-free Nasi Lemak",
    "pile_out": "Nasi Lemak pile ran out",
    "round_limit": "round limit reached",
}


def extract(state: State) -> Extract:
    """Read the spectator's view, and count Fly, Fan and Swatter moves in the history."""
    view = state.view(None)
    flies = fans = swats = 0
    fanning = False
    for player, action in state.history:
        if player == CHANCE:
            continue
        if FAN <= action < SWAT:
            fans += 1
            fanning = True
        elif SWAT <= action < PLACE:
            swats += 1
        elif action >= PLACE:
            flies += not fanning
            fanning = False
    packs = [seat["nasi_lemak"] for seat in view["players"]]
    flies_on = [seat["flies"] for seat in view["players"]]
    return Extract(
        end=ENDS.get(view["end"], str(view["end"])),
        stats={
            "flies_played": float(flies),
            "fans_played": float(fans),
            "swatters_played": float(swats),
            "flies_on_cards_at_end": float(sum(sum(flags) for flags in flies_on)),
            "nasi_lemak_cards_left": float(view["nasi_lemak_pile"]),
            "turns": float(view["turn"]),
        },
        seat_stats={
            "packs": tuple(float(sum(cards)) for cards in packs),
            "fly_free_packs": tuple(
                float(sum(n for n, fly in zip(cards, flags, strict=True) if not fly))
                for cards, flags in zip(packs, flies_on, strict=True)
            ),
        },
    )
