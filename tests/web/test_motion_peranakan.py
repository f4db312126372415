"""Motion on the Peranakan table, as people see it: each step's pieces travel from where they
were to where they go, and nothing shows before the view does.

Ana (seat 0) and Ben (seat 1) play over HTTP to a turn where Ana can take a tile of the pattern
she laid on b1, lay it on a1 and put a Baba there, who collects at once (with the orthogonal
neighbourhood a corner Baba needs only b1 and a2). Ben's page at 1280x800 and a spectator's at
390x844 watch that turn at the table's pace: the tile from its market slot to the hand and the
Kueh beside it to Ana's row, the tile from the hand to a1, the Baba from the button he is chosen
with onto a1, each Kueh he collects from its supply to her row, the market sliding (the deck's
tile into slot1) and the deck's next tile turned up; then Ben's tile stacked on one laid before,
which stays in sight where it is until covered, and his Nyonya from the button onto the stack.
Each piece is found by its animation and its box sampled at 30% and 60% of its motion: it lies
between where it was and where it ends, further on at 60%. Screenshots of those frames are kept
in test-artifacts/.

Nothing on this table is hidden but the deck's order, so the leak to guard against is the tile
the deck turns up next: at every sampled frame, every tile face on the page (the copies motion
draws included) is one of the drawing before or of the drawing now, and while the market slides
the deck's place shows no face. With reduced motion nothing animates and what changed is marked.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from websockets.sync.client import connect

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WAIT_MS = 30_000

NAMES = ["Ana", "Ben"]
POSITIONS = ["deck", "slot1", "slot2", "slot3", "slot4"]
FAR = [
    f"{col}{row}" for row in (5, 4, 3, 2, 1) for col in "edcba" if f"{col}{row}" not in "a1 a2 b1"
]
"""Where turns that only pass the time lay their tiles: anywhere but a1 and its neighbours."""
OPTIONS = {"start_player": "0", "baba_neighbourhood": "orthogonal4"}
PACE = "relaxed"

HOST = """(a) => a.effect && a.effect.target && a.effect.target.closest
  && a.effect.target.closest('[data-motion-piece]')"""
# The board's animations, kept once seen: one set past its end and not filling is no longer
# among document.getAnimations(), yet a later look at the same step moves it back.
ANIMATIONS = """() => {
  const kept = (window.motionsSeen = window.motionsSeen || new Set());
  for (const a of document.getAnimations()) kept.add(a);
  return [...kept];
}"""
# Every animation of the board paused and set to the moment `fraction` of the motion of kind
# (of the piece key, if given) has come, or to long after every motion's end (fraction null);
# that piece's box then, how many motions of kind and key there are, and every tile face the
# page shows (each g.tile's title, the copies motion draws included); and whether the piece is
# what lies on top at its centre (null when that is out of the window). The step drawn stays on
# screen the table's pace from now (HOLD), so the next is not drawn while the test looks.
HOLD = "() => { window.meja.page.shownAt = Date.now(); }"
FREEZE = f"""([kind, key, fraction]) => {{
  ({HOLD})();
  const host = {HOST};
  const all = ({ANIMATIONS})();
  const mine = all.filter((a) => {{
    const h = host(a);
    return h && h.getAttribute('data-motion') === kind
      && (!key || h.getAttribute('data-motion-piece') === key);
  }});
  if (!mine.length) return null;
  const timing = mine[0].effect.getComputedTiming();
  const at = fraction === null ? 1e7 : timing.delay + fraction * timing.duration;
  const count = mine.length;
  for (const a of all) {{
    // What is over by then is done with, as it would be: copies that travelled are gone.
    if (fraction !== null && a.effect.getComputedTiming().endTime < at) a.finish();
    else {{ a.pause(); a.currentTime = at; }}
  }}
  const node = host(mine[0]);
  const r = node.getBoundingClientRect();
  const o = document.querySelector('#board svg').getBoundingClientRect();
  const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
  const seen = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const hit = seen ? document.elementFromPoint(x, y) : null;
  return {{
    top: seen ? Boolean(hit && node.contains(hit)) : null,
    key: node.getAttribute('data-motion-piece'),
    attached: node.isConnected,
    step: window.meja.page.state.step,
    box: {{ x: r.x - o.x, y: r.y - o.y, width: r.width, height: r.height }},
    count,
    faces: [...document.querySelectorAll('#board g.tile > title')].map((t) => t.textContent),
  }};
}}"""
MOVING = f"""([kind, key]) => ({ANIMATIONS})().some((a) => {{
  const h = ({HOST})(a);
  return h && h.getAttribute('data-motion') === kind
    && (!key || h.getAttribute('data-motion-piece') === key);
}})"""
PAINTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Two frames later."""
FINISH = f"""() => {{
  for (const a of ({ANIMATIONS})()) a.finish();
  window.motionsSeen = new Set();
}}"""
BOX = """(selector) => {
  const node = document.querySelector(selector);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  const o = document.querySelector('#board svg').getBoundingClientRect();
  return { x: r.x - o.x, y: r.y - o.y, width: r.width, height: r.height };
}"""
"""A node's box in px from the drawing's corner: the page may scroll, or a control above the
board come and go, while a step is on screen."""
KEY = "(selector) => document.querySelector(selector)?.getAttribute('data-piece') ?? null"
TILE_AT = """(cell) => {
  const space = document.querySelector(`[data-cell="${cell}"]`).getBoundingClientRect();
  const tile = [...document.querySelectorAll('g.tiles [data-piece]')].find((node) => {
    const r = node.getBoundingClientRect();
    const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
    return x > space.left && x < space.right && y > space.top && y < space.bottom;
  });
  return tile ? tile.getAttribute('data-piece') : null;
}"""
"""The key of the tile on a board space, found by where it is drawn."""
FACES = """() => [...document.querySelectorAll('#board g.tile')]
  .filter((t) => !t.closest('[aria-hidden="true"]'))
  .map((t) => t.querySelector(':scope > title').textContent)"""
"""The tile faces of the drawing itself, not of motion's copies."""
DRAWN = "(step) => window.meja.page.state.step >= step && !window.meja.page.queue.length"
KUEH = ("tutu", "ondeh", "bahulu", "angku")


def when(table: Any, seat: int, condition: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Seat's state once condition holds, asked over HTTP: a socket joining the table would
    have it sent again to every page, and a page redraws (cutting its motion short) for it."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        state = table.state(seat)
        if condition(state):
            return dict(state)
        time.sleep(0.02)
    raise AssertionError(f"seat {seat} never had the awaited state")


def active(table: Any, seat: int) -> dict[str, Any]:
    """Seat's state once it has a decision to make."""
    return when(table, seat, lambda state: seat in state["active"] and bool(state["legal"]))


def play(table: Any, seat: int, move: str) -> dict[str, Any]:
    """Seat plays move (its text) once it may."""
    return table.move(seat, move, active(table, seat))


def takeable(
    view: dict[str, Any],
    wanted: Callable[[str], bool],
    positions: list[str] | None = None,
    plain: bool = True,
) -> str | None:
    """A market position among positions (all but slot4, whose Kueh is chosen, by default) whose
    tile is wanted (and plain: no wild icon)."""
    for position in positions or POSITIONS[:4]:
        code = view["market"][POSITIONS.index(position)]
        if code and not (plain and "w" in code) and wanted(code):
            return position
    return None


def empty_far(view: dict[str, Any]) -> str:
    spaces = " ".join(view["board"]).split()
    cells = [f"{col}{row}" for row in range(1, 6) for col in "abcde"]
    return next(cell for cell in FAR if spaces[cells.index(cell)] == ".")


def pass_turn(table: Any, seat: int, keep: str = "") -> None:
    """A turn that only passes the time, laid far from a1: a tile not of the pattern keep (so
    those slide on towards slot4), plain if there is one, from a slot before the deck."""
    view = active(table, seat)["view"]
    order = [*POSITIONS[1:], POSITIONS[0]]
    position = (
        takeable(view, lambda code: code[0] != keep, order)
        or takeable(view, lambda code: code[0] != keep, order, plain=False)
        or takeable(view, lambda code: True, order, plain=False)
    )
    play(table, seat, f"take {position}")
    if active(table, seat)["view"]["phase"] == "choose_kueh":
        play(table, seat, "kueh tutu")
    play(table, seat, f"place {empty_far(active(table, seat)['view'])}")
    play(table, seat, "no pawn")


def turn(table: Any, seat: int, wanted: Callable[[str], bool], cell: str) -> str:
    """Seat takes a wanted plain tile (any plain one if none) and lays it on cell; its code."""
    view = active(table, seat)["view"]
    position = takeable(view, wanted) or takeable(view, lambda code: True) or "slot1"
    play(table, seat, f"take {position}")
    if active(table, seat)["view"]["phase"] == "choose_kueh":
        play(table, seat, "kueh tutu")
    play(table, seat, f"place {cell}")
    play(table, seat, "no pawn")
    return str(view["market"][POSITIONS.index(position)])


def set_pace(table: Any, pace: str) -> None:
    """Ana sets the table's pace over the websocket, as the page's pace control does."""
    url = "ws" + table.web.url.removeprefix("http") + f"/ws/tables/{table.table['id']}"
    with connect(url) as socket:
        socket.send(json.dumps({"type": "join", "token": table.table["seats"][0]["token"]}))
        socket.send(json.dumps({"type": "pace", "pace": pace}))
        for _ in range(20):
            message = json.loads(socket.recv(timeout=10))
            if message.get("type") == "state" and message["table"].get("pace") == pace:
                return
    raise AssertionError(f"the table's pace did not become {pace}")


def set_up(human_table: Callable[..., Any]) -> tuple[Any, str]:
    """A table where Ana is to take, from slot1, slot2 or slot3, a tile of the pattern of b1,
    with b1 and a2 laid, so that a Baba on a1 collects; that slot's name."""
    table = human_table("peranakan", 2, NAMES, **OPTIONS)
    set_pace(table, PACE)
    # Two Kueh on b1 when the market has such a tile, and a2 of the same pattern if it can be.
    b1 = turn(table, 0, lambda code: len(code) == 3, "b1")
    pass_turn(table, 1, keep=b1[0])
    turn(table, 0, lambda code: code[0] == b1[0], "a2")
    pass_turn(table, 1, keep=b1[0])
    for _ in range(10):  # as many rounds as FAR has spaces for: the deal is not seeded
        view = active(table, 0)["view"]
        position = takeable(view, lambda code: code[0] == b1[0], POSITIONS[1:4], plain=False)
        if position:
            return table, position
        pass_turn(table, 0, keep=b1[0])
        pass_turn(table, 1, keep=b1[0])
    raise AssertionError(f"the market never offered a {b1[0]} tile: {view}")


def open_page(browser: Browser, url: str, viewport: dict[str, int], motion: str) -> Page:
    context = browser.new_context(  # type: ignore[call-arg]
        paced=True, viewport=viewport, reduced_motion=motion
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(url)
    page.wait_for_function("window.meja && window.meja.page.state", timeout=WAIT_MS)
    page.errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture
def pages(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Open paced pages; each is closed, and its script errors fail the test, at the end."""
    opened: list[Page] = []

    def make(url: str, viewport: dict[str, int], motion: str = "no-preference") -> Page:
        page = open_page(browser, url, viewport, motion)
        opened.append(page)
        return page

    yield make
    for page in opened:
        errors = page.errors  # type: ignore[attr-defined]
        page.context.close()
        assert errors == [], errors


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def progress(source: dict[str, float], target: dict[str, float], box: dict[str, float]) -> float:
    """How far box's centre has come from source's towards target's (0 to 1), checking that it
    lies on the way between them."""
    (sx, sy), (tx, ty), (x, y) = centre(source), centre(target), centre(box)
    dx, dy = tx - sx, ty - sy
    length = (dx * dx + dy * dy) ** 0.5
    assert length > 20, f"source {source} and target {target} are the same place"
    along = ((x - sx) * dx + (y - sy) * dy) / (length * length)
    aside = abs((x - sx) * dy - (y - sy) * dx) / length
    assert aside < 0.1 * length + 4, f"{box} is off the way from {source} to {target}"
    return along


class Watch:
    """A page watching the table: it settles on a step, then samples that step's motions."""

    def __init__(self, page: Page, name: str, artifacts: Path) -> None:
        self.page = page
        self.name = name
        self.artifacts = artifacts
        self.faces_before: list[str] = []
        self.others: list[Watch] = []
        """The other pages watching: they too stay on their step while this one is looked at."""

    def settle(self, step: int) -> None:
        """Wait until the page has drawn step and its motion is over."""
        self.page.wait_for_function(DRAWN, arg=step, timeout=WAIT_MS)
        self.page.evaluate(FINISH)
        self.faces_before = list(self.page.evaluate(FACES))

    def box(self, selector: str) -> dict[str, float]:
        found = self.page.evaluate(BOX, selector)
        assert found is not None, f"{self.name}: nothing matches {selector}"
        return dict(found)

    def key(self, selector: str) -> str:
        found = self.page.evaluate(KEY, selector)
        assert found is not None, f"{self.name}: no piece matches {selector}"
        return str(found)

    def wait(self, kind: str, key: str | None = None) -> None:
        """Wait until a motion of kind (of piece key) runs on the page."""
        try:
            self.page.wait_for_function(MOVING, arg=[kind, key], timeout=WAIT_MS)
        except PlaywrightTimeout:
            ran = self.page.evaluate(
                "window.meja.motions.slice(-8).map((m) => m.kind + ' ' + m.piece)"
            )
            raise AssertionError(
                f"{self.name}: no {kind} motion of {key}; the last: {ran}"
            ) from None

    def catch(self, kind: str, key: str | None = None) -> None:
        """Once a motion of kind (of piece key) runs, stop every motion where it is, and the
        step on screen, until the test has looked."""
        self.wait(kind, key)
        self.page.evaluate(f"() => {{ ({HOLD})(); for (const a of ({ANIMATIONS})()) a.pause(); }}")

    def freeze(self, kind: str, key: str | None, fraction: float | None) -> dict[str, Any]:
        for other in self.others:
            other.page.evaluate(HOLD)
        frame = self.page.evaluate(FREEZE, [kind, key, fraction])
        assert frame is not None, f"{self.name}: no {kind} motion of {key} runs"
        return dict(frame)

    def motion(
        self,
        kind: str,
        source: dict[str, float],
        target: str | None = None,
        key: str | None = None,
        shot: str | None = None,
        on_top: bool = True,
        still: dict[str, dict[str, float]] | None = None,
    ) -> dict[str, Any]:
        """The motion of kind (of piece key), frozen at 30% and 60% of its way: it lies between
        source and the box of target (by default the moving piece itself) once every motion is
        over, further on at 60%, over whatever it crosses (with on_top: a copy motion draws
        takes no clicks, so is not asked), while each piece of still stays where it was; and
        the page shows no tile face but those of the drawing before and the drawing now.
        Targets are found by what they are, not by where they sit in the drawing: a moving
        piece may be lifted out of its part while it moves."""
        self.wait(kind, key)
        frames = []
        for fraction in (0.3, 0.6):
            frames.append(self.freeze(kind, key, fraction))
            for selector, box in (still or {}).items():
                now = self.box(selector)
                assert all(abs(now[side] - box[side]) < 1 for side in box), (
                    f"{self.name}: at {fraction} of the {kind}, {selector} left {box} for {now}"
                )
            if shot:
                for page in [self, *self.others]:
                    page.page.evaluate(HOLD)
                name = f"motion-peranakan-{shot}-{self.name}-{round(fraction * 100)}.png"
                self.painted(kind, key, fraction)
                self.page.screenshot(path=self.artifacts / name, full_page=self.name == "phone")
        self.freeze(kind, key, None)
        end = self.box(target or f'[data-piece="{frames[0]["key"]}"]')
        allowed = self.faces_before + list(self.page.evaluate(FACES))
        for fraction, frame in zip((0.3, 0.6), frames, strict=True):
            shown = [face for face in frame["faces"] if face not in allowed]
            assert not shown, f"{self.name}: {kind} at {fraction} shows {shown}, in no drawing"
        if on_top:
            for fraction, frame in zip((0.3, 0.6), frames, strict=True):
                assert frame["top"] is not False, (
                    f"{self.name}: at {fraction} the {kind} of {frame['key']} is under something"
                )
        first, second = (progress(source, end, frame["box"]) for frame in frames)
        assert 0.05 < first < second < 1.0, (
            f"{self.name}: the {kind} of {frames[0]['key']} is not on its way: {first:.2f}, "
            f"{second:.2f} of the way from {source} to {end}"
        )
        return {"key": frames[0]["key"], "count": frames[0]["count"], "end": end}

    def painted(self, kind: str, key: str | None, fraction: float) -> None:
        """Wait until the frame frozen at fraction is painted: the first frame asked for after
        the motions were stopped may still show them where they stopped, so it is asked for
        again a frame later."""
        for _ in range(2):
            self.page.evaluate(PAINTED)
            self.freeze(kind, key, fraction)
        self.page.evaluate(PAINTED)

    def done(self) -> None:
        self.page.evaluate(FINISH)


def step_of(table: Any) -> int:
    return int(table.state(0)["step"])


def test_each_step_moves_its_pieces_from_where_they_were(
    human_table: Callable[..., Any], pages: Callable[..., Page], artifacts: Path
) -> None:
    table, position = set_up(human_table)
    watches = [
        Watch(pages(table.url(1), DESKTOP), "desktop", artifacts),
        Watch(pages(str(table.table["watch_url"]), PHONE), "phone", artifacts),
    ]
    for watch in watches:
        watch.others = [other for other in watches if other is not watch]
    slot = f'[data-market="{position}"]'

    # Ana takes the tile: it goes from its slot to the hand, and the Kueh beside it to her row.
    step = step_of(table)
    sources = []
    for watch in watches:
        watch.settle(step)
        sources.append(
            {
                "tile": watch.box(f'{slot} [data-piece^="tile:"]'),
                "kueh": watch.box(f'{slot} [data-piece^="supply:"]'),
            }
        )
    supply = watches[0].key(f'{slot} [data-piece^="supply:"]')
    play(table, 0, f"take {position}")
    for watch in watches:
        watch.catch("take")
    for watch, source in zip(watches, sources, strict=True):
        taken = watch.motion("take", source["tile"], shot="take")
        kueh = supply.split(":")[1]
        watch.motion(
            "kueh", source["kueh"], f'[data-piece="kueh:0:{kueh}"]', key=supply, on_top=False
        )
        watch.done()
        assert taken["key"] == watch.key('g.hand [data-piece^="tile:"]')

    # She lays it on a1: from the hand to the space.
    step = step_of(table)
    sources = []
    for watch in watches:
        watch.settle(step)
        sources.append(watch.box('g.hand [data-piece^="tile:"]'))
    play(table, 0, "place a1")
    for watch in watches:
        watch.catch("place")
    for watch, source in zip(watches, sources, strict=True):
        placed = watch.motion("place", source, '[data-cell="a1"]', shot="place")
        watch.done()
        # The tile just laid lies over the others, and is a1's.
        assert placed["key"] == watch.key('g.tiles [data-piece^="tile:"]:last-child')

    # A Baba from the button onto a1, who collects at once: each Kueh from its supply to her row,
    # one after another; then the market slides, the deck's tile into slot1.
    step = step_of(table)
    before = table.state(0)["view"]
    sources = []
    for watch in watches:
        watch.settle(step)
        sources.append(
            {
                "baba": watch.box('[data-piece="choice:B"]'),
                "deck": watch.box('[data-market="deck"] [data-piece^="tile:"]'),
                # The deck's tile goes to slot1; where two of its code show, it is named there.
                "deck_key": watch.key('[data-market="deck"] [data-piece^="tile:"]').replace(
                    "@deck", "@slot1"
                ),
                "supply": {kueh: watch.box(f'[data-piece="supply:{kueh}"]') for kueh in KUEH},
            }
        )
    play(table, 0, "baba")
    after = table.state(0)["view"]
    gained = {
        kueh: after["kueh"][0][k] - before["kueh"][0][k]
        for k, kueh in enumerate(KUEH)
        if after["kueh"][0][k] > before["kueh"][0][k]
    }
    assert gained, f"the Baba on a1 collected nothing: {before['board']}"
    # He collects as soon as he is laid, so no view shows him on a1: he goes there and is spent.
    assert not [token for token in after["pawns"] if token.endswith("@a1")], after["pawns"]
    for watch in watches:
        watch.catch("pawn")
    for watch, source in zip(watches, sources, strict=True):
        watch.motion("pawn", source["baba"], '[data-cell="a1"]', shot="pawn", on_top=False)
        for number, (kueh, count) in enumerate(gained.items()):
            seen = watch.motion(
                "kueh",
                source["supply"][kueh],
                f'[data-piece="kueh:0:{kueh}"]',
                key=f"supply:{kueh}",
                shot="collect" if number == 0 else None,
                on_top=False,
            )
            assert seen["count"] == count, (
                f"{watch.name}: {seen['count']} {kueh} moved, not {count}"
            )
        slid = watch.motion("slide", source["deck"], key=source["deck_key"], shot="slide")
        # Until the deck turns up its next tile, its place shows none.
        assert watch.page.locator('[data-market="deck"] g.tile').count() == 0
        watch.done()
        assert slid["key"] == watch.key('[data-market="slot1"] [data-piece^="tile:"]')
    for watch in watches:
        watch.page.evaluate(HOLD)

    # The deck turns up its next tile: it turns over in the deck's place.
    turned = when(table, 1, lambda state: bool(state["view"]["market"][0]))
    for watch in watches:
        watch.catch("reveal")
    for watch in watches:
        full = watch.freeze("reveal", None, None)["box"]
        widths = []
        for fraction in (0.3, 0.6):
            frame = watch.freeze("reveal", None, fraction)
            assert frame["attached"], f"{watch.name}: the turning tile was drawn over: {frame}"
            widths.append(frame["box"]["width"])
            assert abs(centre(frame["box"])[0] - centre(full)[0]) < 2
            if fraction == 0.3:
                watch.page.evaluate(HOLD)
                watch.painted("reveal", None, fraction)
                path = watch.artifacts / f"motion-peranakan-reveal-{watch.name}-30.png"
                watch.page.screenshot(path=path, full_page=watch.name == "phone")
        assert 0 < widths[0] < widths[1] < full["width"], widths
        watch.done()
        assert watch.page.locator('[data-market="deck"] g.tile').count() == 1
        assert turned["view"]["market"][0] in watch.key('[data-market="deck"] [data-piece]')

    # Ben stacks his tile on one laid far off: it goes from the hand onto the space, over the
    # tile there, which stays where it is, seen until the new one covers it.
    view = active(table, 1)["view"]
    play(table, 1, f"take {takeable(view, lambda code: True) or 'slot1'}")
    if active(table, 1)["view"]["phase"] == "choose_kueh":
        play(table, 1, "kueh tutu")
    spaces = " ".join(active(table, 1)["view"]["board"]).split()
    cells = [f"{col}{row}" for row in range(1, 6) for col in "abcde"]
    cell = next(
        c for c in FAR if spaces[cells.index(c)] not in (".",) and "/" not in spaces[cells.index(c)]
    )
    step = step_of(table)
    sources = []
    for watch in watches:
        watch.settle(step)
        under = str(watch.page.evaluate(TILE_AT, cell))
        sources.append(
            {
                "tile": watch.box('g.hand [data-piece^="tile:"]'),
                "under": (f'[data-piece="{under}"]', watch.box(f'[data-piece="{under}"]')),
            }
        )
    play(table, 1, f"place {cell}")
    for watch in watches:
        watch.catch("place")
    for watch, source in zip(watches, sources, strict=True):
        selector, box = source["under"]
        watch.motion(
            "place", source["tile"], f'[data-cell="{cell}"]', shot="stack", still={selector: box}
        )
        watch.done()

    # And a Nyonya on it, who stays: she goes from the button to the stack.
    step = step_of(table)
    sources = []
    for watch in watches:
        watch.settle(step)
        sources.append(watch.box('[data-piece="choice:N"]'))
    play(table, 1, "nyonya")
    key = f"pawn:N1@{cell}"
    for watch in watches:
        watch.catch("pawn", key)
    assert f"N1@{cell}" in table.state(0)["view"]["pawns"]
    for watch, source in zip(watches, sources, strict=True):
        watch.motion("pawn", source, f'[data-piece="{key}"]', key=key, shot="nyonya")
        watch.done()


def test_with_reduced_motion_nothing_moves_and_what_changed_is_marked(
    human_table: Callable[..., Any], pages: Callable[..., Page], artifacts: Path
) -> None:
    table = human_table("peranakan", 2, NAMES, start_player="0")
    page = pages(table.url(1), DESKTOP, "reduce")
    state = active(table, 0)
    page.wait_for_function(DRAWN, arg=state["step"], timeout=WAIT_MS)
    supply = str(page.evaluate(KEY, '[data-market="slot1"] [data-piece^="supply:"]'))
    kueh = supply.split(":")[1]
    marked = """(selector) => [...document.querySelectorAll(selector)]
      .map((node) => node.classList.contains('moved'))"""
    checks = [
        ("take slot1", ['g.hand [data-piece^="tile:"]', f'[data-piece="kueh:0:{kueh}"]']),
        ("place c3", ['g.tiles [data-piece^="tile:"]:last-child']),
        ("nyonya", ['[data-piece="pawn:N0@c3"]', '[data-market="slot1"] [data-piece^="tile:"]']),
    ]
    for move, changed in checks:
        step = int(table.move(0, move, active(table, 0))["step"])
        # Looked at as soon as it is drawn: the deck's turning up comes a pace after the pawn.
        page.wait_for_function("(step) => window.meja.page.state.step >= step", arg=step)
        assert page.evaluate("document.getAnimations().length") == 0, f"{move}: something moves"
        for selector in changed:
            assert page.evaluate(marked, selector) == [True], f"{move}: {selector} is not marked"
        page.screenshot(path=artifacts / f"motion-peranakan-reduced-{move.split()[0]}.png")
        assert page.evaluate("window.meja.motions.length") == 0
