"""Load on a real `meja serve`: move latency, step throughput and memory with N tables in play.

Each (load model, N) gets a fresh server subprocess with its own SQLite file. One separate client
process (asyncio, `websockets`) seats a scripted human at seat 0 of N tables whose other seats are
`random` bots, so the server and the clients each get a core. Model "a" moves as soon as it may
(saturated); model "b" moves once per 2 seconds per human seat (human pace). A move's latency runs
from sending it to the first state message past the step it was sent at. A finished game is
replaced by a fresh table, so the load stays at N. Only what happens after the warm-up counts.

A final "lobby" line times `GET /api/tables` with many open tables of people nobody joined.
The benchmark imports nothing from meja: with PYTHONPATH=<checkout>/src it measures that code.

With --workers 1,2 every run is repeated for each number of `meja serve --workers` processes,
all on a throwaway PostgreSQL and Redis (cluster.py), each run on a fresh database; the server's
CPU and memory are those of its whole process tree.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import os
import queue
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

try:
    import orjson

    loads: Callable[[str | bytes], Any] = orjson.loads
except ImportError:
    loads = json.loads

HOST = "127.0.0.1"
PACE_SECONDS = 2.0
"""Model b: a human seat sends at most one move per this many seconds."""
START_SECONDS = 60.0
"""Longest wait for a server to print its port and answer `GET /api/games`."""
SETUP_SECONDS = 120.0
"""Longest wait for every table of a run to be created and joined."""
HTTP_CONNECTIONS = 20
"""Connections the client process creates tables over; further requests queue for one."""
RETRY_SECONDS = 0.5
"""Pause before a table tries again after a refused or failed connection."""
MESSAGE_RATE = 10_000
"""Passed as --message-rate when supported: saturated clients outpace a browser's allowance."""
LOBBY_SAMPLES = 20
WIDE = 180
"""Columns of printed output when it goes to a file or pipe, so the table is not wrapped."""
MODELS = {"a": "saturated", "b": "human pace"}
SERVING = re.compile(r"serving on http://\[?[^\s/]*?\]?:(\d+)/")


# --- the server ------------------------------------------------------------------------------
def serve_command(*options: str) -> list[str]:
    """`meja serve` run by this interpreter, so the environment decides which meja is measured."""
    return [sys.executable, "-m", "meja.cli", "serve", *options]


def serve_options() -> set[str]:
    """The options `meja serve --help` lists, to pass only those the measured version has."""
    done = subprocess.run(
        serve_command("--help"), capture_output=True, text=True, timeout=START_SECONDS, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"meja serve --help failed: {done.stderr.strip()[-500:]}")
    return set(re.findall(r"--[a-z][a-z-]*", done.stdout))


def http_json(method: str, url: str, body: Any = None, timeout: float = 10.0) -> tuple[int, Any]:
    """Status and decoded JSON body of one request; error statuses are answers, not exceptions."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, loads(response.read())
    except urllib.error.HTTPError as exc:
        with exc:
            raw = exc.read()
        try:
            return exc.code, loads(raw)
        except ValueError:
            return exc.code, {"code": "unreadable", "message": raw[:200].decode(errors="replace")}


def timed_get_ms(url: str, timeout: float) -> tuple[float, Any]:
    """Wall-clock milliseconds of one GET, and its body."""
    start = time.perf_counter()
    status, body = http_json("GET", url, timeout=timeout)
    elapsed = (time.perf_counter() - start) * 1000
    if status != 200:
        raise RuntimeError(f"GET {url} answered {status}: {body}")
    return elapsed, body


def check_game(url: str, game: str, players: int) -> None:
    """ValueError unless the server has the game for that many players, so setup cannot stall."""
    status, games = http_json("GET", f"{url}/api/games")
    known = {entry["name"]: entry for entry in games} if status == 200 else {}
    if game not in known:
        raise ValueError(f"--game: the server has no game {game!r} ({', '.join(sorted(known))})")
    low, high = known[game]["min_players"], known[game]["max_players"]
    if not low <= players <= high:
        raise ValueError(f"--players: {game} takes {low} to {high} players, not {players}")


class ServerProcess:
    """A `meja serve` subprocess on a free port with its own SQLite file (or the database
    given), stopped on exit with every process it started."""

    def __init__(
        self,
        folder: Path,
        options: list[str],
        open_files: int | None = None,
        db_url: str | None = None,
    ) -> None:
        self.folder = folder
        self.options = options
        self.open_files = open_files
        """The soft open-file limit the server starts with (None: this process's)."""
        self.db_url = db_url or f"sqlite:///{folder / 'meja.db'}"
        self.log_path = folder / "server.log"
        self.port = 0
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._log: TextIO | None = None

    @property
    def pid(self) -> int:
        assert self._process is not None
        return self._process.pid

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def __enter__(self) -> ServerProcess:
        self._log = self.log_path.open("w")
        command = serve_command(
            "--host", HOST, "--port", "0", "--bot-pause", "0", "--db", self.db_url,
            *self.options,
        )  # fmt: skip
        self._process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
            env=os.environ.copy(),
            preexec_fn=None if self.open_files is None else self._limit_files,
        )
        threading.Thread(target=self._pump, daemon=True).start()
        try:
            self.port = self._await_port()
            self._await_ready()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._process is not None and self._process.poll() is None:
            started = {pid: start_time(pid) for pid in process_tree(self._process.pid)[1:]}
            self._process.terminate()
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(timeout=15)
            # Workers the server left behind: only those it started (same pid, same start).
            for pid, moment in started.items():
                if moment is not None and start_time(pid) == moment:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
        if self._log is not None:
            self._log.close()

    def _limit_files(self) -> None:
        """In the child before exec: the soft open-file limit a typical host starts with."""
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(self.open_files, hard), hard))

    def _pump(self) -> None:
        """Hand stdout over line by line, so reading the port can time out."""
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _await_port(self) -> int:
        deadline = time.monotonic() + START_SECONDS
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                raise RuntimeError(f"meja serve exited before serving: {self.log_tail()}")
            if found := SERVING.search(line):
                return int(found.group(1))
        raise RuntimeError(f"meja serve printed no port within {START_SECONDS:g} s")

    def _await_ready(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                if http_json("GET", f"{self.url}/api/games", timeout=5)[0] == 200:
                    return
            except OSError:
                pass
            if self._process is not None and self._process.poll() is not None:
                raise RuntimeError(f"meja serve exited: {self.log_tail()}")
            time.sleep(RETRY_SECONDS)
        raise RuntimeError(f"GET /api/games did not answer within {START_SECONDS:g} s")

    def log_tail(self, lines: int = 5) -> str:
        """The last lines the server wrote to stderr, for an error message."""
        if self._log is not None:
            self._log.flush()
        text = self.log_path.read_text(errors="replace").strip().splitlines()
        return " | ".join(text[-lines:]) or "(no output)"

    def log_errors(self) -> int:
        """Lines the server logged at ERROR level."""
        if self._log is not None:
            self._log.flush()
        return sum(
            " ERROR " in line for line in self.log_path.read_text(errors="replace").split("\n")
        )


def memory_mib(pid: int) -> dict[str, float]:
    """Resident memory now (VmRSS) and at its peak (VmHWM) of a process, in MiB."""
    found: dict[str, float] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0]) / 1024
    return found


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far (NaN where /proc is missing)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return math.nan
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_time(pid: int) -> int | None:
    """When a process started, in clock ticks after boot (None if it is gone), to tell it from
    a later process given the same pid."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[19])
    except (OSError, IndexError, ValueError):
        return None


def process_tree(pid: int) -> list[int]:
    """pid and every process descended from it, parents first (from the parent ids in /proc)."""
    children: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    tree = [pid]
    for member in tree:
        tree.extend(sorted(children.get(member, [])))
    return tree


def tree_cpu_seconds(*roots: int) -> dict[int, float]:
    """CPU seconds used so far by each process of the trees under roots (gone ones left out)."""
    found = {}
    for root in roots:
        for pid in process_tree(root):
            if not math.isnan(seconds := cpu_seconds(pid)):
                found[pid] = seconds
    return found


def tree_memory_mib(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM summed over a process and its descendants (the peaks of each, so the
    summed peak is an upper bound)."""
    total: dict[str, float] = {}
    for member in process_tree(pid):
        for key, value in memory_mib(member).items():
            total[key] = total.get(key, 0.0) + value
    return total


def _spent(before: dict[int, float], after: dict[int, float]) -> dict[int, float]:
    """CPU seconds each process used between two readings (all of it for a newcomer)."""
    return {pid: seconds - before.get(pid, 0.0) for pid, seconds in after.items()}


# --- the client process ----------------------------------------------------------------------
@dataclass(frozen=True)
class LoadPlan:
    """One run as the client process needs it."""

    url: str
    server_pid: int
    game: str
    players: int
    tables: int
    model: str
    warmup: float
    seconds: float
    timeout: float
    seed: int
    bot: str = "random"
    """The bot spec of every other seat."""
    service_pids: tuple[int, ...] = ()
    """PostgreSQL and Redis, whose CPU is counted apart from the server's."""


@dataclass
class Tally:
    """What the client saw inside the measured window (errors: also tables that never started)."""

    latencies_ms: list[float] = field(default_factory=list)
    bot_waits_ms: list[float] = field(default_factory=list)
    """From a state where others are to move to the next step: a bot's time (and its pause)."""
    steps: int = 0
    games: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    window_s: float = 0.0
    client_cpu_s: float = 0.0
    server_cpu_s: float = math.nan
    server_cpu_split: list[float] = field(default_factory=list)
    """The server's CPU seconds by process: the first one, then those it started."""
    services_cpu_s: float = math.nan
    listing_ms: float = math.nan
    """One `GET /api/tables` at the end of the window, under the load."""
    listed: int = 0


@dataclass
class Window:
    """The measured interval, in perf_counter seconds; nothing counts before it is set."""

    start: float = math.inf
    end: float = math.inf

    def holds(self, moment: float) -> bool:
        return self.start <= moment < self.end


class SeatScript:
    """The scripted human of one table slot: joins, moves, and starts a fresh table at game end."""

    def __init__(self, plan: LoadPlan, http: Any, tally: Tally, window: Window) -> None:
        self.plan = plan
        self.http = http
        self.tally = tally
        self.window = window
        self.rng = random.Random(plan.seed)
        self.joined = asyncio.Event()
        self.table: tuple[str, str] | None = None
        self.counted_step = 0
        self.last_sent = time.perf_counter() - self.rng.uniform(0, PACE_SECONDS)
        """People do not move in step: each seat's first move falls anywhere in the first pace."""

    def _error(self, kind: str) -> None:
        if self.window.holds(time.perf_counter()):
            self.tally.errors[kind] += 1

    async def run(self) -> None:
        """Play table after table until cancelled; every failure is counted, then retried."""
        while True:
            try:
                if self.table is None:
                    self.table = await self._create()
                    self.counted_step = 0
                if await self._play(*self.table):
                    self.table = None
                    if self.window.holds(time.perf_counter()):
                        self.tally.games += 1
                    continue
            except TimeoutError:
                self._error("timeout")
            except Refused as exc:
                self._error(f"refused:{exc}")
            except Exception as exc:
                self._error(_failure_kind(exc))
            await asyncio.sleep(RETRY_SECONDS)

    async def _create(self) -> tuple[str, str]:
        """A fresh table with seat 0 for us and bots elsewhere: its id and our token."""
        seats = [{"kind": "human", "name": "Bench"}]
        seats += [{"kind": "bot", "bot": self.plan.bot}] * (self.plan.players - 1)
        response = await self.http.post(
            "/api/tables", json={"game": self.plan.game, "seats": seats}
        )
        if response.status_code != 201:
            raise Refused(_code(response.content, response.status_code))
        body = loads(response.content)
        return body["id"], body["seats"][0]["token"]

    async def _play(self, table_id: str, token: str) -> bool:
        """Play one connection's worth of the table; True once its game is over."""
        from websockets.asyncio.client import connect

        url = self.plan.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        timeout = self.plan.timeout
        pending: tuple[int, float] | None = None
        last: dict[str, Any] | None = None
        waiting_since: float | None = None
        async with connect(
            url, open_timeout=timeout, close_timeout=1, ping_interval=None, max_size=None
        ) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            while True:
                async with asyncio.timeout(timeout):
                    message = loads(await ws.recv())
                now = time.perf_counter()
                kind = message.get("type")
                if kind == "error":
                    self._error(f"error:{message.get('code')}")
                    pending = None
                    if last is not None and last["legal"]:
                        pending = await self._move(ws, last)
                    continue
                if kind != "state":
                    continue
                self.joined.set()
                last = message
                step = message["step"]
                if step > self.counted_step:
                    if self.window.holds(now):
                        self.tally.steps += step - self.counted_step
                        if waiting_since is not None and self.window.holds(waiting_since):
                            self.tally.bot_waits_ms.append((now - waiting_since) * 1000)
                    self.counted_step = step
                    others_to_move = not message["legal"] and message.get("result") is None
                    waiting_since = now if others_to_move else None
                if pending is not None and step > pending[0]:
                    if self.window.holds(pending[1]) and self.window.holds(now):
                        self.tally.latencies_ms.append((now - pending[1]) * 1000)
                    pending = None
                if message.get("result") is not None:
                    return True
                if message["legal"] and pending is None:
                    pending = await self._move(ws, message)

    async def _move(self, ws: Any, state: dict[str, Any]) -> tuple[int, float]:
        """Send a random legal move (at human pace in model b); the step and time it was sent."""
        if self.plan.model == "b":
            wait = self.last_sent + PACE_SECONDS - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
        action = self.rng.choice(state["legal"])["action"]
        step = state["step"]
        self.last_sent = time.perf_counter()
        await ws.send(json.dumps({"type": "move", "action": action, "step": step}))
        return step, self.last_sent


class Refused(Exception):
    """The server would not create a table; the message is its error code."""


def _code(content: bytes, status: int) -> str:
    """The stable error code of a refused request, or its HTTP status."""
    try:
        return str(loads(content).get("code") or status)
    except (ValueError, AttributeError):
        return str(status)


def _failure_kind(exc: Exception) -> str:
    """A short name for a connection that failed: dropped in play, timed out, or refused."""
    import httpx
    from websockets.exceptions import ConnectionClosed, WebSocketException

    if isinstance(exc, ConnectionClosed):
        return "disconnect"
    if isinstance(exc, httpx.TimeoutException):
        return "timeout"
    if isinstance(exc, OSError | httpx.HTTPError | WebSocketException):
        return "refused"
    return f"client:{type(exc).__name__}"


async def drive(plan: LoadPlan) -> Tally:
    """Set up N tables, run the warm-up, then measure for plan.seconds."""
    import httpx

    tally = Tally()
    window = Window()
    limits = httpx.Limits(max_connections=HTTP_CONNECTIONS)
    timeout = httpx.Timeout(plan.timeout, pool=SETUP_SECONDS)
    async with httpx.AsyncClient(base_url=plan.url, timeout=timeout, limits=limits) as http:
        scripts = [
            SeatScript(replace(plan, seed=plan.seed * 100_003 + index), http, tally, window)
            for index in range(plan.tables)
        ]
        tasks = [asyncio.create_task(script.run()) for script in scripts]
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(SETUP_SECONDS):
                    await asyncio.gather(*(script.joined.wait() for script in scripts))
            missing = sum(not script.joined.is_set() for script in scripts)
            if missing:
                tally.errors["not_started"] += missing
            await asyncio.sleep(plan.warmup)
            window.start = time.perf_counter()
            window.end = window.start + plan.seconds
            cpu, server_cpu = time.process_time(), tree_cpu_seconds(plan.server_pid)
            services_cpu = tree_cpu_seconds(*plan.service_pids)
            await asyncio.sleep(plan.seconds)
            tally.window_s = time.perf_counter() - window.start
            tally.client_cpu_s = time.process_time() - cpu
            spent = _spent(server_cpu, tree_cpu_seconds(plan.server_pid))
            tally.server_cpu_split = list(spent.values())
            tally.server_cpu_s = sum(spent.values()) if spent else math.nan
            if plan.service_pids:
                spent = _spent(services_cpu, tree_cpu_seconds(*plan.service_pids))
                tally.services_cpu_s = sum(spent.values())
            tally.listing_ms, tally.listed = await _timed_listing(http)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=plan.timeout)
    return tally


async def _timed_listing(http: Any) -> tuple[float, int]:
    """Milliseconds of one `GET /api/tables` and how many open tables it listed (one page, or
    all of them from a server without pages); NaN if refused."""
    import httpx

    start = time.perf_counter()
    try:
        response = await http.get("/api/tables")
        elapsed = (time.perf_counter() - start) * 1000
        answer = loads(response.content)
        listed = len(answer["tables"] if "tables" in answer else answer["open"])
    except (httpx.HTTPError, ValueError, KeyError, TypeError):
        return math.nan, 0
    return (elapsed, listed) if response.status_code == 200 else (math.nan, 0)


def client_main(plan: LoadPlan, out: Any) -> None:
    """Entry point of the client process: drive the tables and send the tally back.

    The client's garbage collector is off for the bounded run: its pauses would otherwise be
    counted as the server's latency.
    """
    gc.disable()
    try:
        _open_files(4 * plan.tables + 100)
        tally = asyncio.run(drive(plan))
        out.put({"tally": {**asdict(tally), "errors": dict(tally.errors)}})
    except BaseException as exc:
        out.put({"fatal": f"{type(exc).__name__}: {exc}"})


def _open_files(wanted: int) -> None:
    """Raise this process's soft open-file limit towards wanted (a socket per table and more)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))


# --- one run ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """How a run's server is started: one process on SQLite (workers None) or --workers
    processes on the shared PostgreSQL and Redis."""

    workers: int | None = None
    services: Any = None
    """cluster.Services when workers is set."""

    @property
    def store(self) -> str:
        return "SQLite" if self.workers is None else "PG+Redis"

    @contextlib.contextmanager
    def server(self, folder: Path, flags: list[str]) -> Iterator[ServerProcess]:
        """A fresh server: its own SQLite file, or a fresh database and an emptied Redis."""
        if self.workers is None:
            with ServerProcess(folder, flags) as server:
                yield server
            return
        db_url, bus_url = self.services.fresh()
        options = [*flags, "--bus", bus_url, "--workers", str(self.workers)]
        with ServerProcess(folder, options, db_url=db_url) as server:
            # Tables belong to the process that made them: wait for every worker to listen
            # on the bus, so the first ones are not all made by the first process up.
            seen = self.services.await_subscribers(self.workers)
            if seen < self.workers:
                raise RuntimeError(
                    f"{seen} of {self.workers} workers reached the bus: {server.log_tail()}"
                )
            yield server

    def service_pids(self) -> tuple[int, ...]:
        return () if self.services is None else tuple(self.services.pids())


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def server_flags(supported: set[str], tables: int) -> list[str]:
    """Options that keep the server's own guards out of the measurement, where it has them."""
    flags = []
    if "--max-tables" in supported:
        flags += ["--max-tables", str(tables)]
    if "--message-rate" in supported:
        flags += ["--message-rate", str(MESSAGE_RATE)]
    # One client address makes every table and socket of a run.
    for option in ("--tables-per-client", "--sockets-per-client", "--joins-per-minute"):
        if option in supported:
            flags += [option, str(max(100_000, 4 * tables))]
    if "--unjoined-expiry" in supported:
        flags += ["--unjoined-expiry", "86400"]
    return flags


def load_run(
    args: argparse.Namespace, supported: set[str], model: str, tables: int, setup: Setup
) -> dict[str, Any]:
    """One (model, N) against a fresh server: the row of figures."""
    row: dict[str, Any] = {
        "model": model, "tables": tables, "workers": setup.workers, "store": setup.store,
    }  # fmt: skip
    with (
        tempfile.TemporaryDirectory(prefix="meja-bench-") as folder,
        setup.server(Path(folder), server_flags(supported, 2 * tables + 10)) as server,
    ):
        check_game(server.url, args.game, args.players)
        plan = LoadPlan(
            server.url, server.pid, args.game, args.players, tables, model,
            args.warmup, args.seconds, args.timeout, args.seed,
            service_pids=setup.service_pids(),
        )  # fmt: skip
        context = multiprocessing.get_context("spawn")
        out = context.Queue()
        client = context.Process(target=client_main, args=(plan, out), daemon=True)
        client.start()
        try:
            answer = out.get(timeout=SETUP_SECONDS + args.warmup + args.seconds + 60)
        except queue.Empty:
            answer = {"fatal": "the client process sent no result"}
        except BaseException:
            client.kill()  # interrupted: the servers and services stop at once
            raise
        finally:
            client.join(timeout=15)
            if client.is_alive():
                client.kill()
                client.join(timeout=15)
        row.update(tree_memory_mib(server.pid))
        row["server_processes"] = len(process_tree(server.pid))
        row["server_log_errors"] = server.log_errors()
    if "fatal" in answer:
        raise RuntimeError(f"client process failed: {answer['fatal']}")
    tally = answer["tally"]
    latencies = tally["latencies_ms"]
    window = tally["window_s"] or math.nan
    row.update(
        p50_ms=percentile(latencies, 0.50),
        p99_ms=percentile(latencies, 0.99),
        max_ms=max(latencies, default=math.nan),
        moves=len(latencies),
        steps_per_s=tally["steps"] / window,
        games=tally["games"],
        listing_ms=tally["listing_ms"],
        listed=tally["listed"],
        errors=sum(tally["errors"].values()),
        error_kinds=tally["errors"],
        client_cpu_pct=100 * tally["client_cpu_s"] / window,
        server_cpu_pct=100 * tally["server_cpu_s"] / window,
        server_cpu_split_pct=[100 * seconds / window for seconds in tally["server_cpu_split"]],
        services_cpu_pct=100 * tally["services_cpu_s"] / window,
    )
    return row


def lobby_run(args: argparse.Namespace, supported: set[str], setup: Setup) -> dict[str, Any]:
    """Open as many tables of people nobody joined as allowed (up to the target); time the list."""
    target = args.lobby_tables
    flags = server_flags(supported, target)
    with (
        tempfile.TemporaryDirectory(prefix="meja-bench-") as folder,
        setup.server(Path(folder), flags) as server,
    ):
        # Public, so that the list holds them: tables of people are private by default where
        # the server knows the field; an older server refuses it, and lists every table.
        body = {"game": args.game, "seats": [{"kind": "human"}] * args.players, "private": False}
        created, refusal = 0, None
        while created < target:
            status, answer = http_json("POST", f"{server.url}/api/tables", body, args.timeout)
            if status in (400, 422) and created == 0 and "private" in body:
                del body["private"]
                continue
            if status != 201:
                refusal = f"{answer.get('code', status)}: {answer.get('message', '')}"
                break
            created += 1
        times = [
            timed_get_ms(f"{server.url}/api/tables", args.timeout)[0] for _ in range(LOBBY_SAMPLES)
        ]
        return {
            "workers": setup.workers,
            "target": target,
            "tables": created,
            "refused": refusal,
            "listing_ms_median": statistics.median(times),
            "listing_ms_max": max(times),
            **tree_memory_mib(server.pid),
        }


# --- reporting -------------------------------------------------------------------------------
def show(
    rows: list[dict[str, Any]],
    lobbies: list[dict[str, Any]],
    args: argparse.Namespace,
    services: str | None = None,
) -> None:
    """Print the figures as a table, with rich; with --workers, what they ran on and how much
    more each number of workers moved than the fewest."""
    from rich.console import Console
    from rich.table import Table

    on = "" if services is None else f", meja serve --workers on {services}"
    table = Table(
        title=f"meja serve under load: {args.game}, {args.players} players, seat 0 scripted, "
        f"{args.seconds:g} s after {args.warmup:g} s warm-up{on}",
        title_justify="left",
    )
    headers: tuple[str, ...] = (
        "model", "N", "p50 ms", "p99 ms", "max ms", "moves", "steps/s", "games", "errors",
        "RSS MiB", "HWM MiB", "GET tables ms", "server CPU", "client CPU",
    )  # fmt: skip
    if services is not None:
        headers = ("workers", "store", *headers, "db+bus CPU")
    for header in headers:
        table.add_column(header, justify="left" if header in ("model", "store") else "right")
    for row in rows:
        cells = [
            f"{row['model']} {MODELS[row['model']]}",
            str(row["tables"]),
            f"{row['p50_ms']:.1f}",
            f"{row['p99_ms']:.1f}",
            f"{row['max_ms']:.1f}",
            str(row["moves"]),
            f"{row['steps_per_s']:.0f}",
            str(row["games"]),
            _errors(row),
            f"{row.get('VmRSS', math.nan):.0f}",
            f"{row.get('VmHWM', math.nan):.0f}",
            f"{row['listing_ms']:.1f}",
            _server_cpu(row),
            f"{row['client_cpu_pct']:.0f}%",
        ]
        if services is not None:
            cells = [str(row["workers"]), row["store"], *cells, f"{row['services_cpu_pct']:.0f}%"]
        table.add_row(*cells)
    wide = WIDE if services is None else WIDE + 50
    console = Console() if sys.stdout.isatty() else Console(width=wide)
    console.print(table)
    for line in ratio_lines(rows):
        console.print(line, highlight=False)
    for lobby in lobbies:
        limit = (
            ""
            if lobby["refused"] is None
            else f" (of {lobby['target']} asked for: the server allows no more, {lobby['refused']})"
        )
        workers = "" if lobby.get("workers") is None else f"--workers {lobby['workers']}, "
        console.print(
            f"lobby: {workers}{lobby['tables']} open tables{limit}, of people nobody joined, "
            "no bots: GET /api/tables median "
            f"{lobby['listing_ms_median']:.1f} ms (max {lobby['listing_ms_max']:.1f}) of "
            f"{LOBBY_SAMPLES}; server RSS {lobby.get('VmRSS', math.nan):.0f} MiB",
            highlight=False,
        )


def _server_cpu(row: dict[str, Any]) -> str:
    """The server's CPU, split by process when it has several: the first one (which runs no
    tables when it supervises workers), then those it started."""
    total = f"{row['server_cpu_pct']:.0f}%"
    split = row.get("server_cpu_split_pct", [])
    return total if len(split) < 2 else f"{total} ({'+'.join(f'{p:.0f}' for p in split)})"


def saturated_ratios(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Saturated steps/s of each number of workers over the fewest: at each N, and best N
    over best N."""
    saturated = [row for row in rows if row["model"] == "a" and row["workers"] is not None]
    counts = sorted({row["workers"] for row in saturated})
    if len(counts) < 2:
        return {}
    rate = {(row["workers"], row["tables"]): row["steps_per_s"] for row in saturated}
    base = counts[0]

    def best(workers: int) -> float:
        return max((v for (w, _n), v in rate.items() if w == workers), default=math.nan)

    ratios: dict[str, Any] = {"base_workers": base, "by_workers": {}}
    for workers in counts[1:]:
        ratios["by_workers"][workers] = {
            "best": best(workers) / best(base),
            "by_tables": {
                n: v / rate[base, n]
                for (w, n), v in sorted(rate.items())
                if w == workers and (base, n) in rate and rate[base, n] > 0
            },
        }
    return ratios


def ratio_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The saturated ratios in words, one line per number of workers."""
    ratios = saturated_ratios(rows)
    lines = []
    for workers, found in ratios.get("by_workers", {}).items():
        each = ", ".join(f"N={n} {ratio:.2f}x" for n, ratio in found["by_tables"].items())
        lines.append(
            f"saturated steps/s, {workers} workers over {ratios['base_workers']}: "
            f"{found['best']:.2f}x best over best" + (f" ({each})" if each else "")
        )
    return lines


def _errors(row: dict[str, Any]) -> str:
    kinds = row["error_kinds"]
    if not kinds and not row["server_log_errors"]:
        return "0"
    parts = [f"{kind} {count}" for kind, count in sorted(kinds.items())]
    if row["server_log_errors"]:
        parts.append(f"server log {row['server_log_errors']}")
    return f"{row['errors']} ({', '.join(parts)})"


# --- command line ----------------------------------------------------------------------------
def _numbers(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of numbers like 5,50") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError("counts must be positive")
    return values


def _models(text: str) -> list[str]:
    values = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [value for value in values if value not in MODELS]
    if unknown or not values:
        raise argparse.ArgumentTypeError(
            f"models are a (saturated) and b (human pace), not {text!r}"
        )
    return values


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--tables",
        type=_numbers,
        metavar="N,N",
        help="table counts (default 5,50,200,500; with --workers, of model a: 200,400)",
    )
    parser.add_argument(
        "--paced-tables",
        type=_numbers,
        metavar="N,N",
        help="table counts of model b (default: those of --tables; with --workers 2000)",
    )
    parser.add_argument("--models", type=_models, default=["a", "b"], metavar="a,b")
    parser.add_argument(
        "--workers",
        type=_numbers,
        metavar="N,N",
        help="run everything for each number of `meja serve --workers`, on a throwaway "
        "PostgreSQL (default settings) and Redis (default: one process on SQLite)",
    )
    parser.add_argument("--seconds", type=float, default=15.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds not counted")
    parser.add_argument("--game", default="nasi_lemak")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=10.0, help="longest wait for a message")
    parser.add_argument("--lobby-tables", type=int, default=1000, metavar="N")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", type=Path, metavar="FILE", help="also save the figures here")
    parser.add_argument(
        "--abuse",
        action="store_true",
        help="the abuse mode instead: one client attacks while others play (server_abuse.py)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="smoke run: N=5,50, 5 s, model a, 100 lobby tables"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.seconds, args.models, args.lobby_tables = [5, 50], 5.0, ["a"], 100
    if args.tables is None:
        args.tables = [5, 50, 200, 500] if args.workers is None else [200, 400]
    if args.paced_tables is None:
        args.paced_tables = args.tables if args.workers is None else [2000]
    if args.workers is not None and args.abuse:
        parser.error("--workers does not go with --abuse")
    if args.seconds <= 0 or args.warmup < 0 or args.timeout <= 0 or args.players < 1:
        parser.error("--seconds and --timeout must be positive, --warmup not negative")
    return args


@contextlib.contextmanager
def _one_line_errors() -> Iterator[None]:
    """A failed run ends with its reason on one line, not a traceback."""
    try:
        yield
    except (RuntimeError, OSError, ValueError) as exc:
        print(f"bench_server: error: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        print("bench_server: interrupted; what it started is stopped", file=sys.stderr)
        raise SystemExit(130) from None


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    if args.abuse:
        import server_abuse

        with _one_line_errors():
            rows = server_abuse.main(args)
        if args.json:
            args.json.write_text(json.dumps({"abuse": rows}, indent=2) + "\n")
        return
    signal.signal(signal.SIGTERM, _terminated)
    if args.workers is not None:
        workers_main(args)
        return
    with _one_line_errors():
        supported = serve_options()
        rows = [
            load_run(args, supported, model, tables, Setup())
            for model in args.models
            for tables in _table_counts(args, model)
        ]
        lobby = lobby_run(args, supported, Setup()) if args.lobby_tables > 0 else None
    show(rows, [] if lobby is None else [lobby], args)
    if args.json:
        args.json.write_text(json.dumps({"runs": rows, "lobby": lobby}, indent=2) + "\n")


def workers_main(args: argparse.Namespace) -> None:
    """Every run for each number of workers, all on one throwaway PostgreSQL and Redis."""
    import cluster

    with _one_line_errors():
        supported = serve_options()
        if "--workers" not in supported:
            raise ValueError("--workers: the measured meja serve has no --workers")
        rows: list[dict[str, Any]] = []
        lobbies: list[dict[str, Any]] = []
        with cluster.Services() as services:
            described = services.describe()
            for workers in args.workers:
                setup = Setup(workers, services)
                rows += [
                    load_run(args, supported, model, tables, setup)
                    for model in args.models
                    for tables in _table_counts(args, model)
                ]
                if args.lobby_tables > 0:
                    lobbies.append(lobby_run(args, supported, setup))
    show(rows, lobbies, args, described)
    if args.json:
        figures = {
            "services": described,
            "runs": rows,
            "lobby": lobbies,
            "saturated_ratios": saturated_ratios(rows),
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


def _table_counts(args: argparse.Namespace, model: str) -> list[int]:
    """The table counts one model runs at."""
    counts: list[int] = args.paced_tables if model == "b" else args.tables
    return counts


def _terminated(_signal: int, _frame: Any) -> None:
    """SIGTERM ends the run as Ctrl-C does, so the servers and services it started stop."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    main()
