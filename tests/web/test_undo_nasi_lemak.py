"""Taking a move back at the Nasi Lemak table, in the browser.

A Nasi Lemak turn is made of several steps of one player: starting a trade, choosing the
partner, putting cards on the offer. Each may be taken back while it is still that player's
turn and nothing has been shown since (State.undo_refusal). Taken back with the page's Undo
button and with Ctrl+Z, each restores exactly the view every seat and a spectator had before
it. A step that showed something hidden (a Supplier's hand-overs, an Officer's look at a hand,
cards turned up or stolen after the move) stands, and the page says why.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tests.web.conftest import DESKTOP, WAIT_MS, WebServer

NAMES = ["Ana", "Ben", "Cy"]
TRADABLE = ["rice", "egg", "peanuts", "sambal", "cucumber", "fan", "swatter"]
SHOWING = {
    "supplier": ["play supplier", "announce rice"],
    "officer": ["play officer", "examine seat 1"],
    "wholesaler": ["play wholesaler"],
    "thief": ["play thief"],
}
"""Cards whose move shows something hidden, and the steps that play them."""


class Seats:
    """A table of three people, each with their token, played over HTTP."""

    def __init__(self, web: WebServer, table: dict[str, Any]) -> None:
        self.web = web
        self.table = table

    def state(self, seat: int | None) -> dict[str, Any]:
        headers = {}
        if seat is not None:
            headers = {"Authorization": f"Bearer {self.table['seats'][seat]['token']}"}
        response = self.web.http.get(f"/api/tables/{self.table['id']}/state", headers=headers)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def dealt(self) -> dict[str, Any]:
        """Ana's state once the cards are dealt and her first turn has begun."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < deadline:
            state = self.state(0)
            if state["legal"]:
                return state
            time.sleep(0.05)
        raise AssertionError("Ana's first turn never began")

    def move(self, seat: int, text: str) -> int:
        """Seat plays the move of that text; returns the table's step after it."""
        state = self.state(seat)
        legal = {m["text"]: m["action"] for m in state["legal"]}
        assert text in legal, f"{text!r} is not among {sorted(legal)}"
        response = self.web.http.post(
            f"/api/tables/{self.table['id']}/moves",
            json={"action": legal[text], "step": state["step"]},
            headers={"Authorization": f"Bearer {self.table['seats'][seat]['token']}"},
        )
        assert response.status_code == 200, response.text
        return int(self.state(seat)["step"])


def showing_table(web: WebServer) -> tuple[Seats, str]:
    """A table where Ana, who starts, holds a card whose move shows something hidden."""
    for _ in range(40):
        table = web.create(
            "nasi_lemak", [{"kind": "human", "name": name} for name in NAMES], start_player="0"
        )
        seats = Seats(web, table)
        hand = seats.dealt()["view"]["hand"]
        for card in SHOWING:
            if hand.get(card) and any(hand.get(key) for key in TRADABLE):
                return seats, card
    raise AssertionError("no deal in 40 gave Ana a card that shows something")


@pytest.fixture
def pages(web: WebServer, browser: Browser) -> Iterator[tuple[Seats, str, dict[str, Page]]]:
    seats, card = showing_table(web)
    context = browser.new_context(viewport=DESKTOP)
    opened: dict[str, Page] = {}
    errors: list[str] = []
    urls = {
        "Ana": seats.table["seats"][0]["join_url"],
        "Ben": seats.table["seats"][1]["join_url"],
        "watcher": seats.table["watch_url"],
    }
    for who, url in urls.items():
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        page.wait_for_function("window.meja && window.meja.page.state", timeout=WAIT_MS)
        opened[who] = page
    yield seats, card, opened
    context.close()
    assert errors == [], errors


CHANCE_SEAT = -1
"""The seat the server names while it draws a random event."""

VIEWERS = {"Ana": 0, "Ben": 1, "Cy": 2, "watcher": None}


def views(seats: Seats, pages: dict[str, Page], step: int) -> dict[str, Any]:
    """What each seat and the spectator see at step: on their pages, and Cy's from the API."""
    seen: dict[str, Any] = {}
    for who, page in pages.items():
        page.wait_for_function(
            "(s) => document.body.dataset.step === String(s) && !window.meja.page.queue.length",
            arg=step,
            timeout=WAIT_MS,
        )
        seen[who] = page.evaluate("window.meja.page.state.view")
        assert seen[who] == seats.state(VIEWERS[who])["view"], f"{who}'s page is behind the table"
    seen["Cy"] = seats.state(2)["view"]
    return seen


def test_each_step_of_a_trade_is_taken_back_to_the_view_everyone_had(
    pages: tuple[Seats, str, dict[str, Page]],
) -> None:
    seats, _, opened = pages
    ana = opened["Ana"]
    step = int(seats.state(0)["step"])
    before = [views(seats, opened, step)]
    hand = seats.state(0)["view"]["hand"]
    give = next(key for key in TRADABLE if hand.get(key))
    for text in ("trade", "trade with seat 1", f"give {give}", "ask egg"):
        step = seats.move(0, text)
        before.append(views(seats, opened, step))
        assert ana.locator("#undo-button").is_visible(), f"no Undo after {text!r}"
        assert not opened["Ben"].locator("#undo-button").is_visible()
        assert not opened["watcher"].locator("#undo-button").is_visible()
    before.pop()
    # Back one step at a time, with the button and then with the keyboard: everyone sees again
    # exactly what they saw before that step.
    for i, wanted in enumerate(reversed(before)):
        if i % 2 == 0:
            ana.locator("#undo-button").click()
        else:
            ana.locator("#board").focus()
            ana.keyboard.press("Control+z")
        step += 1  # a take-back is a step of the log too
        assert views(seats, opened, step) == wanted, f"take-back {i + 1} did not restore the views"
    assert not ana.locator("#undo-button").is_visible(), "nothing is left to take back"
    assert seats.state(0)["view"]["phase"] == "main"


def test_a_move_that_showed_something_stands_and_the_page_says_why(
    pages: tuple[Seats, str, dict[str, Page]],
) -> None:
    seats, card, opened = pages
    ana = opened["Ana"]
    for text in SHOWING[card]:
        step = seats.move(0, text)
    # Chance may go on after the move (cards turned up, stolen): wait until it has.
    deadline = time.monotonic() + WAIT_MS / 1000
    while (now := seats.state(0))["current"] == CHANCE_SEAT:
        assert time.monotonic() < deadline, "the table never settled after the move"
        time.sleep(0.05)
    step = int(now["step"])
    shown = views(seats, opened, step)
    assert not ana.locator("#undo-button").is_visible()
    ana.locator("#board").focus()
    ana.keyboard.press("Control+z")
    ana.wait_for_function(
        "document.getElementById('error').textContent.includes('cannot take back')",
        timeout=WAIT_MS,
    )
    reason = ana.locator("#error").inner_text()
    assert "stands" in reason, reason
    assert views(seats, opened, step) == shown, "a refused take-back changed what was shown"
