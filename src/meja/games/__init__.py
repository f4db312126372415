"""One package per game, each described by the GameSpec in its spec.py; SPECS lists them all."""

from __future__ import annotations

from typing import Any

from meja.core.spec import GameSpec
from meja.games.mooncake import SPEC as MOONCAKE
from meja.games.nasi_lemak import SPEC as NASI_LEMAK
from meja.games.peranakan import SPEC as PERANAKAN
from meja.games.te_kuiti import SPEC as TE_KUITI

SPECS: tuple[GameSpec[Any], ...] = (MOONCAKE, NASI_LEMAK, PERANAKAN, TE_KUITI)
