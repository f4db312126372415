"""Several `meja serve` processes on one PostgreSQL database, joined by Redis: any process
serves any table, the lobbies agree, a killed process's tables resume on another, and an owner
that lost its lease can never write again (docs/web.md, "Several processes")."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families
from websockets.exceptions import ConnectionClosed

from meja.core import GameRecord
from meja.server.storage import (
    LeaseLost,
    MoveRow,
    MoveWrite,
    SeatRow,
    SqlStorage,
    TableRow,
    standing_history,
)

from .conftest import WAIT, Endpoint, PeopleTable, ServerProcess, auth, wait_until

LEASE = 3.0
"""The processes' lease in these tests: a dead owner's tables lapse this long after it died."""
BOUND = 5.0
"""Seconds after the lease lapses by which another process serves the table again."""


@pytest.fixture
def database(postgres_url: str) -> Iterator[str]:
    """A database of the test's own on the throwaway PostgreSQL cluster."""
    name = f"meja_{secrets.token_hex(4)}"
    admin = sa.create_engine(
        postgres_url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    yield postgres_url.rsplit("/", 1)[0] + f"/{name}"
    with admin.connect() as conn:
        conn.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
    admin.dispose()


@pytest.fixture
def two(
    database: str, redis_url: str, server_process: Callable[..., ServerProcess]
) -> tuple[ServerProcess, ServerProcess]:
    """Two processes on one database and one bus."""
    options = ("--bus", redis_url, "--lease-seconds", str(LEASE))
    return server_process(database, *options), server_process(database, *options)


def ready(endpoint: Endpoint) -> None:
    """Wait until the process answers (it prints its banner before its tables are loaded)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            if endpoint.http.get("/healthz").status_code == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError("the server never became ready")


def test_a_table_made_through_one_process_is_played_through_another(
    two: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two
    ready(a)
    ready(b)
    table = PeopleTable(a, "peranakan", 2)
    through_b = PeopleTable.__new__(PeopleTable)
    through_b.__dict__.update(table.__dict__, endpoint=b, http=b.http)
    table.waiting()
    assert through_b.state(0) == table.state(0)
    watcher = b.join(table.id, table.tokens[1])
    for turn in range(6):
        public = table.waiting()
        seat = public["active"][0]
        mine = (through_b if turn % 2 else table).state(seat)
        answer = (through_b if turn % 2 else table).move(seat, mine["legal"][0]["action"])
        assert answer.status_code == 200, answer.text
        step = answer.json()["step"]
        seen = watcher.until(lambda m, step=step: m["type"] == "state" and m["step"] >= step)
        assert seen["log"] or seen["log_start"] == step
    assert (
        watcher.log
        == b.join(table.id, table.tokens[1]).until(lambda m: m["type"] == "state")["log"][
            : len(watcher.log)
        ]
    )
    assert a.http.get("/api/tables").json() == b.http.get("/api/tables").json()
    listed = a.http.get("/api/tables").json()["tables"]
    assert [entry["id"] for entry in listed] == [table.id]
    assert listed[0]["seats"][1]["connected"] is True


def test_a_move_through_a_relayed_socket_is_refused_in_words_like_any_other(
    two: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two
    ready(a)
    ready(b)
    table = PeopleTable(a, "peranakan", 2)
    public = table.waiting()
    idle = 1 - public["active"][0]
    client = b.join(table.id, table.tokens[idle])
    client.until(lambda m: m["type"] == "state")
    client.move(0)
    error = client.error()
    assert error["code"] in ("not_your_turn", "illegal_action"), error
    answer = b.http.get(f"/api/tables/{table.id}/state", headers=auth("forged"))
    assert answer.status_code == 403
    assert answer.json()["code"] == "bad_token"


def test_a_stale_owner_cannot_store_a_move_once_another_took_the_table(database: str) -> None:
    store = SqlStorage(database)
    row = TableRow("t1", "toy", 2, {}, [SeatRow("human", "A"), SeatRow("human", "B")])
    store.create_table(row)
    now = time.time()
    claim = store.claim("t1", "process-a", now, LEASE)
    assert claim is not None and claim.taken_from is None
    first = claim.epoch
    assert store.claim("t1", "process-b", now, LEASE) is None, "a live lease is taken"
    store.write_moves([MoveWrite("t1", MoveRow(0, 0, 1, 7), epoch=first, position=1)])
    claim = store.claim("t1", "process-b", now + LEASE + 0.1, LEASE)
    assert claim is not None and claim.taken_from == "process-a"
    second = claim.epoch
    assert second == first + 1
    with pytest.raises(LeaseLost):
        store.write_moves([MoveWrite("t1", MoveRow(1, 1, 1, 7), epoch=first, position=2)])
    store.write_moves([MoveWrite("t1", MoveRow(1, 1, 2, 7), epoch=second, position=2)])
    loaded = store.load_table("t1")
    assert loaded is not None
    assert [(move.seq, move.action) for move in loaded.moves] == [(0, 1), (1, 2)]
    assert store.renew("process-a", {"t1": 0}, now + 3, LEASE) == ["t1"]
    store.close()


class Player(threading.Thread):
    """Plays one seat of a table as fast as the server acknowledges, through whichever
    process it is given, reconnecting when its socket closes; keeps every step acknowledged
    to it and every log line it was sent."""

    def __init__(self, endpoints: list[Endpoint], table: PeopleTable, seat: int) -> None:
        super().__init__(daemon=True)
        self.endpoints = endpoints
        self.table = table
        self.seat = seat
        self.acknowledged = 0
        self.lines: dict[int, dict[str, Any]] = {}
        self.resumed_at: float | None = None
        self.killed_at: float | None = None
        self.stop = threading.Event()
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self._session()
        except BaseException as exc:  # the test reads it
            self.failure = exc

    def _session(self) -> None:
        endpoint = self.endpoints[0]
        try:
            client = endpoint.join(self.table.id, self.table.tokens[self.seat])
        except (OSError, ConnectionClosed, AssertionError):
            time.sleep(0.1)
            return
        try:
            while not self.stop.is_set():
                message = client.receive()
                if message["type"] != "state":
                    continue
                for line in message["log"]:
                    self.lines[line["seq"]] = line
                resumed = self.killed_at is not None and self.resumed_at is None
                if resumed and message["step"] > self.acknowledged:
                    self.resumed_at = time.monotonic()
                self.acknowledged = max(self.acknowledged, message["step"])
                if message["result"]:
                    self.stop.set()
                    return
                if message["legal"]:
                    client.move(message["legal"][0]["action"], message["step"])
        except (ConnectionClosed, TimeoutError, OSError):
            return


def test_a_killed_owner_s_tables_resume_on_another_process_and_lose_nothing(
    two: tuple[ServerProcess, ServerProcess], database: str
) -> None:
    a, b = two
    ready(a)
    ready(b)
    tables = [PeopleTable(a, "nasi_lemak", 2) for _ in range(8)]
    players = []
    for table in tables:
        for seat in range(2):
            endpoints: list[Endpoint] = [a if seat == 0 else b, b]
            players.append(Player(endpoints, table, seat))
    for player in players:
        player.start()
    wait_until(
        lambda: min(player.acknowledged for player in players) >= 20, "the tables did not go"
    )
    for player in players:
        player.endpoints = [b]
    a.kill()
    killed = time.monotonic()
    for player in players:
        player.killed_at = killed
    wait_until(
        lambda: all(player.resumed_at or player.stop.is_set() for player in players),
        "a table never resumed",
        LEASE + BOUND + WAIT,
    )
    resumed = max(player.resumed_at or killed for player in players) - killed
    assert resumed <= LEASE + BOUND, f"the last table resumed {resumed:.1f} s after the kill"
    for player in players:
        player.stop.set()
    for player in players:
        player.join(WAIT)
        assert player.failure is None, player.failure
    store = SqlStorage(database)
    for table in tables:
        stored = store.load_table(table.id)
        assert stored is not None
        kept = {move.seq for move in stored.moves}
        for player in players:
            if player.table is not table:
                continue
            assert player.acknowledged <= len(stored.moves), "an acknowledged step was lost"
            assert set(player.lines) <= kept, "a log line sent was never stored"
        record = GameRecord("nasi_lemak", 2, {}, standing_history(stored.moves))
        record.replay()
    store.close()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--workers", "2", "--db", "sqlite:///{tmp}/m.db"], "a SQLite database is served by one"),
        (["--workers", "2", "--db", "{database}"], "several workers need --bus"),
        (["--bus", "redis://127.0.0.1:1/0", "--db", "{database}"], "cannot reach Redis"),
        (["--bus", "{redis}", "--db", "sqlite:///{tmp}/m.db"], "SQLite database is served by one"),
    ],
)
def test_processes_that_could_not_share_the_tables_are_refused_in_one_line(
    options: list[str], words: str, tmp_path: Any, database: str, redis_url: str
) -> None:
    filled = [option.format(tmp=tmp_path, database=database, redis=redis_url) for option in options]
    command = [sys.executable, "-m", "meja.cli", "serve", "--port", "0", *filled]
    done = subprocess.run(command, capture_output=True, text=True, timeout=WAIT, check=False)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr


def test_two_workers_behind_one_port_serve_every_table_and_take_over_a_killed_one(
    database: str, redis_url: str, server_process: Callable[..., ServerProcess]
) -> None:
    options = ("--bus", redis_url, "--workers", "2", "--lease-seconds", str(LEASE))
    server = server_process(database, *options)
    ready(server)
    tables = [PeopleTable(server, "peranakan", 2) for _ in range(6)]
    for table in tables:
        table.waiting()
    store = SqlStorage(database)
    owners = {table.id: _holder(store, table.id) for table in tables}
    victim = next(iter(owners.values()))
    os.kill(int(victim.split(":")[1]), signal.SIGKILL)
    killed = time.monotonic()
    for table in tables:
        while True:
            assert time.monotonic() < killed + LEASE + BOUND, "a table was not taken over"
            try:
                answer = table.http.get(f"{table.url}/state")
            except httpx.TransportError:
                continue
            if answer.status_code == 200:
                break
            assert answer.json()["code"] == "moved", answer.text
            time.sleep(0.05)
        public = table.waiting()
        seat = public["active"][0]
        mine = table.state(seat)
        assert table.move(seat, mine["legal"][0]["action"], mine["step"]).status_code == 200
        assert _holder(store, table.id) != victim
    store.close()


def _holder(store: SqlStorage, table_id: str) -> str:
    holder = store.holder(table_id)
    assert holder is not None and holder.owner is not None
    return holder.owner


def scrape(endpoint: Endpoint) -> dict[str, float]:
    """Every unlabelled sample of /metrics, by name."""
    answer = endpoint.http.get("/metrics")
    assert answer.status_code == 200
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
        if not sample.labels
    }


def test_each_process_reports_its_health_and_numbers_and_is_unready_without_its_bus(
    database: str, own_redis: Any, server_process: Callable[..., ServerProcess]
) -> None:
    options = ("--bus", own_redis.url, "--lease-seconds", str(LEASE))
    a, b = server_process(database, *options), server_process(database, *options)
    ready(a)
    ready(b)
    for endpoint in (a, b):
        health = endpoint.http.get("/healthz").json()
        assert health == {"live": True, "ready": True, "checks": {"database": "ok", "bus": "ok"}}
    table = PeopleTable(a, "peranakan", 2)
    table.waiting()
    before = scrape(b)
    a.kill()
    taken = before["meja_leases_taken_over_total"] + 1
    wait_until(
        lambda: scrape(b)["meja_leases_taken_over_total"] >= taken,
        "the other process never took the table over",
        LEASE + BOUND,
    )
    assert "meja_move_ack_seconds_count" in scrape(b)
    own_redis.stop()
    answer = b.http.get("/healthz")
    assert answer.status_code == 503
    checks = answer.json()["checks"]
    assert checks["database"] == "ok" and checks["bus"] != "ok"
    assert b.http.get("/healthz/live").status_code == 200
    own_redis.start()
    wait_until(
        lambda: b.http.get("/healthz").status_code == 200,
        "the process did not become ready with its bus back",
    )


def test_a_table_of_bots_nobody_watches_goes_on_by_itself_after_its_owner_dies(
    database: str, redis_url: str, server_process: Callable[..., ServerProcess]
) -> None:
    options = ("--bus", redis_url, "--lease-seconds", str(LEASE), "--bot-pause", "0.2")
    a, b = server_process(database, *options), server_process(database, *options)
    ready(a)
    ready(b)
    bots = [{"kind": "bot", "bot": "random"}] * 2
    table = a.create("nasi_lemak", bots)
    store = SqlStorage(database)

    def stored() -> int:
        loaded = store.load_table(table["id"])
        assert loaded is not None
        return len(loaded.moves)

    wait_until(lambda: stored() >= 5, "the bots never moved")
    first_owner = _holder(store, table["id"])
    a.kill()
    at_kill = stored()
    wait_until(lambda: stored() > at_kill + 3, "the table stood still", LEASE + BOUND)
    assert _holder(store, table["id"]) != first_owner
    store.close()
