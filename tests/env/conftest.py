"""Shared cases for the RL adapter tests: every game at its smallest and largest player count."""

from __future__ import annotations

import pytest

from meja.core.registry import list_games

EXTREMES = [
    (game.name, count)
    for game in list_games()
    for count in sorted({game.min_players, game.max_players})
]
"""(game, player count) at both ends of each game's range."""


@pytest.fixture(params=EXTREMES, ids=[f"{name}-{count}p" for name, count in EXTREMES])
def game_and_count(request: pytest.FixtureRequest) -> tuple[str, int]:
    """One game and player count."""
    return request.param
