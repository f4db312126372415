"""The lobby, reconnection, replays and phone-sized screens, in Debian's chromium."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

BOT = {"kind": "bot", "bot": "random"}
PHONE = {"width": 390, "height": 844}


def test_the_lobby_creates_a_table_and_seats_you(web: Any, page: Page, artifacts: Path) -> None:
    page.goto(web.url + "/")
    page.select_option("#game", "te_kuiti")
    page.select_option("#players", "2")
    page.select_option('[data-seat-kind="1"]', "bot:beginner")
    page.fill('[data-seat-name="0"]', "Wiremu")
    # A table seating a person is private unless made public: this one is, to be listed.
    expect(page.locator("#private")).to_be_checked()
    page.uncheck("#private")
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
    expect(page.locator("#open-tables")).to_contain_text("live · step")


def test_your_tables_lists_only_the_seat_this_browser_took(web: Any, page: Page) -> None:
    page.goto(web.url + "/")
    page.select_option("#game", "peranakan")
    page.select_option("#players", "3")
    page.select_option('[data-seat-kind="1"]', "human")
    page.select_option('[data-seat-kind="2"]', "bot:beginner")
    page.fill('[data-seat-name="0"]', "Mei")
    page.fill('[data-seat-name="1"]', "Arun")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    assert page.locator("#seat-links li").count() == 2
    expect(page.locator("#my-tables li")).to_have_count(1)
    expect(page.locator("#my-tables li")).to_contain_text("Mei (you), Arun")
    expect(page.locator("#my-tables")).not_to_contain_text("Arun (you)")


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


LOBBY_PROBLEMS = """(width) => {
  const problems = [];
  const visible = (node) => {
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    return style.visibility !== "hidden" && box.width > 0 && box.height > 0;
  };
  const parse = (colour) => colour.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (c) => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = (node) => {
    for (let up = node; up; up = up.parentElement) {
      const [r, g, b, a = 1] = parse(getComputedStyle(up).backgroundColor);
      if (a > 0) return [r, g, b];
    }
    return [255, 255, 255];
  };
  const name = (node) => `${node.tagName.toLowerCase()} "${node.textContent.trim().slice(0, 30)}"`;
  for (const node of document.body.querySelectorAll("*")) {
    if (!visible(node) || node.closest("svg")) continue;
    const box = node.getBoundingClientRect();
    if (box.left < -0.5 || box.right > width + 0.5) problems.push(`${name(node)} is off the edge`);
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (own && !node.closest(":disabled")) {
      const style = getComputedStyle(node);
      if (parseFloat(style.fontSize) < 12) problems.push(`${name(node)} is ${style.fontSize}`);
      const [fg, bg] = [luminance(parse(style.color)), luminance(background(node))];
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      if (ratio < 4.5) problems.push(`${name(node)} has contrast ${ratio.toFixed(2)}`);
    }
    const target = node.matches("a, button, select, input, summary") && !node.closest("p");
    if (target && (box.width < 24 || box.height < 24)) {
      problems.push(`${name(node)} is ${box.width.toFixed(0)}x${box.height.toFixed(0)} px`);
    }
  }
  const wide = document.documentElement.scrollWidth > width;
  if (wide) problems.push("the page is wider than the screen");
  return problems;
}"""


def _played_out(web: Any, seats: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table of bots, once its game is over, and its result as a spectator is shown it."""
    table = web.create("te_kuiti", seats)
    with connect("ws" + web.url.removeprefix("http") + f"/ws/tables/{table['id']}") as socket:
        socket.send(json.dumps({"type": "join"}))
        while True:
            message = json.loads(socket.recv(timeout=30))
            if message["type"] == "state" and message["result"]:
                return table, message["result"]


CARD_FACTS = {
    "peranakan": "2-5 players",
    "te_kuiti": "1 or 2 players",
    "nasi_lemak": "2-6 players",
    "mooncake": "2-6 players",
}


def test_each_game_has_a_card_that_invites(web: Any, page: Page) -> None:
    games = {game["name"]: game for game in web.http.get("/api/games").json()}
    page.goto(web.url + "/")
    cards = page.locator(".game-card")
    expect(cards).to_have_count(len(CARD_FACTS))
    for name, players in CARD_FACTS.items():
        card = page.locator(f'.game-card[data-game="{name}"]')
        expect(card.locator("h2")).to_have_text(games[name]["title"])
        expect(card.locator(".facts")).to_contain_text(players)
        expect(card.locator("[data-length]")).to_have_text(
            re.compile(r"^about \d+(-\d+)? minutes, \d+(-\d+)? turns each$")
        )
        expect(card.locator(".blurb")).to_have_text(games[name]["blurb"])
        picture = card.locator('svg[role="img"]')
        expect(picture).to_be_visible()
        assert picture.locator("rect, circle, path").count() > 5
        assert len(picture.get_attribute("aria-label") or "") > 20
        how_to_play = card.get_by_role("link", name=f"How to play {games[name]['title']}")
        expect(how_to_play).to_have_attribute("href", f"/how-to-play/{name}")
    page.locator('.game-card[data-game="te_kuiti"]').get_by_role("link").click()
    expect(page.locator("main.rules h1")).to_contain_text("Te Kuiti")
    page.get_by_role("link", name="Back to the lobby").click()
    page.locator('[data-start-game="nasi_lemak"]').click()
    expect(page.locator("#game")).to_have_value("nasi_lemak")
    expect(page.locator("#players")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator('[data-seat-kind="0"]')).to_be_focused()
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()


def test_a_finished_game_says_who_won_and_when_in_the_browsers_way(
    web: Any, browser: Browser
) -> None:
    table, result = _played_out(web, [{**BOT, "name": "Aroha"}, {**BOT, "name": "Tama"}])
    names = [["Aroha", "Tama"][seat] for seat in result["winners"]]
    said = {1: f"{names[0]} won", 2: "Aroha and Tama shared the win"}.get(len(names), "nobody won")
    listed = web.http.get("/api/tables", params={"status": "finished", "limit": 100}).json()
    [entry] = [t for t in listed["tables"] if t["id"] == table["id"]]
    ended = datetime.fromtimestamp(entry["finished_at"], ZoneInfo("Europe/Berlin"))
    context = browser.new_context(locale="de-DE", timezone_id="Europe/Berlin")
    page = context.new_page()
    page.goto(web.url + "/")
    row = page.locator("#finished-tables li", has=page.locator(f'a[href="/t/{table["id"]}"]'))
    expect(row).to_contain_text(f"Te Kuiti{said} · ended {ended:%d.%m.%Y, %H:%M}Replay")
    expect(row.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-\d\d-\d\dT"))
    expect(row.get_by_role("link", name="Replay")).to_be_visible()
    context.close()


@pytest.mark.parametrize(("size", "columns"), [("desktop", 4), ("phone", 1)])
def test_the_lobby_reads_well_on_a_desktop_and_a_phone(
    web: Any, browser: Browser, artifacts: Path, size: str, columns: int
) -> None:
    viewport = PHONE if size == "phone" else {"width": 1280, "height": 800}
    _played_out(web, [BOT, BOT])
    context = browser.new_context(viewport=viewport, is_mobile=size == "phone")
    page = context.new_page()
    page.goto(web.url + "/")
    expect(page.locator(".game-card svg")).to_have_count(4)
    expect(page.locator("#finished-tables a").first).to_be_visible()
    page.click("#option-rows summary")
    assert page.evaluate(LOBBY_PROBLEMS, viewport["width"]) == []
    lefts = page.eval_on_selector_all(
        ".game-card", "cards => new Set(cards.map((c) => c.getBoundingClientRect().left)).size"
    )
    assert lefts == columns
    page.screenshot(path=artifacts / f"lobby-{size}.png", full_page=True)
    context.close()
