"""Bots by level in the browser: the lobby offers them in words, and the table and the lobby's
lists name a bot seat by its level, in Debian's chromium."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect
from tests.web.conftest import WAIT_MS

SPEC_WORDS = re.compile(r"ismcts|heuristic|random", re.IGNORECASE)
SEAT_ONE = '[data-seat-kind="1"]'


def _levels(web: Any) -> list[dict[str, str]]:
    """The levels the server offers, weakest first."""
    return list(web.http.get("/api/bots").json()["levels"])


def _lobby(web: Any, page: Page, game: str = "te_kuiti") -> None:
    """The lobby with game chosen, once its seats offer the levels."""
    page.goto(f"{web.url}/?game={game}")
    expect(page.locator(f'{SEAT_ONE} option[value="bot:expert"]')).to_be_attached()


def test_the_lobby_offers_the_four_levels_weakest_first(web: Any, page: Page) -> None:
    levels = _levels(web)
    _lobby(web, page)
    seat = page.locator(SEAT_ONE)
    texts = seat.locator("option").all_inner_texts()
    assert texts == [
        "You",
        "A friend",
        "Bot: Beginner",
        "Bot: Casual",
        "Bot: Strong",
        "Bot: Expert",
    ]
    titles = [seat.locator(f'option[value="bot:{level["name"]}"]') for level in levels]
    for option, level in zip(titles, levels, strict=True):
        expect(option).to_have_attribute("title", level["words"])
    # A new bot seat plays at Casual, and the line under it says how that plays.
    expect(seat).to_have_value("bot:casual")
    expect(page.locator('[data-seat-hint="1"]')).to_have_text("Casual: plays the obvious good move")
    expect(page.locator('[data-seat-hint="0"]')).to_be_hidden()
    page.select_option(SEAT_ONE, "bot:expert")
    expect(page.locator('[data-seat-hint="1"]')).to_have_text(
        "Expert: thinks ahead three times as long"
    )


def test_the_lobby_never_names_a_bot_by_its_spec(web: Any, page: Page) -> None:
    _lobby(web, page, "peranakan")
    page.select_option("#players", "4")
    budget = page.locator("#bot-budget")
    # Once the server's limits are in (the lists drawn after them), and no seat searches yet.
    expect(page.locator("#open-tables")).not_to_contain_text("Loading")
    expect(budget).to_be_hidden()
    page.select_option('[data-seat-kind="2"]', "bot:strong")
    expect(budget).to_be_visible()
    expect(budget).to_contain_text("Strong and Expert bots think for at most")
    seats = page.locator("[data-seat-kind] option")
    said = seats.all_inner_texts() + [
        seats.nth(i).get_attribute("title") or "" for i in range(seats.count())
    ]
    said += [*page.locator("[data-seat-hint]").all_inner_texts(), budget.inner_text()]
    assert [text for text in said if SPEC_WORDS.search(text)] == []
    # Nowhere else in the lobby either, whatever the game ("random" is also plain English
    # there: a starting seat "drawn at random").
    for game in ("peranakan", "te_kuiti", "nasi_lemak", "mooncake"):
        page.select_option("#game", game)
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        shown = page.evaluate(
            "document.body.innerText + ' ' + [...document.querySelectorAll('[title]')]"
            ".map((node) => node.title).join(' ')"
        )
        assert re.findall(r"ismcts|heuristic", shown, re.IGNORECASE) == [], game


def test_a_strong_bot_seat_plays_and_is_shown_by_its_level(web: Any, page: Page) -> None:
    _lobby(web, page)
    page.select_option("#players", "2")
    page.select_option('[data-seat-kind="0"]', "bot:strong")
    page.select_option(SEAT_ONE, "you")
    page.fill('[data-seat-name="1"]', "Aroha")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    link = page.locator('[data-seat-link="1"]').get_attribute("href")
    assert link is not None
    table_id = link.split("/t/")[1].split("#")[0]
    assert web.http.get(f"/api/tables/{table_id}").json()["seats"][0]["bot"] == "strong"
    # Your tables names the bot by its level.
    expect(page.locator(f'#my-tables [data-your-table="{table_id}"]')).to_contain_text(
        "Bot 1 (Strong bot), Aroha (you)"
    )
    page.goto(link)
    expect(page.locator("#status")).to_have_text("connected")
    # The Strong bot starts: the game is under way once it is Aroha's turn.
    page.wait_for_function("document.body.dataset.yourTurn === 'yes'", timeout=WAIT_MS)
    bot = page.locator('.seat[data-seat="0"] .badge')
    expect(bot).to_have_text("Strong bot")
    expect(bot).to_have_attribute("title", "Strong: thinks ahead before each move")
    assert not SPEC_WORDS.search(page.locator("#seats").inner_text())


def test_a_table_made_with_a_bot_spec_shows_the_spec(web: Any, page: Page) -> None:
    table = web.create("te_kuiti", [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    page.goto(table["seats"][0]["join_url"])
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator('.seat[data-seat="1"] .badge')).to_have_text("bot: heuristic")
