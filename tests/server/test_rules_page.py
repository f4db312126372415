"""Each game's rules as a web page, from docs/rules, with the way back to the lobby."""

from __future__ import annotations

from typing import Any

import pytest

GAMES = {
    "peranakan": "Peranakan: Tiles and Tactics",
    "te_kuiti": "Te Kuiti",
    "nasi_lemak": "Nasi Lemak: The Game",
    "mooncake": "Mooncake Master",
}


@pytest.mark.parametrize(("game", "title"), GAMES.items())
def test_each_game_has_a_readable_rules_page(live: Any, game: str, title: str) -> None:
    answer = live.http.get(f"/rules/{game}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    page = answer.text
    assert '<html lang="en">' in page
    assert f"<title>{title}: rules · meja</title>" in page
    assert "<h1>" in page and "<h2>Components</h2>" in page
    assert "<table>" in page and "<td>" in page
    assert '<a href="/">Back to the lobby</a>' in page
    assert f'href="/?game={game}#create-panel"' in page
    assert "](" not in page and "\n## " not in page


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/rules/chess", "This server has no game called “chess”."),
        ("/rules/toy", "The rules of Toy Cards are not installed with this server."),
    ],
)
def test_a_game_without_rules_gets_a_page_that_says_so(live: Any, path: str, words: str) -> None:
    answer = live.http.get(path)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert words in answer.text
    assert '<a href="/">Back to the lobby</a>' in answer.text
    assert '<a href="/rules/mooncake">Mooncake Master</a>' in answer.text
