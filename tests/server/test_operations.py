"""What operators see of a running server: liveness and readiness at /healthz, the numbers at
/metrics, and the log as JSON lines."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import queue
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families
from tests.server.conftest import HUMAN, WAIT, LiveServer

from meja.bots.ismcts import ISMCTSBot
from meja.commands.serve import JsonLines
from meja.server.bot_lanes import BotLanes

SECURITY_HEADERS = (
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
)
SEARCHER = {"kind": "bot", "bot": "ismcts:seconds=2"}
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(server: LiveServer) -> Samples:
    """Every sample of /metrics, by name and labels; the text must parse as Prometheus'."""
    response = server.http.get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def sample(samples: Samples, name: str, **labels: str) -> float:
    """One sample's value; 0 for a labelled series not counted yet."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def grew(before: Samples, after: Samples, name: str, **labels: str) -> float:
    """How much a sample rose between two scrapes."""
    return sample(after, name, **labels) - sample(before, name, **labels)


def sockets(server: LiveServer, kind: str) -> float:
    """The open websockets of a kind, scraped now."""
    return sample(scrape(server), "meja_websockets", kind=kind)


def until(what: str, check: Callable[[], bool]) -> None:
    """Wait for check to hold, failing after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"{what}: not within {WAIT:g} s"
        time.sleep(0.02)


def test_a_working_server_is_live_and_ready_with_the_security_headers(live: Any) -> None:
    ready = live.http.get("/healthz")
    assert ready.status_code == 200, ready.text
    assert ready.json() == {"live": True, "ready": True, "checks": {"database": "ok"}}
    alive = live.http.get("/healthz/live")
    assert (alive.status_code, alive.json()) == (200, {"live": True})
    page = live.http.get("/api/games")
    for answer in (ready, alive, live.http.get("/metrics")):
        for header in SECURITY_HEADERS:
            assert answer.headers[header] == page.headers[header], header


def test_a_database_that_stops_answering_makes_the_server_unready_not_dead(live: Any) -> None:
    """Another process holds the SQLite file locked: the ping waits, the check says so in a
    line after its timeout, liveness is unaffected, and readiness returns with the database."""
    path = live.app.state.lobby.settings.db_url.removeprefix("sqlite:///")
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        began = time.monotonic()
        stuck = live.http.get("/healthz")
        assert stuck.status_code == 503, stuck.text
        answer = stuck.json()
        assert (answer["live"], answer["ready"]) == (True, False)
        assert answer["checks"] == {"database": "the database did not answer within 2 s"}
        assert time.monotonic() - began < WAIT
        alive = live.http.get("/healthz/live")
        assert (alive.status_code, alive.json()) == (200, {"live": True})
        assert live.http.get("/healthz").status_code == 503
    finally:
        holder.rollback()
        holder.close()
    until("ready again", lambda: live.http.get("/healthz").status_code == 200)


def test_a_database_that_fails_is_named_in_one_line(live: Any, monkeypatch: Any) -> None:
    storage = live.app.state.lobby.storage
    gone = sa.create_engine(f"sqlite:///{Path(storage.engine.url.database).parent}/no/such.db")
    monkeypatch.setattr(storage, "engine", gone)
    answer = live.http.get("/healthz")
    assert answer.status_code == 503, answer.text
    reason = answer.json()["checks"]["database"]
    assert reason == "unable to open database file"
    assert live.http.get("/healthz/live").status_code == 200


def test_probes_are_answered_while_their_address_is_at_every_limit(live_factory: Any) -> None:
    live = live_factory(sockets_per_client=1, joins_per_minute=1, tables_per_client=1)
    table = live.create()
    live.join(table["id"])
    again = live.http.post("/api/tables", json={"game": "toy", "seats": [HUMAN, HUMAN]})
    assert again.status_code == 429, again.text
    refused = live.socket(table["id"])
    assert refused.receive()["code"] == "too_many_connections"
    for _ in range(150):
        assert live.http.get("/healthz/live").status_code == 200
        assert live.http.get("/healthz").status_code == 200
        assert live.http.get("/metrics").status_code == 200


def test_steps_and_acknowledgements_are_counted_as_people_play(live: Any) -> None:
    before = scrape(live)
    assert sample(before, "meja_leases_taken_over_total") == 0
    table = live.create()
    players = [live.join(table["id"], seat["token"]) for seat in table["seats"]]
    for player in players:
        player.my_turn()
    players[0].move(7)
    players[1].move(6)
    for seat, action in ((0, 8), (1, 9)):
        players[seat].my_turn()
        players[seat].move(action)
    players[1].until(lambda m: m["type"] == "state" and m["result"] is not None)
    watcher = live.join(table["id"])
    watcher.move(8)
    assert watcher.error()["code"] == "spectator"
    assert live.http.get("/api/nothing").status_code == 404
    after = scrape(live)
    dealt, moved = 2, 4
    assert grew(before, after, "meja_steps_stored_total", game="toy") == dealt + moved
    assert grew(before, after, "meja_move_ack_seconds_count") == moved
    assert grew(before, after, "meja_move_ack_seconds_bucket", le="+Inf") == moved
    assert 0 < grew(before, after, "meja_move_ack_seconds_sum") < moved * WAIT
    assert grew(before, after, "meja_refusals_total", code="spectator") == 1
    assert grew(before, after, "meja_refusals_total", code="not_found") == 1


def test_socket_and_table_gauges_follow_the_tables(live: Any) -> None:
    assert (sockets(live, "seated"), sockets(live, "spectator")) == (0, 0)
    table = live.create()
    seated = live.join(table["id"], table["seats"][0]["token"])
    watcher = live.join(table["id"])
    assert (sockets(live, "seated"), sockets(live, "spectator")) == (1, 1)
    now = scrape(live)
    assert sample(now, "meja_tables", state="unfinished") == 1
    assert sample(now, "meja_tables", state="finished") == 0
    watcher.close()
    until("the spectator's socket counted closed", lambda: sockets(live, "spectator") == 0)
    assert sockets(live, "seated") == 1
    seated.close()
    until("the seat's socket counted closed", lambda: sockets(live, "seated") == 0)


def test_searches_waiting_and_running_are_shown_per_lane(live_factory: Any) -> None:
    live = live_factory(bot_threads=1, searching_bots_per_client=100)
    for _ in range(3):
        live.create("te_kuiti", seats=[SEARCHER, SEARCHER])

    def lane_busy() -> bool:
        now = scrape(live)
        running = sample(now, "meja_bot_jobs_running", lane="search")
        return running == 1 and sample(now, "meja_bot_jobs_waiting", lane="search") >= 1

    until("one search running and others waiting", lane_busy)
    idle = scrape(live)
    assert sample(idle, "meja_bot_jobs_running", lane="quick") == 0
    assert ("meja_bot_jobs_waiting", (("lane", "quick"),)) in idle


class Held(Executor):
    """Takes jobs and runs none until the test finishes them."""

    def __init__(self) -> None:
        self.jobs: list[Future[Any]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        job: Future[Any] = Future()
        self.jobs.append(job)
        return job


def test_the_lanes_count_their_jobs() -> None:
    """Two quick jobs on the quick lane's one thread: one runs, one waits. Four searches of two
    tables on one search thread: one runs, three wait. Then none, once each is done."""

    async def run() -> None:
        held = Held()
        lanes = BotLanes(held, 1)
        gate = threading.Event()
        quick = [asyncio.ensure_future(lanes.quick(gate.wait, WAIT)) for _ in range(2)]
        bot = ISMCTSBot(seconds=1.0)
        searches = [
            asyncio.ensure_future(lanes.choose(table, bot, None, 0, None)) for table in "aaab"
        ]
        await asyncio.sleep(0)
        assert lanes.load() == {"quick": (1, 1), "search": (3, 1)}
        gate.set()
        await asyncio.gather(*quick)
        for n in range(len(searches)):
            while len(held.jobs) <= n:
                await asyncio.sleep(0)
            held.jobs[n].set_result(n)
        await asyncio.gather(*searches)
        assert lanes.load() == {"quick": (0, 0), "search": (0, 0)}
        lanes.close()

    asyncio.run(asyncio.wait_for(run(), WAIT))


def _read_lines(stream: Any, into: queue.Queue[str]) -> None:
    for line in iter(stream.readline, ""):
        into.put(line)


def test_the_json_log_is_one_object_a_line_naming_tables_and_clients(tmp_path: Path) -> None:
    """A refused client and a table ended for want of people are logged with fields of their
    own. The engine is asked for by name (MEJA_PURE), so that no notice of a stale compiled
    engine, which is not a log line, comes first."""
    command = [sys.executable, "-m", "meja.cli", "serve", "--port", "0", "--log-format", "json"]
    command += ["--db", f"sqlite:///{tmp_path / 'meja.db'}", "--tables-per-client", "1"]
    command += ["--unjoined-expiry", "0.2"]
    environment = {**os.environ, "MEJA_PURE": "1"}
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment
    )
    assert server.stderr is not None and server.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=_read_lines, args=(server.stderr, lines), daemon=True)
    reader.start()
    seen: list[dict[str, Any]] = []
    try:
        url = server.stdout.readline().split()[4]
        body = {"game": "te_kuiti", "seats": [HUMAN]}
        made = httpx.post(f"{url}api/tables", json=body, timeout=WAIT).json()
        refused = httpx.post(f"{url}api/tables", json=body, timeout=WAIT).json()
        assert refused["code"] == "too_many_tables"
        deadline = time.monotonic() + WAIT
        while not any(entry.get("table") == made["id"] for entry in seen):
            assert time.monotonic() < deadline, f"no line named the table: {seen}"
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                continue
            assert line.count("\n") == 1 and line.endswith("\n"), line
            seen.append(json.loads(line))
    finally:
        server.terminate()
        server.wait(WAIT)
        reader.join(WAIT)
        server.stdout.close()
        server.stderr.close()
    for entry in seen:
        assert {"time", "level", "logger", "message"} <= set(entry), entry
    assert any(entry["message"] == "restored 0 unfinished tables" for entry in seen), seen
    refusal = next(entry for entry in seen if entry["level"] == "WARNING")
    assert refusal["client"] == "127.0.0.1" and "tables-per-client" in refusal["message"]
    ended = next(entry for entry in seen if "table" in entry)
    assert ended["message"].startswith(f"table {made['id']} ended: nobody joined it")


def test_a_logged_traceback_stays_inside_its_line() -> None:
    try:
        raise RuntimeError("the store failed\nover two lines")
    except RuntimeError:
        record = logging.LogRecord(
            "meja.server", logging.ERROR, __file__, 1, "table %s: storing step %d failed",
            ("Xk3", 4), sys.exc_info(),
        )  # fmt: skip
    line = JsonLines().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["message"] == "table Xk3: storing step 4 failed"
    assert (entry["level"], entry["logger"], entry["table"]) == ("ERROR", "meja.server", "Xk3")
    assert entry["exception"].startswith("Traceback") and "over two lines" in entry["exception"]
