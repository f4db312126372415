"""Write docs/rules/index/GAME.md for every game: which code carries each reading and which tests
pin it, from the labels cited in docstrings, comments and tests. Run it again after moving a rule.
"""

from __future__ import annotations

from pathlib import Path

from meja.core import load_game
from meja.rules.index import LABELS, build, checkout_tests, markdown

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules" / "index"


def main() -> None:
    """Regenerate every game's page and say which ones changed."""
    DOCS.mkdir(parents=True, exist_ok=True)
    for game in LABELS:
        page = DOCS / f"{game}.md"
        text = markdown(build(game, checkout_tests()), load_game(game).title)
        if not page.is_file() or page.read_text(encoding="utf-8") != text:
            page.write_text(text, encoding="utf-8")
            print(f"wrote {page.relative_to(DOCS.parents[2])}")


if __name__ == "__main__":
    main()
