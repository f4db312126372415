"""Peranakan's description for every front end: text, the browser's drawing data, facts."""

from __future__ import annotations

from meja.core.spec import Drawing, GameSpec, Outcome
from meja.games.peranakan import components as c
from meja.games.peranakan import facts, text
from meja.games.peranakan.game import GAME
from meja.games.peranakan.state import PeranakanState

DRAWING = Drawing(
    1,
    {
        "KUEH_TYPES": c.KUEH_TYPES,
        "KUEH_LETTERS": c.KUEH_LETTERS,
        "KUEH_NAMES": c.KUEH_NAMES,
        "PATTERNS": c.PATTERNS,
        "PATTERN_LETTERS": c.PATTERN_LETTERS,
        "SUPPLY_NEXT_TO": c.SUPPLY_NEXT_TO,
        "WILD": c.WILD,
        "WILD_LETTER": c.WILD_LETTER,
        "MARKET_POSITIONS": c.MARKET_POSITIONS,
        "COLUMN_LETTERS": c.COLUMN_LETTERS,
        "BOARD_ROWS": c.BOARD_ROWS,
        "BOARD_COLS": c.BOARD_COLS,
    },
)
"""The printed pieces web/js/games/peranakan.js draws the market, tiles and board from."""

SPEC: GameSpec[PeranakanState] = GameSpec(
    game=GAME,
    render_seat=text.render_seat,
    drawing=DRAWING,
    facts=facts.facts,
    outcome=lambda state: Outcome("sets of Kueh"),
    blurb=(
        "Lay patterned tiles on a shared Peranakan floor and gather Kueh each turn. Place a "
        "Nyonya or a Baba where the tiles around will fill, and collect the most complete sets."
    ),
)
