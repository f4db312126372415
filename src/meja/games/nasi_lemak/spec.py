"""Nasi Lemak's description for the front ends: text, the browser's card data, and facts."""

from __future__ import annotations

from dataclasses import asdict

from meja.core.spec import Drawing, GameSpec, Outcome
from meja.games.nasi_lemak import facts, text
from meja.games.nasi_lemak.components import CARD_TYPES
from meja.games.nasi_lemak.game import NasiLemakGame
from meja.games.nasi_lemak.state import NasiLemakState

GAME = NasiLemakGame()

SPEC: GameSpec[NasiLemakState] = GameSpec(
    game=GAME,
    render_seat=text.render_seat,
    drawing=Drawing(1, {"CARD_TYPES": [asdict(card) for card in CARD_TYPES]}),
    facts=facts.facts,
    outcome=lambda state: Outcome("packs"),
    blurb=(
        "Collect rice, egg, peanuts, sambal and cucumber, trade for what you lack and play action"
        " cards on the others. Hold five packs of Nasi Lemak with no fly on them to win."
    ),
)
