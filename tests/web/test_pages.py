"""The lobby, reconnection, replays and phone-sized screens, in Debian's chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

BOT = {"kind": "bot", "bot": "random"}
PHONE = {"width": 390, "height": 844}


def test_the_lobby_creates_a_table_and_seats_you(web: Any, page: Page, artifacts: Path) -> None:
    page.goto(web.url + "/")
    page.select_option("#game", "te_kuiti")
    page.select_option("#players", "2")
    page.select_option('[data-seat-kind="1"]', "bot:random")
    page.fill('[data-seat-name="0"]', "Wiremu")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    assert page.locator("#seat-links li").count() == 1
    page.screenshot(path=artifacts / "lobby.png", full_page=True)
    page.click('[data-seat-link="0"]')
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator(".seat.you")).to_contain_text("Wiremu")
    expect(page.locator("#board svg")).to_be_visible()
    page.goto(web.url + "/")
    expect(page.locator("#my-tables")).to_contain_text("Te Kuiti")
    expect(page.locator("#open-tables")).to_contain_text("Wiremu")


def test_your_seats_lists_only_the_seat_this_browser_took(web: Any, page: Page) -> None:
    page.goto(web.url + "/")
    page.select_option("#game", "peranakan")
    page.select_option("#players", "3")
    page.select_option('[data-seat-kind="1"]', "human")
    page.select_option('[data-seat-kind="2"]', "bot:random")
    page.fill('[data-seat-name="0"]', "Mei")
    page.fill('[data-seat-name="1"]', "Arun")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    assert page.locator("#seat-links li").count() == 2
    expect(page.locator("#my-tables li")).to_have_count(1)
    expect(page.locator("#my-tables li")).to_contain_text("seat 1")
    expect(page.locator("#my-tables")).not_to_contain_text("seat 2")


def test_rule_options_are_offered_in_words(web: Any, page: Page) -> None:
    page.goto(web.url + "/")
    page.select_option("#game", "mooncake")
    page.click("#option-rows summary")
    options = page.locator("#option-rows")
    expect(options).to_contain_text("Half-yolk bonus")
    choices = page.locator('[data-option="half_yolk_bonus"] option').all_inner_texts()
    assert choices == ["Every cake", "Only cakes with a yolk"]
    shown = options.inner_text()
    assert "_" not in shown and "(M" not in shown, shown
    page.select_option('[data-option="half_yolk_bonus"]', label="Only cakes with a yolk")
    assert page.eval_on_selector('[data-option="half_yolk_bonus"]', "s => s.value") == (
        "cakes_with_yolk"
    )


def test_the_lobby_reports_a_refused_table_in_one_line(web: Any, browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(web.url + "/")
    page.select_option("#game", "peranakan")
    page.evaluate(
        "document.querySelector('[data-seat-kind=\"1\"]').add(new Option('x', 'bot:nobot'))"
    )
    page.select_option('[data-seat-kind="1"]', "bot:nobot")
    page.click("#create")
    expect(page.locator("#create-error")).to_contain_text("unknown bot 'nobot'")
    expect(page.locator("#created")).to_be_hidden()
    context.close()


def test_the_tab_title_says_when_it_is_your_turn(web: Any, page: Page) -> None:
    table = web.create("peranakan", [{"kind": "human"}, BOT])
    page.goto(table["seats"][0]["join_url"])
    expect(page.locator("body")).to_have_attribute("data-your-turn", "yes")
    expect(page).to_have_title("● Your turn · Peranakan: Tiles and Tactics · meja")
    watcher = page.context.new_page()
    watcher.goto(table["watch_url"])
    expect(watcher.locator("#status")).to_have_text("connected")
    expect(watcher).to_have_title("Peranakan: Tiles and Tactics · meja")
    watcher.close()


def test_a_dropped_connection_comes_back_by_itself(web: Any, page: Page) -> None:
    table = web.create("peranakan", [{"kind": "human"}, BOT])
    page.goto(table["seats"][0]["join_url"])
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("body")).to_have_attribute("data-your-turn", "yes")
    page.evaluate("window.meja.connection.drop()")
    expect(page.locator("body")).to_have_attribute("data-connection", "offline")
    expect(page.locator("#status")).to_have_text("connected")
    step = page.evaluate("document.body.dataset.step")
    page.locator("#board [data-action]").first.click()
    page.wait_for_function("(step) => document.body.dataset.step !== step", arg=step)


def test_a_finished_game_replays_step_by_step(web: Any, page: Page) -> None:
    table = web.create("te_kuiti", [BOT, BOT])
    page.goto(table["watch_url"])
    expect(page.locator("#result")).to_be_visible(timeout=30_000)
    expect(page.locator("#prompt")).to_contain_text("Game over")
    total = int(page.evaluate("document.body.dataset.step"))
    page.click("#replay-start")
    expect(page.locator("#prompt")).to_have_text(f"Replay: step 0 of {total}")
    expect(page.locator("#board svg")).to_be_visible()
    assert page.locator("#log li").count() == 0
    for step in (1, 2, 3):
        page.click("#replay-next")
        expect(page.locator("#prompt")).to_have_text(f"Replay: step {step} of {total}")
    page.click("#replay-end")
    expect(page.locator("#prompt")).to_contain_text("Game over")
    assert page.locator("#log li").count() > 3


@pytest.mark.parametrize("game", ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"])
def test_each_table_fits_a_phone(web: Any, browser: Browser, artifacts: Path, game: str) -> None:
    table = web.create(
        game, [{"kind": "human"}, BOT, BOT] if game != "te_kuiti" else [{"kind": "human"}, BOT]
    )
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.goto(table["seats"][0]["join_url"])
    expect(phone.locator("#board svg")).to_be_visible()
    expect(phone.locator("body")).to_have_attribute("data-your-turn", "yes")
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    phone.locator("#board [data-action], #board [data-pick]").first.tap()
    phone.screenshot(path=artifacts / f"{game}-phone.png", full_page=True)
    context.close()
