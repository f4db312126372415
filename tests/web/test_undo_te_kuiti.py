"""Taking a move back at the Te Kuiti table, in the browser.

Te Kuiti's turns are several steps of one player, and some of them show nothing hidden: the
shepherd's first fence of a turn (its second ends the turn), and the fence the sheep player
takes down for a ram (the turn goes on with a flip). Each may be taken back with the page's
Undo button or Ctrl+Z while the turn lasts, and every seat and the spectator see exactly the
view of before it again; on the taker's page, with motion, the fence goes back to the supply.
A flip shows a tile to everyone, so once a tile is turned up an undo is refused, and the page
says why.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page
from tests.web.conftest import WAIT_MS, settled
from tests.web.test_motion_te_kuiti import Game

NAMES = ["Aroha", "Wiremu"]


def step_of(page: Page) -> int:
    return int(page.evaluate("window.meja.page.state.step"))


def click_move(page: Page, text: str) -> None:
    """Click the board's target of the move text, as a person does, and wait for its answer."""
    step = step_of(page)
    page.locator(f'#board [data-move="{text}"]').first.click()
    page.wait_for_function(
        "(step) => window.meja.page.state.step > step && !window.meja.page.pending",
        arg=step,
        timeout=WAIT_MS,
    )


def refused(page: Page, *reasons: str) -> None:
    """Ctrl+Z on page is refused, and the page says why in words (one of reasons)."""
    page.evaluate("document.getElementById('error').textContent = ''")
    page.keyboard.press("Control+z")
    page.wait_for_function("document.getElementById('error').textContent !== ''", timeout=WAIT_MS)
    error = page.locator("#error").inner_text()
    assert "cannot take back" in error and any(reason in error for reason in reasons), error


def test_the_shepherds_first_fence_is_taken_back_and_a_flip_cannot_be(
    human_table: Callable[..., Any], pages: Callable[..., Page]
) -> None:
    table = human_table("te_kuiti", 2, NAMES, start_player="0")
    shepherd = pages(table.url(0), moving=True)
    sheep = pages(table.url(1))
    everyone = [shepherd, sheep, pages(str(table.table["watch_url"]))]
    api = lambda: [table.state(0)["view"], table.state(1)["view"]]  # noqa: E731
    shepherd.wait_for_function("document.body.dataset.yourTurn === 'yes'", timeout=WAIT_MS)
    step = step_of(shepherd)
    start, start_api = settled(everyone, step), api()
    undo = shepherd.locator("#undo-button")
    assert not undo.is_visible(), "Undo is offered before the shepherd has moved"

    click_move(shepherd, "fence c3n")
    assert settled(everyone, step + 1) != start
    assert undo.is_visible() and not sheep.locator("#undo-button").is_visible()
    shepherd.evaluate("window.meja.motions.length = 0")
    undo.click()
    assert settled(everyone, step + 2) == start
    assert api() == start_api
    # On the shepherd's page the fence taken back goes back to the supply.
    moved = shepherd.evaluate("window.meja.motions.map((m) => [m.kind, m.piece])")
    assert ["fence-back", "fence:c3n"] in moved, moved
    assert not undo.is_visible(), "Undo is offered with nothing of the shepherd's to take back"

    # Ctrl+Z takes back a first fence too; a second fence ends the turn, which then stands.
    click_move(shepherd, "fence b2w")
    shepherd.keyboard.press("Control+z")
    assert settled(everyone, step + 4) == start
    click_move(shepherd, "fence b2w")
    click_move(shepherd, "fence d4n")
    refused(shepherd, "your turn has ended")

    # The sheep player turns a tile up: it is shown to everyone, and the flip stands.
    sheep.wait_for_function("document.body.dataset.yourTurn === 'yes'", timeout=WAIT_MS)
    click_move(sheep, "flip a1")
    sheep.wait_for_function(
        "window.meja.page.state.current !== -1 && !window.meja.page.queue.length",
        timeout=WAIT_MS,
    )
    assert not sheep.locator("#undo-button").is_visible()
    before = settled(everyone, step_of(sheep))
    refused(sheep, "turned up after your move")
    assert settled(everyone, step_of(sheep)) == before


def test_the_fence_taken_down_for_a_ram_is_put_back_by_an_undo(
    human_table: Callable[..., Any], pages: Callable[..., Page]
) -> None:
    """Both seats are played over HTTP until a ram is turned up; the sheep player's page takes
    a fence down, then back; every page shows the ram's choice again, and takes the fence
    down once more; the flip after it cannot be taken back."""
    table = human_table("te_kuiti", 2, NAMES, start_player="0")
    game = Game(table, random.Random(11))
    for _ in range(200):
        state = game.settled()
        if state["view"]["phase"] == "ram":
            break
        assert not state["result"], "the game ended without a ram turned up"
        game.play(*game.choose())
    else:
        raise AssertionError("no ram was turned up in 200 moves")
    sheep = pages(table.url(1), moving=True)
    everyone = [sheep, pages(table.url(0)), pages(str(table.table["watch_url"]))]
    step = state["step"]
    start, start_api = settled(everyone, step), table.state(1)["view"]
    fence = sorted(state["view"]["fences"])[0]

    click_move(sheep, f"remove {fence}")
    assert settled(everyone, step + 1) != start
    sheep.evaluate("window.meja.motions.length = 0")
    sheep.locator("#undo-button").click()
    assert settled(everyone, step + 2) == start
    assert table.state(1)["view"] == start_api
    # With motion, the fence put back comes from the supply to its edge.
    moved = sheep.evaluate("window.meja.motions.map((m) => [m.kind, m.piece])")
    assert ["fence", f"fence:{fence}"] in moved, moved

    click_move(sheep, f"remove {fence}")
    flips = [m["text"] for m in table.state(1)["legal"] if m["text"].startswith("flip ")]
    if flips:
        click_move(sheep, flips[0])
        sheep.wait_for_function(
            "window.meja.page.state.current !== -1 && !window.meja.page.queue.length",
            timeout=WAIT_MS,
        )
        # A tile never seen is turned up by chance; one seen before shows its face at once.
        refused(sheep, "turned up after your move", "showed something that was hidden")
