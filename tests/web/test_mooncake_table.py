"""Mooncake Master at the table: a keep/pass choice or a picked tile is made by clicks, survives
what the other seats commit meanwhile, and only the move the person meant is sent.

The other seats are human seats played through the HTTP API, so each of their moves lands at
the exact moment the test chooses.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from meja.games.mooncake.tables import SLOT_NAMES

WHEN = {2: (3, 2), 3: (1, 3), 6: (3, 3)}
"""Where each player count is looked at: late games show all three customers."""
NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
ROLES = """() => [...document.querySelectorAll('#board [data-hand]')].map((tile) => {
  const role = tile.querySelector('[data-role]');
  return role ? [role.getAttribute('data-role'), role.textContent] : null;
})"""
FRAMES = "[data-summary], [data-tastes], [data-customer], [data-seat-row]"
"""What texts must stay inside: the choice, the taste table, each customer and each baker's row."""
COVERS = """() => {
  const targets = '[data-action], [data-pick], [data-clear]';
  const shapes = [...document.querySelectorAll('#board .hl, #board circle.cake')];
  const out = [];
  for (const node of document.querySelectorAll('#board svg text')) {
    const box = node.getBoundingClientRect();
    if (!box.width) continue;
    for (const shape of shapes) {
      if (shape.closest(targets) === node.closest(targets) || shape.contains(node)) continue;
      const s = shape.getBoundingClientRect();
      const w = Math.min(box.right, s.right) - Math.max(box.left, s.left);
      const h = Math.min(box.bottom, s.bottom) - Math.max(box.top, s.top);
      if (w > 2 && h > 2 && shape.tagName !== 'path') {
        out.push(`${node.textContent} covers a button, tile or cake`);
      }
    }
  }
  return out;
}"""


def _play_seat(table: Any, seat: int) -> int:
    """Seat plays its first legal move through the API, once the server has resolved the chance
    steps before it; the step the table is at after it."""
    state = table.wait_for(seat, lambda state: bool(state["legal"]))
    return int(table.move(seat, state["legal"][0]["action"], state)["step"])


def _seen_step(driver: Any, step: int) -> None:
    """Wait until the page has been sent the table at step (or later)."""
    driver.wait("(s) => window.meja.page.state.step >= s", step)


def _legal(driver: Any) -> dict[str, int]:
    return {move["text"]: move["action"] for move in driver.state()["legal"]}


def _tile(driver: Any, index: int) -> Any:
    return driver.page.locator(f'#board [data-hand="{index}"]')


def _roles(driver: Any) -> list[Any]:
    """What each tile in hand is labelled with: [role, text shown] or None."""
    return [tuple(role) if role else None for role in driver.page.evaluate(ROLES)]


def _summary(driver: Any) -> str:
    return str(driver.page.locator("#board [data-summary]").text_content())


def _words(driver: Any, index: int) -> str:
    """The tile in hand at index, in the words it is named by."""
    return str(_tile(driver, index).locator(".tile").get_attribute("aria-label"))


def _summary_tiles(driver: Any) -> list[str]:
    """The tiles the summary draws, in order."""
    return [
        str(node.get_attribute("data-tile"))
        for node in driver.page.locator("#board [data-summary] .tile").all()
    ]


def _control(driver: Any, name: str) -> Any:
    return driver.page.locator(f'#board [data-control="{name}"]')


def _choose_phase(
    human_table: Any, driver: Any, players: int
) -> tuple[Any, list[str], dict[str, int]]:
    """A table of human seats, seat 0's page open at its first keep/pass choice; the table, the
    tiles in hand and the legal moves by their text."""
    table = human_table("mooncake", players, NAMES)
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    assert driver.state()["view"]["phase"] == "choose"
    return table, list(driver.state()["view"]["hand"]), _legal(driver)


def test_a_half_made_choice_survives_other_seats_commits_and_sends_what_was_meant(
    human_table: Any, driver: Any
) -> None:
    table, hand, legal = _choose_phase(human_table, driver, 3)
    _tile(driver, 0).click()
    assert driver.sent() == []
    driver.wait("document.body.dataset.selection === 'hand:0'")

    _seen_step(driver, _play_seat(table, 1))
    assert 1 not in driver.state()["active"]
    assert driver.page.evaluate("document.body.dataset.selection") == "hand:0"
    _tile(driver, 1).click()
    assert driver.sent() == [], "a half-made choice was sent before it was confirmed"
    driver.wait("document.body.dataset.selection === 'hand:0|hand:1'")
    assert _roles(driver) == [("keep", "Keep"), ("left", "Left"), ("right", "Right")]
    _tile(driver, 2).click()
    driver.wait("document.body.dataset.selection === 'hand:0|hand:1|hand:2'")
    assert driver.sent() == []
    assert _roles(driver) == [("keep", "Keep"), ("left", "Left"), ("right", "Right")]
    summary = _summary(driver)
    assert f"keep {_words(driver, 0)}" in summary
    assert f"pass {_words(driver, 1)} to Ben" in summary
    assert f"pass {_words(driver, 2)} to Cai" in summary
    assert _summary_tiles(driver) == hand

    meant = f"keep {hand[0]}, left {hand[1]}, right {hand[2]}"
    _control(driver, "confirm").click()
    driver.wait("window.sentMoves.length > 0")
    assert driver.sent() == [legal[meant]]
    driver.wait("(text) => window.meja.page.state.view.choice === text", meant)


def test_the_last_tile_of_a_choice_is_implied_and_change_clears_it(
    human_table: Any, driver: Any
) -> None:
    table, hand, legal = _choose_phase(human_table, driver, 3)
    _tile(driver, 0).click()
    _tile(driver, 1).click()
    assert driver.sent() == []
    assert _roles(driver) == [("keep", "Keep"), ("left", "Left"), ("right", "Right")]
    assert _control(driver, "confirm").get_attribute("data-action") is not None

    _seen_step(driver, _play_seat(table, 2))
    _control(driver, "change").click()
    driver.wait("document.body.dataset.selection === ''")
    assert _roles(driver) == [None, None, None]
    assert _control(driver, "confirm").get_attribute("data-action") is None
    assert _control(driver, "change").count() == 0
    assert driver.sent() == []

    _tile(driver, 2).click()
    _tile(driver, 0).click()
    _control(driver, "confirm").click()
    driver.wait("window.sentMoves.length > 0")
    assert driver.sent() == [legal[f"keep {hand[2]}, left {hand[0]}, right {hand[1]}"]]


def test_a_two_player_choice_keeps_one_tile_and_passes_the_other_two(
    human_table: Any, driver: Any
) -> None:
    table, hand, legal = _choose_phase(human_table, driver, 2)
    _tile(driver, 1).click()
    assert driver.sent() == [], "the keep click sent the move before it was confirmed"
    driver.wait("document.body.dataset.selection === 'hand:1'")
    _seen_step(driver, _play_seat(table, 1))
    assert _roles(driver) == [("pass", "Pass"), ("keep", "Keep"), ("pass", "Pass")]
    assert driver.sent() == []

    meant = next(
        text
        for text in legal
        if text.startswith(f"keep {hand[1]}, pass ")
        and sorted(text.split(", pass ")[1].split()) == sorted([hand[0], hand[2]])
    )
    summary = _summary(driver)
    assert f"keep {_words(driver, 1)}" in summary
    assert "to Ben" in summary
    assert _summary_tiles(driver) == [hand[1], *meant.split(", pass ")[1].split()]

    _tile(driver, 0).click()
    driver.wait("document.body.dataset.selection === 'hand:0'")
    assert _roles(driver) == [("keep", "Keep"), ("pass", "Pass"), ("pass", "Pass")]
    _tile(driver, 1).click()
    driver.wait("document.body.dataset.selection === 'hand:1'")
    _control(driver, "confirm").click()
    driver.wait("window.sentMoves.length > 0")
    assert driver.sent() == [legal[meant]]
    driver.wait("window.meja.page.state.view.phase === 'place'")
    passed = driver.state()["view"]["passed"]
    assert sorted([passed["left"], passed["right"]]) == sorted([hand[0], hand[2]])


def _place_phase(
    human_table: Any, driver: Any, players: int
) -> tuple[Any, list[str], dict[str, int]]:
    """A table of human seats, every seat's first choice made, seat 0's page open at its first
    placing; the table, the tiles in hand and the legal moves by their text."""
    table, _, _ = _choose_phase(human_table, driver, players)
    for seat in range(players):
        _play_seat(table, seat)
    driver.wait("window.meja.page.state.view.phase === 'place'")
    assert driver.wait_for_turn()
    return table, list(driver.state()["view"]["hand"]), _legal(driver)


def test_a_picked_tile_survives_another_seats_placement_and_goes_where_clicked(
    human_table: Any, driver: Any
) -> None:
    table, hand, legal = _place_phase(human_table, driver, 3)
    slots = "#board [data-slot][data-action]"

    _tile(driver, 0).click()
    driver.wait("document.body.dataset.selection === 'hand:0'")
    assert driver.page.locator(slots).count() == len(
        [text for text in legal if text.startswith(f"place {hand[0]} at ")]
    )
    _seen_step(driver, _play_seat(table, 1))
    assert driver.page.evaluate("document.body.dataset.selection") == "hand:0"
    assert "picked" in str(_tile(driver, 0).get_attribute("class"))

    _tile(driver, 1).click()
    driver.wait("document.body.dataset.selection === 'hand:1'")
    _seen_step(driver, _play_seat(table, 2))
    assert driver.page.evaluate("document.body.dataset.selection") == "hand:1"
    assert driver.sent() == []
    driver.page.locator('#board [data-slot="2SE"][data-action]').click()
    driver.wait("window.sentMoves.length > 0")
    assert driver.sent() == [legal[f"place {hand[1]} at 2SE"]]
    driver.wait("window.meja.page.state.view.pending.includes('2SE')")
    assert driver.state()["view"]["boards"][0][5] == hand[1]


HOLD_MOVES = """() => { const c = window.meja.connection; const send = c.send.bind(c);
  window.held = [];
  c.send = (m) => { if (m.type !== 'move') return send(m); window.held.push(m); return true; };
  window.releaseHeld = () => { for (const m of window.held.splice(0)) send(m); }; }"""
"""Moves the page sends are held back until released, as on a slow line."""


def _place_first_tile_held(driver: Any) -> None:
    """The person places the hand's first tile on 2SE by clicks, and the move is held back."""
    driver.page.evaluate(HOLD_MOVES)
    _tile(driver, 0).click()
    driver.wait("document.body.dataset.selection === 'hand:0'")
    driver.page.locator('#board [data-slot="2SE"][data-action]').click()
    driver.wait("window.held.length === 1")


def test_a_placed_tile_is_not_offered_again_before_its_answer_comes(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    """Another seat's placement can reach the page before the answer to the person's own: the
    page then waits for that answer, offering no move and saying the move is on its way, and
    never hands the placed tile back to be clicked again."""
    table, hand, legal = _place_phase(human_table, driver, 2)
    _place_first_tile_held(driver)

    _seen_step(driver, _play_seat(table, 1))
    assert driver.page.evaluate("window.meja.page.pending") is True
    assert driver.page.evaluate("document.body.dataset.yourTurn") == "no"
    assert driver.page.locator("#board [data-action]").count() == 0
    assert driver.page.locator("#prompt").text_content() == "Your move is on its way…"
    driver.page.screenshot(path=artifacts / "mooncake-move-on-its-way.png")

    driver.page.evaluate("window.releaseHeld()")
    driver.wait("() => !window.meja.page.pending")
    assert driver.sent() == [legal[f"place {hand[0]} at 2SE"]]
    assert driver.state()["view"]["boards"][0][5] == hand[0]
    assert driver.wait_for_turn()
    assert len(driver.state()["view"]["hand"]) == len(hand) - 1


def test_a_move_lost_with_its_connection_is_offered_again_on_the_new_one(
    human_table: Any, driver: Any
) -> None:
    """A move that never reached the server before its socket closed: the new socket's state
    shows it was not played, so the page stops waiting and offers the tile again."""
    _, hand, legal = _place_phase(human_table, driver, 2)
    _place_first_tile_held(driver)
    assert driver.page.evaluate("window.meja.page.pending") is True

    driver.page.evaluate("window.meja.connection.socket.close()")
    driver.wait("!window.meja.page.pending && document.body.dataset.yourTurn === 'yes'")
    assert driver.state()["view"]["hand"] == hand
    assert driver.state()["legal"] == [{"action": a, "text": t} for t, a in legal.items()]
    assert driver.page.locator('#board [data-hand="0"]').count() == 1


def _play_to(driver: Any, table: Any, when: tuple[int, int] | None, rng: random.Random) -> None:
    """Play Ana's seat through the API until her choice at (round, turn), or to the end."""
    while True:
        if not driver.wait_for_turn():
            assert when is None, "the game ended first"
            return
        state = table.state(0)
        view = state["view"]
        if when and (view["round"], view["turn_in_round"]) >= when and view["phase"] == "choose":
            _seen_step(driver, state["step"])
            return
        move = rng.choice(state["legal"])
        _seen_step(driver, int(table.move(0, move["action"], at_step=False)["step"]))


def _looks_wrong(driver: Any) -> list[str]:
    """Texts on each other, cut off or out of their frame, and texts over a button, tile or cake."""
    return driver.layout_problems(FRAMES) + list(driver.page.evaluate(COVERS))


def _check_looks(driver: Any, name: str) -> None:
    """Every move can be clicked, and no text overlaps another or leaves the board."""
    decision = driver.decision()
    assert not decision.missing(), "\n".join(decision.missing())
    assert _looks_wrong(driver) == [], name


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_table_is_legible_at_every_player_count(
    human_table: Any, driver: Any, phone_driver: Any, artifacts: Path, players: int, screen: str
) -> None:
    person = driver if screen == "desktop" else phone_driver
    table = human_table("mooncake", 1, NAMES, bots=players - 1)
    person.open(table.url(0))
    _play_to(person, table, WHEN[players], random.Random(players))
    shot = artifacts / f"mooncake-{players}p-{screen}"

    _tile(person, 0).click()
    if players > 2:
        _tile(person, 2).click()
    picked = "(n) => document.body.dataset.selection.split('|').length === (n > 2 ? 2 : 1)"
    person.wait(picked, players)
    _check_looks(person, "choose")
    person.page.screenshot(path=f"{shot}-choose.png")
    _control(person, "confirm").click()
    person.wait("window.meja.page.state.view.phase === 'place'")
    assert person.wait_for_turn()

    _tile(person, 1).click()
    person.wait("document.body.dataset.selection === 'hand:1'")
    _check_looks(person, "place")
    person.page.screenshot(path=f"{shot}-place.png")
    if screen == "phone":
        person.page.screenshot(path=f"{shot}-place-full.png", full_page=True)

    _play_to(person, table, None, random.Random(players))
    assert "Game over" in str(person.page.locator("#prompt").text_content())
    assert _looks_wrong(person) == [], "over"
    person.page.screenshot(path=f"{shot}-over.png", full_page=screen == "phone")


def test_a_spectator_sees_every_baker_and_no_choice(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    table = human_table("mooncake", 1, NAMES, bots=3)
    driver.open(table.table["watch_url"])
    driver.wait("window.meja.page.state.view.phase === 'choose'")
    rows = driver.page.locator("#board [data-seat-row]")
    assert rows.count() == 4
    assert rows.nth(0).text_content().startswith("Ana")
    assert driver.page.locator("#board [data-hand], #board [data-control]").count() == 0
    assert _looks_wrong(driver) == []
    driver.page.screenshot(path=artifacts / "mooncake-4p-spectator.png")


SMALL_TARGETS = """() => [...document.querySelectorAll(
    '#board [data-action], #board [data-pick], #board [data-clear]')]
  .map((node) => [node.getAttribute('data-move') || node.getAttribute('data-pick') || 'clear',
    node.getBoundingClientRect()])
  .filter(([, box]) => box.width > 0 && (box.width < 24 || box.height < 24))
  .map(([name, box]) => `${name} is ${box.width.toFixed(1)}x${box.height.toFixed(1)} px`)"""
"""Every move target on the board smaller than 24x24 CSS px on screen."""
MARKS = """() => [...document.querySelectorAll('#board [data-last-move]')]
  .map((node) => [Number(node.getAttribute('data-last-move')), node.getAttribute('data-slot')])"""
"""The last-move marks on the board: [seat, slot] each."""


def _log(driver: Any) -> list[str]:
    return [str(line) for line in driver.page.locator("#log li").all_text_contents()]


def _too_small(driver: Any) -> list[str]:
    """Board texts under 12 px high, parts off the board, and targets under 24x24 px."""
    return driver.layout_problems("", 12) + list(driver.page.evaluate(SMALL_TARGETS))


def test_the_log_names_a_bot_after_its_move_and_says_you_after_yours(
    human_table: Any, driver: Any
) -> None:
    table = human_table("mooncake", 1, NAMES, bots=2)
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    driver.wait(
        "[...document.querySelectorAll('#log li')].some((li) => /^Bot 2 /.test(li.innerText))"
    )
    assert "Bot 2 kept a tile and passed two." in _log(driver)
    assert not any(line.startswith("Ana ") for line in _log(driver)), "your own seat is You"
    step = int(table.move(0, table.state(0)["legal"][0]["action"])["step"])
    _seen_step(driver, step)
    mine = [line for line in _log(driver) if line.startswith("You kept ")]
    assert len(mine) == 1 and " and passed " in mine[0], _log(driver)


def test_a_bots_open_placements_are_marked_until_it_moves_again(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    """placement_reveal='open': Bot 2's three tiles are face up at once and ringed on its
    cakes while Ana places; once it has chosen again next turn, the rings are gone."""
    table = human_table("mooncake", 1, NAMES, bots=1, placement_reveal="open")
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    table.move(0, table.state(0)["legal"][0]["action"])
    driver.wait("(v => v.phase === 'place' && v.hand_sizes[1] === 0)(window.meja.page.state.view)")
    placed = [
        slot
        for slot, code in zip(SLOT_NAMES, table.state(0)["view"]["boards"][1], strict=True)
        if code
    ]
    driver.wait(
        "(n) => document.querySelectorAll('#board [data-last-move]').length === n", len(placed)
    )
    assert sorted(driver.page.evaluate(MARKS)) == sorted([1, slot] for slot in placed)
    driver.page.screenshot(path=artifacts / "mooncake-2p-desktop-last-move.png")
    for _ in range(3):
        step = int(table.move(0, table.state(0)["legal"][0]["action"])["step"])
    _seen_step(driver, step)
    driver.wait("(s => s.view.phase === 'choose' && !s.active.includes(1))(window.meja.page.state)")
    assert driver.page.evaluate(MARKS) == [], "the bot chose again: its placements are old news"


def test_hidden_placements_are_marked_only_once_revealed_and_until_the_seat_chooses(
    human_table: Any, driver: Any
) -> None:
    """M4: Ben's tiles stay unmarked while hidden; his last tile reveals the turn, and his
    three new tiles are ringed on Ana's screen until he has chosen again."""
    table = human_table("mooncake", 2, NAMES)
    driver.open(table.url(0))
    for seat in (0, 1):
        _play_seat(table, seat)
    for _ in range(3):
        _seen_step(driver, _play_seat(table, 0))
    for _ in range(2):
        _seen_step(driver, _play_seat(table, 1))
    assert driver.page.evaluate(MARKS) == [], "Ben's placements are still face down"
    _seen_step(driver, _play_seat(table, 1))
    driver.wait("window.meja.page.state.view.phase === 'choose'")
    filled = table.state(0)["view"]["boards"][1]
    placed = [slot for slot, code in zip(SLOT_NAMES, filled, strict=True) if code]
    driver.wait("(n) => document.querySelectorAll('#board [data-last-move]').length === n", 3)
    assert sorted(driver.page.evaluate(MARKS)) == sorted([1, slot] for slot in placed)
    _seen_step(driver, _play_seat(table, 1))
    assert driver.page.evaluate(MARKS) == [], "Ben has chosen again"
    _play_seat(table, 0)
    for _ in range(3):
        _seen_step(driver, _play_seat(table, 1))
    assert driver.page.evaluate(MARKS) == [], "Ben's new tiles are face down, the old not his last"


@pytest.mark.parametrize("players", [3, 6])
def test_on_a_phone_every_board_text_is_readable_and_every_target_big_enough(
    human_table: Any, phone_driver: Any, artifacts: Path, players: int
) -> None:
    table = human_table("mooncake", 1, NAMES, bots=players - 1)
    phone_driver.open(table.url(0))
    _play_to(phone_driver, table, (2, 1), random.Random(players))
    assert _too_small(phone_driver) == [], "choose: " + "; ".join(_too_small(phone_driver))
    _tile(phone_driver, 0).click()
    _tile(phone_driver, 1).click()
    phone_driver.wait("document.body.dataset.selection === 'hand:0|hand:1'")
    assert _too_small(phone_driver) == [], "choice made, to confirm or change"
    phone_driver.page.screenshot(
        path=artifacts / f"mooncake-{players}p-phone-mid.png", full_page=True
    )
    _control(phone_driver, "confirm").click()
    phone_driver.wait("window.meja.page.state.view.phase === 'place'")
    assert phone_driver.wait_for_turn()
    _tile(phone_driver, 0).click()
    phone_driver.wait("document.body.dataset.selection === 'hand:0'")
    assert _too_small(phone_driver) == [], "a tile picked, its quarters to click"
    _play_to(phone_driver, table, None, random.Random(players))
    assert _too_small(phone_driver) == [], "over"
    phone_driver.page.screenshot(
        path=artifacts / f"mooncake-{players}p-phone-end.png", full_page=True
    )
