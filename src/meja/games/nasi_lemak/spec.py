"""Nasi Lemak's description for the front ends: text, the browser's card data, facts and the
end of the game in words."""

from __future__ import annotations

from dataclasses import asdict

from meja.core.spec import Drawing, GameSpec
from meja.games.nasi_lemak import facts, statistics, text, words
from meja.games.nasi_lemak.components import CARD_TYPES
from meja.games.nasi_lemak.game import NasiLemakGame
from meja.games.nasi_lemak.state import NasiLemakState

GAME = NasiLemakGame()

SPEC: GameSpec[NasiLemakState] = GameSpec(
    game=GAME,
    render_seat=text.render_seat,
    drawing=Drawing(1, {"CARD_TYPES": [asdict(card) for card in CARD_TYPES]}),
    facts=facts.facts,
    outcome=words.outcome,
    statistics=statistics.statistics,
    blurb=(
        "Collect the five ingredients of a Nasi Lemak, trade for what you lack and play action"
        " cards on the others. The first to hold five packs with no fly on them wins."
    ),
)
