"""Learn to play and the Hint button, in Debian's chromium.

A guided first game of each game is played to its end by a person who follows the hints: at
each decision the hint comes by itself, in words, with its move marked on the board, and the
person clicks what is marked (a pick, then the next, until the move is made). At a casual table
the Hint button does the same on request, and a table set up without hints has no button.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.cli.plain_words import engine_codes
from tests.web.conftest import DESKTOP, JOINED, SCRIPT, TURN_OR_END, WAIT_MS

GAMES = ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"]
HEURISTIC = {"kind": "bot", "bot": "heuristic"}
RECORD_MOVES = (
    "() => { const c = window.meja.connection; const send = c.send.bind(c);"
    " window.sentMoves = [];"
    " c.send = (m) => { const ok = send(m);"
    " if (ok && m.type === 'move') window.sentMoves.push(m.action); return ok; }; }"
)
HINT_SHOWN = (
    "() => !!document.body.dataset.hint && !!document.querySelector('#moves .hinted')"
    " && document.getElementById('hint-move').textContent.length > 1"
)
MARKED = f"""() => {{ {SCRIPT}
  const hint = document.body.dataset.hint;
  const node = document.querySelector('#board .hinted');
  if (!node) return {{ hint, where: 'list' }};
  node.scrollIntoView({{ block: 'nearest' }});
  const point = clickPoint(node);
  return point ? {{ hint, where: 'board', ...point }} : {{ hint, where: 'covered' }};
}}"""


def _open(browser: Browser, viewport: dict[str, int] = DESKTOP) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    return page, errors


def _joined(page: Page) -> None:
    page.wait_for_function(
        JOINED,
        timeout=WAIT_MS,
    )
    page.evaluate(RECORD_MOVES)


def _click_the_hint(page: Page) -> int:
    """Click what the hint marks until a move is sent: on the board where a person would, or
    with the keyboard if something lies over it, or in the list of moves if the board does not
    show it; returns the move the hint named when the last click was made."""
    before = len(page.evaluate("window.sentMoves"))
    ways = []
    for _ in range(6):
        marked = page.evaluate(MARKED)
        if not marked["hint"]:
            page.wait_for_function(HINT_SHOWN, timeout=WAIT_MS)
            continue
        ways.append(marked["where"])
        if marked["where"] == "board":
            page.mouse.click(marked["x"], marked["y"])
        elif marked["where"] == "covered":
            page.locator("#board .hinted").first.focus()
            page.keyboard.press("Enter")
        else:
            page.locator("#moves-details summary").click()
            page.locator("#moves .hinted").first.click()
        page.wait_for_timeout(30)
        if len(page.evaluate("window.sentMoves")) > before:
            return int(marked["hint"])
    raise AssertionError(f"clicking what the hint marked sent no move ({ways})")


def _follow_hints(page: Page, game: str, shots: Path | None = None) -> int:
    """Play the seat to the end of the game by the hints; the decisions made."""
    decisions = 0
    phases: set[str] = set()
    while True:
        page.wait_for_function(TURN_OR_END, timeout=WAIT_MS)
        if page.locator("#result").is_visible():
            return decisions
        page.wait_for_function(HINT_SHOWN, timeout=WAIT_MS)
        # One look at the page: another seat's step may bring a new decision at any moment.
        shown = page.evaluate(
            "[window.meja.page.state, document.body.dataset.hint,"
            " document.getElementById('hint-box').innerText]"
        )
        state, hinted, words = shown
        if not hinted:
            continue
        action = int(hinted)
        assert action in {move["action"] for move in state["legal"]}
        assert engine_codes(game, words) == [], words
        phase = state["view"].get("phase", "")
        if shots is not None and phase not in phases:
            phases.add(phase)
            page.screenshot(path=f"{shots}-{phase}.png")
        before = len(page.evaluate("window.sentMoves"))
        hinted_then = _click_the_hint(page)
        assert page.evaluate("window.sentMoves")[before:] == [hinted_then]
        page.wait_for_function("() => !window.meja.page.pending", timeout=WAIT_MS)
        refused = page.locator("#error").inner_text()
        if refused:
            # Another seat's step changed the board as the move went: the move is not made,
            # the board shows the present and the hint comes again for it.
            assert "changed since" in refused, refused
            page.evaluate("document.getElementById('error').textContent = ''")
            continue
        decisions += 1


@pytest.mark.parametrize("game", GAMES)
def test_a_guided_first_game_followed_hint_by_hint_ends_with_a_result(
    web: Any, browser: Browser, artifacts: Path, game: str
) -> None:
    page, errors = _open(browser)
    page.goto(web.url + "/")
    title = page.locator(f'.game-card[data-game="{game}"] h2').inner_text()
    page.locator(f'[data-learn-game="{game}"]').click()
    _joined(page)
    expect(page.locator("#guided-banner")).to_contain_text(f"Learning {title}")
    table = page.evaluate("window.meja.page.state.table")
    assert (table["guided"], table["hints"], table["num_players"]) == (True, True, 2)
    assert [seat["kind"] for seat in table["seats"]] == ["human", "bot"]
    # The opponent is named by its level, as the lobby offers it, never by its bot spec.
    expect(page.locator('.seat[data-seat="1"] .badge')).to_have_text("Casual bot")
    expect(page.locator("#hint-button")).to_be_hidden()
    decisions = _follow_hints(page, game, artifacts / f"learn-{game}")
    assert decisions >= 10
    expect(page.locator("#result")).to_be_visible()
    assert page.locator("#result-lines li").count() >= 1
    expect(page.locator("#prompt")).to_contain_text("Game over")
    expect(page.locator("#hint-box")).to_be_hidden()
    page.screenshot(path=artifacts / f"learn-{game}-end.png")
    page.context.close()
    assert errors == [], errors


def test_the_hint_button_shows_a_hint_on_request(web: Any, browser: Browser) -> None:
    table = web.create("peranakan", [{"kind": "human", "name": "Mei"}, HEURISTIC])
    page, errors = _open(browser)
    page.goto(table["seats"][0]["join_url"])
    _joined(page)
    page.wait_for_function(TURN_OR_END, timeout=WAIT_MS)
    expect(page.locator("#guided-banner")).to_have_count(0)
    expect(page.locator("#hint-box")).to_be_hidden()
    button = page.locator("#hint-button")
    expect(button).to_be_visible()
    button.click()
    page.wait_for_function(HINT_SHOWN, timeout=WAIT_MS)
    expect(page.locator("#board .hinted")).to_have_count(1)
    expect(page.locator("#board .hint-on")).to_have_count(1)
    expect(button).to_be_disabled()
    action = int(page.evaluate("document.body.dataset.hint"))
    assert _click_the_hint(page) == action
    assert page.evaluate("window.sentMoves") == [action]
    page.wait_for_function(
        "() => !window.meja.page.pending && document.body.dataset.yourTurn === 'yes'"
    )
    expect(page.locator("#hint-box")).to_be_hidden()
    expect(page.locator("#board .hinted")).to_have_count(0)
    expect(button).to_be_enabled()
    page.context.close()
    assert errors == [], errors


def test_a_table_set_up_without_hints_has_no_hint_button(web: Any, browser: Browser) -> None:
    page, errors = _open(browser)
    page.goto(web.url + "/")
    expect(page.locator("#hints")).to_be_checked()
    page.select_option("#game", "te_kuiti")
    page.select_option("#players", "2")
    page.select_option('[data-seat-kind="1"]', "bot:casual")
    page.locator("#hints").uncheck()
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    link = page.locator('[data-seat-link="0"]').get_attribute("href")
    assert link is not None
    table_id = link.split("/t/")[1].split("#")[0]
    assert web.http.get(f"/api/tables/{table_id}").json()["hints"] is False
    page.goto(link)
    _joined(page)
    page.wait_for_function(TURN_OR_END, timeout=WAIT_MS)
    expect(page.locator("#hint-button")).to_be_hidden()
    expect(page.locator("#hint-box")).to_be_hidden()
    page.context.close()
    assert errors == [], errors
