"""A live server on a free port, clients for its API and websockets, and a toy game.

The toy game has every feature the server must handle (hidden cards dealt by chance, a
simultaneous secret bid, then turns), so server tests do not depend on the real games' rules.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from meja.core import CHANCE, TERMINAL, Game, InvalidPosition, State, Told, load_game
from meja.core.actions import ActionNames
from meja.server import Settings, create_app

CARDS = 6
LOW, HIGH, SHOW, FOLD = 6, 7, 8, 9
NAMES = {LOW: "bid low", HIGH: "bid high", SHOW: "show", FOLD: "fold"}
CARD_NAMES = ActionNames([f"card {card}" for card in range(CARDS)])
MOVE_NAMES = ActionNames([*(f"no move {n}" for n in range(CARDS)), *NAMES.values()])


class ToyState(State):
    """Deal one hidden card to each seat, collect secret bids, then each seat shows or folds."""

    def __init__(self, game: Game, num_players: int) -> None:
        super().__init__(game, num_players)
        self.cards: list[int | None] = [None] * num_players
        self.bids: list[int | None] = [None] * num_players
        self.shown: list[bool | None] = [None] * num_players

    def _phase(self) -> str:
        if None in self.cards:
            return "deal"
        if None in self.bids:
            return "bid"
        if None in self.shown:
            return "show"
        return "over"

    def current_player(self) -> int:
        phase = self._phase()
        if phase == "deal":
            return CHANCE
        if phase == "over":
            return TERMINAL
        return min(self.active_players())

    def active_players(self) -> list[int]:
        phase = self._phase()
        if phase == "bid":
            return [p for p, bid in enumerate(self.bids) if bid is None]
        if phase == "show":
            return [self.shown.index(None)]
        return []

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player() if player is None else player
        if seat not in self.active_players():
            return []
        return [LOW, HIGH] if self._phase() == "bid" else [SHOW, FOLD]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(card, 1 / CARDS) for card in range(CARDS)] if self._phase() == "deal" else []

    def _apply(self, action: int, player: int) -> None:
        if player == CHANCE:
            self.cards[self.cards.index(None)] = action
        elif action in (LOW, HIGH):
            self.bids[player] = action - LOW
        else:
            self.shown[player] = action == SHOW

    def scores(self) -> list[float]:
        return [
            float((card or 0) + (bid or 0)) if shown else 0.0
            for card, bid, shown in zip(self.cards, self.bids, self.shown, strict=True)
        ]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    def clone(self) -> ToyState:
        copy = ToyState(self.game, self.num_players)
        copy.history = list(self.history)
        copy.cards, copy.bids, copy.shown = list(self.cards), list(self.bids), list(self.shown)
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        bids_public = None not in self.bids
        return {
            "cards": [
                card if p == player or self.shown[p] else None for p, card in enumerate(self.cards)
            ],
            "bids": [
                bid if bids_public or p == player else (bid is not None)
                for p, bid in enumerate(self.bids)
            ],
            "shown": list(self.shown),
        }

    def position(self) -> dict[str, Any]:
        return {"cards": self.cards, "bids": self.bids, "shown": self.shown}

    def _names(self, seat: int) -> ActionNames:
        return CARD_NAMES if seat == CHANCE else MOVE_NAMES

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        """A card is told to its receiver only; a bid to its bidder, until the last one."""
        if player == CHANCE:
            receiver = self.cards.index(None)
            if viewer == receiver:
                return Told(f"card {action}", {"action": action}, reveals=True)
            return Told(f"deal a card to seat {receiver}", {"action": None}, reveals=True)
        if action in (LOW, HIGH) and viewer != player:
            last = self.bids.count(None) == 1
            return Told("bid", {"action": None}, reveals=last)
        return Told(NAMES[action], {"action": action}, reveals=action == SHOW)


class ToyGame(Game):
    """The toy game's static facts."""

    name = "toy"
    title = "Toy Cards"
    min_players = 2
    max_players = 3

    def new_state(self, num_players: int, **options: Any) -> ToyState:
        self.resolve_options(num_players, options)
        return ToyState(self, num_players)

    def num_actions(self, num_players: int) -> int:
        return 10

    def max_game_length(self, num_players: int) -> int:
        return 10_000

    def from_position(self, data: Mapping[str, Any]) -> ToyState:
        raise InvalidPosition("the toy game has no positions")


TOY = ToyGame()


def toy_games(name: str) -> Game:
    """A game lookup that knows only the toy game."""
    if name != "toy":
        raise ValueError(f"unknown game {name!r} (known games: toy)")
    return TOY


def toy_or_real(name: str) -> Game:
    """The toy game, or any registered game."""
    return TOY if name == "toy" else load_game(name)


WAIT = 20.0
"""Seconds a test waits for a message before it fails."""


def wait_until(condition: Callable[[], Any], what: str, seconds: float = WAIT) -> None:
    """Poll condition until it holds; fail, saying what never happened, after seconds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


class _Server(uvicorn.Server):
    """A uvicorn server that says when it is ready to take connections."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.ready.set()


class Endpoint:
    """A running server as tests see it: its address, an HTTP client and websockets."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.port = int(url.rsplit(":", 1)[1])
        self.http = httpx.Client(base_url=url, timeout=WAIT)
        self.sockets = contextlib.ExitStack()

    def create(
        self, game: str = "toy", seats: list[dict[str, Any]] | None = None, **extra: Any
    ) -> dict[str, Any]:
        """Create a table; every seat human unless told otherwise, and listed in the lobby
        unless the test says private."""
        seats = seats or [{"kind": "human"}, {"kind": "human"}]
        body = {"game": game, "seats": seats, "private": False, **extra}
        response = self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        return dict(response.json())

    def socket(self, table_id: str) -> Client:
        """A raw websocket to a table (nothing sent yet)."""
        ws = connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}", max_size=2**24, open_timeout=WAIT
        )
        return Client(self.sockets.enter_context(ws))

    def join(self, table_id: str, token: str | None = None) -> Client:
        """A websocket joined to a table as the token's seat (or a spectator)."""
        client = self.socket(table_id)
        client.send({"type": "join", "token": token} if token else {"type": "join"})
        welcome = client.receive()
        assert welcome["type"] == "welcome", welcome
        client.seat = welcome["seat"]
        return client

    def disconnect(self) -> None:
        """Close every websocket and the HTTP client."""
        self.sockets.close()
        self.http.close()


class LiveServer(Endpoint):
    """The app on a real socket in a thread, with settings and games chosen by the test."""

    def __init__(
        self,
        settings: Settings,
        games: Callable[[str], Game] = toy_or_real,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.app = create_app(settings, games=games, clock=clock)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        super().__init__(f"http://127.0.0.1:{self.sock.getsockname()[1]}")
        config = uvicorn.Config(self.app, ws_max_size=65_536, log_level="warning")
        self.server = _Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def start(self) -> LiveServer:
        self.thread.start()
        if not self.server.ready.wait(WAIT):
            raise RuntimeError("the server did not start")
        return self

    def wake(self) -> None:
        """Have every table look at its clocks now, as after the test moved the clock."""
        lobby = self.app.state.lobby
        lobby.loop.call_soon_threadsafe(lobby.wake)

    def settle(self) -> None:
        """Wake every table and wait until each unfinished one has looked at its seats and
        clocks and found nothing due: what was to happen by now has happened."""
        rooms = [room for room in list(self.app.state.lobby.open.values()) if not room.finished]
        before = {id(room): room.idle_looks for room in rooms}
        self.wake()
        deadline = time.monotonic() + WAIT
        while not all(room.finished or room.idle_looks > before[id(room)] for room in rooms):
            if time.monotonic() > deadline:
                raise AssertionError(f"the tables did not settle within {WAIT} s")
            time.sleep(0.005)

    def stop(self) -> None:
        self.disconnect()
        self.server.should_exit = True
        self.thread.join(WAIT)
        self.sock.close()


class Client:
    """A websocket client that keeps the latest state and the whole log it was sent."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.state: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def receive(self) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=WAIT))
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
            self.log[message["log_start"] :] = message["log"]
        return dict(message)

    def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until one satisfies predicate; fails after WAIT seconds of silence."""
        while True:
            message = self.receive()
            if predicate(message):
                return message

    def error(self) -> dict[str, Any]:
        """The next error message."""
        return self.until(lambda m: m["type"] == "error")

    def my_turn(self) -> dict[str, Any]:
        """The next state in which this seat has moves, or the final state."""
        return self.until(lambda m: m["type"] == "state" and (m["legal"] or m["result"]))

    def move(self, action: int, step: int | None = None) -> None:
        message: dict[str, Any] = {"type": "move", "action": action}
        if step is not None:
            message["step"] = step
        self.send(message)

    def undo(self, step: int | None = None) -> None:
        message: dict[str, Any] = {"type": "undo"}
        if step is not None:
            message["step"] = step
        self.send(message)

    def close(self) -> None:
        self.ws.close()


HUMAN = {"kind": "human"}


class FakeClock:
    """The server's time, moved only by the test: waits of minutes take no time at all."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float, server: LiveServer | None = None) -> None:
        """Move the time on, and wait until server's tables have looked at their clocks."""
        with self._lock:
            self.now += seconds
        if server is not None:
            server.settle()


def auth(token: str | None) -> dict[str, str]:
    """The header that acts as the token's seat (none for a spectator)."""
    return {} if token is None else {"authorization": f"Bearer {token}"}


class PeopleTable:
    """A table whose every seat is a person, moved by the test over HTTP."""

    def __init__(self, endpoint: Any, game: str, players: int, **extra: Any) -> None:
        self.endpoint = endpoint
        self.http: httpx.Client = endpoint.http
        created = endpoint.create(game, [HUMAN] * players, **extra)
        self.id: str = created["id"]
        self.tokens: list[str] = [seat["token"] for seat in created["seats"]]
        self.names: list[str] = [seat["name"] for seat in created["seats"]]
        self.url = f"/api/tables/{self.id}"

    def state(self, seat: int | None = None) -> dict[str, Any]:
        """The state message of seat (or a spectator), over HTTP."""
        token = None if seat is None else self.tokens[seat]
        response = self.http.get(f"{self.url}/state", headers=auth(token))
        assert response.status_code == 200, response.text
        return dict(response.json())

    def move(self, seat: int, action: int, step: int | None = None) -> httpx.Response:
        """Play an action for seat."""
        body: dict[str, Any] = {"action": action}
        if step is not None:
            body["step"] = step
        return self.http.post(f"{self.url}/moves", json=body, headers=auth(self.tokens[seat]))

    def undo(self, seat: int, step: int | None = None) -> httpx.Response:
        """Ask to take back seat's last move."""
        body = {} if step is None else {"step": step}
        return self.http.post(f"{self.url}/undo", json=body, headers=auth(self.tokens[seat]))

    def took_back(self, viewer: int | None, seat: int) -> str:
        """The line of seat's take-back as viewer reads it."""
        return (
            "You took back a move." if viewer == seat else f"{self.names[seat]} took back a move."
        )

    def seen(self) -> dict[int | None, Any]:
        """What every seat and a spectator are shown of the game now (not the log or step)."""
        shown: dict[int | None, Any] = {}
        for seat in [*range(len(self.tokens)), None]:
            state = self.state(seat)
            shown[seat] = [state[key] for key in ("view", "legal", "current", "active", "result")]
        return shown

    def waiting(self) -> dict[str, Any]:
        """The spectator's state once a person may act (chance resolved) or the game is over."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            public = self.state()
            if public["result"] or public["active"]:
                return public
            time.sleep(0.01)
        raise AssertionError("nobody could act for 20 seconds")

    def play_until_undoable(
        self, rng: random.Random, most: int = 600
    ) -> tuple[int, dict[int | None, Any], dict[str, Any]]:
        """Random moves until one that its mover may take back: the mover, what everyone was
        shown before it, and the mover's answer."""
        for _ in range(most):
            public = self.waiting()
            assert not public["result"], "the game ended before a move could be taken back"
            seat = rng.choice(public["active"])
            mine = self.state(seat)
            before = self.seen()
            answer = self.move(seat, rng.choice(mine["legal"])["action"], mine["step"])
            assert answer.status_code == 200, answer.text
            if answer.json()["undo"]:
                return seat, before, answer.json()
        raise AssertionError(f"no move of {most} could be taken back")


@pytest.fixture
def people() -> Callable[..., PeopleTable]:
    """Make tables of people on a server, played by the test over HTTP."""
    return PeopleTable


def fast_settings(tmp_path: Path, **changes: Any) -> Settings:
    """Settings for tests: a fresh SQLite file, bots without pauses."""
    values: dict[str, Any] = {"db_url": f"sqlite:///{tmp_path / 'meja.db'}", "bot_pause": 0.0}
    values.update(changes)
    return Settings(**values)


@pytest.fixture
def live_factory(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start servers with chosen settings; all are stopped after the test."""
    started: list[LiveServer] = []

    def start(clock: Callable[[], float] = time.time, **changes: Any) -> LiveServer:
        server = LiveServer(fast_settings(tmp_path, **changes), clock=clock).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def live(live_factory: Callable[..., LiveServer]) -> LiveServer:
    """A server with test settings."""
    return live_factory()


def _postgres_program(name: str) -> str:
    """A PostgreSQL server program from PATH or Debian's versioned folder."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None
    )
    if found is None:
        pytest.fail(f"PostgreSQL's {name} is missing; `make system-deps` installs PostgreSQL")
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free port (run as nobody when we are root)."""
    initdb, pg_ctl = _postgres_program("initdb"), _postgres_program("pg_ctl")
    folder = Path(tempfile.mkdtemp(prefix="meja-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        as_user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        folder.chmod(0o755)
        shutil.chown(folder, "nobody", "nogroup")
    data, port = folder / "data", _free_port()
    server_options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"

    def run(*command: str) -> None:
        done = subprocess.run([*as_user, *command], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            pytest.fail(f"{command[0]} failed: {done.stderr or done.stdout}")

    run(initdb, "-D", str(data), "-U", "meja", "--auth=trust", "-E", "UTF8")
    run(pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-o", server_options, "-w", "start")
    try:
        yield f"postgresql://meja@127.0.0.1:{port}/postgres"
    finally:
        run(pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


class RedisServer:
    """A throwaway Redis on a free port of 127.0.0.1, that a test may stop and start again."""

    def __init__(self) -> None:
        program = shutil.which("redis-server")
        if program is None:
            pytest.fail("redis-server is missing; `make system-deps` installs Redis")
        self.program = program
        self.folder = Path(tempfile.mkdtemp(prefix="meja-redis-"))
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        """Start the server and wait until it answers."""
        command = [self.program, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.folder)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1.0) as sock,
            ):
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        """Kill the server: every connection to it drops."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(WAIT)
            self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A throwaway Redis shared by the tests of a worker."""
    server = RedisServer()
    try:
        yield server.url
    finally:
        server.close()


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A throwaway Redis of the test's own, which it may stop."""
    server = RedisServer()
    try:
        yield server
    finally:
        server.close()


class ServerProcess(Endpoint):
    """`meja serve` in a child process, for tests that kill and restart the server."""

    def __init__(self, db_url: str, *options: str) -> None:
        command = [sys.executable, "-m", "meja.cli", "serve", "--port", "0", "--db", db_url]
        command += ["--bot-pause", "0", "--away-grace", "3600", "--message-rate", "10000"]
        command += options
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, text=True, start_new_session=True
        )
        assert self.process.stdout is not None
        banner = self.process.stdout.readline()
        if "serving on" not in banner:
            self.process.kill()
            raise RuntimeError(f"the server did not start: {banner!r}")
        super().__init__(banner.split()[4].rstrip("/"))

    def kill(self) -> None:
        """SIGKILL, to every process it started too: no goodbye, no flush beyond what was
        already committed."""
        self.disconnect()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(WAIT)
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def server_process() -> Iterator[Callable[..., ServerProcess]]:
    """Start `meja serve` processes; any still running are killed after the test."""
    started: list[ServerProcess] = []

    def start(db_url: str, *options: str) -> ServerProcess:
        server = ServerProcess(db_url, *options)
        started.append(server)
        return server

    yield start
    for server in started:
        if server.process.poll() is None:
            server.kill()
