"""How to play, at the table and on its own page, in Debian's chromium: the Rules button opens
the game's how-to-play over the table while the game goes on underneath, the keyboard stays in it
until Escape or Close gives it back, and every page draws its pieces with the table's renderer, at
1280x800 and on a 390x844 phone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from tests.cli.plain_words import engine_codes
from tests.web.conftest import JOINED

TITLES = {
    "peranakan": "Peranakan: Tiles and Tactics",
    "te_kuiti": "Te Kuiti",
    "nasi_lemak": "Nasi Lemak: The Game",
    "mooncake": "Mooncake Master",
}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
HEADINGS = ("The goal", "The pieces", "A turn", "How it ends", "Scoring")
LEAST_PIECES = 3
"""Kinds of piece every game's pictures show at least (its tiles, cards or sheep, and more)."""
WAIT_S = 30

# The words of a how-to-play text under root, its pictures' own drawings left out but the
# names under its pieces kept.
TEXT = """(root) => {
  const copy = root.cloneNode(true);
  for (const drawing of copy.querySelectorAll("svg, script")) drawing.remove();
  return copy.textContent;
}"""

# What reads or presses badly in the how-to-play under root (a dialog or a page's article):
# anything past the window, text wider than its box, prose under 12 px, controls under 24x24.
PROBLEMS = """(root) => {
  const out = [];
  const box = root.getBoundingClientRect();
  if (box.left < -1 || box.right > innerWidth + 1) {
    out.push(`reaches past the window: ${box.left}-${box.right} of ${innerWidth}`);
  }
  if (root.tagName === "DIALOG" && (box.top < -1 || box.bottom > innerHeight + 1)) {
    out.push(`taller than the window: ${box.top}-${box.bottom} of ${innerHeight}`);
  }
  for (const part of [root, ...root.querySelectorAll("*")]) {
    if (part.closest("svg")) continue;
    const style = getComputedStyle(part);
    if (part.scrollWidth > part.clientWidth + 1 && style.overflowX === "visible") {
      out.push(`${part.tagName}.${part.className} is wider than its box`);
    }
    const own = [...part.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
    if (own && parseFloat(style.fontSize) < 12) {
      out.push(`text under 12 px: ${part.textContent.slice(0, 40)}`);
    }
  }
  for (const control of root.querySelectorAll("button, a")) {
    if (control.closest("p, li, td")) continue;  // a link in a sentence is as tall as its line
    const size = control.getBoundingClientRect();
    if (size.width && (size.width < 24 || size.height < 24)) {
      out.push(`${control.textContent} is ${size.width}x${size.height} px`);
    }
  }
  return out;
}"""

# The pieces drawn: each with a name and a drawing that shows something.
PIECES = """(root) => [...root.querySelectorAll(".howto-pieces li")].map((item) => {
  const drawing = item.querySelector("svg").getBoundingClientRect();
  const shape = item.querySelector("svg g").getBBox();
  return {
    name: item.querySelector("span").textContent,
    shown: drawing.width > 20 && drawing.height > 20 && shape.width > 0,
  };
})"""
INSIDE = "document.getElementById('rules-dialog').contains(document.activeElement)"


def serious(page: Page, within: str) -> list[str]:
    """Every serious or critical axe-core violation inside the element within."""
    response = Axe().run(page, context=within).response
    return [
        f"{violation['id']} at {node['target']}"
        for violation in response["violations"]
        if violation["impact"] in {"serious", "critical"}
        for node in violation["nodes"]
    ]


@contextmanager
def window(browser: Browser, size: str) -> Iterator[Page]:
    """A page at size (a touch screen for the phone) whose script errors fail the test."""
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield page
    context.close()
    assert errors == [], errors


def bot_moves(page: Page) -> int:
    """How many steps of the bot (seat 1) the table page has drawn into its log."""
    return int(page.evaluate("window.meja.page.log.filter((entry) => entry.player === 1).length"))


def play_until_the_bot_moves(table: Any, page: Page) -> None:
    """Play the person's seat over HTTP, as from another device, until a bot move is drawn."""
    seen = bot_moves(page)
    deadline = time.monotonic() + WAIT_S
    while bot_moves(page) <= seen:
        assert time.monotonic() < deadline, "no move of the bot reached the table page"
        state = table.state(0)
        if state["legal"] and not state["result"]:
            table.move(0, state["legal"][0]["action"], state, at_step=False)
        else:
            page.wait_for_timeout(50)


def connected(page: Page) -> bool:
    """Whether the table page is connected to its table."""
    return bool(page.evaluate("document.body.dataset.connection === 'online'"))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", TITLES)
def test_the_rules_open_over_the_table_and_the_game_goes_on(
    human_table: Any, browser: Browser, artifacts: Path, game: str, size: str
) -> None:
    table = human_table(game, 1, ["Mei"], bots=1)
    with window(browser, size) as page:
        page.goto(table.url(0))
        page.wait_for_function(JOINED)
        button = page.locator("#rules-button")
        expect(button).to_be_enabled()
        button.focus()
        page.keyboard.press("Enter")
        dialog = page.locator("#rules-dialog")
        expect(dialog).to_be_visible()
        page.wait_for_function(
            "(game) => document.getElementById('rules-dialog').dataset.loaded === game", arg=game
        )
        expect(page.locator("#rules-dialog-title")).to_have_text(f"How to play {TITLES[game]}")
        for heading in HEADINGS:
            expect(dialog.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        expect(dialog.get_by_role("heading", name="An example", exact=False)).to_be_visible()
        # The pictures are the table's own: its renderer draws a game and the pieces in it.
        expect(dialog.locator(".howto-drawing svg")).to_be_visible()
        pieces = dialog.evaluate(PIECES)
        assert len(pieces) >= LEAST_PIECES, pieces
        assert all(piece["name"] and piece["shown"] for piece in pieces), pieces
        assert engine_codes(game, dialog.evaluate(TEXT)) == []
        expect(dialog.get_by_role("link", name="The rules as meja plays them")).to_have_attribute(
            "target", "_blank"
        )
        assert dialog.evaluate(PROBLEMS) == []
        assert serious(page, "#rules-dialog") == []
        page.screenshot(path=artifacts / f"how-to-play-dialog-{game}-{size}.png")
        # The keyboard goes round the dialog and never reaches the table under it.
        for _ in range(8):
            page.keyboard.press("Tab")
            assert page.evaluate(INSIDE)
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(INSIDE)
        # The game goes on underneath: the bot's move arrives and is drawn while the rules show.
        play_until_the_bot_moves(table, page)
        expect(dialog).to_be_visible()
        assert connected(page)
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        assert page.evaluate("document.activeElement.id") == "rules-button"
        # and after it closes, with the table still connected.
        play_until_the_bot_moves(table, page)
        assert connected(page)
        expect(page.locator("#status")).to_have_text("connected")
        # Opened again, it shows at once; Close gives the keyboard back too.
        button.click()
        expect(dialog.locator(".howto-pieces")).to_be_visible()
        dialog.get_by_role("button", name="Close").click()
        expect(dialog).to_be_hidden()
        assert page.evaluate("document.activeElement.id") == "rules-button"


@pytest.mark.parametrize("size", SIZES)
def test_each_how_to_play_page_draws_its_pieces_as_the_table_does(
    web: Any, browser: Browser, artifacts: Path, size: str
) -> None:
    with window(browser, size) as page:
        for game, title in TITLES.items():
            page.goto(f"{web.url}/how-to-play/{game}")
            expect(page.locator("h1")).to_have_text(f"How to play {title}")
            expect(page.locator(".howto-pieces")).to_be_visible()
            expect(page.locator(".howto-drawing svg")).to_be_visible()
            article = page.locator("article.howto")
            pieces = article.evaluate(PIECES)
            assert len(pieces) >= LEAST_PIECES, pieces
            assert all(piece["name"] and piece["shown"] for piece in pieces), pieces
            assert engine_codes(game, article.evaluate(TEXT)) == []
            assert article.evaluate(PROBLEMS) == []
            assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
            assert serious(page, "main") == []
            page.screenshot(path=artifacts / f"how-to-play-{game}-{size}.png", full_page=True)
            page.get_by_role("link", name="The rules as meja plays them").click()
            expect(page.locator("main.rules h1")).to_contain_text(title)


def test_each_game_card_in_the_lobby_links_how_to_play(web: Any, page: Page) -> None:
    page.goto(web.url + "/")
    for game, title in TITLES.items():
        card = page.locator(f'.game-card[data-game="{game}"]')
        expect(card.get_by_role("link", name=f"How to play {title}")).to_have_attribute(
            "href", f"/how-to-play/{game}"
        )
    page.locator('.game-card[data-game="mooncake"]').get_by_role("link").click()
    expect(page.locator("h1")).to_have_text("How to play Mooncake Master")
