"""Peranakan's description for every front end: text, the browser's drawing data, facts."""

from __future__ import annotations

from meja.core.spec import Drawing, GameSpec
from meja.games.peranakan import components as c
from meja.games.peranakan import facts, statistics, text, words
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
    outcome=words.outcome,
    statistics=statistics.statistics,
    blurb=(
        "Each turn take a patterned tile and a Kueh, and lay the tile on a shared floor. Your "
        "Nyonyas and Babas collect more Kueh once the tiles around them fill: the most sets of "
        "four different Kueh wins."
    ),
)
