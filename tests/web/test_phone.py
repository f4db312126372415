"""The move log on a phone is a drawer a button away, and on a desktop stays in its column.

At 390x844 the log would sit below the whole board and the list of moves; there the Log button
beside the prompt slides it in over the table, as a dialog named "Moves" that keeps the keyboard
inside it, scrolled to the latest line; Escape, Close or a tap beside it slides it away and gives
the focus back to the button. At 1280x800 there is no button: the log stays beside the board,
in view, covering nothing. (That every decision's targets and the hand are in view on a phone
is test_move_coverage.py's test_a_phone_brings_every_decision_into_view.)
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

GAMES = [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 3), ("mooncake", 3)]
BOT = {"kind": "bot", "bot": "random"}
DESKTOP = {"width": 1280, "height": 800}

# Where the log's parts are, and what the page says of them.
LOG = """() => {
  const box = (id) => {
    const node = document.getElementById(id);
    const r = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom,
      shown: style.display !== "none" && style.visibility !== "hidden" && r.width > 0,
      position: style.position };
  };
  const panel = document.getElementById("log-panel");
  const list = document.getElementById("log");
  const last = list.lastElementChild;
  const lastBox = last && last.getBoundingClientRect();
  const listBox = list.getBoundingClientRect();
  return {
    panel: box("log-panel"), opener: box("log-open"), board: box("board"), list: box("log"),
    expanded: document.getElementById("log-open").getAttribute("aria-expanded"),
    role: panel.getAttribute("role"), modal: panel.getAttribute("aria-modal"),
    focusInside: panel.contains(document.activeElement),
    focus: document.activeElement.id,
    lines: list.children.length,
    lastShown: !last || (lastBox.bottom <= listBox.bottom + 1 && lastBox.top >= listBox.top - 1),
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    width: innerWidth, height: innerHeight,
  };
}"""


def _log(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(LOG))


def _played(driver: Any, moves: int = 3) -> None:
    """A few of the person's moves played at random, then the next decision awaited."""
    rng = random.Random(2)
    for _ in range(moves):
        if not driver.wait_for_turn():
            return
        decision = driver.decision()
        driver.play(decision, rng.choice(sorted(decision.paths)))
    driver.wait_for_turn()


def _closed(page: Any) -> None:
    page.wait_for_function(
        "() => getComputedStyle(document.getElementById('log-panel')).visibility === 'hidden'"
    )


def _opened(page: Any) -> None:
    page.wait_for_function(
        "() => { const r = document.getElementById('log-panel').getBoundingClientRect();"
        " return r.left >= 0 && r.right <= innerWidth + 1; }"
    )


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_on_a_phone_the_log_slides_in_as_a_drawer_and_away_again(
    web: Any, phone_driver: Any, artifacts: Path, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    phone_driver.open(table["seats"][0]["join_url"])
    _played(phone_driver)
    page = phone_driver.page
    seen = _log(page)
    assert seen["opener"]["shown"], "no Log button on a phone"
    assert not seen["panel"]["shown"], "the closed drawer is drawn"
    assert seen["expanded"] == "false"
    assert page.get_by_role("dialog", name="Moves").count() == 0
    page.screenshot(path=artifacts / f"{game}-phone-log-closed.png")

    # A tap opens it over the table, whole in the window, the latest line in sight.
    page.locator("#log-open").click()
    _opened(page)
    seen = _log(page)
    panel = seen["panel"]
    assert seen["expanded"] == "true"
    assert panel["shown"] and panel["position"] == "fixed"
    assert panel["top"] >= -1 and panel["bottom"] <= seen["height"] + 1
    assert panel["right"] <= seen["width"] + 1 and panel["right"] - panel["left"] >= 300
    assert seen["lines"] > 0 and seen["lastShown"], "the latest line of the log is not in sight"
    assert not seen["sideways"], "the drawer makes the page scroll sideways"
    assert page.get_by_role("dialog", name="Moves").is_visible()
    assert seen["focusInside"], f"the focus stayed outside the drawer, on {seen['focus']!r}"
    page.screenshot(path=artifacts / f"{game}-phone-log-open.png")
    # The keyboard stays inside while it is open.
    for key in ["Tab"] * 4 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert _log(page)["focusInside"], f"{key} left the open drawer"

    # Escape slides it away and gives the focus back to the button.
    page.keyboard.press("Escape")
    _closed(page)
    seen = _log(page)
    assert not seen["panel"]["shown"] and seen["expanded"] == "false"
    assert seen["focus"] == "log-open"
    assert not seen["sideways"], "the closed drawer makes the page scroll sideways"

    # Enter on the button opens it; Close, and a tap beside it, close it.
    page.keyboard.press("Enter")
    _opened(page)
    page.locator("#log-close").click()
    _closed(page)
    assert _log(page)["focus"] == "log-open"
    page.locator("#log-open").click()
    _opened(page)
    page.mouse.click(10, 400)
    _closed(page)
    assert page.get_by_role("dialog").count() == 0


def test_the_drawer_closes_when_the_window_widens(web: Any, phone_driver: Any) -> None:
    table = web.create("nasi_lemak", [{"kind": "human", "name": "Ana"}, BOT])
    phone_driver.open(table["seats"][0]["join_url"])
    page = phone_driver.page
    page.locator("#log-open").click()
    _opened(page)
    page.set_viewport_size(DESKTOP)
    page.wait_for_function("() => document.getElementById('log-open').ariaExpanded === 'false'")
    seen = _log(page)
    assert seen["panel"]["shown"] and seen["panel"]["position"] != "fixed"
    assert seen["role"] is None


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_on_a_desktop_the_log_stays_beside_the_board(
    web: Any, driver: Any, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    driver.open(table["seats"][0]["join_url"])
    _played(driver)
    seen = _log(driver.page)
    assert not seen["opener"]["shown"], "a Log button on a desktop"
    assert not driver.page.locator("#log-close").is_visible()
    panel, board = seen["panel"], seen["board"]
    assert panel["shown"] and panel["position"] == "static"
    assert seen["role"] is None and seen["modal"] is None
    assert panel["left"] >= board["right"], "the log lies over the board"
    assert panel["top"] < seen["height"] and seen["lines"] > 0, "the log is out of sight"
