"""A `meja serve` process with fast bots, a headless Debian chromium driven by Playwright, and a
driver that plays a table the way a person does: by clicking what the page highlights."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from websockets.sync.client import connect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WAIT_MS = 30_000
BOT = {"kind": "bot", "bot": "random"}
SCRIPT = (Path(__file__).parent / "targets.js").read_text()
LAYOUT = (Path(__file__).parent / "layout.js").read_text()
# Null-safe: a click that opens the table page polls while the new document has no body yet.
JOINED = "document.body?.dataset.connection === 'online' && !!window.meja?.page?.state"
TURN_OR_END = (
    "document.body.dataset.yourTurn === 'yes'"
    " || !document.getElementById('result').classList.contains('hidden')"
)


class WebServer:
    """The real command, on a free port, with its own SQLite file."""

    def __init__(self, folder: Path) -> None:
        command = [
            sys.executable,
            "-m",
            "meja.cli",
            "serve",
            "--port",
            "0",
            "--db",
            f"sqlite:///{folder / 'web.db'}",
            "--bot-pause",
            "0",
            "--away-grace",
            "3600",
            # One address makes every table and socket of the session, some never joined.
            "--tables-per-client",
            "100000",
            "--sockets-per-client",
            "100000",
            "--joins-per-minute",
            "100000",
            "--unjoined-expiry",
            "86400",
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        banner = self.process.stdout.readline()
        if "serving on" not in banner:
            self.process.kill()
            raise RuntimeError(f"meja serve did not start: {banner!r}")
        self.url = banner.split()[4].rstrip("/")
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def create(self, game: str, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
        response = self.http.post(
            "/api/tables", json={"game": game, "seats": seats, "options": options}
        )
        assert response.status_code == 201, response.text
        return dict(response.json())

    def stop(self) -> None:
        self.http.close()
        self.process.terminate()
        self.process.wait(30)
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    server = WebServer(tmp_path_factory.mktemp("web"))
    yield server
    server.stop()


@dataclass
class HumanTable:
    """A table whose human seats are played over HTTP, each with its own seat token."""

    web: WebServer
    table: dict[str, Any]

    @classmethod
    def create(
        cls,
        web: WebServer,
        game: str,
        players: int,
        names: list[str],
        bots: int = 0,
        **options: Any,
    ) -> HumanTable:
        """A new table: players human seats named from names, then bots random bots."""
        humans = [{"kind": "human", "name": names[i]} for i in range(players)]
        return cls(web, web.create(game, humans + [BOT] * bots, **options))

    def url(self, seat: int) -> str:
        """The page where seat plays."""
        return str(self.table["seats"][seat]["join_url"])

    def headers(self, seat: int) -> dict[str, str]:
        """What a request made as seat carries: its bearer token."""
        return {"Authorization": f"Bearer {self.table['seats'][seat]['token']}"}

    def state(self, seat: int) -> dict[str, Any]:
        """The state message seat is sent now."""
        response = self.web.http.get(
            f"/api/tables/{self.table['id']}/state", headers=self.headers(seat)
        )
        assert response.status_code == 200, response.text
        return dict(response.json())

    def wait_for(
        self, seat: int, condition: Callable[[dict[str, Any]], bool], timeout: float = 30
    ) -> dict[str, Any]:
        """Seat's state message once condition holds, as the server pushes it to seat's socket."""
        url = "ws" + self.web.url.removeprefix("http") + f"/ws/tables/{self.table['id']}"
        deadline = time.monotonic() + timeout
        with connect(url) as socket:
            socket.send(json.dumps({"type": "join", "token": self.table["seats"][seat]["token"]}))
            while (left := deadline - time.monotonic()) > 0:
                try:
                    message = json.loads(socket.recv(timeout=left))
                except TimeoutError:
                    break
                if message.get("type") == "state" and condition(message):
                    return dict(message)
        raise AssertionError(f"seat {seat} was not sent the awaited state within {timeout} s")

    def move(
        self,
        seat: int,
        move: str | int,
        state: dict[str, Any] | None = None,
        *,
        at_step: bool = True,
    ) -> dict[str, Any]:
        """Seat plays move (its text, or its action) and gets the state message answered.

        The move is chosen from state (seat's state now if not given). With at_step, the step
        of that state is sent, and the server refuses the move if the moves seat may make have
        changed since.
        """
        if state is None and (at_step or isinstance(move, str)):
            state = self.state(seat)
        if isinstance(move, str):
            assert state is not None
            legal = {m["text"]: m["action"] for m in state["legal"]}
            assert move in legal, f"{move!r} is not among {sorted(legal)}"
            move = legal[move]
        body: dict[str, Any] = {"action": move}
        if at_step:
            assert state is not None
            body["step"] = state["step"]
        response = self.web.http.post(
            f"/api/tables/{self.table['id']}/moves", json=body, headers=self.headers(seat)
        )
        assert response.status_code == 200, response.text
        return dict(response.json())


@pytest.fixture
def human_table(web: WebServer) -> Callable[..., HumanTable]:
    """Make a HumanTable: human_table(game, players, names, bots=0, **options)."""

    def create(
        game: str, players: int, names: list[str], bots: int = 0, **options: Any
    ) -> HumanTable:
        return HumanTable.create(web, game, players, names, bots, **options)

    return create


def _instant_paces(route: Route) -> None:
    """Answer /api/limits with every pace at 0 s, so a page draws each step as it comes."""
    try:
        response = route.fetch()
        limits = response.json()
        limits["paces"] = dict.fromkeys(limits.get("paces") or ("relaxed", "normal", "fast"), 0)
        route.fulfill(response=response, json=limits)
    except PlaywrightError:
        return  # the page closed while it asked: nobody is left to answer


class QuickBrowser:
    """The browser as the tests use it: pages without motion and at no pace, so a test that
    plays whole games is not slowed to a person's speed; `new_context(paced=True)` gives the
    page as people have it, for the tests of motion and pace."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    def new_context(self, paced: bool = False, **options: Any) -> BrowserContext:
        # The pages' Content-Security-Policy forbids evaluating strings, as Playwright does
        # for a test's string predicates; test_csp.py loads the pages under the policy.
        options.setdefault("bypass_csp", True)
        if paced:
            return self.browser.new_context(**options)
        options.setdefault("reduced_motion", "reduce")
        context = self.browser.new_context(**options)
        context.route("**/api/limits", _instant_paces)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing; `make system-deps` installs Debian's chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield cast(Browser, QuickBrowser(chromium))
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page whose script errors fail the test."""
    context = browser.new_context(viewport=DESKTOP)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield tab
    context.close()
    assert errors == [], errors


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@dataclass
class Decision:
    """One decision of the human seat: every legal move and the clicks that make it."""

    name: str
    legal: dict[int, str]
    paths: dict[int, list[dict[str, Any]]]
    problems: dict[int, str]
    illegal: list[str]
    scroll_y: float
    prompt_shown: bool
    """Whether "Your turn: ..." was inside the window."""
    prompt_fits: bool
    """Whether the prompt and every target fit in the window together."""

    def missing(self) -> list[str]:
        """Each legal move with no highlighted, visible target inside the window, and why."""
        out = [f"{self.name}: '{move}' is offered but not legal" for move in self.illegal]
        for action, text in sorted(self.legal.items()):
            if action not in self.paths:
                reason = self.problems.get(action, "nothing on the board plays it")
                out.append(f"{self.name}: '{text}' ({reason})")
        return out


@dataclass
class TableDriver:
    """A person at a table: finds what each legal move is clicked on, and clicks it."""

    page: Page

    def open(self, url: str) -> None:
        """Join the table at url and record every move the page sends from then on."""
        self.page.goto(url)
        self.wait(JOINED)
        self.page.evaluate(
            "() => { const c = window.meja.connection; const send = c.send.bind(c);"
            " window.sentMoves = [];"
            " c.send = (m) => { const ok = send(m);"
            " if (ok && m.type === 'move') window.sentMoves.push(m.action); return ok; }; }"
        )

    def wait(self, condition: str, arg: Any = None, timeout: int = WAIT_MS) -> None:
        """Wait for condition; a timeout says what the page showed."""
        try:
            self.page.wait_for_function(condition, arg=arg, timeout=timeout)
        except PlaywrightTimeout:
            raise AssertionError(f"the page did not move on; it showed {self.shown()}") from None

    def shown(self) -> list[Any]:
        """The prompt, error, step, selection and connection status, for failure messages."""
        return list(
            self.page.evaluate(
                "[document.getElementById('prompt').textContent,"
                " document.getElementById('error').textContent, document.body.dataset.step,"
                " document.body.dataset.selection, document.getElementById('status').textContent]"
            )
        )

    def wait_for_turn(self) -> bool:
        """Wait until the human seat has a decision (True) or the game is over (False)."""
        self.wait(TURN_OR_END)
        return not self.page.locator("#result").is_visible()

    def state(self) -> dict[str, Any]:
        """The latest state message the page holds."""
        return dict(self.page.evaluate("window.meja.page.state"))

    def sent(self) -> list[int]:
        """Every move the page has sent since it was opened."""
        return list(self.page.evaluate("window.sentMoves"))

    def decision(self) -> Decision:
        """Explore every chain of picks on the board, as the page draws and scrolls them."""
        found = self.page.evaluate(f"() => {{ {SCRIPT}\n return exploreTargets(); }}")
        return Decision(
            name=found["name"],
            legal={int(a): t for a, t in found["legal"].items()},
            paths={int(a): p for a, p in found["paths"].items()},
            problems={int(a): p for a, p in found["problems"].items()},
            illegal=list(found["illegal"]),
            scroll_y=found["scrollY"],
            prompt_shown=found["promptShown"],
            prompt_fits=found["promptFits"],
        )

    def drawn(self) -> dict[str, float]:
        """The board's drawing on screen: its left, top, right and bottom in px."""
        found = self.page.evaluate(f"() => {{ {LAYOUT}\n return drawnBox(); }}")
        return {side: float(found[side]) for side in ("left", "top", "right", "bottom")}

    def layout_problems(self, frames: str = "", smallest: float = 0) -> list[str]:
        """What is wrong with how the board is drawn now, one line a problem.

        The drawing must fit the window's width, every part must be inside the drawing, no two
        texts may lie on each other, each text inside a node matching frames must stay inside
        that node's frame, and with smallest no text may be under smallest px high on screen.
        """
        found = self.page.evaluate(
            f"([frames, smallest]) => {{ {LAYOUT}\n return layoutProblems(frames, smallest); }}",
            [frames, smallest],
        )
        return [str(problem) for problem in found]

    def small_screen_problems(self, smallest: float = 12, target: float = 24) -> list[str]:
        """What is hard to read or press on the whole page now, one line a problem: a text of
        the page or the board under smallest px high, a move target under target x target px,
        anything past the window's left or right edge."""
        found = self.page.evaluate(
            f"([least, target]) => {{ {LAYOUT}\n return smallScreenProblems(least, target); }}",
            [smallest, target],
        )
        return [str(problem) for problem in found]

    def click(self, step: dict[str, Any]) -> None:
        """Click one step of a path (a pick, or the move itself) where a person would."""
        point = self._point(step)
        assert point is not None, f"nowhere to click for {step}; the page showed {self.shown()}"
        self.page.mouse.click(point["x"], point["y"])

    def play(
        self, decision: Decision, action: int, look: Callable[[str], None] | None = None
    ) -> None:
        """Click along the path of action and check that exactly that move was sent; with look,
        call it after each pick on the way (with where the page is), before the move is made.
        When another seat's step is drawn meanwhile and the next click has nowhere to go, the
        clicks start again on the new drawing, as a person would; so do they when such a step
        was drawn under the last click and no move went."""
        before = len(self.sent())
        drawn = self._step()
        path = list(decision.paths[action])
        for _ in range(3):
            while path:
                if self._point(path[0]) is None:
                    path = self._look_again(drawn, action) or path
                    drawn = self._step()
                step = path.pop(0)
                self.click(step)
                if look is not None and "pick" in step:
                    look(f"{decision.name}, picked {step['pick']}")
            if self._sent_within(before, 5_000):
                break
            path = self._look_again(drawn, action) or []
            if not path:
                break
            drawn = self._step()
        self.wait("(n) => window.sentMoves.length > n", before)
        sent = self.sent()[before:]
        assert sent == [action], (
            f"{decision.name}: meant '{decision.legal[action]}' ({action}) but sent {sent}"
        )
        self.wait("() => !window.meja.page.pending")

    def _sent_within(self, before: int, timeout: int) -> bool:
        """Whether the page sends a move beyond the first before within timeout ms."""
        try:
            self.page.wait_for_function(
                "(n) => window.sentMoves.length > n", arg=before, timeout=timeout
            )
        except PlaywrightTimeout:
            return False
        return True

    def _point(self, step: dict[str, Any]) -> dict[str, float] | None:
        """Where a person clicks for step now, or None if the page shows no place for it."""
        point = self.page.evaluate(f"(step) => {{ {SCRIPT}\n return pointOf(step); }}", step)
        return None if point is None else dict(point)

    def _step(self) -> int:
        """The step of the state the page draws."""
        return int(self.page.evaluate("window.meja.page.state.step"))

    def _look_again(self, drawn: int, action: int) -> list[dict[str, Any]] | None:
        """The clicks that make action from scratch, when another seat's step was drawn since
        the picks began (in a simultaneous phase the board is drawn anew under the person's
        hand, and a person looks again); None when nothing was drawn since, or action is gone."""
        if self._step() == drawn:
            return None
        self.page.evaluate("() => window.meja.choose([])")
        return self.decision().paths.get(action)

    def play_randomly(
        self,
        rng: random.Random,
        shots: Path | None = None,
        every_move: bool = True,
        look: Callable[[str], None] | None = None,
    ) -> list[Decision]:
        """Play the seat to the end, a random legal move a time; each decision is returned.

        Every decision must offer a move to click in the window: with every_move, all of them.
        With shots (a path prefix), the first decision of each kind is saved as a screenshot.
        With look, it is called at each decision as it is offered and after each pick made
        towards the move played, with where the page is.
        """
        decisions = []
        while self.wait_for_turn():
            decision = self.decision()
            if look is not None:
                look(decision.name)
            decisions.append(decision)
            kind = decision.name.split(" at ")[0]
            if shots is not None and kind not in {d.name.split(" at ")[0] for d in decisions[:-1]}:
                self.page.screenshot(path=f"{shots}-{kind}.png")
            if shots is not None and decision.prompt_fits and not decision.prompt_shown:
                self.page.screenshot(path=f"{shots}-prompt-away-{len(decisions)}.png")
            if every_move:
                assert not decision.missing(), "\n".join(decision.missing())
            playable = sorted(decision.paths)
            assert playable, f"{decision.name}: no legal move can be clicked"
            self.play(decision, rng.choice(playable), look)
        return decisions


@pytest.fixture
def driver(page: Page) -> TableDriver:
    """A person at a 1280x800 window."""
    return TableDriver(page)


@contextmanager
def _driver_at(browser: Browser, viewport: dict[str, int], phone: bool) -> Iterator[TableDriver]:
    """A person at a window of viewport's size (a touch screen if phone); script errors fail."""
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield TableDriver(tab)
    context.close()
    assert errors == [], errors


@pytest.fixture
def phone_driver(browser: Browser) -> Iterator[TableDriver]:
    """A person on a phone-sized touch screen; script errors fail the test."""
    with _driver_at(browser, PHONE, phone=True) as driver:
        yield driver


@pytest.fixture(params=["desktop", "phone"])
def sized_driver(request: pytest.FixtureRequest, browser: Browser) -> Iterator[TableDriver]:
    """A person at a 1280x800 window, then on a 390x844 touch screen: a test runs at both."""
    phone = request.param == "phone"
    with _driver_at(browser, PHONE if phone else DESKTOP, phone) as driver:
        yield driver


@pytest.fixture
def pages(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Open table pages as people do: pages(url) without motion and at no pace, pages(url,
    moving=True) with both; script errors fail the test at the end."""
    opened: list[tuple[Page, list[str]]] = []

    def make(url: str, moving: bool = False) -> Page:
        options = {"paced": True, "reduced_motion": "no-preference"} if moving else {}
        context = browser.new_context(viewport=DESKTOP, **options)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(url)
        page.wait_for_function(
            JOINED,
            timeout=WAIT_MS,
        )
        opened.append((page, errors))
        return page

    yield make
    for page, errors in opened:
        page.context.close()
        # A refused undo is answered with an error message, which the page shows, not logs.
        assert errors == [], errors


def settled(pages: list[Page], step: int) -> list[str]:
    """Each page's view once it has drawn step (and nothing waits to be drawn)."""
    views = []
    for page in pages:
        try:
            page.wait_for_function(
                "(step) => window.meja.page.state.step === step && !window.meja.page.queue.length",
                arg=step,
                timeout=WAIT_MS,
            )
        except PlaywrightTimeout:
            shown = page.evaluate(
                "[window.meja.page.state.step, window.meja.page.queue.length,"
                " document.getElementById('error').textContent]"
            )
            raise AssertionError(f"step {step} was not drawn; the page is at {shown}") from None
        views.append(str(page.evaluate("JSON.stringify(window.meja.page.state.view)")))
    return views
