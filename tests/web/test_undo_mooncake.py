"""Taking a move back at the Mooncake Master table, in the browser.

A Mooncake Master turn ends with each baker placing three tiles, one step each, while the others
place theirs. With placements hidden until everyone has placed (the default), a baker's first
and second placement show nobody anything, so each may be taken back while the baker is still
placing and nobody else has moved since (State.undo_refusal). Taken back with the page's Undo
button and with Ctrl+Z, each restores exactly the view every seat and a spectator had before
it, and the tile goes back from its quarter to the hand. A keep/pass choice ends the baker's
part of the turn, and an open placement (placement_reveal "open") shows the tile to the table:
those stand, and the page says why.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page
from tests.web.conftest import JOINED

NAMES = ["Ana", "Ben", "Cai"]
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 30_000


class Table:
    """A table of three people, each with their token, played over HTTP."""

    def __init__(self, human_table: Any, **options: Any) -> None:
        self.seats = human_table("mooncake", 3, NAMES, **options)
        self.web = self.seats.web
        self.table = self.seats.table

    def state(self, seat: int | None) -> dict[str, Any]:
        """The state message seat (or a spectator, for None) is sent now."""
        headers = self.seats.headers(seat) if seat is not None else {}
        response = self.web.http.get(f"/api/tables/{self.table['id']}/state", headers=headers)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def views(self) -> dict[int | None, dict[str, Any]]:
        """Every seat's view and the spectator's, as the server sends them now."""
        return {seat: self.state(seat)["view"] for seat in (0, 1, 2, None)}

    def play(self, seat: int, prefix: str) -> int:
        """Seat plays its first legal move starting with prefix, once it has one; the step
        after it."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < deadline:
            state = self.state(seat)
            moves = [m for m in state["legal"] if m["text"].startswith(prefix)]
            if moves:
                return int(self.seats.move(seat, moves[0]["action"], state)["step"])
            time.sleep(0.05)
        raise AssertionError(f"seat {seat} never had a move starting {prefix!r}")

    def to_placing(self) -> None:
        """Every baker chooses, so that the tiles are delivered and placing begins."""
        for seat in range(3):
            self.play(seat, "keep ")


@contextmanager
def _page_of(browser: Browser, url: str, paced: bool = False) -> Iterator[Page]:
    """A page at url, drawn; script errors fail the test."""
    options: dict[str, Any] = {"viewport": DESKTOP}
    if paced:
        options["reduced_motion"] = "no-preference"
    context = browser.new_context(paced=paced, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(url)
    page.wait_for_function(
        JOINED,
        timeout=WAIT_MS,
    )
    yield page
    context.close()
    assert errors == [], errors


def _at(page: Page, step: int) -> None:
    """Wait until the page has drawn the table at step (or later) with nothing queued."""
    page.wait_for_function(
        "(s) => window.meja.page.state.step >= s && !window.meja.page.queue.length"
        " && Number(document.body.dataset.step) >= s",
        arg=step,
        timeout=WAIT_MS,
    )


def _shown_views(pages: dict[int | None, Page]) -> dict[int | None, dict[str, Any]]:
    return {
        seat: dict(page.evaluate("window.meja.page.state.view")) for seat, page in pages.items()
    }


def _place_by_clicks(page: Page) -> tuple[str, str]:
    """Ana picks her first tile and clicks the first quarter it may go in; the tile and slot."""
    tile = page.locator('#board [data-hand="0"]')
    code = str(tile.get_attribute("data-tile"))
    sent = page.evaluate("window.meja.page.state.step")
    tile.click()
    slot = page.locator("#board [data-slot][data-action]").first
    name = str(slot.get_attribute("data-slot"))
    slot.click()
    _at(page, sent + 1)
    return code, name


def test_placements_taken_back_restore_every_view_and_the_tile_returns_to_hand(
    human_table: Any, browser: Browser
) -> None:
    table = Table(human_table)
    table.to_placing()
    with (
        _page_of(browser, table.seats.url(0), paced=True) as ana,
        _page_of(browser, table.seats.url(1)) as ben,
        _page_of(browser, table.table["watch_url"]) as watching,
    ):
        pages = {0: ana, 1: ben, None: watching}
        step = table.state(0)["step"]
        for page in pages.values():
            _at(page, step)
        assert ana.locator("#undo-button").is_hidden(), "Undo offered before any move"
        start = table.views()

        # Two tiles placed: each may be taken back (nothing shown to anyone, still placing).
        first = _place_by_clicks(ana)
        after_first = table.views()
        assert after_first != start
        second = _place_by_clicks(ana)
        assert second[1] != first[1]
        ana.wait_for_selector("#undo-button:not(.hidden)")

        # Ctrl+Z takes back the second: every page shows what it showed after the first.
        step = table.state(0)["step"]
        ana.wait_for_function("document.getAnimations().length === 0")
        placed = ana.locator(f'#board [data-piece="quarter:0:{second[1]}"]').bounding_box()
        assert placed is not None
        ana.locator("#board").focus()
        ana.keyboard.press("Control+z")
        for page in pages.values():
            _at(page, step + 1)
        assert table.views() == after_first
        assert _shown_views(pages) == {seat: after_first[seat] for seat in pages}
        # The tile goes back from its quarter into the hand.
        ana.wait_for_function("window.meja.motions.some((m) => m.kind === 'undo')")
        (back,) = [m for m in ana.evaluate("window.meja.motions") if m["kind"] == "undo"]
        assert back["piece"].split(":")[1] == second[0]
        centre = (
            back["from"]["x"] + back["from"]["width"] / 2,
            back["from"]["y"] + back["from"]["height"] / 2,
        )
        there = (placed["x"] + placed["width"] / 2, placed["y"] + placed["height"] / 2)
        assert math.dist(centre, there) < 8, (back, placed)

        # The Undo button takes back the first: every page shows what it showed at the start.
        ana.wait_for_selector("#undo-button:not(.hidden)")
        ana.locator("#undo-button").click()
        for page in pages.values():
            _at(page, step + 2)
        assert table.views() == start
        assert _shown_views(pages) == {seat: start[seat] for seat in pages}
        assert ana.locator("#undo-button").is_hidden(), "nothing is left to take back"

        # Once Ben has placed, Ana's placement stands, and the page says why when asked.
        _place_by_clicks(ana)
        step = table.play(1, "place ")
        _at(ana, step)
        assert ana.locator("#undo-button").is_hidden()
        before = table.views()
        ana.locator("#board").focus()
        ana.keyboard.press("Control+z")
        ana.wait_for_function("document.getElementById('error').textContent.length > 0")
        assert "another player has moved since" in str(ana.locator("#error").text_content())
        assert table.views() == before


def test_a_choice_and_an_open_placement_stand_and_the_page_says_why(
    human_table: Any, browser: Browser
) -> None:
    table = Table(human_table, placement_reveal="open")
    with _page_of(browser, table.seats.url(2)) as cai:
        # Cai chooses first: the choice ends Cai's part of the choosing, so it stands.
        step = table.play(2, "keep ")
        _at(cai, step)
        assert cai.locator("#undo-button").is_hidden()
        before = table.views()
        cai.locator("#board").focus()
        cai.keyboard.press("Control+z")
        cai.wait_for_function("document.getElementById('error').textContent.length > 0")
        assert "your turn has ended" in str(cai.locator("#error").text_content())
        assert table.views() == before
        for seat in range(2):
            step = table.play(seat, "keep ")
        _at(cai, step)

        # An open placement shows the tile to everyone at once: it stands.
        before = table.views()
        _place_by_clicks(cai)
        assert table.views() != before
        assert cai.locator("#undo-button").is_hidden()
        shown = table.views()
        cai.evaluate("document.getElementById('error').textContent = ''")
        cai.locator("#board").focus()
        cai.keyboard.press("Control+z")
        cai.wait_for_function("document.getElementById('error').textContent.length > 0")
        assert "showed something that was hidden" in str(cai.locator("#error").text_content())
        assert table.views() == shown
