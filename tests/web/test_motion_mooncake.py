"""Mooncake Master in motion: passed tiles travel between neighbours, a placed tile goes from
the hand into its quarter, a round is scored cake by cake, and nothing hidden is shown moving.

Each page is the real, paced page with motion (pace normal: a step stays 0.8 s, a motion lasts
600 ms). The other seats are human seats played through the API, so each step lands when the
test chooses. A sampler in the page reads, every frame, the box of each node
`document.getAnimations()` is moving (the node marked `data-motion-piece`), with how far
through its motion it is; a motion's source and target are the boxes motion.js recorded for it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.web.conftest import JOINED

from meja.games.mooncake.tables import SLOT_NAMES

NAMES = ["Ana", "Ben", "Cai", "Dee"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

SAMPLER = """() => {
  window.__samples = [];
  window.__freeze = null;
  // Where the board was when each motion was recorded: its boxes are screen boxes then, and
  // the page may scroll, or what is above the board change, while it runs.
  const board = document.getElementById('board');
  const journal = window.meja.motions;
  journal.push = function (...entries) {
    const at = board.getBoundingClientRect();
    for (const entry of entries) entry.board = { x: at.x, y: at.y };
    return Array.prototype.push.apply(this, entries);
  };
  const nodeOf = (animation) => animation.effect?.target?.closest?.('[data-motion-piece]');
  const record = (animation, node, t, probe) => {
    const box = node.getBoundingClientRect();
    const at = board.getBoundingClientRect();
    window.__samples.push({
      key: node.getAttribute('data-motion-piece'), kind: node.getAttribute('data-motion'), t, probe,
      now: performance.now(), x: box.x - at.x, y: box.y - at.y, w: box.width, h: box.height,
      opacity: Number(getComputedStyle(node).opacity),
    });
  };
  const progress = (animation) => {
    const timing = animation.effect.getTiming();
    return (animation.currentTime - timing.delay) / timing.duration;
  };
  // Move every motion on the page on by the same time, as it would have gone on by itself.
  const seek = (all, base, dt) => {
    for (const each of all) if (base.get(each) !== null) each.currentTime = base.get(each) + dt;
  };
  const probed = new WeakSet();
  const tick = () => {
    const all = document.getAnimations();
    const moving = all.filter((a) => nodeOf(a) && a.currentTime !== null);
    for (const each of moving) record(each, nodeOf(each), progress(each), false);
    // A motion first seen is measured at 30%, 50% and 60% of its run, everything else on the
    // page moved on alike, then put back: a busy machine may skip frames, this may not.
    for (const animation of moving.filter((a) => !probed.has(a))) {
      probed.add(animation);
      const base = new Map(all.map((a) => [a, a.currentTime]));
      const running = all.filter((a) => a.playState === 'running');
      for (const each of all) each.pause();
      const timing = animation.effect.getTiming();
      for (const f of [0.3, 0.5, 0.6]) {
        seek(all, base, timing.delay + f * timing.duration - base.get(animation));
        record(animation, nodeOf(animation), f, true);
      }
      seek(all, base, 0);
      for (const each of running) each.play();
    }
    // Freeze once the motions wanted are there, the last of them `at` of its way.
    const freeze = window.__freeze;
    const wanted = moving.filter((a) => freeze
      && freeze.kinds.includes(nodeOf(a).getAttribute('data-motion'))
      && (!freeze.key || freeze.key === nodeOf(a).getAttribute('data-motion-piece')));
    if (freeze && !freeze.frozen && wanted.length) {
      const delay = (a) => a.effect.getTiming().delay;
      const last = wanted.reduce((a, b) => (delay(b) > delay(a) ? b : a));
      const timing = last.effect.getTiming();
      const dt = timing.delay + freeze.at * timing.duration - last.currentTime;
      const base = new Map(all.map((a) => [a, a.currentTime]));
      for (const each of all) each.pause();
      if (dt > 0) seek(all, base, dt);
      freeze.frozen = true;
      freeze.since = Date.now();
      // The next state waits while the frame is looked at.
      window.meja.page.shownAt += 600000;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__resume = () => {
    const freeze = window.__freeze;
    window.meja.page.shownAt -= 600000 - (Date.now() - freeze.since);
    for (const each of document.getAnimations()) each.play();
    window.__freeze = null;
  };
}"""

MOVING_FACES = """() => [...document.querySelectorAll('#board [data-motion]')].map((node) => {
  const own = (selector) => [
    ...node.querySelectorAll(selector), ...(node.matches(selector) ? [node] : [])];
  const box = node.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return {
    key: node.getAttribute('data-motion-piece'),
    kind: node.getAttribute('data-motion'),
    onTop: Boolean(hit && node.contains(hit)),
    tiles: own('[data-tile]').map((tile) => tile.getAttribute('data-tile')),
    titles: own('.tile').map((tile) => tile.querySelector(':scope > title')?.textContent || ''),
  };
})"""
"""Every node moving on the board now, whether it is on top of everything at its centre, and the
tiles it shows: their data-tile attributes and each tile's tooltip in words."""

LEFT_OVER = """() => ({
  moving: document.querySelectorAll('#board [data-motion]').length,
  ghosts: document.querySelectorAll('#board g[aria-hidden="true"][pointer-events="none"]').length,
  tiles: document.querySelectorAll('#board [data-hand] > [data-piece^="tile:"]').length,
  hand: document.querySelectorAll('#board [data-hand]').length,
})"""
"""What motion may leave behind: nodes still marked moving, copies of old pieces, tiles of the
hand not back in their places in it."""

BOX = """(selector) => {
  const box = document.querySelector(`#board ${selector}`).getBoundingClientRect();
  const at = document.getElementById('board').getBoundingClientRect();
  return { x: box.x - at.x, y: box.y - at.y, width: box.width, height: box.height };
}"""

FREEZE = "(f) => { window.__freeze = f && { ...f, frozen: false }; }"


@contextmanager
def _paced(
    browser: Browser, viewport: dict[str, int], motion: str = "no-preference"
) -> Iterator[Page]:
    """A page as people have it (pace and motion), whose script errors fail the test."""
    context = browser.new_context(paced=True, viewport=viewport, reduced_motion=motion)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield page
    context.close()
    assert errors == [], errors


class Seat:
    """One page at the table: what it holds, and waiting on it."""

    def __init__(self, page: Page, url: str) -> None:
        self.page = page
        page.goto(url)
        self.wait(JOINED)
        page.evaluate(SAMPLER)

    def wait(self, condition: str, arg: Any = None, timeout: int = 30_000) -> None:
        try:
            self.page.wait_for_function(condition, arg=arg, timeout=timeout)
        except PlaywrightTimeout:
            shown = self.page.evaluate(
                "[document.getElementById('prompt').textContent, document.body.dataset.step,"
                " document.getElementById('error').textContent,"
                " window.meja.page.received.slice(-5),"
                " window.meja.page.queue.length, document.getAnimations().length]"
            )
            raise AssertionError(
                f"the page did not get to {condition}; it shows [prompt, step, error, last"
                f" received, queued, animations] = {shown}"
            ) from None

    def view(self) -> dict[str, Any]:
        return dict(self.page.evaluate("window.meja.page.state.view"))

    def shown(self, step: int) -> None:
        """Wait until the page has drawn the table at step (or later)."""
        self.wait("(s) => Number(document.body.dataset.step) >= s", step)

    def motions(self, *kinds: str) -> list[dict[str, Any]]:
        return [m for m in self.page.evaluate("window.meja.motions") if m["kind"] in kinds]

    def finished(self, kind: str, count: int = 1) -> list[dict[str, Any]]:
        """The motions of kind once count of them have been made and all have ended."""
        self.wait(
            "([kind, count]) => window.meja.motions.filter((m) => m.kind === kind).length >= count",
            [kind, count],
        )
        self.wait(
            "(kind) => window.meja.motions.filter((m) => m.kind === kind)"
            ".every((m) => performance.now() > m.start + m.ms + 50)",
            kind,
        )
        return self.motions(kind)

    def freeze(self, kinds: list[str], at: float = 0.45, key: str | None = None) -> None:
        """Stop every motion once the motions of kinds (or the one of key) are there, the last
        of them at of its way."""
        self.page.evaluate(FREEZE, {"kinds": kinds, "at": at, "key": key})

    def frozen_shot(
        self, path: Path, then: dict[str, Any] | None = None
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Once frozen, save the frame and let it run on (to freeze at then next, if given);
        what was moving in the frame and the tiles it showed, and the view drawn."""
        self.wait("() => window.__freeze && window.__freeze.frozen", timeout=15_000)
        moving = list(self.page.evaluate(MOVING_FACES))
        view = self.view()
        self.page.screenshot(path=str(path))
        self.page.evaluate(f"(f) => {{ window.__resume(); ({FREEZE})(f); }}", then)
        return moving, view

    def box(self, selector: str) -> dict[str, float]:
        """The box of the board's first node matching selector now, on the board."""
        return dict(self.page.evaluate(BOX, selector))

    def nothing_left_over(self) -> None:
        """Once every motion has ended, nothing of them stays on the board."""
        self.wait("document.getAnimations().length === 0", timeout=10_000)
        left = self.page.evaluate(LEFT_OVER)
        assert left["moving"] == left["ghosts"] == 0 and left["tiles"] == left["hand"], left


def _legal_now(table: Any, seat: int, prefix: str = "", timeout: float = 20) -> dict[str, Any]:
    """Seat's state once it has a legal move starting with prefix (chance steps resolve first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = table.state(seat)
        if any(move["text"].startswith(prefix) for move in state["legal"]):
            return dict(state)
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} had no move starting {prefix!r} within {timeout} s")


def _play(table: Any, seat: int, prefix: str = "") -> tuple[int, str]:
    """Seat plays its first legal move starting with prefix; the step after it and the move."""
    state = _legal_now(table, seat, prefix)
    move = next(m for m in state["legal"] if m["text"].startswith(prefix))
    return int(table.move(seat, move["action"], state)["step"]), str(move["text"])


def _play_turn(table: Any, players: int, last_places: int = 3) -> None:
    """Every seat chooses, then places its three tiles; the last seat only last_places of them."""
    for seat in range(players):
        _play(table, seat, "keep ")
    for seat in range(players):
        for _ in range(3 if seat < players - 1 else last_places):
            _play(table, seat, "place ")


def _centre(box: dict[str, float], board: dict[str, float] | None = None) -> tuple[float, float]:
    """A box's centre, on the board (a motion's boxes are the screen's, a measure's the board's)."""
    x = box["x"] - (board["x"] if board else 0)
    y = box["y"] - (board["y"] if board else 0)
    return x + box.get("w", box.get("width", 0.0)) / 2, y + box.get("h", box.get("height", 0.0)) / 2


def _on_board(motion: dict[str, Any], end: str) -> dict[str, float]:
    """A motion's source or target box ("from" or "to") on the board."""
    box, at = motion[end], motion["board"]
    return {**box, "x": box["x"] - at["x"], "y": box["y"] - at["y"]}


class _Near:
    """Equal to a box whose centre is within tolerance px of this one's."""

    def __init__(self, box: dict[str, float], tolerance: float = 2) -> None:
        self.box, self.tolerance = box, tolerance

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, dict):
            return False
        return math.dist(_centre(other), _centre(self.box)) <= self.tolerance

    def __repr__(self) -> str:
        return f"a box centred within {self.tolerance} px of {self.box}"


def _measures(seat: Seat, motion: dict[str, Any]) -> dict[float, dict[str, Any]]:
    """Motion's piece measured at 30%, 50% and 60% of this motion (a piece may move again)."""
    found = {
        sample["t"]: sample
        for sample in seat.page.evaluate("window.__samples")
        if sample["probe"]
        and sample["key"] == motion["piece"]
        and sample["kind"] == motion["kind"]
        and motion["start"] - 2500 <= sample["now"] <= motion["start"] + motion["ms"]
    }
    assert found, f"{motion['piece']} was never seen moving ({motion['kind']})"
    return {round(t, 2): sample for t, sample in found.items()}


def _travels(seat: Seat, motion: dict[str, Any]) -> None:
    """At 30% and then 60% of its motion, the piece lies on its way from its source to its
    target, further along at the second."""
    measured = _measures(seat, motion)
    source = _centre(motion["from"], motion["board"])
    target = _centre(motion["to"], motion["board"])
    way = math.dist(source, target)
    assert way > 20, f"{motion['piece']} hardly moves: {motion}"
    along = []
    for t in (0.3, 0.6):
        px, py = _centre(measured[t])
        dx, dy = target[0] - source[0], target[1] - source[1]
        u = ((px - source[0]) * dx + (py - source[1]) * dy) / way**2
        off = abs((px - source[0]) * dy - (py - source[1]) * dx) / way
        assert off < 0.15 * way + 4, f"{motion['piece']} strays {off:.0f} px at {t:.0%}"
        along.append(u)
    assert 0.02 < along[0] < along[1] < 0.995, f"{motion['piece']} is not on its way: {along}"


def _swells(seat: Seat, motion: dict[str, Any]) -> None:
    """Half way through a mark, the piece is larger than at rest."""
    middle = _measures(seat, motion)[0.5]
    rest = motion["to"]["width"]
    assert middle["w"] > rest * 1.04, (
        f"{motion['piece']} did not swell: {middle['w']:.1f}/{rest:.1f}"
    )


def _turns(seat: Seat, motion: dict[str, Any]) -> None:
    """A piece turned over from an old face: at 30% the new face is still edge on (the old one
    narrowing in its place), at 60% it is widening."""
    measured = _measures(seat, motion)
    rest = motion["to"]["width"]
    assert measured[0.3]["w"] < 0.1 * rest, f"{motion['piece']} shows its new face at once"
    assert 0.05 * rest < measured[0.6]["w"] < 0.9 * rest, f"{motion['piece']} did not turn"


def _code(key: str) -> str:
    """The tile code in a hand tile's key, tile:CODE:n."""
    return key.split(":")[1]


def _codes(view: dict[str, Any]) -> set[str]:
    """Every tile code a view shows: the hand and every board drawn."""
    boards = (view.get("scored_round") or {}).get("boards") or view.get("boards") or []
    return set(view.get("hand") or []) | {code for board in boards for code in board if code}


def _on_top(moving: list[dict[str, Any]], kinds: tuple[str, ...]) -> None:
    """The pieces flying across the board (of kinds) are drawn over everything they pass."""
    flying = [node for node in moving if node["kind"] in kinds]
    assert flying, f"nothing of {kinds} was moving"
    assert all(node["onTop"] for node in flying), [n for n in flying if not n["onTop"]]


def _shows_only(moving: list[dict[str, Any]], allowed: set[str], who: str) -> None:
    """Every tile the moving nodes show is one the viewer's views show (or showed)."""
    for node in moving:
        shown = set(node["tiles"])
        assert all(node["titles"]), f"a tile moving in {node['key']} is not named in words"
        assert shown <= allowed, f"{who} saw {sorted(shown - allowed)} moving in {node['key']}"


def _newly_placed(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[str]:
    """The slots of seat's board drawn filled after and empty before."""
    old = before["boards"][seat]
    new = ((after.get("scored_round") or {}).get("boards") or after["boards"])[seat]
    return [SLOT_NAMES[i] for i, code in enumerate(new) if code and not old[i]]


def test_passed_tiles_travel_between_neighbours_and_a_placed_tile_into_its_quarter(
    human_table: Any, browser: Browser, artifacts: Path
) -> None:
    table = human_table("mooncake", 3, NAMES)
    _legal_now(table, 0, "keep ")
    with _paced(browser, DESKTOP) as page, _paced(browser, DESKTOP) as third:
        ana, cai = Seat(page, table.url(0)), Seat(third, table.url(2))
        hand = ana.view()["hand"]
        ana.freeze(["pass", "receive"])
        _play(table, 1, "keep ")
        _play(table, 2, "keep ")
        step, _ = _play(table, 0, "keep ")
        seen, _ = ana.frozen_shot(artifacts / "motion-mooncake-pass-desktop.png")
        _on_top(seen, ("receive",))
        passes, received = ana.finished("pass", 2), ana.finished("receive", 2)
        view = ana.view()
        assert view["phase"] == "place"

        # The tile passed left goes to Ben's place at the table and the one passed right to
        # Cai's; the one from Ben (the left) comes from Ben's, the one from Cai from Cai's.
        dots = {seat: ana.box(f'[data-place="baker:{seat}"]') for seat in (1, 2)}
        going = {_code(m["piece"]): m for m in passes}
        coming = {_code(m["piece"]): m for m in received}
        assert set(going) == {view["passed"]["left"], view["passed"]["right"]}
        assert set(coming) == {view["received"]["from_left"], view["received"]["from_right"]}
        assert _on_board(going[view["passed"]["left"]], "to") == _Near(dots[1])
        assert _on_board(going[view["passed"]["right"]], "to") == _Near(dots[2])
        assert _on_board(coming[view["received"]["from_left"]], "from") == _Near(dots[1])
        assert _on_board(coming[view["received"]["from_right"]], "from") == _Near(dots[2])
        for motion in passes + received:
            _travels(ana, motion)
        assert set(hand) - set(going) <= set(view["hand"])
        ana.nothing_left_over()

        # Cai's page shows only Cai's own tiles moving, never what Ana and Ben passed each other.
        cai.shown(step)
        theirs = cai.motions("pass", "receive", "keep")
        seen = cai.view()
        assert {m["kind"] for m in theirs} >= {"pass", "receive"}
        for motion in cai.page.evaluate("window.meja.motions"):
            assert motion["piece"].startswith("tile:"), motion
            assert _code(motion["piece"]) in {*seen["hand"], *seen["passed"].values()}, motion

        # A tile placed goes from the hand into its quarter.
        ana.freeze(["place"])
        step, move = _play(table, 0, "place ")
        seen, _ = ana.frozen_shot(artifacts / "motion-mooncake-place-desktop.png")
        _on_top(seen, ("place",))
        (placed,) = ana.finished("place")
        assert placed["piece"] == f"quarter:0:{move.split()[-1]}"
        _travels(ana, placed)
        ana.nothing_left_over()

        # Ben's face-down placement moves nothing on Ana's page and shows nothing of it.
        before = len(page.evaluate("window.meja.motions"))
        step, _ = _play(table, 1, "place ")
        ana.shown(step)
        # Motions are recorded as a state is drawn; wait until whatever it started has ended.
        page.wait_for_function("!document.getAnimations().length", timeout=15_000)
        assert len(page.evaluate("window.meja.motions")) == before
        assert page.locator('#board [data-place^="quarter:1:"]').count() == 0


def test_a_round_is_scored_cake_by_cake_after_the_hidden_tiles_turn_up(
    human_table: Any, browser: Browser, artifacts: Path
) -> None:
    table = human_table("mooncake", 2, NAMES)
    for _ in range(3):
        _play_turn(table, 2)
    _play_turn(table, 2, last_places=2)
    with _paced(browser, DESKTOP) as wide, _paced(browser, PHONE) as narrow:
        ana, ben = Seat(wide, table.url(0)), Seat(narrow, table.url(1))
        before = {0: ana.view(), 1: ben.view()}
        ana.freeze(["reveal"], 0.6)
        ben.freeze(["place"], 0.45)
        _play(table, 1, "place ")
        cake = {"kinds": ["scoring"], "at": 0.5, "key": "cake:0:2"}
        # Ana sees Ben's three face-down tiles turn up, then each cake scored in turn; nothing
        # moving shows a tile her views do not.
        seen, scored = ana.frozen_shot(artifacts / "motion-mooncake-reveal-desktop.png", cake)
        _shows_only(seen, _codes(before[0]) | _codes(scored), "Ana")
        ana.frozen_shot(artifacts / "motion-mooncake-score-desktop.png")
        # Ben's own last tile goes into its quarter, Ana's turn up, then the scoring.
        seen, view = ben.frozen_shot(artifacts / "motion-mooncake-place-phone.png", cake)
        _on_top(seen, ("place",))
        _shows_only(seen, _codes(before[1]) | _codes(view), "Ben")
        ben.frozen_shot(artifacts / "motion-mooncake-score-phone.png")
        after = {0: scored, 1: view}
        for seat, baker in ((0, ana), (1, ben)):
            assert after[seat]["scored_round"]["round"] == 1
            other = 1 - seat
            reveals = baker.finished("reveal", 3)
            assert sorted(m["piece"] for m in reveals) == sorted(
                f"quarter:{other}:{slot}"
                for slot in _newly_placed(before[seat], after[seat], other)
            )
            scoring = baker.finished("scoring", 2 * 3 + 2)
            starts = {m["piece"]: m["start"] for m in scoring}
            for each in (0, 1):
                cakes = [starts[f"cake:{each}:{n}"] for n in (1, 2, 3)]
                assert cakes == sorted(cakes) and cakes[2] - cakes[0] > 500, cakes
                assert starts[f"score:{each}"] > cakes[2], "the points turned before the cakes"
            _swells(baker, next(m for m in scoring if m["piece"] == "cake:0:2"))
            _turns(baker, next(m for m in scoring if m["piece"] == f"score:{seat}"))
            points = baker.page.locator(f'#board [data-piece="score:{seat}"]')
            assert f"{after[seat]['festive'][seat]} Festive Point" in str(points.text_content())
        (placed,) = ben.finished("place")
        _travels(ben, placed)

        # The next round: your tiles go back into your cakes, a customer turns up and each
        # seat's three tiles turn up in its hand one by one; the other's draws move nothing.
        for seat, baker in ((0, ana), (1, ben)):
            cleared = baker.finished("clear", 12)
            assert {m["piece"].split(":")[1] for m in cleared} == {str(seat)}
            assert len(baker.finished("new-customer")) == 1
            drawn = baker.finished("draw", 3)
            baker.wait("window.meja.page.state.view.phase === 'choose'")
            assert sorted(_code(m["piece"]) for m in drawn) == sorted(baker.view()["hand"])
            baker.nothing_left_over()


def test_an_open_placement_comes_from_its_baker_and_the_spectator_sees_no_tile_passed(
    human_table: Any, browser: Browser, artifacts: Path
) -> None:
    table = human_table("mooncake", 2, NAMES, placement_reveal="open")
    _legal_now(table, 0, "keep ")
    with _paced(browser, PHONE) as narrow, _paced(browser, DESKTOP) as watching:
        ana, spectator = Seat(narrow, table.url(0)), Seat(watching, table.table["watch_url"])
        ana.freeze(["pass", "receive"])
        _play(table, 1, "keep ")
        step, _ = _play(table, 0, "keep ")
        ana.frozen_shot(artifacts / "motion-mooncake-pass-phone.png")
        passes, received = ana.finished("pass", 2), ana.finished("receive", 2)
        # With two bakers both passed tiles go to Ben and both received come from him (his row
        # moves up meanwhile, as the notes under the hand change, hence the room).
        dot = ana.box('[data-place="baker:1"]')
        assert all(_on_board(m, "to") == _Near(dot, 30) for m in passes)
        assert all(_on_board(m, "from") == _Near(dot, 30) for m in received)
        for motion in passes + received:
            _travels(ana, motion)

        # The spectator sees nobody's tiles: the delivery moves nothing on its page.
        spectator.shown(step)
        watching.wait_for_function("!document.getAnimations().length", timeout=15_000)
        assert spectator.motions("pass", "receive", "keep") == []
        assert watching.locator('#board [data-piece^="tile:"]').count() == 0

        # Ben's open placement comes from his place at the table into his quarter, for Ana and
        # the spectator alike.
        ana.freeze(["place"])
        step, move = _play(table, 1, "place ")
        code, slot = move.split()[1], move.split()[-1]
        seen, _ = ana.frozen_shot(artifacts / "motion-mooncake-open-place-phone.png")
        _on_top(seen, ("place",))
        (flying,) = [node for node in seen if node["key"] == f"quarter:1:{slot}"]
        assert flying["tiles"] == [code] and len(flying["titles"]) == 1
        for baker in (ana, spectator):
            (placed,) = baker.finished("place")
            assert placed["piece"] == f"quarter:1:{slot}"
            _travels(baker, placed)
            assert _on_board(placed, "from") == _Near(baker.box('[data-place="baker:1"]'))
            baker.nothing_left_over()


def test_with_reduced_motion_nothing_moves_and_what_changed_is_marked(
    human_table: Any, browser: Browser
) -> None:
    table = human_table("mooncake", 2, NAMES)
    _legal_now(table, 0, "keep ")
    with _paced(browser, DESKTOP, motion="reduce") as page:
        ana = Seat(page, table.url(0))
        _play(table, 1, "keep ")
        step, _ = _play(table, 0, "keep ")
        ana.shown(step)
        assert page.evaluate("document.getAnimations().length") == 0
        view = ana.view()
        marked = page.evaluate(
            "[...document.querySelectorAll('#board .moved[data-piece^=\"tile:\"]')]"
            ".map((node) => node.getAttribute('data-piece'))"
        )
        # The tiles received are marked (and the one kept, if it changed place in hand).
        received = {view["received"]["from_left"], view["received"]["from_right"]}
        assert received <= {_code(key) for key in marked} <= set(view["hand"])
        step, move = _play(table, 0, "place ")
        ana.shown(step)
        assert page.evaluate("document.getAnimations().length") == 0
        quarter = page.locator(f'#board [data-piece="quarter:0:{move.split()[-1]}"]')
        assert "moved" in str(quarter.get_attribute("class"))
        assert page.evaluate("window.meja.motions.length") == 0
