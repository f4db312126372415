"""The encoder of each game, listed by hand as meja.games.SPECS lists the games."""

from __future__ import annotations

from meja.env.encoders.mooncake import MooncakeEncoder
from meja.env.encoders.nasi_lemak import NasiLemakEncoder
from meja.env.encoders.peranakan import PeranakanEncoder
from meja.env.encoders.te_kuiti import TeKuitiEncoder
from meja.env.encoding import Encoder

ENCODERS: dict[str, type[Encoder]] = {
    "mooncake": MooncakeEncoder,
    "nasi_lemak": NasiLemakEncoder,
    "peranakan": PeranakanEncoder,
    "te_kuiti": TeKuitiEncoder,
}


def encoder_class(game: str) -> type[Encoder]:
    """The encoder for the game called game; ValueError for a game with none."""
    if game not in ENCODERS:
        raise ValueError(f"no observation encoding for {game!r} (known: {', '.join(ENCODERS)})")
    return ENCODERS[game]
