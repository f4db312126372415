"""Sound at the table: a chime when it becomes your turn and a tap for others' moves, made in the
page, and a mute switch the browser remembers."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 30_000


COUNT_TONES = """
window.__tones = 0;
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return made.call(this);
};
"""


def open_table(browser: Browser, web: Any) -> Page:
    response = web.http.post(
        "/api/tables",
        json={
            "game": "peranakan",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}],
            "options": {"start_player": "0"},
        },
    )
    assert response.status_code == 201, response.text
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(COUNT_TONES)
    page = context.new_page()
    page.goto(response.json()["seats"][0]["join_url"])
    page.wait_for_function("document.body.dataset.yourTurn === 'yes'", timeout=WAIT_MS)
    return page


def play_until_my_turn_again(page: Page) -> None:
    """Play Ana's moves until the bot has moved and it is her turn again."""
    bot_moves = "window.meja.page.log.filter((entry) => entry.player === 1 && entry.text).length"
    before = page.evaluate(bot_moves)
    while page.evaluate(bot_moves) == before:
        play_one_move(page)


def play_one_move(page: Page) -> None:
    step = int(page.evaluate("window.meja.page.state.step"))
    action = page.evaluate("window.meja.page.state.legal[0].action")
    if page.locator("#moves-details").get_attribute("open") is None:
        page.locator("#moves-details summary").click()
    page.locator(f'#moves [data-action="{action}"]').click()
    page.wait_for_function(
        f"window.meja.page.state.step > {step} && document.body.dataset.yourTurn === 'yes'",
        timeout=WAIT_MS,
    )


def test_your_turn_chimes_and_the_mute_switch_is_remembered(web: Any, browser: Browser) -> None:
    page = open_table(browser, web)
    toggle = page.locator("#sound-toggle")
    assert toggle.inner_text() == "Sound on"
    # Sound starts with the person's first gesture, as browsers require.
    for _ in range(4):
        play_until_my_turn_again(page)
    assert page.evaluate("document.body.dataset.lastSound") == "turn"
    assert page.evaluate("window.__tones") > 0, "no tone was made when the turn came"

    toggle.click()
    assert toggle.inner_text() == "Sound off"
    assert toggle.get_attribute("aria-pressed") == "false"
    before = page.evaluate("window.__tones")
    play_until_my_turn_again(page)
    assert page.evaluate("window.__tones") == before, "a muted page made a sound"

    page.reload()
    page.wait_for_function("window.meja && window.meja.page.state", timeout=WAIT_MS)
    assert page.locator("#sound-toggle").inner_text() == "Sound off"
    page.locator("#sound-toggle").click()
    assert page.locator("#sound-toggle").inner_text() == "Sound on"
    page.context.close()
