"""Each game's rules in words, shipped inside the package so an installed meja has them too.

`GAME.md` is the rules as meja plays them, for designers: every reading of an unclear rule, the
options, what each seat is told (`meja rules GAME`, the page /rules/GAME). `how_to_play/GAME.md`
is for players who have never seen the box: the goal, the pieces, a turn, the end and scoring
with an example (/how-to-play/GAME, and the Rules button at the table).
"""

from __future__ import annotations

from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent
"""The rules as implemented, one Markdown file per game."""

HOW_TO_PLAY_DIR = RULES_DIR / "how_to_play"
"""How to play, one Markdown file per game."""


def _read(path: Path) -> str | None:
    """The text of path, or None when it is not there."""
    return path.read_text(encoding="utf-8") if path.is_file() else None


def as_implemented(game: str) -> str | None:
    """The rules of game as meja plays them, or None for a game without them."""
    return _read(RULES_DIR / f"{game}.md")


def how_to_play(game: str) -> str | None:
    """How to play game, for players, or None for a game without it."""
    return _read(HOW_TO_PLAY_DIR / f"{game}.md")
