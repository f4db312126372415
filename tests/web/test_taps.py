"""A tap on the board is never lost to a redraw: another seat's step draws the board anew, and a
press made before it and released after it still makes the move or the pick pressed."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import TableDriver

HUMAN = {"kind": "human", "name": "Ana"}
CENTRE = (
    "(selector) => [...document.querySelectorAll(selector)].slice(0, 2).map((node) => {"
    " const r = node.getBoundingClientRect();"
    " return [r.left + r.width / 2, r.top + r.height / 2, node.getAttribute('data-action'),"
    " node.getAttribute('data-pick')]; })"
)
"""The middles of the first two board targets matching a selector, with what each does."""


def _press_redraw_release(driver: TableDriver, press: list[Any], release: list[Any]) -> None:
    """Press at one point, have the board drawn anew (as a state message does), release at
    another (the same point for a plain tap)."""
    mouse = driver.page.mouse
    mouse.move(press[0], press[1])
    mouse.down()
    driver.page.evaluate("() => window.meja.render()")
    mouse.move(release[0], release[1])
    mouse.up()


def _targets(driver: TableDriver, selector: str) -> list[list[Any]]:
    driver.wait("() => window.meja.page.state.legal.length > 0")
    return list(driver.page.evaluate(CENTRE, f"#board {selector}"))


def test_a_tap_held_while_the_board_is_drawn_anew_still_makes_the_move(
    web: Any, driver: TableDriver
) -> None:
    table = web.create("te_kuiti", [HUMAN])
    driver.open(table["seats"][0]["join_url"])
    flip = _targets(driver, "[data-action]")[0]
    _press_redraw_release(driver, flip, flip)
    driver.wait("() => window.sentMoves.length > 0")
    assert driver.sent() == [int(flip[2])]


def test_a_tap_held_while_the_board_is_drawn_anew_still_picks(
    web: Any, driver: TableDriver
) -> None:
    table = web.create("mooncake", [HUMAN, {**HUMAN, "name": "Mei"}])
    driver.open(table["seats"][0]["join_url"])
    pick = _targets(driver, "[data-pick]")[0]
    _press_redraw_release(driver, pick, pick)
    driver.wait("(key) => window.meja.page.selection.includes(key)", pick[3])
    assert driver.sent() == []


def test_a_press_dragged_to_another_target_across_a_redraw_does_nothing(
    web: Any, driver: TableDriver
) -> None:
    """The release must land on what was pressed: a person who slid off to another tile made
    no move."""
    table = web.create("te_kuiti", [HUMAN])
    driver.open(table["seats"][0]["join_url"])
    first, second = _targets(driver, "[data-action]")
    _press_redraw_release(driver, first, second)
    driver.page.wait_for_timeout(500)
    assert driver.sent() == []
    assert driver.page.evaluate("window.meja.page.selection") == []
