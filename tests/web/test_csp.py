"""The pages under their own Content-Security-Policy (the other browser tests bypass it, since
Playwright evaluates their string predicates): the lobby, a table played by clicking for a
while, and the rules pages load and run with no violation and no script error."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.conftest import DESKTOP, _instant_paces

BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture
def strict_page(browser: Any) -> Iterator[tuple[Page, list[str]]]:
    """A page that keeps the server's policy; every console error and script error noted."""
    raw: Browser = browser.browser
    context = raw.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.route("**/api/limits", _instant_paces)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield tab, errors
    context.close()


def test_the_pages_work_under_their_policy(web: Any, strict_page: tuple[Page, list[str]]) -> None:
    page, errors = strict_page
    answer = page.goto(web.url + "/")
    assert answer is not None
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    expect(page.locator("form, #create").first).to_be_visible()
    table = web.create("te_kuiti", [{"kind": "human", "name": "Ana"}, BOT])
    page.goto(table["seats"][0]["join_url"])
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("#board svg")).to_be_visible()
    rng = random.Random(3)
    turn_or_end = page.locator("body[data-your-turn='yes'], #result:not(.hidden)")
    for _ in range(15):
        expect(turn_or_end.first).to_be_attached(timeout=20_000)
        if page.locator("#result").is_visible():
            break
        body = page.locator("body")
        step, selection = body.get_attribute("data-step"), body.get_attribute("data-selection")
        targets = page.locator("#board [data-action], #board [data-pick]")
        targets.nth(rng.randrange(targets.count())).click()
        moved = page.locator(
            f"body:not([data-step='{step}']), body:not([data-selection='{selection}'])"
        )
        expect(moved).to_be_attached(timeout=20_000)
    for path in ("/rules/te_kuiti", "/how-to-play/te_kuiti"):
        page.goto(web.url + path)
        expect(page.locator("h1").first).to_be_visible()
    assert errors == [], errors
