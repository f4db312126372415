"""Each game's rules as web pages: how to play, for players (/how-to-play/GAME), and the rules as
meja plays them, for designers (/rules/GAME). Both are Markdown shipped in meja/rules."""

from __future__ import annotations

import asyncio
import json
from html import escape

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from meja import rules as texts
from meja.core import Game, list_games
from meja.server.api.deps import LobbyDep
from meja.server.protocol import ApiError
from meja.server.sample_table import sample_table

MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
"""CommonMark with tables; raw HTML in a document is shown as text, never run."""

FIGURES = {
    "<p>{{table}}</p>": (
        '<figure class="howto-figure" data-howto-figure="table" hidden>\n'
        '<div class="howto-drawing"></div>\n'
        "<figcaption>A game in progress, as the table shows it to Aroha, the first player."
        "</figcaption>\n</figure>"
    ),
    "<p>{{pieces}}</p>": (
        '<ul class="howto-pieces" data-howto-figure="pieces"'
        ' aria-label="The pieces, as the table draws them" hidden></ul>'
    ),
}
"""Where a how-to-play text asks for a picture, on a line of its own: the sample table and its
pieces, drawn in the browser by the game's own renderer (web/js/how_to_play.js)."""

router = APIRouter()


def page(title: str, body: str, game: str | None = None, *, script: str = "") -> str:
    """A whole page in the lobby's look, with the way back to the lobby."""
    start = (
        f'<a class="button" href="/?game={escape(game)}#create-panel">Start a table</a>'
        if game
        else ""
    )
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{escape(title)} · meja</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/style.css">
  <link rel="stylesheet" href="/static/lobby.css">{script}
</head>
<body class="lobby-page">
  <header class="bar">
    <a href="/">meja</a>
    <span class="title">four tabletop games, one table</span>
  </header>
  <nav class="rules-nav" aria-label="Lobby">
    <a href="/">Back to the lobby</a>
    {start}
  </nav>
  <main class="rules">
{body}
  </main>
</body>
</html>
"""


def missing(title: str, message: str) -> HTMLResponse:
    """A 404 page that says what is missing, offers the rules there are, and links back to the
    lobby."""
    others = "".join(
        f'<li><a href="/rules/{game.name}">{escape(game.title)}</a></li>' for game in list_games()
    )
    body = f"<h1>{escape(title)}</h1>\n<p>{escape(message)}</p>\n<h2>Rules</h2>\n<ul>{others}</ul>"
    return HTMLResponse(page(title, body), status_code=404)


def unknown(name: str) -> HTMLResponse:
    """The page for a game this server does not have."""
    return missing("No such game", f"This server has no game called “{name[:40]}”.")


@router.get("/rules/{name}", include_in_schema=False)
async def rules(name: str, lobby: LobbyDep) -> HTMLResponse:
    """One game's rules as meja plays them; a clear 404 page for a game this server does not
    have."""
    try:
        game = lobby.game(name)
    except ApiError:
        return unknown(name)
    text = texts.as_implemented(game.name)
    if text is None:
        return missing(
            f"{game.title}: rules",
            f"The rules of {game.title} are not installed with this server.",
        )
    return HTMLResponse(page(f"{game.title}: rules", MARKDOWN.render(text), game.name))


def how_to_play_body(game: Game, text: str, sample: str) -> str:
    """The how-to-play text with its pictures' places, the link to the rules as implemented, and
    the sample table the pictures are drawn from."""
    body = MARKDOWN.render(text)
    for marker, figure in FIGURES.items():
        body = body.replace(marker, figure)
    more = (
        '<p class="howto-more">Designing a variant or checking a rule? '
        f'<a href="/rules/{escape(game.name)}">The rules as meja plays them</a> say how every '
        "unclear rule is read and which variants a table may choose.</p>"
    )
    data = sample.replace("</", "<\\/")
    return (
        f'<article class="howto" data-game="{escape(game.name)}">\n{body}{more}\n'
        f'<script type="application/json" class="howto-sample">{data}</script>\n</article>'
    )


@router.get("/how-to-play/{name}", include_in_schema=False)
async def how_to_play(name: str, lobby: LobbyDep) -> HTMLResponse:
    """How to play one game, for people new to it, with its pieces drawn as at the table."""
    try:
        game = lobby.game(name)
    except ApiError:
        return unknown(name)
    text = texts.how_to_play(game.name)
    if text is None:
        return missing(
            f"How to play {game.title}",
            f"How to play {game.title} is not installed with this server.",
        )
    sample = json.dumps(await asyncio.to_thread(sample_table, game))
    body = how_to_play_body(game, text, sample)
    script = '\n  <script type="module" src="/static/js/how_to_play.js"></script>'
    return HTMLResponse(page(f"How to play {game.title}", body, game.name, script=script))
