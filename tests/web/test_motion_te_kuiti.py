"""Te Kuiti's motion in the browser: every step that changes what a seat sees moves its piece.

One two-player game is played over HTTP, both seats by a script (the sheep player with a
memory, so pairs come soon), and watched by real pages with motion at the table's normal pace:
seat 0 at 1280x800, whose motions are sampled in every frame as they run; a spectator at
1280x800, whose motions are stopped and looked at 30% and 60% of the way; and seat 1 on a
390x844 phone. The pages skip at once (catch up) the steps nobody waits for; the first step of
each kind is watched: a fence put up, a tile chosen and turned up, tiles turned back, a fence
taken down for a ram, a ram or shepherd tile leaving the field, a pair going to the sheep
player, and a new round dealt. Its frame half way is saved at both sizes. The same page with
reduced motion moves nothing and marks what changed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.web.conftest import ARTIFACTS, DESKTOP, JOINED, PHONE, HumanTable, WebServer

NAMES = ["Aroha", "Wiremu"]
KINDS = ("fence", "pick", "flip", "flip-back", "fence-back", "lone", "pair", "deal")
"""The kinds of step watched: "lone" is a ram or a shepherd tile leaving the field."""
PRIORITY = ("deal", "pair", "lone", "fence-back", "flip-back", "flip", "fence")
"""Which kind names a step's frame when it shows several ("pick" is drawn a step earlier)."""
MOTION_KINDS = {"lone": ["ram", "shepherd"]}
"""The motion kinds a kind of step runs as, where they differ from its name."""

SAMPLE = """const sampleAll = () => {
  // Each running or stopped motion: what moves (the group motion.js puts round a piece, named
  // by data-motion-piece, or an unnamed copy of a piece's old face on top of the drawing), its
  // box on screen, its timing and what it shows.
  const faceOf = (node) => {
    const up = node.matches('.face-up') ? node : node.querySelector('.face-up');
    if (up) return up.getAttribute('data-face');
    return node.matches('.face-down') || node.querySelector('.face-down') ? 'down' : null;
  };
  const out = [];
  for (const animation of document.getAnimations()) {
    const target = animation.effect && animation.effect.target;
    if (!target || !target.closest || animation.playState === 'finished') continue;
    const outer = target.parentNode;
    const ghost = Boolean(outer && outer.parentNode && outer.parentNode.tagName === 'svg'
      && outer.getAttribute('aria-hidden') === 'true');
    const holder = target.closest('[data-motion-piece]') || (ghost ? target : null);
    if (!holder) continue;
    const timing = animation.effect.getComputedTiming();
    const box = holder.getBoundingClientRect();
    out.push({
      key: holder.dataset.motionPiece || null, kind: holder.dataset.motion || null, ghost,
      time: animation.currentTime, delay: timing.delay, duration: timing.duration,
      box: [box.x, box.y, box.width, box.height], face: faceOf(holder),
      visible: getComputedStyle(holder.firstElementChild || holder).visibility === 'visible',
    });
  }
  return out;
};"""

RECORDER = f"""() => {{
  {SAMPLE}
  // Every frame: each motion running, and every face the board shows, with the step drawn.
  window.tk = {{ samples: [], frames: [], views: {{}} }};
  const loop = () => {{
    const state = window.meja.page.state;
    if (state) window.tk.views[state.step] = state.view;
    for (const sample of sampleAll()) window.tk.samples.push(sample);
    const faces = [];
    for (const up of document.querySelectorAll('#board .face-up')) {{
      if (getComputedStyle(up).visibility !== 'visible') continue;
      const cell = up.closest('[data-cell]');
      faces.push([cell ? cell.dataset.cell : null, up.getAttribute('data-face'),
        up.closest('.tk-transit') ? 'transit' : '']);
    }}
    window.tk.frames.push([state ? state.step : -1, faces]);
    requestAnimationFrame(loop);
  }};
  requestAnimationFrame(loop);
}}"""

HALT = """(kinds) => {
  // Once a motion of kinds runs, stop every motion (those of a drawing start together); the
  // timing of the first of kinds, whose fractions the motions are then looked at.
  const all = document.getAnimations();
  const named = (a) => a.effect.target.closest('[data-motion]');
  const one = all.find((a) => named(a) && kinds.includes(named(a).dataset.motion));
  if (!one) return null;
  for (const a of all) a.pause();
  const t = one.effect.getComputedTiming();
  return { delay: t.delay, duration: t.duration };
}"""

AT = f"""(time) => {{
  {SAMPLE}
  for (const a of document.getAnimations()) a.currentTime = time;
  return sampleAll();
}}"""

BOXES = """() => {
  const boxes = {};
  for (const node of document.querySelectorAll('#board [data-piece], #board [data-place]')) {
    const key = node.getAttribute('data-piece') || node.getAttribute('data-place');
    const r = node.getBoundingClientRect();
    if (!(key in boxes)) boxes[key] = [r.x, r.y, r.width, r.height];
  }
  return boxes;
}"""

DRAWN = (
    "(step) => { const p = window.meja.page; return p.state && p.state.step >= step"
    " && !p.queue.length && !document.getAnimations().length; }"
)
"""The page has drawn the step and every motion of it has ended."""

FACES = """() => [...document.querySelectorAll('#board .face-up')].map((up) => [
  up.closest('[data-cell]') ? up.closest('[data-cell]').dataset.cell : null,
  up.getAttribute('data-face'),
  getComputedStyle(up).visibility,
  up.closest('.tk-transit') ? up.closest('[data-piece]').dataset.piece : null])"""
"""Every face the board holds, shown or hidden."""


def _centre(box: list[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def _same_place(box: list[float], other: list[float]) -> bool:
    """Whether two boxes have the same centre, to 3 px."""
    return all(abs(a - b) < 3 for a, b in zip(_centre(box), _centre(other), strict=True))


def _cell(index: int) -> str:
    return f"{'abcde'[index % 5]}{index // 5 + 1}"


def _face(view: dict[str, Any], cell: str) -> str:
    return str(view["cells"]["abcde".index(cell[0]) + 5 * (int(cell[1:]) - 1)])


def _up(face: str) -> bool:
    return face not in ("down", "gone")


@dataclass
class Watched:
    """One watched step: the views before and after it; on the spectator's page its boxes
    before and after and its motions stopped at fractions of the way ("pause": half way
    through the wait before a motion starts); on seat 0's page its motions in every frame."""

    kind: str
    view_before: dict[str, Any]
    view_after: dict[str, Any]
    before: dict[str, list[float]]
    after: dict[str, list[float]]
    seeks: dict[str, list[dict[str, Any]]]
    motions: list[dict[str, Any]]
    live: list[dict[str, Any]]
    live_before: dict[str, list[float]]
    live_after: dict[str, list[float]]

    def tile(self, cell: str) -> str:
        return f"tile:r{self.view_after['round']}:{cell}"

    def cells(self, was: Any, now: Any) -> list[str]:
        """The cells whose face went from one that was(face) holds for to one now(face) does."""
        pairs = zip(self.view_before["cells"], self.view_after["cells"], strict=True)
        return [_cell(i) for i, (a, b) in enumerate(pairs) if was(a) and now(b)]

    def at(
        self, part: str, key: str | None, kind: str | None, ghost: bool = False
    ) -> dict[str, Any]:
        found = [
            s
            for s in self.seeks.get(part, [])
            if s["key"] == key and s["kind"] == kind and s["ghost"] == ghost
        ]
        assert found, f"no motion {kind} of {key} at {part}: {self.seeks.get(part)}"
        return found[0]

    def running(
        self, key: str | None, kind: str | None, ghost: bool = False
    ) -> list[dict[str, Any]]:
        return [
            s for s in self.live if s["key"] == key and s["kind"] == kind and s["ghost"] == ghost
        ]


@dataclass
class Game:
    """A two-player table both of whose seats a script plays over HTTP."""

    table: HumanTable
    rng: random.Random
    seen: dict[str, str] = field(default_factory=dict)
    """The kind of each tile the sheep player has seen face up, by cell (this round)."""
    round: int = 1

    def settled(self) -> dict[str, Any]:
        """Seat 0's state once no chance step is pending."""
        deadline = time.monotonic() + 10
        while True:
            state = self.table.state(0)
            if state["current"] != -1 or state["result"]:
                return state
            assert time.monotonic() < deadline, "a chance step was still pending after 10 s"
            time.sleep(0.02)

    def remember(self, view: dict[str, Any]) -> None:
        if view["round"] != self.round:
            self.seen.clear()
            self.round = view["round"]
        for index, face in enumerate(view["cells"]):
            if _up(face):
                self.seen[_cell(index)] = face.split(" ")[0].replace("_daisy", "")
            elif face == "gone":
                self.seen.pop(_cell(index), None)

    def choose(self) -> tuple[int, str]:
        """The seat to move and its move: the shepherd fences at random; the sheep player
        completes a pair it remembers, else turns a tile it has not seen."""
        for seat in (0, 1):
            state = self.table.state(seat)
            if state["legal"]:
                break
        else:
            raise AssertionError(f"nobody may move at step {state['step']}")
        view = state["view"]
        self.remember(view)
        legal = [move["text"] for move in state["legal"]]
        flips = [text.split()[1] for text in legal if text.startswith("flip ")]
        if not flips:
            collect = [text for text in legal if text.startswith("collect")]
            return seat, collect[0] if collect else self.rng.choice(legal)
        up = [cell for cell in view["revealed"] if cell in self.seen]
        known: dict[str, list[str]] = {}
        for cell in flips:
            if cell in self.seen:
                known.setdefault(self.seen[cell], []).append(cell)
        if up and known.get(self.seen[up[0]]):
            return seat, f"flip {known[self.seen[up[0]]][0]}"
        pairs = [cells for cells in known.values() if len(cells) >= 2]
        if pairs and not up:
            return seat, f"flip {pairs[0][0]}"
        unseen = [cell for cell in flips if cell not in self.seen]
        return seat, f"flip {self.rng.choice(unseen or flips)}"

    def play(self, seat: int, move: str) -> dict[str, Any]:
        state = self.table.state(seat)
        action = {m["text"]: m["action"] for m in state["legal"]}[move]
        self.table.move(seat, action, state)
        after = self.settled()
        self.remember(after["view"])
        return after


def _kinds(state: dict[str, Any], reached: dict[str, Any]) -> set[str]:
    """The kinds of motion the steps from state to reached should show."""
    before, after = state["view"], reached["view"]
    if after["round"] != before["round"]:
        return {"deal"}
    kinds = set()
    if set(after["fences"]) - set(before["fences"]):
        kinds.add("fence")
    if set(before["fences"]) - set(after["fences"]):
        kinds.add("fence-back")
    for was, now in zip(before["cells"], after["cells"], strict=True):
        if was == "down" and _up(now):
            kinds.add("flip")
        elif _up(was) and now == "down":
            kinds.add("flip-back")
        elif was != "gone" and now == "gone":
            lone = any(
                after["removed"].get(k, 0) != before["removed"].get(k, 0)
                for k in ("ram", "shepherd")
            )
            kinds.add("lone" if lone else "pair")
    if any(
        entry["player"] == -1 and "cell" in (entry.get("record") or {})
        for entry in reached["log"]
        if entry["seq"] >= state["step"]
    ):
        kinds.add("pick")  # a tile was chosen, then turned up by chance
    return kinds


def _open(context: BrowserContext, url: str, errors: list[str]) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(url)
    page.wait_for_function(JOINED)
    return page


def _catch_up(page: Page, step: int) -> None:
    """Draw the server's step at once, without motion, and end any motion running."""
    page.wait_for_function(
        "(step) => { const p = window.meja.page;"
        " return (p.queue.length ? p.queue[p.queue.length - 1].step : p.state.step) >= step; }",
        arg=step,
    )
    page.evaluate("window.meja.catchUp()")
    page.wait_for_function(
        "(step) => { const p = window.meja.page; return p.state.step >= step && !p.queue.length; }",
        arg=step,
    )
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")


def _halt(page: Page, kind: str) -> dict[str, float] | None:
    """Stop every motion on page once one of kind runs (None if none did within 4 s)."""
    kinds = MOTION_KINDS.get(kind, [kind])
    try:
        handle = page.wait_for_function(HALT, arg=kinds, timeout=4_000, polling="raf")
    except PlaywrightTimeout:
        return None
    return dict(handle.json_value())


def _time(timing: dict[str, float], part: float) -> float:
    return timing["delay"] + timing["duration"] * part


def _look(page: Page, kind: str) -> dict[str, list[dict[str, Any]]]:
    """Stop page's motions of kind's drawing and sample them 30% and 60% of the way (and half
    way through a wait before they start); then let them run on."""
    timing = _halt(page, kind)
    if timing is None:
        return {}
    seeks = {f"{part}": page.evaluate(AT, _time(timing, part)) for part in (0.3, 0.6)}
    if timing["delay"]:
        seeks["pause"] = page.evaluate(AT, timing["delay"] / 2)
    page.evaluate("document.getAnimations().forEach((a) => a.play())")
    return seeks


def _shoot(pages: list[tuple[Page, str]], kind: str, folder: Path) -> list[Path]:
    """A frame of the step's motion on each page: half way (a tile turning over, 70% of the
    way: its new face widening), all motions stopped at the same moment."""
    part = 0.7 if kind in ("flip", "flip-back", "deal") else 0.5
    halted = [(page, size, timing) for page, size in pages if (timing := _halt(page, kind))]
    shots = []
    for page, size, timing in halted:
        page.evaluate(AT, _time(timing, part))
        shot = folder / f"te_kuiti-motion-{kind}-{size}.png"
        page.screenshot(path=shot, full_page=size == "phone")
        shots.append(shot)
    for page, _size, _timing in halted:
        page.evaluate("document.getAnimations().forEach((a) => a.play())")
    return shots


def _audit(page: Page, view: dict[str, Any]) -> list[str]:
    """Every face the page holds once a step's motion has ended, against the view: a tile face
    up on its cell, or a hidden face of a kind the view counts as taken off the field."""
    problems = []
    for cell, face, visibility, transit in page.evaluate(FACES):
        if transit:
            name = transit.split(":")[1]
            if name not in view["removed"] or visibility != "hidden":
                problems.append(f"{transit} ({visibility}) while {view['removed']} were taken off")
        elif cell is None or _face(view, cell) != face:
            problems.append(
                f"{face} shown on {cell} at step {page.evaluate('window.meja.page.state.step')}"
            )
    return problems


@pytest.fixture(scope="module")
def watched(web: WebServer, browser: Browser) -> Iterator[dict[str, Any]]:
    """One game played to the first step of round 2, its first step of each kind watched."""
    ARTIFACTS.mkdir(exist_ok=True)
    table = HumanTable.create(web, "te_kuiti", 2, NAMES, start_player="0")
    game = Game(table, random.Random(7))
    errors: list[str] = []
    phone_size = {"viewport": PHONE, "has_touch": True, "is_mobile": True}
    contexts = [
        browser.new_context(paced=True, viewport=DESKTOP, reduced_motion="no-preference"),
        browser.new_context(paced=True, viewport=DESKTOP, reduced_motion="no-preference"),
        browser.new_context(paced=True, reduced_motion="no-preference", **phone_size),
    ]
    try:
        seat0 = _open(contexts[0], table.url(0), errors)
        desk = _open(contexts[1], f"{web.url}/t/{table.table['id']}", errors)
        phone = _open(contexts[2], table.url(1), errors)
        pages = [seat0, desk, phone]
        seat0.evaluate(RECORDER)
        steps: dict[str, Watched] = {}
        shots: list[Path] = []
        audits: list[str] = []
        for _ in range(400):
            state = game.settled()
            if state["result"] or len(steps) == len(KINDS):
                break
            for page in pages:
                _catch_up(page, state["step"])
            seat, move = game.choose()
            for page in (seat0, desk):
                page.evaluate("window.meja.motions.length = 0")
            seat0.evaluate("window.tk.samples = []")
            before, live_before = desk.evaluate(BOXES), seat0.evaluate(BOXES)
            after = game.play(seat, move)
            kinds = _kinds(state, after) - set(steps)
            if not kinds:
                continue
            # The tile chosen is drawn first, on its own; then what the step did.
            seeks = _look(desk, "pick") if "pick" in kinds else {}
            named = [kind for kind in PRIORITY if kind in kinds]
            if named:
                for part, samples in _look(desk, named[0]).items():
                    seeks[part] = seeks.get(part, []) + samples
                shots += _shoot([(desk, "desktop"), (phone, "phone")], named[0], ARTIFACTS)
            for page in pages:
                page.wait_for_function(DRAWN, arg=after["step"], timeout=15_000)
                audits += _audit(page, after["view"])
            for kind in kinds:
                steps[kind] = Watched(
                    kind,
                    state["view"],
                    after["view"],
                    before,
                    desk.evaluate(BOXES),
                    seeks,
                    desk.evaluate("window.meja.motions"),
                    seat0.evaluate("window.tk.samples"),
                    live_before,
                    seat0.evaluate(BOXES),
                )
        yield {
            "steps": steps,
            "shots": shots,
            "audits": audits,
            "frames": seat0.evaluate("window.tk.frames"),
            "views": seat0.evaluate("window.tk.views"),
            "errors": errors,
        }
    finally:
        for context in contexts:
            context.close()


def _along(box: list[float], source: list[float], target: list[float]) -> float | None:
    """How far box's centre lies along the way from source's centre to target's (0 to 1), or
    None if it strays from that straight way by more than a tenth of it (and 6 px)."""
    (x, y), (x0, y0), (x1, y1) = _centre(box), _centre(source), _centre(target)
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    if length < 1:
        return None
    off = abs((x - x0) * dy - (y - y0) * dx) / length
    return ((x - x0) * dx + (y - y0) * dy) / length**2 if off <= 0.1 * length + 6 else None


def _assert_travelled(
    step: Watched, key: str, kind: str, source: str, target: str, ghost: bool = False
) -> None:
    """key's motion of kind lies between the boxes of source (before the step) and target
    (after it) 30% and 60% of the way, in that order, and every frame of it seen running
    between 15% and 85% of the way lies on that way too."""
    ways = [
        _along(step.at(part, key, kind, ghost)["box"], step.before[source], step.after[target])
        for part in ("0.3", "0.6")
    ]
    assert None not in ways, f"{key} strays from the way from {source} to {target}: {ways}"
    assert 0.03 < ways[0] < ways[1] < 0.97, (
        f"{key} is not on its way from {source} to {target}: {ways}"
    )
    running = step.running(key, kind, ghost)
    assert running, f"{key} was not seen running on seat 0's page"
    for s in running:
        done = (s["time"] - s["delay"]) / s["duration"]
        if 0.15 <= done <= 0.85:
            along = _along(s["box"], step.live_before[source], step.live_after[target])
            assert along is not None and 0 < along < 1, f"{key} at {done:.0%}: {s['box']}"


def test_a_fence_put_up_comes_from_the_shepherds_supply(watched: dict[str, Any]) -> None:
    step = watched["steps"]["fence"]
    (fence,) = set(step.view_after["fences"]) - set(step.view_before["fences"])
    key = f"fence:{fence}"
    _assert_travelled(step, key, "fence", "fences", key)
    # It grows on its way, from the supply's square to its edge's whole length.
    lengths = [max(step.at(part, key, "fence")["box"][2:]) for part in ("0.3", "0.6")]
    assert lengths[0] < lengths[1] < max(step.after[key][2:]), lengths


def test_a_fence_taken_down_for_a_ram_goes_back_to_the_supply(watched: dict[str, Any]) -> None:
    step = watched["steps"]["fence-back"]
    (fence,) = set(step.view_before["fences"]) - set(step.view_after["fences"])
    key = f"fence:{fence}"
    _assert_travelled(step, key, "fence-back", key, "fences", ghost=True)
    assert key not in step.after, "the fence taken down is still drawn on its edge"


def _assert_turned(step: Watched, cell: str, kind: str, old: str, new: str) -> None:
    """The tile on cell turned over where it lies: 30% of the way its old face (a copy of it)
    is narrowing, 60% of the way its new face is widening; every frame seen shows those faces."""
    key = step.tile(cell)
    box = step.after[key]
    narrowing = [
        s
        for s in step.seeks["0.3"]
        if s["ghost"] and s["key"] is None and _same_place(s["box"], box)
    ]
    assert narrowing, f"no old face of {key} turning: {step.seeks['0.3']}"
    widening = step.at("0.6", key, kind)
    for s, face in ((narrowing[0], old), (widening, new)):
        assert s["face"] == face, f"{key} shows {s['face']}, not {face}"
        assert 0.05 < s["box"][2] / box[2] < 0.95, f"{key} is {s['box']} turning, {box} still"
        assert _same_place(s["box"], box), (s, box)
    running = step.running(key, kind)
    assert running and {s["face"] for s in running} == {new}, running


def test_a_tile_turned_up_turns_over_on_its_cell(watched: dict[str, Any]) -> None:
    step = watched["steps"]["flip"]
    cells = step.cells(lambda a: a == "down", _up)
    assert cells, "no tile was turned up"
    for cell in cells:
        _assert_turned(step, cell, "flip", "down", _face(step.view_after, cell))


def test_the_tile_chosen_swells_before_it_is_turned(watched: dict[str, Any]) -> None:
    step = watched["steps"]["pick"]
    (chosen,) = [m["piece"] for m in step.motions if m["kind"] == "pick"]
    for part in ("0.3", "0.6"):
        s = step.at(part, chosen, "pick")
        assert s["face"] == "down", "the chosen tile showed its face before it was turned up"
        assert s["box"][2] > step.before[chosen][2] * 1.02, (part, s["box"], step.before[chosen])


def test_tiles_turned_back_turn_face_down_at_the_next_move(watched: dict[str, Any]) -> None:
    step = watched["steps"]["flip-back"]
    cells = step.cells(_up, lambda b: b == "down")
    assert len(cells) == 2, cells
    for cell in cells:
        _assert_turned(step, cell, "flip-back", _face(step.view_before, cell), "down")


def test_a_ram_or_shepherd_tile_shows_its_face_and_goes_aside(watched: dict[str, Any]) -> None:
    """It left the field as it was turned up, so no drawing shows it: its face, as the view's
    count of tiles taken off gives it, lies on its cell as big as the tile a moment, then
    shrinks on its way beside "Taken off the field"."""
    step = watched["steps"]["lone"]
    (cell,) = step.cells(lambda a: a == "down", lambda b: b == "gone")
    counts = step.view_after["removed"]
    (name,) = [k for k, n in counts.items() if n != step.view_before["removed"].get(k)]
    key = f"taken:{name}:{counts[name]}"
    tile = step.tile(cell)
    _assert_travelled(step, key, name, tile, key)
    resting = step.at("pause", key, name)
    assert all(abs(a - b) < 3 for a, b in zip(resting["box"], step.before[tile], strict=True)), (
        resting["box"],
        step.before[tile],
    )
    for s in [resting, *step.running(key, name)]:
        assert s["visible"] and s["face"] == name, s
    assert step.after[key][2] < step.before[tile][2] / 2, "it does not lie aside small"


def test_a_pair_goes_to_the_sheep_players_dot(watched: dict[str, Any]) -> None:
    """A sheep that lay face up goes as it lay; one taken as it was turned up shows the face the
    view's counts give it; both end at the sheep player's dot, which then swells."""
    step = watched["steps"]["pair"]
    cells = step.cells(lambda a: a != "gone", lambda b: b == "gone")
    assert len(cells) == 2, cells
    dot = f"score:{step.view_after['sheep']}"
    taken = [m for m in step.motions if m["kind"] == "pair" and m["piece"].startswith("taken:")]
    for cell in cells:
        was = _face(step.view_before, cell)
        tile = step.tile(cell)
        if was == "down":
            (motion,) = taken
            key = motion["piece"]
            _assert_travelled(step, key, "pair", tile, dot)
            name = key.split(":")[1]
            assert name in step.view_after["removed"]
            moving = step.at("0.3", key, "pair")
            assert moving["face"] == name and moving["visible"], moving
        else:
            _assert_travelled(step, tile, "pair", tile, dot, ghost=True)
            assert step.at("0.3", tile, "pair", ghost=True)["face"] == was
    marks = [m["piece"] for m in step.motions if m["kind"] == "score"]
    assert marks == [dot], step.motions


def test_a_new_round_deals_a_fresh_field_and_takes_the_fences_back(watched: dict[str, Any]) -> None:
    step = watched["steps"]["deal"]
    dealt = {m["piece"] for m in step.motions if m["kind"] == "deal"}
    assert dealt == {f"tile:r2:{_cell(i)}" for i in range(25)}, sorted(dealt)
    first = step.at("0.3", "tile:r2:a1", "deal")
    assert first["face"] == "down" and 0.05 < first["box"][2] / step.after["tile:r2:a1"][2] < 0.95
    back = {m["piece"] for m in step.motions if m["kind"] == "fence-back"}
    assert back == {f"fence:{f}" for f in step.view_before["fences"]}, back
    fence = f"fence:{step.view_before['fences'][0]}"
    _assert_travelled(step, fence, "fence-back", fence, "fences", ghost=True)


def test_no_face_is_ever_shown_that_the_views_do_not_show(watched: dict[str, Any]) -> None:
    """Hidden information: every face on seat 0's page, in every frame, moving or not, is the
    face its cell shows in the view drawn or the one before it (a tile turning over), or that
    of a kind the view counts as taken off the field (travelling aside); every face stopped
    mid-way on the spectator's page is one of the step's views; once each watched step's
    motion ends, every page holds only the faces of its view."""
    assert watched["audits"] == []
    views = {int(step): view for step, view in watched["views"].items()}
    drawn = sorted(views)
    problems = []
    for step, faces in watched["frames"]:
        if step not in views:
            continue
        earlier = [s for s in drawn if s < step]
        allowed = [views[step]] + ([views[earlier[-1]]] if earlier else [])
        for cell, face, transit in faces:
            if transit:
                ok = face in views[step]["removed"]
            elif cell is None:
                ok = any(face in view["cells"] for view in allowed)
            else:
                ok = any(_face(view, cell) == face for view in allowed)
            if not ok:
                problems.append(f"step {step}: {face} shown on {cell or transit or 'a copy'}")
    for kind, watched_step in watched["steps"].items():
        views_of_step = (watched_step.view_before, watched_step.view_after)
        for samples in watched_step.seeks.values():
            for s in samples:
                if s["face"] in (None, "down") or not s["visible"]:
                    continue
                if s["key"] and s["key"].startswith("taken:"):
                    ok = s["face"] in watched_step.view_after["removed"]
                else:
                    ok = any(s["face"] in view["cells"] for view in views_of_step)
                if not ok:
                    problems.append(f"{kind}: {s['key']} shows {s['face']}")
    assert problems == [], problems[:10]
    assert watched["errors"] == []


def test_mid_motion_frames_were_saved_at_both_sizes(watched: dict[str, Any]) -> None:
    """A frame of each kind of step stopped half way, on a desktop and a phone, to look at."""
    names = {shot.name for shot in watched["shots"]}
    missing = [
        f"te_kuiti-motion-{kind}-{size}.png"
        for kind in PRIORITY
        for size in ("desktop", "phone")
        if f"te_kuiti-motion-{kind}-{size}.png" not in names
    ]
    assert missing == [], missing


def test_with_reduced_motion_nothing_moves_and_what_changed_is_marked(
    web: WebServer, browser: Browser
) -> None:
    """prefers-reduced-motion: a fence put up, a tile turned up and tiles turned back run no
    animation at all; each piece that changed is drawn marked (class moved) instead."""
    table = HumanTable.create(web, "te_kuiti", 2, NAMES, start_player="0")
    game = Game(table, random.Random(3))
    context = browser.new_context(paced=True, viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    try:
        page = _open(context, table.url(0), errors)
        marked: dict[str, list[str]] = {}
        for _ in range(40):
            state = game.settled()
            seat, move = game.choose()
            after = game.play(seat, move)
            kinds = _kinds(state, after) & {"fence", "flip", "flip-back"}
            if not kinds - set(marked):
                continue
            page.wait_for_function(
                "(step) => window.meja.page.state.step >= step && !window.meja.page.queue.length",
                arg=after["step"],
                timeout=15_000,
            )
            assert page.evaluate("document.getAnimations().length") == 0, kinds
            assert page.evaluate("window.meja.motions.length") == 0
            moved = page.evaluate(
                "[...document.querySelectorAll('#board .moved')]"
                ".map((n) => n.getAttribute('data-piece') || n.getAttribute('data-place'))"
            )
            for kind in kinds:
                marked.setdefault(kind, moved)
            turned = [f"tile:r1:{c}" for c in _changed_cells(state["view"], after["view"])]
            fences = [
                f"fence:{f}" for f in set(after["view"]["fences"]) - set(state["view"]["fences"])
            ]
            assert set(turned + fences) <= set(moved), (kinds, moved)
            if {"fence", "flip", "flip-back"} <= set(marked):
                break
        assert set(marked) == {"fence", "flip", "flip-back"}, marked
    finally:
        context.close()
    assert errors == []


def _changed_cells(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The cells whose tile turned over, up or down."""
    return [
        _cell(i)
        for i, (a, b) in enumerate(zip(before["cells"], after["cells"], strict=True))
        if (a == "down") != (b == "down") and "gone" not in (a, b)
    ]
