"""A person plays whole games with the keyboard alone: Tab and Shift+Tab to a highlighted part
of the board, Enter or Space to play it, against fast bots at 1280x800.

The moves are made only with page.keyboard; the page is read to know where the focus is and
which target is wanted. Every move sent must be the one the focused target said it was, and the
server's record of the game must hold exactly the moves pressed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from meja.core import GameRecord

BOT = {"kind": "bot", "bot": "random"}
SCRIPT = (Path(__file__).parent / "targets.js").read_text()
GAMES = [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 2), ("mooncake", 2)]
"""Each game at its fewest players against at least one bot."""
WHERE = f"""(step) => {{ {SCRIPT}
  const node = nodeOf(step);
  if (!node) return null;
  const active = document.activeElement;
  if (node === active) return 0;
  return active.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1;
}}"""
"""Whether the target of a step has the focus (0), comes after it (1) or before it (-1)."""
FOCUSED = f"""() => {{ {SCRIPT}
  const node = document.activeElement;
  if (!node || !node.matches(TARGETS)) return null;
  return {{ step: stepOf(node), move: node.getAttribute("data-move"),
            label: node.getAttribute("aria-label"), role: node.getAttribute("role") }};
}}"""
"""The focused target: its step, its move, and what it says to a screen reader."""
FOCUSABLE = (
    "() => [...document.querySelectorAll('a[href], button, input, summary, [tabindex]')]"
    ".filter((node) => node.tabIndex >= 0 && !node.disabled && node.getClientRects().length)"
    ".length"
)


def _tab_to(driver: Any, step: dict[str, Any]) -> dict[str, Any]:
    """Press Tab or Shift+Tab until the target of step has the focus; what it says then."""
    keyboard = driver.page.keyboard
    for _ in range(int(driver.page.evaluate(FOCUSABLE)) + 2):
        where = driver.page.evaluate(WHERE, step)
        assert where is not None, f"{step} is not on the board; the page showed {driver.shown()}"
        if where == 0:
            focused = driver.page.evaluate(FOCUSED)
            assert focused is not None and focused["step"] == step, focused
            return dict(focused)
        keyboard.press("Tab" if where > 0 else "Shift+Tab")
    raise AssertionError(f"Tab never reached {step}; the page showed {driver.shown()}")


def _press_through(
    driver: Any, decision: Any, action: int, key: str, shot: Path | None = None
) -> str:
    """Make the move action by keyboard along its path; the move text its target said.

    With shot, the window is saved there with the focus on the move's target.
    """
    said = ""
    before = len(driver.sent())
    for step in decision.paths[action]:
        focused = _tab_to(driver, step)
        assert focused["role"] == "button" and focused["label"], focused
        if "action" in step:
            said = str(focused["move"])
            if shot is not None:
                driver.page.screenshot(path=shot)
            driver.page.keyboard.press(key)
        else:
            selection = driver.page.evaluate("document.body.dataset.selection")
            driver.page.keyboard.press(key)
            driver.wait("(s) => document.body.dataset.selection !== s", selection)
            # The redraw after a pick keeps the focus on the same target, not at the page's top.
            assert driver.page.evaluate(FOCUSED)["step"] == step
    driver.wait("(n) => window.sentMoves.length > n", before)
    sent = driver.sent()[before:]
    assert sent == [action], f"{decision.name}: pressed '{said}' ({action}) but sent {sent}"
    assert said == decision.legal[action], f"the focused target said {said!r}"
    driver.wait("() => !window.meja.page.pending")
    return said


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_whole_game_is_played_with_the_keyboard_alone(
    web: Any, driver: Any, artifacts: Path, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    driver.open(table["seats"][0]["join_url"])
    rng = random.Random(3)
    pressed: list[str] = []
    while driver.wait_for_turn():
        if pressed:
            # After a move the focus stays on the board, so the next one is a few Tabs away.
            assert driver.page.evaluate(
                "document.getElementById('board').contains(document.activeElement)"
            ), f"the focus went to {driver.page.evaluate('document.activeElement.outerHTML')}"
        decision = driver.decision()
        action = rng.choice(sorted(decision.paths))
        key = ("Enter", " ")[len(pressed) % 2]
        shot = artifacts / f"{game}-keyboard-focus.png" if len(pressed) == 2 else None
        pressed.append(_press_through(driver, decision, action, key, shot))
    record = GameRecord.from_dict(web.http.get(f"/api/tables/{table['id']}/record").json())
    state, played = record.new_state(), []
    for player, action in record.history:
        if player == 0:
            played.append(state.action_to_str(action, 0))
        state.apply(action, player)
    assert played == pressed
    assert len(pressed) >= 3
