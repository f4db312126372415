"""Every legal move of every decision has a highlighted target a person can see and click.

A whole game is played by clicks at 1280x800: at each decision of the human seat, every move
the server lists must be reachable by clicking highlighted parts of the board inside the window,
without the page having scrolled, and the move sent must be the one that was clicked. On a
phone the board is taller than the screen, so the page must bring each decision into view.
"""

from __future__ import annotations

import math
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


REACH = """() => {
  const prompt = document.getElementById("prompt").getBoundingClientRect();
  const targets = "#board [data-action], #board [data-pick], #board [data-clear]";
  const boxes = [...document.querySelectorAll(targets)]
    .map((node) => node.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
  return [prompt.top, Math.max(...boxes.map((box) => box.bottom)), innerHeight];
}"""
"""The prompt's top, the lowest target's bottom and the window's height, in window px."""


@pytest.mark.parametrize("spare", [2, 6, 12])
def test_a_decision_that_only_just_fits_a_phone_shows_its_prompt_and_every_target(
    web: Any, phone_driver: Any, spare: int
) -> None:
    table = web.create("nasi_lemak", [{"kind": "human", "name": "Ana"}, BOT])
    phone_driver.open(table["seats"][0]["join_url"])
    assert phone_driver.wait_for_turn()
    page = phone_driver.page
    top, lowest, _ = page.evaluate(REACH)
    page.set_viewport_size({"width": 390, "height": math.ceil(lowest - top) + spare})
    page.evaluate("() => { window.scrollTo(0, 0); window.meja.choose([]); }")
    top, lowest, height = page.evaluate(REACH)
    assert top >= 0, f"the prompt starts {-top:.1f} px above the window"
    assert lowest <= height, f"a target ends {lowest - height:.1f} px below the window"
