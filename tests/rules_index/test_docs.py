"""docs/rules/index/GAME.md says what the code says now: a rule moved without regenerating fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from meja.core import load_game
from meja.rules.index import LABELS, build, checkout_tests, markdown

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game", LABELS)
def test_the_games_rule_index_page_is_up_to_date(game: str) -> None:
    page = DOCS / "index" / f"{game}.md"
    written = page.read_text(encoding="utf-8") if page.is_file() else ""
    now = markdown(build(game, checkout_tests()), load_game(game).title)
    assert written == now, f"{page} is out of date: run python scripts/rule_index.py"


def test_the_rules_readme_links_every_games_index_page() -> None:
    readme = (DOCS / "README.md").read_text(encoding="utf-8")
    for game in LABELS:
        assert f"(index/{game}.md)" in readme
