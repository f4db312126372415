"""A server killed with SIGKILL right after it acknowledged a take-back restarts without the move
taken back, on SQLite and on PostgreSQL, and the game goes on to its end."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from meja.core import GameRecord
from meja.server.storage import SqlStorage


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database, emptied again afterwards (the PostgreSQL one is shared)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'meja.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    yield url
    store = SqlStorage(url)
    with store.engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM meja_moves"))
        conn.execute(sa.text("DELETE FROM meja_tables"))
    store.close()


def test_a_take_back_acknowledged_before_a_kill_stays_taken_back(
    db_url: str, server_process: Any, people: Any
) -> None:
    first = server_process(db_url)
    table = people(first, "peranakan", 2)
    seat, before, answer = table.play_until_undoable(random.Random(6))
    mover = first.join(table.id, table.tokens[seat])
    mover.until(lambda m: m["type"] == "state" and m["step"] == answer["step"])
    mover.undo(answer["step"])
    acked = mover.until(lambda m: m["type"] == "state" and m["step"] > answer["step"])
    first.kill()
    assert acked["undo"] is False
    assert acked["view"] == before[seat][0]

    second = server_process(db_url)
    table.endpoint, table.http = second, second.http
    assert table.seen() == before
    state = table.state(seat)
    assert state["step"] == acked["step"] == answer["step"] + 1
    assert state["log"][-1] == {
        "seq": answer["step"],
        "player": seat,
        "text": "You took back a move.",
        "named": True,
        "record": {"undo": True, "undid": answer["step"] - 1},
    }
    while not (public := table.waiting())["result"]:
        mover_seat = public["active"][0]
        mine = table.state(mover_seat)
        table.move(mover_seat, mine["legal"][0]["action"], mine["step"])
    record = GameRecord.from_dict(second.http.get(f"{table.url}/record").json())
    assert len(record.history) == public["step"] - 2
    assert record.replay().scores() == public["result"]["scores"]
    second.kill()
