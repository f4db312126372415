"""The table's pace as a person meets it: every step of the other seats is drawn in order and
stays on screen at least the table's pace, even when the bots move at once; "catch up" and a
reload jump to the present; the person's own moves are drawn at once."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 30_000


PACES = {"relaxed": 1.5, "normal": 0.8, "fast": 0.3}
SLACK = 0.05
"""A step may leave the screen this much early (timer granularity, the frame it is drawn in)."""


def bot_table(web: Any, pace: str | None, bots: int = 2) -> dict[str, Any]:
    """Peranakan with Ana at seat 0, who starts, and random bots after her."""
    body: dict[str, Any] = {
        "game": "peranakan",
        "seats": [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "random"}] * bots,
        "options": {"start_player": "0"},
    }
    if pace is not None:
        body["pace"] = pace
    response = web.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def open_paced(browser: Browser, url: str) -> Page:
    """The table page as people have it: with motion and at the table's pace."""
    context = browser.new_context(paced=True, viewport=DESKTOP)  # type: ignore[call-arg]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(url)
    page.wait_for_function("window.meja && window.meja.page.state", timeout=WAIT_MS)
    page.errors = errors  # type: ignore[attr-defined]
    return page


def play_first_move(page: Page) -> int:
    """Wait for Ana's turn and click her first legal move in the list; returns its step."""
    page.wait_for_function("document.body.dataset.yourTurn === 'yes'", timeout=WAIT_MS)
    step = int(page.evaluate("window.meja.page.state.step"))
    action = page.evaluate("window.meja.page.state.legal[0].action")
    page.evaluate(f"document.querySelector('#moves [data-action=\"{action}\"]').click()")
    page.wait_for_function(f"window.meja.page.state.step > {step}", timeout=WAIT_MS)
    return step


BOT_LINES = "window.meja.page.log.filter((entry) => entry.player > 0 && entry.text).length"


def play_until_the_bots_moved(page: Page, moves: int) -> None:
    """Play Ana's moves until the bots' moves have come to her page, at least moves of them."""
    while page.evaluate(BOT_LINES) < moves:
        play_first_move(page)


def end_turn(page: Page) -> None:
    """Play Ana's moves until her turn is over."""
    play_first_move(page)
    while page.evaluate("document.body.dataset.yourTurn") == "yes":
        play_first_move(page)


def shown(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("window.meja.page.shown"))


@pytest.mark.parametrize("pace", list(PACES))
def test_every_step_of_the_bots_stays_at_least_the_pace_in_order(
    web: Any, browser: Browser, pace: str
) -> None:
    table = bot_table(web, pace)
    page = open_paced(browser, table["seats"][0]["join_url"])
    assert page.evaluate("window.meja.page.state.table.pace") == pace
    play_until_the_bots_moved(page, 4)
    # Ana's next turn comes only once every bot step before it has been drawn.
    page.wait_for_function(
        "document.body.dataset.yourTurn === 'yes' && !window.meja.page.queue.length",
        timeout=WAIT_MS * 2,
    )
    frames = shown(page)
    received = page.evaluate("window.meja.page.received")
    steps = [frame["step"] for frame in frames]
    assert steps == sorted(steps), f"drawn out of order: {steps}"
    assert sorted(set(received)) == sorted(set(steps)), "a state received was never drawn"
    paced = 0
    for before, after in itertools.pairwise(frames):
        if after["own"] or not after["fresh"] or after["step"] <= before["step"]:
            continue
        on_screen = (after["at"] - before["at"]) / 1000
        assert on_screen >= PACES[pace] - SLACK, (
            f"step {before['step']} stayed {on_screen:.3f} s at pace {pace} ({PACES[pace]} s)"
        )
        paced += 1
    assert paced >= 4, f"only {paced} steps of other seats were drawn: {frames}"
    log = page.evaluate("window.meja.page.log.map((entry) => entry.seq)")
    assert log == list(range(len(log))), "the log skipped a step"
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_catch_up_and_a_reload_jump_to_the_present(web: Any, browser: Browser) -> None:
    table = bot_table(web, "relaxed", bots=4)
    page = open_paced(browser, table["seats"][0]["join_url"])
    end_turn(page)
    wait_for_ana_to_move(web, table)
    page.wait_for_function("window.meja.page.queue.length >= 2", timeout=WAIT_MS)
    button = page.locator("#catch-up")
    assert button.is_visible()
    assert "Catch up" in button.inner_text()
    button.click()
    page.wait_for_function("!window.meja.page.queue.length", timeout=WAIT_MS)
    assert not button.is_visible()
    latest = page.evaluate("Math.max(...window.meja.page.received)")
    assert int(page.evaluate("window.meja.page.state.step")) == latest
    assert page.evaluate("document.body.dataset.step") == str(latest)
    log = page.evaluate("window.meja.page.log.map((entry) => entry.seq)")
    assert log == list(range(len(log))), "catching up lost a step of the log"

    # A reload while steps wait shows the present at once.
    end_turn(page)
    wait_for_ana_to_move(web, table)
    page.wait_for_function("window.meja.page.queue.length >= 2", timeout=WAIT_MS)
    page.reload()
    state = table_state(web, table)
    # The first state drawn after the reload is the present: nothing waits behind it.
    page.wait_for_function("window.meja && window.meja.page.shown.length > 0", timeout=WAIT_MS)
    first = page.evaluate("window.meja.page.shown[0]")
    assert first["step"] == state["step"], f"the reload drew step {first['step']} first"
    assert first["queued"] == 0
    page.context.close()


def wait_for_ana_to_move(web: Any, table: dict[str, Any]) -> None:
    """Wait until the server has played every bot's turn and waits for Ana."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not table_state(web, table)["legal"]:
        assert time.monotonic() < deadline, "the bots never finished their turns"
        time.sleep(0.1)


def table_state(web: Any, table: dict[str, Any]) -> dict[str, Any]:
    token = table["seats"][0]["token"]
    response = web.http.get(
        f"/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_seated_person_changes_the_pace_for_everyone(web: Any, browser: Browser) -> None:
    table = bot_table(web, None)
    page = open_paced(browser, table["seats"][0]["join_url"])
    watcher = open_paced(browser, table["watch_url"])
    assert page.evaluate("window.meja.page.state.table.pace") == "normal"
    assert watcher.locator("#pace").is_disabled()
    page.select_option("#pace", "fast")
    for each in (page, watcher):
        each.wait_for_function("window.meja.page.state.table.pace === 'fast'", timeout=WAIT_MS)
        assert each.locator("#pace").input_value() == "fast"
    assert table_state(web, table)["table"]["pace"] == "fast"
    page.context.close()
    watcher.context.close()


RECORD_HOLDS = """() => { const page = window.meja.page;
  const push = page.shown.push.bind(page.shown);
  page.shown.push = (frame) => push({ ...frame, hold: page.holdMs,
    turned: (page.state.view.turning_back || []).length }); }"""
"""Each step drawn is recorded with how long it is held and how many sheep it shows turning back."""


def test_sheep_turning_back_are_held_in_sight_longer_than_a_step_and_shorter_at_a_fast_pace(
    web: Any, browser: Browser
) -> None:
    """Te Kuiti keeps two sheep that did not match in sight for 2 s at the normal pace (T4a);
    the hold follows the table's pace, so a fast table holds them 0.75 s."""
    response = web.http.post(
        "/api/tables",
        json={
            "game": "te_kuiti",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}],
            "pace": "fast",
        },
    )
    assert response.status_code == 201, response.text
    page = open_paced(browser, response.json()["seats"][0]["join_url"])
    page.evaluate(RECORD_HOLDS)
    turned: list[dict[str, Any]] = []
    while not turned:
        play_first_move(page)
        turned = [frame for frame in shown(page) if frame.get("turned")]
    fast_hold = 2000 * PACES["fast"] / PACES["normal"]
    assert turned[0]["hold"] == pytest.approx(fast_hold), turned[0]
    # A bot's step after it waits out the hold; the person's own next move is drawn at once.
    frames = shown(page)
    later = frames[frames.index(turned[0]) + 1 :]
    if later and not later[0]["own"]:
        assert (later[0]["at"] - turned[0]["at"]) / 1000 >= fast_hold / 1000 - SLACK
    page.context.close()
