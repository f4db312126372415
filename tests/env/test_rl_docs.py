"""docs/rl.md documents every observation field of every game, and every Gymnasium id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meja.core.registry import list_games
from meja.env import ENV_IDS
from meja.env.encoders import encoder_class

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def section(title: str) -> str:
    """The text of the docs section headed by the game's title."""
    text = DOC.read_text()
    start = text.index(f"### {title}\n")
    end = text.find("\n### ", start + 1)
    return text[start : end if end > 0 else len(text)]


@pytest.mark.parametrize("game", list_games(), ids=lambda game: game.name)
def test_every_field_of_the_observation_is_in_the_games_section(game) -> None:  # type: ignore[no-untyped-def]
    documented = set(re.findall(r"^\| `([a-z_0-9]+)` \|", section(game.title), re.MULTILINE))
    kind = encoder_class(game.name)
    for count in game.player_counts():
        layout = kind.fields(count, game.resolve_options(count, {}))
        names = [field.name for field in layout.fields]
        assert set(names) <= documented, f"{game.name} {count}p: undocumented fields"
        assert str(layout.size) in section(game.title), f"{game.name}: length {layout.size}"


def test_every_gymnasium_id_is_named() -> None:
    text = DOC.read_text()
    assert all(env_id in text for env_id in ENV_IDS)
