"""Per-game heuristic bots: each module registers one Heuristic, listed here by game name."""

from __future__ import annotations

from meja.bots.heuristics.heuristic import Heuristic
from meja.bots.heuristics.mooncake import HEURISTIC as MOONCAKE
from meja.bots.heuristics.nasi_lemak import HEURISTIC as NASI_LEMAK
from meja.bots.heuristics.peranakan import HEURISTIC as PERANAKAN
from meja.bots.heuristics.te_kuiti import HEURISTIC as TE_KUITI

HEURISTICS: dict[str, Heuristic] = {
    "mooncake": MOONCAKE,
    "nasi_lemak": NASI_LEMAK,
    "peranakan": PERANAKAN,
    "te_kuiti": TE_KUITI,
}
