"""Taking a move back at the Peranakan table, in the browser.

A Peranakan turn is several steps of one player (take a tile, choose the wild slot's Kueh when
the tile came from slot4, place it, maybe add a pawn), and none of them shows anything hidden:
only the deck's turning up a tile does, and that comes once the turn is over. So Ana may take
back her place, her Kueh and her take, one at a time, while her turn lasts, with the page's Undo
button or Ctrl+Z; each undo puts back exactly the view every seat and the spectator had before
that step, as their pages and the API show it. Once her turn is over and the deck has turned up
its next tile, an undo is refused and the page says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page
from tests.web.conftest import settled

NAMES = ["Ana", "Ben"]
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 30_000


def click_move(page: Page, text: str) -> None:
    """Click the board's target of the move text, as a person does, and wait for its answer."""
    step = int(page.evaluate("window.meja.page.state.step"))
    page.locator(f'#board [data-move="{text}"]').first.click()
    page.wait_for_function(
        "(step) => window.meja.page.state.step > step && !window.meja.page.pending",
        arg=step,
        timeout=WAIT_MS,
    )


def test_an_undo_puts_back_every_view_and_one_after_the_deck_turned_up_is_refused(
    human_table: Callable[..., Any], pages: Callable[[str], Page]
) -> None:
    table = human_table("peranakan", 2, NAMES, start_player="0")
    ana = pages(table.url(0))
    everyone = [ana, pages(table.url(1)), pages(str(table.table["watch_url"]))]
    ana.wait_for_function("document.body.dataset.yourTurn === 'yes'", timeout=WAIT_MS)
    undo = ana.locator("#undo-button")

    def now() -> tuple[list[str], list[Any]]:
        """What every page shows once it has drawn the latest step, and what the API says."""
        step = int(ana.evaluate("window.meja.page.state.step"))
        return settled(everyone, step), [table.state(seat)["view"] for seat in (0, 1)]

    # Ana takes the wild slot's tile, chooses its Kueh and places the tile: three steps.
    seen = [now()]
    assert not undo.is_visible(), "Undo is offered before Ana has moved"
    for move in ("take slot4", "kueh ondeh", "place c3"):
        click_move(ana, move)
        seen.append(now())
        assert seen[-1] != seen[-2], f"{move} changed nothing"
        assert undo.is_visible(), f"no Undo after {move}"

    # Each undo, by the button or by Ctrl+Z, puts back what every seat, the spectator and the
    # API showed before that step: the tile back in the hand, the Kueh back in its supply, the
    # tile back in slot4.
    for press in ("button", "keys", "button"):
        seen.pop()
        step = int(ana.evaluate("window.meja.page.state.step"))
        if press == "button":
            undo.click()
        else:
            ana.keyboard.press("Control+z")
        ana.wait_for_function(
            "(step) => window.meja.page.state.step > step", arg=step, timeout=WAIT_MS
        )
        assert now() == seen[-1], f"an undo by {press} did not put back the views before"
    assert not undo.is_visible(), "Undo is offered with nothing of Ana's left to take back"

    # Ana plays her turn out; the deck turns up a tile, and her turn cannot be taken back.
    for move in ("take slot1", "place b2", "no pawn"):
        click_move(ana, move)
    ana.wait_for_function(
        "window.meja.page.state.view.market[0] !== null && !window.meja.page.queue.length",
        timeout=WAIT_MS,
    )
    assert not undo.is_visible()
    before = now()
    ana.keyboard.press("Control+z")
    ana.wait_for_function("document.getElementById('error').textContent !== ''", timeout=WAIT_MS)
    error = ana.locator("#error").inner_text()
    assert "cannot take back" in error and "turned up" in error, error
    assert now() == before
