"""The rules of each game as meja plays them, as a web page: docs/rules/GAME.md in HTML."""

from __future__ import annotations

from html import escape
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from meja.core import list_games
from meja.server.api.deps import LobbyDep
from meja.server.protocol import ApiError

RULES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"
"""Where `meja rules` reads them too: the source tree's docs, which a wheel does not carry."""

MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
"""CommonMark with tables; raw HTML in a document is shown as text, never run."""

router = APIRouter()


def page(title: str, body: str, game: str | None = None) -> str:
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
  <link rel="stylesheet" href="/static/lobby.css">
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


@router.get("/rules/{name}", include_in_schema=False)
async def rules(name: str, lobby: LobbyDep) -> HTMLResponse:
    """One game's rules; a clear 404 page for a game this server does not have."""
    try:
        game = lobby.game(name)
    except ApiError:
        return missing("No such game", f"This server has no game called “{name[:40]}”.")
    path = RULES_DIR / f"{game.name}.md"
    if not path.is_file():
        return missing(
            f"{game.title}: rules",
            f"The rules of {game.title} are not installed with this server.",
        )
    body = MARKDOWN.render(path.read_text(encoding="utf-8"))
    return HTMLResponse(page(f"{game.title}: rules", body, game.name))
