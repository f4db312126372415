"""Nasi Lemak's cards in motion, as each seat sees them.

Each step kind is shown to the real table page as the server would send it (the views and the
log entry the rules engine gives each viewer), one state after the other at the table's pace,
and the card that moved is followed on screen while it travels: a card drawn, played to the
discards, handed over in a trade, taken by an Officer or a Thief, a new Nasi Lemak card, a fly
landing, fanned on or swatted. A seat that may not see a card sees a back travel, never a face;
a real table's draws are watched too. With reduced motion nothing moves and the pieces that
changed are marked. Screenshots of each motion half-way, at 1280x800 and 390x844, are kept in
test-artifacts/.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tests.web.conftest import DESKTOP, PHONE, WAIT_MS, WebServer

from meja.core.told import say
from meja.games.nasi_lemak import GAME, NasiLemakState

NAMES = ["Ana", "Ben", "Cy"]
CARD_NAMES = [
    "Rice", "Egg", "Peanuts", "Sambal", "Cucumber", "Wholesaler", "Supplier", "Mak Cik",
    "Officer", "Thief", "Fly", "Fan", "Swatter",
]  # fmt: skip
"""Words of every card face: a piece showing one of them shows a card."""


def position(**fields: Any) -> dict[str, Any]:
    """Ana's (seat 0's) turn at three players: a fly on her Nasi Lemak card, cards of each kind
    the steps need, Ben and Cy with fly-free cards."""
    data: dict[str, Any] = {
        "num_players": 3,
        "phase": "main",
        "active": 0,
        "turn": 1,
        "hands": [
            {"rice": 2, "egg": 1, "fan": 1, "swatter": 1, "wholesaler": 1},
            {"egg": 2, "cucumber": 1, "peanuts": 1},
            {"sambal": 1, "rice": 1},
        ],
        "draw_pile": "rest",
        "nasi_lemak_pile": "rest",
        "nasi_lemak": [
            [{"packs": 2, "fly": True}],
            [{"packs": 1, "fly": False}, {"packs": 2, "fly": False}],
            [{"packs": 1, "fly": False}],
        ],
    }
    data.update(fields)
    return data


STEPS: dict[str, tuple[dict[str, Any], str]] = {
    "draw": (position(phase="draw", pending_draws=2), "fan"),
    "draw-ben": (position(phase="draw", active=1, pending_draws=2), "fan"),
    "play": (position(), "play wholesaler"),
    "trade": (
        position(
            phase="response",
            target=1,
            offer={"give": {"rice": 1}, "ask": {"egg": 2}},
            known=[[1, 0, {"rice": 1}], [2, 0, {"rice": 1}]],
        ),
        "accept",
    ),
    "officer": (
        position(
            phase="pick",
            target=1,
            takes_left=2,
            moves_left=2,
            known=[[0, 1, {"egg": 2, "cucumber": 1, "peanuts": 1}]],
        ),
        "take egg",
    ),
    "thief": (position(phase="steal", target=1, moves_left=2), "steal egg"),
    "cook": (position(phase="cook", moves_left=2), "2 packs"),
    "fly": (position(phase="fly_target", moves_left=2), "fly to seat 1 card 1"),
    "fan": (position(phase="fan_target", fan_from=0, moves_left=2), "fly to seat 2 card 0"),
    "swat": (position(), "swat card 0"),
}
"""Each step kind: the position before it and the step, in the words of the engine."""


@dataclass(frozen=True)
class Seen:
    """One step as one seat sees it move: the piece that travels, from where to where, and
    whether it shows a card's face ("face": a card named by its words, "back": no words)."""

    step: str
    viewer: int | None
    piece: str
    source: str
    target: str
    face: str


SEEN = [
    # A card drawn: face up into your hand, as a back into anyone else's.
    Seen("draw", 0, "card:fan:2", "pile:draw", "card:fan:2", "face"),
    Seen("draw-ben", 0, "pile:draw", "pile:draw", "back:1", "back"),
    Seen("draw-ben", 1, "card:fan:1", "pile:draw", "card:fan:1", "face"),
    Seen("draw-ben", None, "pile:draw", "pile:draw", "back:1", "back"),
    # A card played to the discards: yours face up, another player's as a back.
    Seen("play", 0, "card:wholesaler:1", "card:wholesaler:1", "pile:discard", "face"),
    Seen("play", 2, "back:0", "back:0", "pile:discard", "back"),
    # A trade, accepted: the offer's cards (shown to all) go to the other hand.
    Seen("trade", 0, "card:egg:3", "ask:egg:2", "card:egg:3", "face"),
    Seen("trade", 2, "give:rice:1", "give:rice:1", "back:1", "face"),
    # An Officer's take: face up to the Officer and the examined player, a back to the others.
    Seen("officer", 0, "card:egg:2", "choice:egg", "card:egg:2", "face"),
    Seen("officer", 1, "card:egg:2", "card:egg:2", "back:0", "face"),
    Seen("officer", 2, "back:1", "back:1", "back:0", "back"),
    # A Thief's catch: the same.
    Seen("thief", 0, "card:egg:2", "back:1", "card:egg:2", "face"),
    Seen("thief", 2, "back:1", "back:1", "back:0", "back"),
    # A new Nasi Lemak card, its packs shown to its owner only.
    Seen("cook", 0, "nl:0:1", "pile:nasi-lemak", "nl:0:1", "2"),
    Seen("cook", 1, "nl:0:1", "pile:nasi-lemak", "nl:0:1", "?"),
    # Flies: landing from their player, fanned from card to card, swatted to the discards.
    Seen("fly", 0, "fly:1:1", "dot:0", "fly:1:1", "back"),
    Seen("fly", 2, "fly:1:1", "dot:0", "fly:1:1", "back"),
    Seen("fan", 0, "fly:2:0", "fly:0:0", "fly:2:0", "back"),
    Seen("swat", 1, "fly:0:0", "fly:0:0", "pile:discard", "back"),
]


def before_and_after(step: str) -> tuple[NasiLemakState, NasiLemakState, int, int]:
    """The states before and after a step kind, its player (-1 for chance) and action."""
    data, words = STEPS[step]
    state = GAME.from_position(data)
    player = state.current_player()
    action = state.str_to_action(words, None if player < 0 else player)
    after = state.clone()
    after.apply(action, None if player < 0 else player)
    return state, after, player, action


# --- the page ------------------------------------------------------------------------------

# Follow the piece keyed key while it moves: every frame, its box and how far its motion is;
# stop at the fraction stop of it and hold every motion there for a screenshot.
FOLLOW = """async ([key, stop]) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const mine = (a) => {
    const node = a.effect && a.effect.target;
    return node && node.closest && node.closest(`[data-motion-piece="${key}"]`);
  };
  const began = performance.now();
  let animation;
  while (!(animation = document.getAnimations().find(mine))) {
    if (performance.now() - began > 8000) return null;
    await frame();
  }
  const node = animation.effect.target.closest("[data-motion-piece]");
  const { delay, duration } = animation.effect.getComputedTiming();
  const samples = [];
  for (;;) {
    const t = animation.currentTime;
    const r = node.getBoundingClientRect();
    const at = (t - delay) / duration;
    samples.push({ at, x: r.x, y: r.y + scrollY, width: r.width, height: r.height });
    if (animation.playState === "finished" || at >= stop) break;
    await frame();
  }
  for (const each of document.getAnimations()) each.pause();
  // Where the piece lies at 30% and 60% of its motion, seeked to, as a busy machine may skip
  // frames; then back to where it was stopped.
  const stopped = animation.currentTime;
  const seeks = [0.3, 0.6].map((at) => {
    animation.currentTime = delay + at * duration;
    const r = node.getBoundingClientRect();
    return { at, x: r.x, y: r.y + scrollY, width: r.width, height: r.height };
  });
  animation.currentTime = stopped;
  const texts = [...node.querySelectorAll("text")].map((t) => t.textContent.trim());
  const journal = window.meja.motions.findLast((m) => m.piece === key) || null;
  const moving = [...document.querySelectorAll("[data-motion]")].map((group) => ({
    kind: group.getAttribute("data-motion"),
    piece: group.getAttribute("data-motion-piece"),
    texts: [...group.querySelectorAll("text")].map((t) => t.textContent.trim()),
  }));
  return { samples, seeks, texts, journal, moving, kind: node.getAttribute("data-motion") };
}"""

BOX = """([key, scrolled]) => {
  const node = [...document.querySelectorAll('#board [data-piece], #board [data-place]')].find(
    (n) => n.getAttribute('data-piece') === key || n.getAttribute('data-place') === key);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return { x: r.x, y: r.y + (scrolled ? scrollY : 0), width: r.width, height: r.height };
}"""


class Table:
    """A paced table page that is shown states the way the server sends them."""

    counter = itertools.count(10_000)

    def __init__(self, page: Page) -> None:
        self.page = page

    def message(self, state: NasiLemakState, viewer: int | None, log: list[Any]) -> dict[str, Any]:
        legal = []
        if viewer is not None and viewer in state.active_players():
            legal = [
                {"action": a, "text": state.action_to_str(a, viewer)}
                for a in state.legal_actions(viewer)
            ]
        return {
            "type": "state",
            "table": self.page.evaluate("window.meja.page.state.table"),
            "you": viewer,
            "step": next(self.counter),
            "current": state.current_player(),
            "active": state.active_players(),
            "view": state.view(viewer),
            "legal": legal,
            "undo": False,
            "clock": {},
            "result": None,
            "log_start": self.page.evaluate("window.meja.page.log.length"),
            "log": log,
        }

    def show_at_once(self, message: dict[str, Any]) -> None:
        """Draw a state at once, without motion (as catching up does)."""
        self.page.evaluate(
            "(m) => { for (const a of document.getAnimations()) a.finish();"
            " window.meja.page.catchingUp = true; window.meja.connection.onMessage(m); }",
            message,
        )
        self.wait_drawn(message["step"])

    def wait_drawn(self, step: int) -> None:
        self.page.wait_for_function(
            "(s) => document.body.dataset.step === String(s) && !window.meja.page.queue.length",
            arg=step,
            timeout=WAIT_MS,
        )

    def step(self, message: dict[str, Any]) -> None:
        """Send the next state; it is drawn with motion as soon as its pace allows."""
        self.page.evaluate("(m) => window.meja.connection.onMessage(m)", message)

    def box(self, key: str, scrolled: bool = True) -> dict[str, float] | None:
        found = self.page.evaluate(BOX, [key, scrolled])
        return None if found is None else dict(found)

    def finish(self) -> None:
        self.page.evaluate("() => { for (const a of document.getAnimations()) a.finish(); }")


def log_entry(
    state: NasiLemakState, player: int, action: int, viewer: int | None, seq: int
) -> dict[str, Any]:
    """The log entry of a step as the server words it for viewer."""
    told = state.told(player, action, viewer)
    return {
        "seq": seq,
        "player": player,
        "text": say(told.text, viewer, NAMES),
        "named": told.action is not None,
        "record": dict(told.record),
    }


def settled_step(web: WebServer, table: dict[str, Any]) -> int:
    """The step at which the table waits for a person, once its deal is done."""
    headers = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        state = web.http.get(f"/api/tables/{table['id']}/state", headers=headers).json()
        if state["active"]:
            return int(state["step"])
        time.sleep(0.02)
    raise AssertionError("the deal did not end")


def open_table(
    web: WebServer, browser: Browser, viewport: dict[str, int], reduced: bool = False
) -> Iterator[Table]:
    table = web.create(
        "nasi_lemak", [{"kind": "human", "name": name} for name in NAMES], start_player="0"
    )
    context = browser.new_context(  # type: ignore[call-arg]
        paced=True,
        viewport=viewport,
        reduced_motion="reduce" if reduced else "no-preference",
        has_touch=viewport is PHONE,
        is_mobile=viewport is PHONE,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(table["seats"][0]["join_url"])
    # The table deals once its first person arrives: the states the test sends must come after
    # the deal's, or a late one of those would be drawn over them.
    dealt = settled_step(web, table)
    page.wait_for_function(
        "(s) => window.meja && document.body.dataset.step === String(s)"
        " && !window.meja.page.queue.length",
        arg=dealt,
        timeout=WAIT_MS,
    )
    # The line above the board (the prompt, Undo, Catch up) changes height as they come and go,
    # which moves the whole board; held at one height here, so that what is measured is this
    # game's motion alone.
    page.add_style_tag(content=".turn-line { height: 5.5rem; overflow: hidden; }")
    yield Table(page)
    context.close()
    assert errors == [], errors


@pytest.fixture(scope="module")
def desktop(web: WebServer, browser: Browser) -> Iterator[Table]:
    yield from open_table(web, browser, DESKTOP)


@pytest.fixture(scope="module")
def phone(web: WebServer, browser: Browser) -> Iterator[Table]:
    yield from open_table(web, browser, PHONE)


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def along(
    point: tuple[float, float], start: tuple[float, float], end: tuple[float, float]
) -> tuple[float, float]:
    """How far point is along the line from start to end (0 at start, 1 at end), and how far
    from that line, in px."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    px, py = point[0] - start[0], point[1] - start[1]
    return (px * dx + py * dy) / (length * length), abs(px * dy - py * dx) / length


def watch(table: Table, seen: Seen, stop: float = 0.62) -> dict[str, Any]:
    """Show the step to seen.viewer and follow its piece to fraction stop of its motion, where
    every motion is held; returns what was followed, with the source and target boxes."""
    state, after, player, action = before_and_after(seen.step)
    table.show_at_once(table.message(state, seen.viewer, []))
    seq = table.page.evaluate("window.meja.page.log.length")
    source = table.box(seen.source)
    assert source is not None, f"{seen}: nothing is keyed {seen.source} before the step"
    scroll = table.page.evaluate("scrollY")
    message = table.message(
        after, seen.viewer, [log_entry(state, player, action, seen.viewer, seq)]
    )
    table.step(message)
    followed = table.page.evaluate(FOLLOW, [seen.piece, stop])
    assert followed is not None, f"{seen}: {seen.piece} never moved"
    followed["source"] = source
    followed["scroll"] = scroll
    followed["step"] = message["step"]
    return dict(followed)


def check_path(seen: Seen, followed: dict[str, Any], target: dict[str, float]) -> None:
    """The piece went from the source's box towards the target's, and at 30% and 60% of its
    motion (seeked to, whatever frames a busy machine drew) it lies between the two, further
    along at the later one."""
    start, end = centre(followed["source"]), centre(target)
    journal = followed["journal"]
    assert journal is not None, f"{seen}: the motion was not recorded"
    # The motion was laid out from the source's box to the target's (the page around the board
    # may have shifted both since, which moves the board as a whole).
    a, b = centre(journal["from"]), centre(journal["to"])
    way = (b[0] - a[0], b[1] - a[1])
    assert abs(way[0] - (end[0] - start[0])) < 4 and abs(way[1] - (end[1] - start[1])) < 4, (
        f"{seen}: it was sent from {journal['from']} to {journal['to']},"
        f" not from {followed['source']} to {target}"
    )
    length = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    assert length > 20, f"{seen}: source and target are the same place"
    frames = [sample["at"] for sample in followed["samples"]]
    assert frames[-1] > frames[0], f"{seen}: its motion did not play: {frames}"
    progress = []
    for sample in followed["seeks"]:
        t, off = along(centre(sample), start, end)
        assert 0.03 < t < 0.99, f"{seen}: at {sample['at']:.0%} it was {t:.2f} of the way"
        assert off < 0.2 * length + 12, (
            f"{seen}: at {sample['at']:.0%} it was {off:.0f} px off the way"
        )
        progress.append(t)
    assert progress[1] > progress[0], f"{seen}: it did not go on: {progress}"


def check_face(seen: Seen, followed: dict[str, Any]) -> None:
    """What travels shows what the viewer may see: a face, a back, a Nasi Lemak card's packs."""
    words = [t for t in followed["texts"] if t]
    if seen.face == "face":
        assert any(name in " ".join(words) for name in CARD_NAMES), f"{seen}: no face: {words}"
    elif seen.face == "back":
        assert words == [], f"{seen}: a back showed {words}"
    else:
        assert words == [seen.face], f"{seen}: the Nasi Lemak card showed {words}"
    # Nothing else that moves in this step shows a card the viewer may not see.
    for group in followed["moving"]:
        if group["piece"].startswith(("back:", "pile:", "nl:", "fly:")):
            texts = [t for t in group["texts"] if t and t != "?"]
            hidden = group["piece"].startswith(("back:", "pile:")) or seen.viewer != int(
                group["piece"].split(":")[1]
            )
            if hidden:
                assert texts == [], f"{seen}: {group} shows {texts}"


def label(seen: Seen) -> str:
    return f"{seen.step}-{'spectator' if seen.viewer is None else NAMES[seen.viewer]}"


@pytest.mark.parametrize("seen", SEEN, ids=label)
def test_each_step_moves_its_card_from_where_it_was_to_where_it_goes(
    desktop: Table, artifacts: Path, seen: Seen
) -> None:
    followed = watch(desktop, seen)
    desktop.page.screenshot(path=artifacts / f"nasi_lemak-motion-{label(seen)}-desktop.png")
    desktop.finish()
    assert followed["kind"] != "move"
    target = desktop.box(seen.target)
    assert target is not None, f"{seen}: nothing is keyed {seen.target} after the step"
    check_path(seen, followed, target)
    check_face(seen, followed)


PHONE_SEEN = [s for s in SEEN if s.viewer in (0, 2) and s.step != "draw-ben"]


@pytest.mark.parametrize("seen", PHONE_SEEN, ids=label)
def test_on_a_phone_the_cards_travel_the_column(phone: Table, artifacts: Path, seen: Seen) -> None:
    followed = watch(phone, seen)
    phone.page.screenshot(
        path=artifacts / f"nasi_lemak-motion-{label(seen)}-phone.png", full_page=True
    )
    phone.finish()
    target = phone.box(seen.target)
    assert target is not None
    check_path(seen, followed, target)
    check_face(seen, followed)


# --- reduced motion ----------------------------------------------------------------------------


@pytest.fixture
def still(web: WebServer, browser: Browser) -> Iterator[Table]:
    yield from open_table(web, browser, DESKTOP, reduced=True)


@pytest.mark.parametrize(
    ("step", "viewer", "changed"),
    [("draw", 0, "card:fan:2"), ("draw-ben", 0, "back:1"), ("fan", 0, "fly:2:0")],
)
def test_with_reduced_motion_nothing_moves_and_what_changed_is_marked(
    still: Table, step: str, viewer: int, changed: str
) -> None:
    state, after, player, action = before_and_after(step)
    still.show_at_once(still.message(state, viewer, []))
    seq = still.page.evaluate("window.meja.page.log.length")
    message = still.message(after, viewer, [log_entry(state, player, action, viewer, seq)])
    still.step(message)
    still.wait_drawn(message["step"])
    assert still.page.evaluate("document.getAnimations().length") == 0
    assert still.page.evaluate("document.querySelectorAll('[data-motion]').length") == 0
    marked = still.page.evaluate(
        "() => [...document.querySelectorAll('#board .moved')]"
        ".map((n) => n.getAttribute('data-piece'))"
    )
    assert changed in marked, f"{changed} is not marked; marked: {marked}"


# --- a real table: what another player draws travels face down ---------------------------------

# Keep every piece that moves on the board, with the words it shows, as it starts to move.
RECORD = """() => {
  window.moving = [];
  const seen = new WeakSet();
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const added of change.addedNodes) {
        if (added.nodeType !== 1) continue;
        for (const group of [added, ...added.querySelectorAll('[data-motion]')]) {
          if (!group.hasAttribute('data-motion') || seen.has(group)) continue;
          seen.add(group);
          window.moving.push({
            step: Number(document.body.dataset.step),
            kind: group.getAttribute('data-motion'),
            piece: group.getAttribute('data-motion-piece'),
            texts: [...group.querySelectorAll('text')]
              .map((t) => t.textContent.trim()).filter(Boolean),
          });
        }
      }
    }
  }).observe(document.getElementById('board'), { childList: true, subtree: true });
}"""


def test_on_a_real_table_a_draw_is_a_face_only_to_its_drawer(
    web: WebServer, browser: Browser
) -> None:
    table = web.create(
        "nasi_lemak", [{"kind": "human", "name": name} for name in NAMES], start_player="0"
    )
    pages: dict[str, Page] = {}
    for who, url in [("Ana", table["seats"][0]["join_url"]), ("Ben", table["seats"][1]["join_url"]),
                     ("watcher", table["watch_url"])]:  # fmt: skip
        context = browser.new_context(paced=True, viewport=DESKTOP)  # type: ignore[call-arg]
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(
            "window.meja && window.meja.page.state && window.meja.page.state.view.phase === 'main'"
            " && !window.meja.page.queue.length",
            timeout=WAIT_MS,
        )
        page.evaluate(RECORD)
        pages[who] = page
    # Ana ends her turn: Ben draws two cards, which every page draws one step at a time.
    token = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
    state = web.http.get(f"/api/tables/{table['id']}/state", headers=token).json()
    end = next(m["action"] for m in state["legal"] if m["text"] == "end turn")
    response = web.http.post(
        f"/api/tables/{table['id']}/moves",
        json={"action": end, "step": state["step"]},
        headers=token,
    )
    assert response.status_code == 200, response.text
    for page in pages.values():
        page.wait_for_function(
            "window.meja.page.state.view.active === 1"
            " && window.meja.page.state.view.phase === 'main'"
            " && !window.meja.page.queue.length && !document.getAnimations().length",
            timeout=WAIT_MS,
        )
    for who, page in pages.items():
        # Only the steps after Ana's end of turn: a page may still finish drawing her own
        # earlier draw after the recorder started.
        draws = [
            m
            for m in page.evaluate("window.moving")
            if m["kind"] == "draw" and m["step"] > state["step"]
        ]
        assert len(draws) == 2, f"{who} saw {len(draws)} cards drawn: {draws}"
        if who == "Ben":
            for draw in draws:
                assert draw["piece"].startswith("card:"), draw
                assert any(name in " ".join(draw["texts"]) for name in CARD_NAMES), draw
        else:
            for draw in draws:
                assert draw["piece"] == "pile:draw", draw
                assert draw["texts"] == [], f"{who} saw Ben's card: {draw}"
        page.context.close()
