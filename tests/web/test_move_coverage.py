"""Every legal move of every decision has a highlighted target a person can see and click.

A whole game is played by clicks at 1280x800: at each decision of the human seat, every move
the server lists must be reachable by clicking highlighted parts of the board inside the window,
without the page having scrolled, and the move sent must be the one that was clicked. On a
phone the board is taller than the screen, so the page must bring each decision into view.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

BOT = {"kind": "bot", "bot": "random"}
GAMES = [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 3), ("mooncake", 3)]
OTHER_COUNTS = [
    ("te_kuiti", 1),
    ("peranakan", 5),
    ("nasi_lemak", 2),
    ("nasi_lemak", 6),
    ("mooncake", 2),
    ("mooncake", 6),
]
"""The fewest and the most players of each game, beyond the counts above."""


@pytest.mark.parametrize(("game", "players"), GAMES + OTHER_COUNTS)
def test_every_legal_move_has_a_highlighted_target_in_the_window(
    web: Any, driver: Any, artifacts: Path, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    driver.open(table["seats"][0]["join_url"])
    rng = random.Random(11)
    decisions = driver.play_randomly(rng, shots=artifacts / f"{game}-{players}p-decision")
    for decision in decisions:
        assert decision.scroll_y == 0, f"{decision.name}: the page had scrolled to see it"
    assert len(decisions) >= 3
    driver.page.screenshot(path=artifacts / f"{game}-{players}p-final.png")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_phone_brings_every_decision_into_view(
    web: Any, phone_driver: Any, artifacts: Path, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    phone_driver.open(table["seats"][0]["join_url"])
    shots = artifacts / f"{game}-phone-decision"
    decisions = phone_driver.play_randomly(random.Random(5), shots=shots, every_move=False)
    assert len(decisions) >= 3
    for decision in decisions:
        if decision.prompt_fits:
            assert decision.prompt_shown, f"{decision.name}: the prompt was scrolled away"
