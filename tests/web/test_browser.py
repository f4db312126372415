"""A person plays whole games in Debian's chromium, by clicking the board, against fast bots."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from meja.core import GameRecord

WAIT_MS = 30_000
TURN_OR_END = (
    "document.body.dataset.yourTurn === 'yes'"
    " || !document.getElementById('result').classList.contains('hidden')"
)
MOVED = (
    "([step, selection]) => document.body.dataset.step !== step"
    " || document.body.dataset.selection !== selection"
)
BOT = {"kind": "bot", "bot": "random"}
GAMES = [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 3), ("mooncake", 3)]


def _wait(page: Page, condition: str, arg: Any = None) -> None:
    """Wait for condition; a timeout says what the page showed."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=WAIT_MS)
    except PlaywrightTimeout:
        shown = page.evaluate(
            "[document.getElementById('prompt').textContent,"
            " document.getElementById('error').textContent, document.body.dataset.step,"
            " document.body.dataset.selection, document.getElementById('status').textContent]"
        )
        raise AssertionError(f"the page did not move on; it showed {shown}") from None


def _click_through_game(page: Page, rng: random.Random, shot: Path) -> int:
    """Click a highlighted part of the board at every turn until the game ends."""
    clicks = 0
    while True:
        _wait(page, TURN_OR_END)
        if page.locator("#result").is_visible():
            return clicks
        marker = page.evaluate("[document.body.dataset.step, document.body.dataset.selection]")
        targets = page.locator("#board [data-action], #board [data-pick]")
        count = targets.count()
        moves = page.locator("#moves button").all_inner_texts()
        assert count > 0, f"legal moves {moves} but nothing on the board to click"
        targets.nth(rng.randrange(count)).click()
        clicks += 1
        if clicks in (3, 12):
            page.screenshot(path=shot, full_page=True)
        _wait(page, MOVED, marker)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_person_plays_a_whole_game_by_clicking(
    web: Any, page: Page, artifacts: Path, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    page.goto(table["seats"][0]["join_url"])
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("#board svg")).to_be_visible()
    clicks = _click_through_game(page, random.Random(7), artifacts / f"{game}-table.png")
    assert clicks >= 3
    expect(page.locator("#prompt")).to_contain_text("Game over")
    page.screenshot(path=artifacts / f"{game}-final.png", full_page=True)
    record = GameRecord.from_dict(web.http.get(f"/api/tables/{table['id']}/record").json())
    scores = record.replay().scores()
    shown = [page.locator(f'#result [data-score="{seat}"]').inner_text() for seat in range(players)]
    assert [float(text) for text in shown] == scores
    assert (artifacts / f"{game}-table.png").stat().st_size > 10_000
