"""Golden playthroughs: every registered game has transcripts and still produces them exactly."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from meja.core import Game, list_games
from meja.core.playthrough import Configuration, configurations, transcript

DIR = Path(__file__).parent / "playthroughs"
CASES = [
    pytest.param(game, config, id=config.filename)
    for game in list_games()
    for config in configurations(game)
]


@pytest.mark.parametrize(("game", "config"), CASES)
def test_playthrough_matches_golden_transcript(game: Game, config: Configuration) -> None:
    path = DIR / config.filename
    assert path.is_file(), f"{path.name} is missing: run `make playthroughs`"
    expected = path.read_text(encoding="utf-8")
    actual = transcript(game, config)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail("playthrough changed:\n" + "\n".join(list(diff)[:60]))


def test_every_registered_game_has_a_golden_playthrough() -> None:
    names = {path.name.split("-")[0] for path in DIR.glob("*.txt")}
    missing = [game.name for game in list_games() if game.name not in names]
    assert list_games() and not missing, f"no golden playthrough for {missing}"
