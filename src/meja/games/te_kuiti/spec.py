"""Te Kuiti's description for every front end: its text drawings, what the browser draws from,
and the facts and outcome of a finished game."""

from __future__ import annotations

from meja.core.spec import Drawing, GameSpec
from meja.games.te_kuiti import facts, statistics, text, words
from meja.games.te_kuiti.components import COLS, ROWS
from meja.games.te_kuiti.game import GAME
from meja.games.te_kuiti.state import TeKuitiState

SPEC: GameSpec[TeKuitiState] = GameSpec(
    game=GAME,
    render_seat=text.render_seat,
    drawing=Drawing(1, {"COLS": COLS, "ROWS": ROWS}),
    facts=facts.facts,
    outcome=words.outcome,
    statistics=statistics.statistics,
    blurb=(
        "Turn over face-down tiles to find matching sheep before the shepherd fences them in. "
        "Play one round as each role against a friend or a bot, or clear the field alone."
    ),
)
"""The field's size is all the browser reads: it lays out the grid from the view's cells."""
