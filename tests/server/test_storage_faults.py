"""Faults of the store or of the process answer in words and leave the server up: no memory
mapped file whose fault would kill it, a full or read-only database refused as storage_error,
and no move clock running while the server itself was stopped."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from tests.server.conftest import HUMAN, WAIT, FakeClock

from meja.server.storage import SqlStorage

BOT = {"kind": "bot", "bot": "random"}


def _one_line_storage_error(response: Any) -> None:
    assert response.status_code == 503, response.text
    body = response.json()
    assert body["code"] == "storage_error", body
    assert "\n" not in body["message"] and "Traceback" not in body["message"]


def test_sqlite_maps_no_file_into_memory(tmp_path: Path) -> None:
    """A memory-mapped file that cannot be written kills the process with SIGBUS: the store
    keeps its journal and its pages in files it reads and writes, and no -shm exists."""
    path = tmp_path / "meja.db"
    store = SqlStorage(f"sqlite:///{path}")
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA mmap_size")).scalar() == 0
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() != "wal"
        conn.execute(sa.text("SELECT count(*) FROM meja_tables")).scalar()
        assert not Path(f"{path}-shm").exists()
    store.close()


def test_a_wal_store_from_before_is_opened_without_its_shared_memory(tmp_path: Path) -> None:
    path = tmp_path / "meja.db"
    old = sqlite3.connect(path)
    old.execute("PRAGMA journal_mode=WAL")
    old.execute("CREATE TABLE kept (n INTEGER)")
    old.commit()
    old.close()
    store = SqlStorage(f"sqlite:///{path}")
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() != "wal"
    store.close()
    assert not Path(f"{path}-shm").exists()


def test_the_server_survives_its_wal_index_being_cut_short(
    tmp_path: Path, server_process: Any
) -> None:
    """What the SIGBUS came from: the WAL index file cut short under the server's mapping."""
    path = tmp_path / "meja.db"
    server = server_process(f"sqlite:///{path}")
    table = server.http.post(
        "/api/tables", json={"game": "te_kuiti", "seats": [HUMAN, BOT], "private": False}
    )
    assert table.status_code == 201, table.text
    for shm in tmp_path.glob("*-shm"):
        with open(shm, "r+b") as cut:
            cut.truncate(0)
    for _ in range(3):
        again = server.http.post("/api/tables", json={"game": "te_kuiti", "seats": [HUMAN, BOT]})
        assert again.status_code == 201, again.text
    assert server.process.poll() is None, "the server died"


def test_creating_a_table_in_a_read_only_database_answers_storage_error(
    tmp_path: Path, live_factory: Any
) -> None:
    path = tmp_path / "ro.db"
    SqlStorage(f"sqlite:///{path}").close()
    live = live_factory(db_url=f"sqlite:///file:{path}?mode=ro&uri=true")
    response = live.http.post("/api/tables", json={"game": "te_kuiti", "seats": [HUMAN, BOT]})
    _one_line_storage_error(response)
    assert live.http.get("/api/limits").status_code == 200


def test_creating_a_table_on_a_full_disk_answers_storage_error(live_factory: Any) -> None:
    """A database that may grow no more is what a full disk looks like to SQLite."""
    live = live_factory()
    engine = live.app.state.lobby.storage.engine

    def no_room(dbapi_connection: Any, _record: Any) -> None:
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    sa.event.listen(engine, "connect", no_room)
    engine.dispose()
    fill = sa.text(
        "INSERT INTO meja_tables (id, game, num_players, options, seats, created_at)"
        " VALUES (:id, 'toy', 2, '{}', :seats, 0)"
    )
    with engine.connect() as conn:
        for size in (4096, 512, 64, 1):
            for n in range(2000):
                try:
                    conn.execute(fill, {"id": f"filler-{size}-{n}", "seats": "x" * size})
                    conn.commit()
                except sa.exc.OperationalError:
                    conn.rollback()
                    break
    response = live.http.post("/api/tables", json={"game": "te_kuiti", "seats": [HUMAN, BOT]})
    _one_line_storage_error(response)
    assert live.http.get("/api/limits").status_code == 200


def test_a_stalled_server_gives_the_waiting_player_back_the_time(live_factory: Any) -> None:
    """The process stops (SIGSTOP, a swapped-out machine) while a person's clock runs: the
    time it did not run is given back, so no stand-in moves for them."""
    clock = FakeClock()
    live = live_factory(clock=clock, away_grace=3600)
    table = live.create(seats=[HUMAN, BOT], clock=10)
    client = live.join(table["id"], table["seats"][0]["token"])
    state = client.until(lambda m: m["type"] == "state" and m["active"] == [0])
    assert state["clock"]["0"] == 10
    lobby = live.app.state.lobby
    stalls = lobby.services.stalls
    held = [0.0]
    real = stalls._monotonic

    def monotonic() -> float:
        return real() + held[0]

    def stall() -> None:
        # The stall itself, on the loop between two ticks: 20 s pass on both clocks while
        # nothing of the server runs, as for a stopped process.
        stalls._monotonic = monotonic
        clock.advance(20)
        held[0] += 20

    lobby.loop.call_soon_threadsafe(stall)
    deadline = time.monotonic() + WAIT
    while stalls.given_back < 19:
        assert time.monotonic() < deadline, "the stall was never noticed"
        time.sleep(0.01)
    live.settle()
    summary = live.http.get(f"/api/tables/{table['id']}").json()
    assert summary["seats"][0]["away"] is None, "the clock ran out while the server was stopped"
    assert summary["step"] == state["step"]
    clock.advance(11, live)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        summary = live.http.get(f"/api/tables/{table['id']}").json()
        if summary["seats"][0]["away"] == "clock":
            break
        time.sleep(0.05)
    assert summary["seats"][0]["away"] == "clock", "the clock no longer runs at all"
