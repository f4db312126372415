"""Te Kuiti in the browser: what both players see of turned tiles, and the fences to click."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.conftest import DESKTOP, HumanTable, TableDriver

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
    """Wait until no chance step is pending and both pages show the same step; who moves.

    A step can follow at once (nothing is held at no pace), so either page may be ahead: wait
    until both have drawn everything they were sent and agree."""
    quiet = "window.meja.page.state.current !== -1 && !window.meja.page.pending"
    drawn = f"{quiet} && !window.meja.page.queue.length"
    for _ in range(50):
        first.wait(drawn)
        step = first.state()["step"]
        second.wait("(step) => window.meja.page.state.step >= step", step)
        second.wait(drawn)
        if first.state()["step"] == second.state()["step"]:
            break
    else:
        raise AssertionError("the two pages never showed the same step")
    step = first.state()["step"]
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
    web: Any, browser: Browser, artifacts: Path
) -> None:
    """T4a against a bot that moves at once: the page, at the normal pace as people have it
    (with less motion, so each face is drawn at once), still shows both sheep before they go."""
    context = browser.new_context(  # type: ignore[call-arg]
        paced=True, viewport=DESKTOP, reduced_motion="reduce"
    )
    driver = TableDriver(context.new_page())
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
    context.close()


LAST_LOG = (
    "(() => { const lines = [...document.querySelectorAll('#log li')];"
    " return lines.map((li) => [li.dataset.player, li.textContent]); })()"
)
MARKS = (
    "[...document.querySelectorAll('#board [data-last-move]')]"
    ".map((m) => [m.dataset.lastMove, m.dataset.markCell || m.dataset.markFence]).sort()"
)
COVERED = (
    "[...document.querySelectorAll('#board [data-action]')].filter((node) => {"
    " const r = node.getBoundingClientRect();"
    " const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
    " return hit && hit.closest('[data-action]') !== node; }).map((node) => node.dataset.move)"
)
"""The move targets whose middle a tap would not reach, something else being drawn over it."""
TAGS = "[...document.querySelectorAll('#board .name-tag')].map((tag) => tag.textContent)"
SMALL_TARGETS = (
    "[...document.querySelectorAll("
    "'#board [data-action], #board [data-pick], #board [data-clear]')]"
    ".map((n) => { const r = n.getBoundingClientRect();"
    " return [n.getAttribute('data-action'), Math.round(r.width), Math.round(r.height)]; })"
    ".filter(([, w, h]) => w < 24 || h < 24)"
)
"""Every move target on the board smaller than 24x24 CSS px on screen."""


def _said_by(state: dict[str, Any], seat: int) -> int:
    """How many sentences of the log seat's moves have had."""
    return sum(1 for entry in state["log"] if entry["player"] == seat and entry["text"])


def _marks_due(log: list[dict[str, Any]], bot: int) -> list[list[str]]:
    """What the board should mark of the bot's last completed move: each cell and fence its
    steps' records name (the log's steps up to the one with a sentence)."""
    steps: list[dict[str, Any]] = []
    last: list[dict[str, Any]] = []
    for entry in log:
        if entry["player"] != bot:
            continue
        steps.append(entry.get("record", {}))
        if entry["text"]:
            last, steps = steps, []
    places = [r.get("cells") or [r["cell"]] if "cells" in r or "cell" in r else [] for r in last]
    due = [[str(bot), place] for names in places for place in names]
    return sorted(due + [[str(bot), r["fence"]] for r in last if "fence" in r])


@pytest.mark.parametrize("first_shepherd", ["0", "1"])
def test_the_log_says_each_move_in_words_and_the_board_marks_the_bots_last_move(
    web: Any, human_table: Any, driver: Any, artifacts: Path, first_shepherd: str
) -> None:
    """The log says the person's moves as "You ..." and the bot's as "Bot 2 ..."; the board
    marks where the bot's last move touched the field (the tile it turned, the fences it put
    up or took down), with its name, and moves the mark when the bot moves again."""
    table = human_table("te_kuiti", 1, ["Ana"], bots=1, start_player=first_shepherd)
    driver.open(table.url(0))
    rng = random.Random(4)
    seen: list[list[list[str]]] = []
    for turn in range(4):
        _play_until(table, rng, lambda m: bool(m["legal"]) and _said_by(m, 1) > 0)
        step = table.state(0)["step"]
        driver.wait("(step) => window.meja.page.state.step === step", step, timeout=60_000)
        lines = driver.page.evaluate(LAST_LOG)
        assert [text for player, text in lines if player == "1"][-1].startswith("Bot 2 "), lines
        mine = [text for player, text in lines if player == "0"]
        assert not mine or mine[-1].startswith("You "), lines
        marks = driver.page.evaluate(MARKS)
        assert marks and marks == _marks_due(driver.page.evaluate("window.meja.page.log"), 1)
        tags = driver.page.evaluate(TAGS)
        assert tags == ["Bot 2"], tags
        assert driver.page.evaluate(COVERED) == [], "the mark takes the taps of what it lies on"
        seen.append(marks)
        driver.page.screenshot(path=artifacts / f"te_kuiti-last-move-{first_shepherd}-{turn}.png")
        bot_moves = _said_by(table.state(0), 1)
        _play_until(table, rng, lambda m, n=bot_moves: _said_by(m, 1) > n)
    assert len({str(marks) for marks in seen}) > 1, "the mark stayed when the bot moved again"


def _play_until(table: Any, rng: random.Random, done: Callable[[dict[str, Any]], bool]) -> None:
    """Play seat 0 at random over HTTP until done holds for its state (or the game is over)."""
    state = table.state(0)
    while not done(state) and not state["result"]:
        if state["legal"]:
            table.move(0, rng.choice(state["legal"])["action"], state)
        state = table.wait_for(0, lambda m: bool(m["legal"] or m["result"]))


def _looked_at(
    window: Any, table: Any, shot: Path, shows: str = "", smallest: int = 12
) -> list[str]:
    """What is wrong with the board now, in a new tab of window (one that took part would first
    show every turned pair it missed, in turn): texts under smallest px, move targets under
    24x24 px, parts off the drawing's edge, the words shows missing; a screenshot at shot."""
    step = table.state(0)["step"]
    person = type(window)(window.page.context.new_page())
    person.open(table.url(0))
    person.wait("(step) => window.meja.page.state.step === step && !window.meja.page.pending", step)
    person.page.screenshot(path=shot, full_page=True)
    small = [f"target {a} is {w}x{h} px" for a, w, h in person.page.evaluate(SMALL_TARGETS)]
    problems = person.layout_problems(smallest=smallest) + small
    problems += [f"{move} is covered" for move in person.page.evaluate(COVERED)]
    if shows not in person.page.locator("#board").inner_text():
        problems.append(f"the board does not show {shows!r}")
    person.page.close()
    return problems


@pytest.mark.parametrize("players", [1, 2])
def test_a_phone_shows_every_text_and_target_big_enough_mid_game_and_at_the_end(
    web: Any, human_table: Any, phone_driver: Any, page: Page, artifacts: Path, players: int
) -> None:
    """At 390x844 every board text is at least 12 px high, every fence and tile to tap at least
    24x24 px, and nothing runs off the board, mid-game and once the game is over (with its
    list of tiles taken off the field); the same states at 1280x800 are saved to look at."""
    table = human_table("te_kuiti", 1, ["Ana"], bots=players - 1)
    desktop = type(phone_driver)(page)  # not opened itself: _looked_at opens tabs beside it
    rng = random.Random(players)
    name = f"te_kuiti-{players}p"
    _play_until(table, rng, lambda m: m["view"]["supply"] <= 22 and bool(m["legal"]))
    assert _looked_at(phone_driver, table, artifacts / f"{name}-mid-phone.png") == []
    assert _looked_at(desktop, table, artifacts / f"{name}-mid-desktop.png", smallest=0) == []
    _play_until(table, rng, lambda m: False)
    gone = "Taken off the field:"
    assert _looked_at(phone_driver, table, artifacts / f"{name}-end-phone.png", gone) == []
    assert _looked_at(desktop, table, artifacts / f"{name}-end-desktop.png", gone, 0) == []


def _turn_back_a2_then_a1(web: Any) -> Any:
    """A table of two people where the sheep player (Wiremu) turned a2 and then a1 and they do
    not match, so both stay face up one above the other; None when no deal of 40 gave that."""
    for _ in range(40):
        table = HumanTable.create(web, "te_kuiti", 2, ["Ana", "Wiremu"], start_player="0")
        state = table.state(0)
        while state["legal"]:  # Ana's fences, away from column a
            fences = [m for m in state["legal"] if m["text"].startswith("fence e5")]
            table.move(0, (fences or state["legal"])[0]["action"], state)
            state = table.state(0)
        state = table.wait_for(1, lambda m: bool(m["legal"]))
        for cell in ("a2", "a1"):
            flips = [m for m in state["legal"] if m["text"] == f"flip {cell}"]
            if not flips:
                break
            table.move(1, flips[0]["action"], state)
            state = table.state(1)
        if sorted(table.state(0)["view"].get("turning_back") or []) == ["a1", "a2"]:
            return table
    return None


def test_the_name_on_a_move_covers_no_sheeps_name_when_two_turn_back_one_above_the_other(
    web: Any, phone_driver: Any, page: Page, artifacts: Path
) -> None:
    """The other player's name tag on the tile it turned last never lies over the kind written
    on a tile: with two unmatched sheep face up one above the other, the upper one turned last,
    the name finds room clear of both (on a phone and on a desktop)."""
    table = _turn_back_a2_then_a1(web)
    assert table is not None, "no deal of 40 let a2 and a1 turn up as two unmatched sheep"
    desktop = type(phone_driver)(page)
    assert _looked_at(phone_driver, table, artifacts / "te_kuiti-turning-back-a1-phone.png") == []
    shot = artifacts / "te_kuiti-turning-back-a1-desktop.png"
    assert _looked_at(desktop, table, shot, smallest=0) == []
