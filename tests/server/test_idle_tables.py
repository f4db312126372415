"""A table with nobody connected and nothing to do leaves memory and is loaded again when
someone asks for it, so a server holds tables waiting for days without holding them in memory
(docs/web.md, "Idle tables")."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from meja.server.storage import SqlStorage, tables_table

from .conftest import PeopleTable, ServerProcess, wait_until

MANY = 20_000
"""Unfinished tables in the store of the memory test."""
MOST_RSS_MIB = 300
"""What one process may hold in memory with MANY tables in its store."""


def rss_mib(pid: int) -> float:
    """A process's resident memory, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_a_table_nobody_is_at_leaves_memory_and_comes_back_as_it_was(
    live_factory: Any,
) -> None:
    live = live_factory(idle_seconds=0.3, lease_seconds=0.4)
    lobby = live.app.state.lobby
    table = PeopleTable(live, "peranakan", 2)
    public = table.waiting()
    seat = public["active"][0]
    mine = table.state(seat)
    assert table.move(seat, mine["legal"][0]["action"], mine["step"]).status_code == 200
    before = table.seen()
    wait_until(lambda: table.id not in lobby.open, "the idle table stayed in memory")
    holder = lobby.storage.holder(table.id)
    assert holder is not None and holder.owner is None, "an idle table keeps no lease"
    assert table.seen() == before
    assert table.id in lobby.open
    client = live.join(table.id, table.tokens[0])
    client.until(lambda m: m["type"] == "state")
    rounds = lobby.lease_rounds
    wait_until(lambda: lobby.lease_rounds >= rounds + 4, "the leases were not kept")
    assert table.id in lobby.open, "a table with a person connected left memory"


def test_a_table_whose_deadline_comes_is_loaded_again_by_itself(live_factory: Any) -> None:
    live = live_factory(idle_seconds=0.3, lease_seconds=0.4, unjoined_expiry=1.5)
    lobby = live.app.state.lobby
    table = PeopleTable(live, "peranakan", 2)
    wait_until(lambda: table.id not in lobby.open, "the idle table stayed in memory")
    wait_until(lambda: lobby.storage.load_table(table.id).finished_at is not None, "never ended")
    shown = table.state()["table"]
    assert shown["finished"] and shown["ended_early"]


def _fill(url: str) -> list[str]:
    """MANY unfinished two-person Peranakan tables that wait for their people."""
    store = SqlStorage(url)
    now = time.time()
    seats = json.dumps(
        [{"kind": "human", "name": f"Player {n}", "bot": None, "token_hash": None} for n in (1, 2)]
    )
    ids = [f"many{index:06d}" for index in range(MANY)]
    rows = [
        {
            "id": table_id,
            "game": "peranakan",
            "num_players": 2,
            "options": "{}",
            "seats": seats,
            "created_at": now - MANY + index,
            "private": False,
            "kind": "turn_based",
            "move_time": 86_400.0,
        }
        for index, table_id in enumerate(ids)
    ]
    with store.engine.begin() as conn:
        conn.execute(tables_table.insert(), rows)
        assert conn.execute(sa.select(sa.func.count()).select_from(tables_table)).scalar() == MANY
    store.close()
    return ids


def test_twenty_thousand_waiting_tables_fit_in_one_process(
    tmp_path: Path, server_process: Any
) -> None:
    url = f"sqlite:///{tmp_path / 'many.db'}"
    ids = _fill(url)
    server: ServerProcess = server_process(url)
    wait_until(lambda: server.http.get("/healthz").status_code == 200, "never ready")
    assert rss_mib(server.process.pid) < MOST_RSS_MIB
    started = time.monotonic()
    listed = server.http.get("/api/tables", params={"limit": 100})
    assert listed.status_code == 200 and len(listed.json()["tables"]) == 100
    assert time.monotonic() - started < 1.0
    for table_id in random.Random(7).sample(ids, 40):
        started = time.monotonic()
        answer = server.http.get(f"/api/tables/{table_id}/state")
        took = time.monotonic() - started
        assert answer.status_code == 200, answer.text
        assert took < 1.0, f"table {table_id} answered in {took:.2f} s"
    assert rss_mib(server.process.pid) < MOST_RSS_MIB
