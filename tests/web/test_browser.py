"""A person plays whole games in Debian's chromium, by clicking the board, against fast bots; the
end of the game explains itself; a finished game replays step by step and turn by turn."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from meja.core import GameRecord

WAIT_MS = 30_000
TURN_OR_END = (
    "document.body.dataset.yourTurn === 'yes'"
    " || !document.getElementById('result').classList.contains('hidden')"
)
MOVED = (
    "([step, selection]) => document.body.dataset.step !== step"
    " || document.body.dataset.selection !== selection"
)
BOT = {"kind": "bot", "bot": "random"}
GAMES = [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 3), ("mooncake", 3)]


def _wait(page: Page, condition: str, arg: Any = None) -> None:
    """Wait for condition; a timeout says what the page showed."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=WAIT_MS)
    except PlaywrightTimeout:
        shown = page.evaluate(
            "[document.getElementById('prompt').textContent,"
            " document.getElementById('error').textContent, document.body.dataset.step,"
            " document.body.dataset.selection, document.getElementById('status').textContent]"
        )
        raise AssertionError(f"the page did not move on; it showed {shown}") from None


def _click_through_game(page: Page, rng: random.Random, shot: Path) -> int:
    """Click a highlighted part of the board at every turn until the game ends."""
    clicks = 0
    while True:
        _wait(page, TURN_OR_END)
        if page.locator("#result").is_visible():
            return clicks
        marker = page.evaluate("[document.body.dataset.step, document.body.dataset.selection]")
        targets = page.locator("#board [data-action], #board [data-pick]")
        count = targets.count()
        moves = page.locator("#moves button").all_inner_texts()
        assert count > 0, f"legal moves {moves} but nothing on the board to click"
        targets.nth(rng.randrange(count)).click()
        clicks += 1
        if clicks in (3, 12):
            page.screenshot(path=shot, full_page=True)
        _wait(page, MOVED, marker)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_person_plays_a_whole_game_by_clicking(
    web: Any, page: Page, artifacts: Path, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    page.goto(table["seats"][0]["join_url"])
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("#board svg")).to_be_visible()
    clicks = _click_through_game(page, random.Random(7), artifacts / f"{game}-table.png")
    assert clicks >= 3
    expect(page.locator("#prompt")).to_contain_text("Game over")
    page.screenshot(path=artifacts / f"{game}-final.png", full_page=True)
    record = GameRecord.from_dict(web.http.get(f"/api/tables/{table['id']}/record").json())
    scores = record.replay().scores()
    shown = [page.locator(f'#result [data-score="{seat}"]').inner_text() for seat in range(players)]
    assert [float(text) for text in shown] == scores
    assert (artifacts / f"{game}-table.png").stat().st_size > 10_000
    token = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
    result = web.http.get(f"/api/tables/{table['id']}/state", headers=token).json()["result"]
    assert _result_box(page) == _box_of(result, [seat["name"] for seat in table["seats"]])


def _result_box(page: Page) -> dict[str, Any]:
    """What the result box shows: the scores' unit, each row's cells as a screen reader reads
    them, the lines under them."""
    return dict(
        page.evaluate(
            """() => ({
              unit: document.getElementById('result-unit').innerText,
              rows: [...document.querySelectorAll('#result-rows tr')]
                .map((row) => [...row.cells].map((cell) => {
                  // What a reader hears: the seat's mark on its dot is hidden from them.
                  const copy = cell.cloneNode(true);
                  copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
                  return copy.textContent.replace(/\\s+/g, ' ').trim();
                })),
              lines: [...document.querySelectorAll('#result-lines li')].map((li) => li.innerText),
            })"""
        )
    )


def _box_of(result: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The result box a result message makes for seat 0: the unit capitalised, "(you)" after
    seat 0's name, each winner marked in words, and the message's lines as they are."""
    unit = result["unit"][:1].upper() + result["unit"][1:]
    rows = [
        [
            f"{name} (you)" if seat == 0 else name,
            f"{result['scores'][seat]:g}",
            "★ Winner" if seat in result["winners"] else "",
        ]
        for seat, name in enumerate(names)
    ]
    return {"unit": unit, "rows": rows, "lines": result["lines"]}


def test_the_result_box_shows_the_unit_and_the_lines_it_is_sent(
    web: Any, sized_driver: Any, artifacts: Path
) -> None:
    page = sized_driver.page
    table = web.create("te_kuiti", [{"kind": "human", "name": "Ana"}, BOT])
    page.goto(table["seats"][0]["join_url"])
    # Ana's turn: the table waits for her, so no later state replaces the one drawn below.
    page.wait_for_function("document.body.dataset.yourTurn === 'yes'")
    sent = {
        "scores": [7, 7],
        "winners": [1],
        "unit": "festive Points",
        "lines": [
            "You and Bot 2 tied on 7 Festive Points; Bot 2 won on last round's Taste, 9 to 6.",
            "A second line, long enough to need wrapping in a narrow box of the page.",
        ],
    }
    page.evaluate(
        "(result) => { const p = window.meja.page;"
        " p.state = { ...p.state, result }; window.meja.render(); }",
        sent,
    )
    assert _result_box(page) == _box_of(sent, ["Ana", "Bot 2"])
    page.locator("#result").scroll_into_view_if_needed()
    size = page.viewport_size
    assert size is not None
    page.screenshot(path=artifacts / f"result-{size['width']}x{size['height']}.png")
    box = page.locator("#result").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    for line in page.locator("#result-lines li").all():
        inside = line.evaluate("(li) => li.scrollWidth <= li.clientWidth")
        assert inside, f"{line.inner_text()!r} is cut off"


def _turns(history: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each turn's last frame and mover: a turn runs from one seat's move to the next seat's."""
    turns: list[list[int]] = []
    for step, (player, _) in enumerate(history):
        if player >= 0 and (not turns or turns[-1][1] != player):
            turns.append([step + 1, player])
        elif turns:
            turns[-1][0] = step + 1
    return [(end, player) for end, player in turns]


def test_a_finished_game_replays_turn_by_turn_from_the_keyboard(web: Any, page: Page) -> None:
    table = web.create("peranakan", [BOT, BOT])
    page.goto(table["watch_url"])
    expect(page.locator("#result")).to_be_visible(timeout=WAIT_MS)
    record = GameRecord.from_dict(web.http.get(f"/api/tables/{table['id']}/record").json())
    total, turns = len(record.history), _turns(record.history)
    names = page.evaluate("window.meja.page.state.table.seats.map((seat) => seat.name)")
    label = page.locator("#replay-step")
    expect(label).to_have_text(
        f"Step {total} of {total} · Turn {len(turns)} of {len(turns)} · {names[turns[-1][1]]}"
    )
    page.click("#replay-start")
    expect(label).to_have_text(f"Step 0 of {total} · before the first move")

    def shows(step: int, turn: int) -> None:
        player = turns[turn][1]
        expect(label).to_have_text(
            f"Step {step} of {total} · Turn {turn + 1} of {len(turns)} · {names[player]}"
        )
        expect(page.locator("body")).to_have_attribute("data-step", str(step))

    for turn in range(4):
        page.keyboard.press("Shift+ArrowRight")
        shows(turns[turn][0], turn)
    page.keyboard.press("ArrowRight")
    shows(turns[3][0] + 1, 4)
    page.keyboard.press("Shift+ArrowLeft")
    shows(turns[3][0], 3)
    page.keyboard.press("ArrowLeft")
    shows(turns[3][0] - 1, 3)
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "replay-turn-next":
            break
    assert page.evaluate("document.activeElement.id") == "replay-turn-next"
    page.keyboard.press("Enter")
    shows(turns[3][0], 3)
