"""The Peranakan table in a browser: every decision can be clicked, and the table is laid out
for the window it is in.

Each decision kind (take a tile, choose the wild slot's Kueh, place the tile, add a Nyonya or
Baba, choose a wild Kueh while collecting) is reached by playing every seat over HTTP with a
plan that makes it happen, then seat 0 is opened in the browser. There, every legal move must
have a highlighted target inside the window, and clicking the thing that shows a move (the
market slot, the board space, the Kueh or pawn button) must send that move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli"]
PHASES = ["take", "choose_kueh", "place", "pawn", "collect_kueh"]
KUEH = ["tutu", "ondeh", "bahulu", "angku"]
KUEH_NAMES = {
    "tutu": "Tutu Kueh",
    "ondeh": "Ondeh Ondeh",
    "bahulu": "Kueh Bahulu",
    "angku": "Ang Ku Kueh",
}
CELLS = [f"{col}{row}" for row in range(1, 6) for col in "abcde"]
MOVES_LIMIT = 400

# Where the table's parts are, measured in the page: the size of the drawing, the window, and
# the boxes of the market, the board, the tile in hand and the players.
MEASURE = """() => {
  const drawing = document.querySelector('#board svg');
  const vb = drawing.viewBox.baseVal;
  const part = (selector) => {
    const node = drawing.querySelector(selector);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  return {
    width: vb.width,
    height: vb.height,
    window: { width: innerWidth, height: innerHeight },
    market: part('g.market'),
    board: part('g.board'),
    hand: part('g.hand'),
    players: part('g.players'),
  };
}"""
FRAMES = "[data-choice], [data-player]"
"""What texts must stay inside: each button and each player's row."""


def settled(table: Any) -> dict[str, Any]:
    """Seat 0's state once the server has dealt: a seat is to move, or the game is over."""
    return dict(table.wait_for(0, lambda state: bool(state["active"] or state["result"])))


def play_until(table: Any, wanted: str) -> bool:
    """Play every seat until seat 0 must make a decision of the wanted kind; False if the game
    ended first."""
    for _ in range(MOVES_LIMIT):
        watching = settled(table)
        if watching["result"]:
            return False
        seat = watching["active"][0]
        state = watching if seat == 0 else table.state(seat)
        view = state["view"]
        if seat == 0 and view["phase"] == wanted:
            return True
        table.move(seat, plan(seat, state, wanted), state)
    raise AssertionError(f"no {wanted} decision after {MOVES_LIMIT} moves")


def plan(seat: int, state: dict[str, Any], wanted: str) -> str:
    """A move that heads for the wanted decision of seat 0.

    Seat 0 takes tiles with a wild icon and puts a Nyonya on them; the board is filled in
    reading order, so her row and column fill up and she collects her own wild icon.
    """
    view = state["view"]
    legal = [m["text"] for m in state["legal"]]
    phase = view["phase"]
    if phase == "take":
        if seat == 0 and wanted == "choose_kueh":
            return "take slot4"
        if seat == 0 and wanted == "collect_kueh":
            positions = ["deck", "slot1", "slot2", "slot3"]
            for position, code in zip(positions, view["market"], strict=False):
                if code and "w" in code:
                    return f"take {position}"
        return "take slot1"
    if phase == "place":
        board = " ".join(view["board"]).split()
        empty = [CELLS[i] for i, code in enumerate(board) if code == "."]
        return f"place {empty[0]}" if empty else legal[0]
    if phase == "pawn":
        placed = CELLS.index(view["placed"])
        code = " ".join(view["board"]).split()[placed]
        if seat == 0 and wanted == "collect_kueh" and "w" in code.split("/")[-1]:
            return "nyonya" if "nyonya" in legal else legal[-1]
        return "no pawn"
    return legal[0]


def reach(human_table: Any, players: int, wanted: str) -> Any:
    """An all-human table where seat 0 has a decision of the wanted kind."""
    for _ in range(8):
        table = human_table("peranakan", players, NAMES, start_player="0")
        if play_until(table, wanted):
            return table
    raise AssertionError(f"seat 0 never had a {wanted} decision")


def open_decision(driver: Any, table: Any, wanted: str, shot: Path) -> Any:
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    decision = driver.decision()
    assert decision.name.startswith(wanted), decision.name
    driver.page.screenshot(path=shot)
    return decision


def click_node(driver: Any, selector: str, has_text: str | None = None) -> str:
    """Click the one highlighted target matching selector (and text); the move it stands for."""
    targets = driver.page.locator(selector, has_text=has_text)
    assert targets.count() == 1, f"{targets.count()} targets for {selector} {has_text}"
    move = str(targets.get_attribute("data-move"))
    box = targets.bounding_box()
    assert box is not None
    before = len(driver.sent())
    driver.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    driver.wait("(n) => window.sentMoves.length > n", before)
    return move


def sent_text(driver: Any, state: dict[str, Any]) -> list[str]:
    legal = {m["action"]: m["text"] for m in state["legal"]}
    return [legal.get(action, f"not legal: {action}") for action in driver.sent()]


def target_under(driver: Any, text: str, axis: str) -> str:
    """The move of the target lined up with a printed label of the table: the market slot
    headed text (axis "x"), or the board column or row labelled text (axis "x" or "y")."""
    return str(
        driver.page.evaluate(
            """([text, axis]) => {
              const labels = [...document.querySelectorAll('#board svg text')]
                .filter((t) => t.textContent === text);
              const centre = (r) => axis === 'x' ? (r.left + r.right) / 2 : (r.top + r.bottom) / 2;
              const at = centre(labels[0].getBoundingClientRect());
              const hits = [...document.querySelectorAll('#board [data-action]')].filter((node) => {
                const r = node.getBoundingClientRect();
                return axis === 'x' ? r.left < at && at < r.right : r.top < at && at < r.bottom;
              });
              return hits.map((node) => node.getAttribute('data-move')).join('|');
            }""",
            [text, axis],
        )
    )


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("wanted", PHASES)
def test_every_move_of_each_decision_can_be_clicked_at_1280x800(
    human_table: Any, driver: Any, artifacts: Path, players: int, wanted: str
) -> None:
    table = reach(human_table, players, wanted)
    shot = artifacts / f"peranakan-{players}p-{wanted}.png"
    decision = open_decision(driver, table, wanted, shot)
    assert decision.missing() == []
    assert decision.scroll_y == 0
    assert driver.page.evaluate("window.scrollY") == 0
    state = driver.state()
    view = state["view"]
    if wanted == "take":
        # The tile under the heading "Slot 3" is the one taken.
        shown = view["market"][3]
        column = target_under(driver, "Slot 3", "x")
        assert column == "take slot3", column
        click_node(driver, "#board [data-action][data-move='take slot3']")
        assert sent_text(driver, state) == ["take slot3"]
        driver.wait("(code) => window.meja.page.state.view.held === code", shown)
    elif wanted in ("choose_kueh", "collect_kueh"):
        kind = next(k for k in ["ondeh", "angku", "tutu", "bahulu"] if view["supply"][k])
        index = KUEH.index(kind)
        before = view["kueh"][0][index]
        click_node(driver, "#board [data-action]", has_text=KUEH_NAMES[kind])
        assert sent_text(driver, state) == [f"kueh {kind}"]
        driver.wait("([i, n]) => window.meja.page.state.view.kueh[0][i] > n", [index, before])
    elif wanted == "place":
        # The space in column c and row 3, as the printed labels show.
        in_column = set(target_under(driver, "c", "x").split("|"))
        in_row = set(target_under(driver, "3", "y").split("|"))
        assert in_column & in_row == {"place c3"}, (in_column, in_row)
        held = view["held"]
        click_node(driver, "#board [data-action][data-move='place c3']")
        assert sent_text(driver, state) == ["place c3"]
        driver.wait(
            "(code) => window.meja.page.state.view.board[2].split(' ')[2].endsWith(code)", held
        )
    else:
        babas = view["hands"][0][1]
        click_node(driver, "#board [data-action]", has_text="Baba")
        assert sent_text(driver, state) == ["baba"]
        driver.wait("(n) => window.meja.page.state.view.hands[0][1] === n - 1", babas)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("wanted", PHASES)
def test_every_move_of_each_decision_can_be_tapped_on_a_phone(
    human_table: Any, phone_driver: Any, artifacts: Path, players: int, wanted: str
) -> None:
    table = reach(human_table, players, wanted)
    shot = artifacts / f"peranakan-{players}p-phone-{wanted}.png"
    decision = open_decision(phone_driver, table, wanted, shot)
    assert decision.missing() == []
    action = sorted(decision.paths)[-1]
    phone_driver.play(decision, action)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("wanted", PHASES)
def test_a_wide_window_shows_the_table_landscape_with_the_choices_beside_the_board(
    human_table: Any, driver: Any, players: int, wanted: str
) -> None:
    table = reach(human_table, players, wanted)
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    found = driver.page.evaluate(MEASURE)
    assert found["width"] > found["height"] * 1.2, "the drawing is not landscape"
    board, hand, players_box = found["board"], found["hand"], found["players"]
    # The tile in hand, the choice buttons and the players are to the right of the board.
    assert hand["left"] >= board["right"], (board, hand)
    assert players_box["left"] >= board["right"], (board, players_box)
    assert found["market"]["right"] <= hand["left"]
    # All of it is in the window, without scrolling.
    drawn = driver.drawn()
    assert drawn["bottom"] <= found["window"]["height"], drawn
    assert hand["bottom"] <= found["window"]["height"]
    assert players_box["bottom"] <= found["window"]["height"]
    assert driver.layout_problems(FRAMES, 12) == []


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("wanted", ["choose_kueh", "pawn"])
def test_a_phone_shows_the_table_as_a_column_with_the_choices_above_the_board(
    human_table: Any, phone_driver: Any, players: int, wanted: str
) -> None:
    table = reach(human_table, players, wanted)
    phone_driver.open(table.url(0))
    assert phone_driver.wait_for_turn()
    found = phone_driver.page.evaluate(MEASURE)
    assert found["height"] > found["width"], "the drawing is not a column"
    board, hand = found["board"], found["hand"]
    assert found["market"]["bottom"] <= hand["top"] and hand["bottom"] <= board["top"]
    assert found["players"]["top"] >= board["bottom"]
    assert phone_driver.layout_problems(FRAMES, 11) == []


# --- the move log, the last-move marks, and reading the table on a phone ---------------------

LOOKS = """() => {
  const drawing = document.querySelector('#board svg');
  const channel = (v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c) =>
    0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const paint = (value) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(value || '');
    if (!m) return null;
    const p = m[1].split(',').map(Number);
    return p.length > 3 && p[3] === 0 ? null : p.slice(0, 3);
  };
  const alpha = (node) => {
    let a = 1;
    for (let up = node; up && up !== drawing; up = up.parentNode) {
      a *= Number(getComputedStyle(up).opacity);
    }
    return a;
  };
  // The colour under (x, y) beneath node: the topmost other painted shape, else the page.
  const under = (node, x, y) => {
    for (const el of document.elementsFromPoint(x, y)) {
      if (el === node || node.contains(el) || ['text', 'svg'].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      const colour = el instanceof SVGElement ? paint(style.fill) : paint(style.backgroundColor);
      if (colour) return colour;
    }
    return [255, 255, 255];
  };
  const centre = (node) => {
    const r = node.getBoundingClientRect();
    return [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  };
  // Everything drawn counts as what a text sits on, clickable or not.
  const probe = document.createElement('style');
  probe.textContent = '#board svg * { pointer-events: auto !important; }';
  document.head.append(probe);
  const faint = [];
  for (const t of drawing.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    const [x, y] = centre(t);
    // A text haloed in a stroke painted under it sits on its halo.
    const style = getComputedStyle(t);
    const width = Number.parseFloat(style.strokeWidth);
    const haloed = style.paintOrder.startsWith('stroke') && width >= 2;
    const bg = haloed ? paint(style.stroke) : under(t, x, y);
    const a = alpha(t);
    const fg = paint(getComputedStyle(t).fill).map((v, i) => a * v + (1 - a) * bg[i]);
    const m = t.getScreenCTM();
    const px = Number.parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    const bold = Number(getComputedStyle(t).fontWeight) >= 700;
    const need = px >= 24 || (bold && px >= 18.66) ? 3 : 4.5;
    const got = ratio(fg, bg);
    const said = JSON.stringify(t.textContent);
    if (got < need) faint.push(`${said} ${got.toFixed(2)}:1 (needs ${need})`);
  }
  // Each pawn's outer edge and each last-move ring against every tile colour drawn, as
  // either may come to lie on any tile.
  const tiles = [...drawing.querySelectorAll('g.tile > rect')].map(
    (rect) => paint(getComputedStyle(rect).fill));
  const worst = (node) => Math.min(
    ...tiles.map((tile) => ratio(paint(getComputedStyle(node).stroke), tile)));
  const pawns = [...drawing.querySelectorAll('g.board g.pawn')].map(
    (p) => worst(p.querySelector('circle, rect')));
  const marks = [...drawing.querySelectorAll('[data-last-move]')].map(
    (m) => worst(m.querySelector('rect')));
  const small = [];
  const targets = '#board [data-action], #board [data-pick], #board [data-clear]';
  for (const node of document.querySelectorAll(targets)) {
    const r = node.getBoundingClientRect();
    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
    if (r.width < 24 || r.height < 24) small.push(`${node.getAttribute('data-move')} ${size}`);
  }
  probe.remove();
  return { faint, pawns, marks, small };
}"""
"""What a person may fail to see: texts under 4.5:1 against what they sit on (3:1 when
large), the contrast of each board pawn's outline and each last-move ring against the tile
colour it stands out from least, and move targets under 24x24 px."""
MARKS = """() => [...document.querySelectorAll('#board [data-last-move]')].map((m) =>
  [Number(m.getAttribute('data-last-move')), m.getAttribute('data-at'), m.textContent])"""


def _log(driver: Any) -> list[str]:
    """The log's lines, also while a phone keeps the log in its drawer."""
    return [str(t) for t in driver.page.locator("#log li").all_text_contents()]


def _own_turn(table: Any) -> str:
    """Seat 0 takes the tile from the first market space and lays it on the first empty space
    in reading order, with no pawn; the space."""
    table.move(0, "take slot1")
    board = " ".join(table.state(0)["view"]["board"]).split()
    cell = CELLS[board.index(".")]
    table.move(0, f"place {cell}")
    state = table.state(0)
    if state["view"]["phase"] == "pawn":
        table.move(0, "no pawn", state)
    return cell


BOT_TURNS = (
    """() => window.meja.page.log.filter((e) => e.player === 1 && e.record.cell && e.text)"""
)
"""The bot's turns in the log the page holds, each ending in the step that names its space."""


def _bots_turn(driver: Any, seen: int) -> str:
    """Wait for the bot's turn after the first seen, and for seat 0's turn; its space."""
    driver.wait(f"({BOT_TURNS})().length > {seen} && document.body.dataset.yourTurn === 'yes'")
    return str(driver.page.evaluate(BOT_TURNS)[seen]["record"]["cell"])


def test_the_log_and_the_board_show_a_bots_move_in_words(
    human_table: Any, driver: Any, artifacts: Path
) -> None:
    """After the bot's turn the log says "Bot 2 took ..." and your own turn "You took ...";
    the space the bot laid its tile on carries its name tag until its next turn moves it."""
    table = human_table("peranakan", 1, NAMES, bots=1, start_player="0")
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    mine = _own_turn(table)
    first = _bots_turn(driver, 0)
    log = _log(driver)
    assert any(line.startswith("You took a ") and f"laid it on {mine}." in line for line in log)
    assert any(line.startswith("Bot 2 took a ") and f" it on {first}" in line for line in log), log
    assert driver.page.evaluate(MARKS) == [[1, first, "Bot 2"]]
    driver.page.screenshot(path=artifacts / "peranakan-last-move-1280x800.png")
    for turns in range(1, 8):
        _own_turn(table)
        later = _bots_turn(driver, turns)
        if later != first:
            break
    assert driver.page.evaluate(MARKS) == [[1, later, "Bot 2"]], "the mark moved with the bot"


def _play_turns(table: Any, turns: int) -> None:
    """Every seat (all played over HTTP) takes the first space's tile and lays it in reading
    order; the others stand a Nyonya or Baba on it while they have one, seat 0 keeps hers:
    pawns of every colour on tiles of every pattern."""
    for _ in range(turns):
        watching = settled(table)
        if watching["result"]:
            return
        seat = watching["active"][0]
        state = watching if seat == 0 else table.state(seat)
        while state["view"]["to_move"] == seat and not state["result"]:
            legal = [m["text"] for m in state["legal"]]
            pawns = [p for p in ("nyonya", "baba") if p in legal and seat]
            move = {"take": "take slot1", "pawn": (pawns or ["no pawn"])[0]}
            table.move(seat, move.get(state["view"]["phase"], legal[0]), state)
            state = table.state(seat)


def _looks_right(driver: Any) -> None:
    """No board text under 12 px or too faint, no target under 24x24 px, nothing past the
    window's sides, every pawn and last-move ring at 3:1 against its tile."""
    assert driver.layout_problems(FRAMES, 12) == []
    looks = driver.page.evaluate(LOOKS)
    assert looks["small"] == [] and looks["faint"] == []
    assert looks["pawns"] and min(looks["pawns"]) >= 3, looks["pawns"]
    assert looks["marks"] and min(looks["marks"]) >= 3, looks["marks"]


@pytest.mark.parametrize("players", [2, 5])
def test_on_a_phone_every_text_is_readable_and_every_target_tappable(
    human_table: Any, driver: Any, phone_driver: Any, artifacts: Path, players: int
) -> None:
    """At 390x844, taking a tile, placing it on a board space and choosing a pawn: every text
    12 px or more at 4.5:1, every target 24x24 px or more, pawns outlined at 3:1; the same
    table at 1280x800 reads as well."""
    table = human_table("peranakan", players, NAMES, start_player="0")
    _play_turns(table, 12)
    play_until(table, "take")
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    driver.page.screenshot(path=artifacts / f"peranakan-{players}p-1280x800-take.png")
    _looks_right(driver)
    phone_driver.open(table.url(0))
    for phase, move in (("take", "take slot1"), ("place", "place e3"), ("pawn", "no pawn")):
        phone_driver.wait("(p) => window.meja.page.state.view.phase === p", phase)
        assert phone_driver.wait_for_turn()
        shot = artifacts / f"peranakan-{players}p-390x844-{phase}.png"
        phone_driver.page.screenshot(path=shot, full_page=True)
        _looks_right(phone_driver)
        table.move(0, move)


def test_a_finished_game_reads_well_wide_and_on_a_phone(
    human_table: Any, driver: Any, phone_driver: Any, artifacts: Path
) -> None:
    """The last board, the result and the log's last turns, at 1280x800 and at 390x844."""
    table = human_table("peranakan", 2, NAMES, start_player="0")
    _play_turns(table, MOVES_LIMIT)
    for person, size in ((driver, "1280x800"), (phone_driver, "390x844")):
        person.open(table.url(0))
        assert not person.wait_for_turn(), "the game is over"
        person.page.screenshot(path=artifacts / f"peranakan-2p-{size}-end.png", full_page=True)
        assert any(" took a " in line for line in _log(person))
        assert person.layout_problems(FRAMES, 12 if person is phone_driver else 0) == []
