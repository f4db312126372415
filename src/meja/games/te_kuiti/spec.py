"""Te Kuiti's description for every front end: its text drawings, what the browser draws from
and the facts of a finished game."""

from __future__ import annotations

from meja.core.spec import Drawing, GameSpec, Outcome
from meja.games.te_kuiti import facts, text
from meja.games.te_kuiti.components import COLS, ROWS
from meja.games.te_kuiti.game import GAME
from meja.games.te_kuiti.state import TeKuitiState

SPEC: GameSpec[TeKuitiState] = GameSpec(
    game=GAME,
    render_seat=text.render_seat,
    drawing=Drawing(1, {"COLS": COLS, "ROWS": ROWS}),
    facts=facts.facts,
    outcome=lambda state: Outcome("points"),
    blurb=(
        "A memory game on a field of face-down sheep tiles. The shepherd fences tiles in while "
        "the sheep player turns them over for matching pairs; then you swap."
    ),
)
"""The field's size is all the browser reads: it lays out the grid from the view's cells."""
