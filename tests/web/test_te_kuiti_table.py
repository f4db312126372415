"""Te Kuiti in the browser: what both players see of turned tiles, and the fences to click."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

HUMAN = {"kind": "human"}
TURNED = "window.meja.page.state.view.turning_back || []"


@pytest.fixture
def second_page(browser: Browser) -> Iterator[Page]:
    """A second player's window at the same size; script errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == [], errors


def _faces(page: Page, cells: list[str]) -> list[str | None]:
    """The face each cell shows on the board (its tile's tooltip), or None when face down."""
    return list(
        page.evaluate(
            "(cells) => cells.map((name) => {"
            " const cell = document.querySelector(`#board [data-cell='${name}']`);"
            " const up = cell && cell.querySelector('.face-up > title');"
            " return up ? up.textContent : null; })",
            cells,
        )
    )


def _marked(page: Page) -> list[str]:
    """The cells drawn with the "turned back next" mark."""
    return list(
        page.evaluate(
            "[...document.querySelectorAll('#board [data-turning-back]')]"
            ".map((mark) => mark.closest('[data-cell]').dataset.cell).sort()"
        )
    )


def test_both_players_see_the_unmatched_second_sheep_until_the_next_move(
    web: Any, driver: Any, second_page: Page, artifacts: Path
) -> None:
    """T4a: two sheep that do not match stay face up for both players until the next action."""
    table = web.create("te_kuiti", [{**HUMAN, "name": "Aroha"}, {**HUMAN, "name": "Wiremu"}])
    shepherd = driver
    shepherd.open(table["seats"][0]["join_url"])
    sheep = type(driver)(second_page)
    sheep.open(table["seats"][1]["join_url"])
    rng = random.Random(3)
    turned: list[str] = []
    for _ in range(200):
        mover = _settle(shepherd, sheep)
        if mover is None:
            break
        decision = mover.decision()
        assert not decision.missing(), decision.missing()
        flips = [a for a, text in decision.legal.items() if text.startswith("flip ")]
        mover.play(decision, rng.choice(flips or sorted(decision.paths)))
        _settle(shepherd, sheep)
        turned = sorted(sheep.page.evaluate(TURNED))
        if turned:
            break
    assert len(turned) == 2, "no page showed two unmatched sheep before they went face down"
    for person in (shepherd, sheep):
        faces = _faces(person.page, turned)
        assert None not in faces, f"{person.state()['you']} sees {faces} on {turned}"
        assert faces[0] != faces[1], faces
        assert _marked(person.page) == turned
        expect(person.page.locator("#board")).to_contain_text("turned back next")
    assert _faces(shepherd.page, turned) == _faces(sheep.page, turned)
    shepherd.page.screenshot(path=artifacts / "te_kuiti-turned-back-next.png")
    assert shepherd.state()["legal"], "the shepherd moves next"
    decision = shepherd.decision()
    shepherd.play(decision, sorted(decision.paths)[0])
    for person in (shepherd, sheep):
        person.wait(f"({TURNED}).length === 0")
        assert _faces(person.page, turned) == [None, None]
        assert _marked(person.page) == []


def _settle(first: Any, second: Any) -> Any:
    """Wait until no chance step is pending and both pages show the same step; who moves."""
    first.wait("window.meja.page.state.current !== -1 && !window.meja.page.pending")
    step = first.state()["step"]
    second.wait("(step) => window.meja.page.state.step === step", step)
    movers = [d for d in (first, second) if d.state()["legal"]]
    assert movers or first.state()["result"], f"nobody may move at step {step}"
    return movers[0] if movers else None


WATCH_MARKS = (
    "window.marks = []; new MutationObserver(() => window.marks.push([performance.now(),"
    " document.querySelectorAll('#board [data-turning-back]').length]))"
    ".observe(document.getElementById('board'), { childList: true })"
)
"""Record when the board is redrawn and how many tiles it marks as turned back next."""
SHOWN_OR_TURN = (
    "document.querySelectorAll('#board [data-turning-back]').length === 2"
    " || !document.getElementById('result').classList.contains('hidden')"
    " || (document.body.dataset.yourTurn === 'yes' && window.meja.page.state.current !== -1)"
)


def test_a_bot_shepherd_leaves_the_unmatched_sheep_in_sight_for_a_look(
    web: Any, driver: Any, artifacts: Path
) -> None:
    """T4a against a bot that moves at once: the page still shows both sheep before they go."""
    table = web.create("te_kuiti", [{"kind": "bot", "bot": "heuristic"}, {**HUMAN, "name": "Ana"}])
    driver.open(table["seats"][1]["join_url"])
    driver.page.evaluate(WATCH_MARKS)
    rng = random.Random(8)
    while driver.wait_for_turn():
        decision = driver.decision()
        flips = [a for a, text in decision.legal.items() if text.startswith("flip ")]
        driver.play(decision, rng.choice(flips or sorted(decision.paths)))
        driver.wait(SHOWN_OR_TURN)
        turned = _marked(driver.page)
        if turned:
            break
    assert len(turned) == 2, "the game ended and no unmatched pair was ever shown"
    faces = _faces(driver.page, turned)
    assert None not in faces and faces[0] != faces[1], faces
    driver.page.screenshot(path=artifacts / "te_kuiti-turned-back-against-a-bot.png")
    driver.wait("document.querySelectorAll('#board [data-turning-back]').length === 0")
    assert _faces(driver.page, turned) == [None, None]
    shown_for = driver.page.evaluate(
        "(() => { const m = window.marks; const on = m.findIndex(([, n]) => n === 2);"
        " const off = m.findIndex(([, n], i) => i > on && n === 0);"
        " return m[off][0] - m[on][0]; })()"
    )
    assert shown_for >= 1500, f"the unmatched sheep were on screen for only {shown_for:.0f} ms"
