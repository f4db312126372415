"""The lobby and every game's table work for everyone: an axe-core audit finds nothing serious
or critical at 1280x800 and at a phone's 390x844, and on the phone every text is at least 12 px
high, every move target at least 24x24 px, and nothing reaches past the window's edge; each
seat's colour stands out from where its dot is drawn, and carries the seat's mark.

Each table is audited mid-game: a few moves in, with the human seat to move.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

BOT = {"kind": "bot", "bot": "random"}
GAMES = [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 3), ("mooncake", 3)]
BAD = {"serious", "critical"}
MOVES_IN = 3
"""Moves the human seat makes before the table is audited."""


def _serious(page: Page) -> list[str]:
    """Every serious or critical axe-core violation on the page, with the nodes it is on."""
    response = Axe().run(page).response
    out = []
    for violation in response["violations"]:
        if violation["impact"] not in BAD:
            continue
        for node in violation["nodes"]:
            summary = " ".join(node.get("failureSummary", "").split())
            out.append(f"{violation['id']} ({violation['impact']}) at {node['target']}: {summary}")
    return out


def _mid_game(web: Any, driver: Any, game: str, players: int) -> None:
    """Open a new table as its human seat and play a few random moves, up to the next turn."""
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    driver.open(table["seats"][0]["join_url"])
    rng = random.Random(2)
    for _ in range(MOVES_IN):
        assert driver.wait_for_turn(), "the game ended before the audit"
        decision = driver.decision()
        driver.play(decision, rng.choice(sorted(decision.paths)))
    assert driver.wait_for_turn(), "the game ended before the audit"


def test_the_lobby_passes_the_audit(web: Any, sized_driver: Any, artifacts: Path) -> None:
    page = sized_driver.page
    page.goto(web.url + "/")
    page.wait_for_function("document.getElementById('game').options.length > 0")
    size = page.viewport_size
    assert size is not None
    page.screenshot(path=artifacts / f"lobby-{size['width']}x{size['height']}.png", full_page=True)
    found = _serious(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_each_table_mid_game_passes_the_audit(
    web: Any, sized_driver: Any, artifacts: Path, game: str, players: int
) -> None:
    _mid_game(web, sized_driver, game, players)
    page = sized_driver.page
    size = page.viewport_size
    assert size is not None
    page.screenshot(path=artifacts / f"{game}-mid-game-{size['width']}x{size['height']}.png")
    found = _serious(page)
    assert not found, f"{game}:\n" + "\n".join(found)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_each_table_mid_game_reads_and_presses_on_a_phone(
    web: Any, phone_driver: Any, artifacts: Path, game: str, players: int
) -> None:
    _mid_game(web, phone_driver, game, players)
    phone_driver.page.screenshot(path=artifacts / f"{game}-phone-full.png", full_page=True)
    found = phone_driver.small_screen_problems(smallest=12, target=24)
    assert not found, f"{game} at 390x844:\n" + "\n".join(found)


CONTRAST = """async () => {
  const { SEAT_COLOURS } = await import('/static/js/svg.js');
  const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const hex = (text) => [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
  const lum = (c) => c.map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const grounds = ['html', '.panel', '.seat'].map((selector) =>
    [selector, rgb(getComputedStyle(document.querySelector(selector)).backgroundColor)]);
  return SEAT_COLOURS.flatMap((colour) => grounds.map(([selector, ground]) =>
    [colour, selector, ratio(hex(colour), ground)]));
}"""
"""Each seat colour's contrast against the page, a panel and a seat's chip in the seat bar."""


def test_every_seat_colour_stands_out_from_where_its_dot_is_drawn(web: Any, page: Page) -> None:
    table = web.create("te_kuiti", [{"kind": "human", "name": "Ana"}, BOT])
    page.goto(table["seats"][0]["join_url"])
    page.wait_for_selector(".seat .dot")
    ratios = page.evaluate(CONTRAST)
    assert len(ratios) == 6 * 3
    faint = [
        f"{colour} on {ground}: {ratio:.2f}:1" for colour, ground, ratio in ratios if ratio < 4.5
    ]

    assert not faint, "\n".join(faint)


SEAT_MARKS = """() => [...document.querySelectorAll('.seat .dot')].map((dot) => ({
  mark: dot.textContent,
  hidden: dot.getAttribute('aria-hidden'),
  size: parseFloat(getComputedStyle(dot).fontSize),
  fits: dot.scrollWidth <= dot.clientWidth,
}))"""
"""What each dot of the seat bar shows: its mark, whether it is hidden from screen readers (the
name beside it says the same), its font size and whether the mark fits on it."""


def test_each_seat_dot_carries_the_seats_mark(web: Any, page: Page) -> None:
    """Colour is never the only difference between seats (WCAG 1.4.1): each seat's dot in the
    seat bar carries its initial, a bot its number with it, and two seats of one initial their
    seats' numbers; the mark is at least 12 px and fits on the dot."""
    seats = [{"kind": "human", "name": name} for name in ("Ana", "aroha", "Wiremu")]
    table = web.create("peranakan", [seats[0], seats[1], BOT, seats[2]])
    page.goto(table["seats"][0]["join_url"])
    page.wait_for_selector(".seat .dot")
    dots = page.evaluate(SEAT_MARKS)

    assert [dot["mark"] for dot in dots] == ["A1", "A2", "B3", "W"]
    assert all(dot["hidden"] == "true" and dot["size"] >= 12 and dot["fits"] for dot in dots), dots


def test_each_seat_dot_of_the_final_scores_carries_the_seats_mark(web: Any, page: Page) -> None:
    """The final scores tell seats apart by more than colour too: each row's dot carries the
    mark the seat bar gives the seat."""
    table = web.create("te_kuiti", [BOT, BOT])
    page.goto(table["watch_url"])
    page.wait_for_selector("#result:not(.hidden) .dot", timeout=60_000)
    dots = page.evaluate(SEAT_MARKS.replace(".seat .dot", ".result .dot"))

    assert [dot["mark"] for dot in dots] == ["B1", "B2"]
    assert all(dot["hidden"] == "true" and dot["size"] >= 12 and dot["fits"] for dot in dots), dots
