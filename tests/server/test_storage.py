"""The store: an append-only move log per table, in SQLite (WAL) or PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from meja.server.storage import (
    TAKE_BACK,
    MoveRow,
    MoveWrite,
    SeatRow,
    SqlStorage,
    TableRow,
    standing_history,
)

HUMAN = {"kind": "human"}


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SqlStorage]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    store = SqlStorage(url)
    yield store
    with store.engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM meja_moves"))
        conn.execute(sa.text("DELETE FROM meja_tables"))
    store.close()


def _table(table_id: str) -> TableRow:
    return TableRow(
        id=table_id,
        game="toy",
        num_players=2,
        options={"variant": "x"},
        seats=[SeatRow("human", "Ann", token_hash="ab" * 32), SeatRow("bot", "Bot", "random")],
        clock=30.0,
    )


def test_moves_are_kept_in_order_and_a_step_cannot_be_written_twice(storage: SqlStorage) -> None:
    storage.create_table(_table("t1"))
    storage.create_table(_table("t2"))
    storage.write_moves(
        [
            MoveWrite("t1", MoveRow(seq, player, action, 0b101))
            for seq, (player, action) in enumerate([(-1, 3), (0, 7), (1, 6)])
        ]
    )
    storage.write_moves([MoveWrite("t2", MoveRow(0, -1, 5, 0))])
    with pytest.raises(sa.exc.IntegrityError):
        storage.write_moves([MoveWrite("t1", MoveRow(1, 0, 6, 0))])
    loaded = storage.load_table("t1")
    assert loaded is not None
    assert [(m.seq, m.player, m.action, m.seen_by) for m in loaded.moves] == [
        (0, -1, 3, 5),
        (1, 0, 7, 5),
        (2, 1, 6, 5),
    ]
    assert loaded.seats == _table("t1").seats
    assert (loaded.options, loaded.clock) == ({"variant": "x"}, 30.0)
    assert storage.load_table("nope") is None


def test_finished_tables_leave_the_unfinished_list(storage: SqlStorage) -> None:
    for table_id in ("a", "b", "c"):
        storage.create_table(_table(table_id))
    storage.write_moves(
        [MoveWrite("b", MoveRow(0, -1, 1, 0)), MoveWrite("a", MoveRow(0, 1, 2, 0), True)]
    )
    unfinished = storage.load_unfinished()
    assert [t.id for t in unfinished] == ["b", "c"]
    assert [len(t.moves) for t in unfinished] == [1, 0]
    assert [t.id for t in storage.finished_page(None, None, 10)] == ["a"]


def test_finished_tables_are_paged_newest_first_by_game(storage: SqlStorage) -> None:
    """Pages follow the (finished_at, id) key, so ties in time neither repeat nor skip."""
    for index in range(7):
        table = _table(f"t{index}")
        table.game = "toy" if index % 2 else "other"
        storage.create_table(table)
        storage.write_moves([MoveWrite(table.id, None, finishes=True)])
    with storage.engine.begin() as conn:
        for index in range(7):
            conn.execute(
                sa.text("UPDATE meja_tables SET finished_at = :at WHERE id = :id"),
                {"at": 100.0 + index // 2, "id": f"t{index}"},
            )
    seen: list[str] = []
    before = None
    while page := storage.finished_page(None, before, 3):
        seen += [table.id for table in page]
        last = page[-1]
        assert last.finished_at is not None
        before = (last.finished_at, last.id)
    assert seen == ["t6", "t5", "t4", "t3", "t2", "t1", "t0"]
    assert [t.id for t in storage.finished_page("toy", (102.0, "t5"), 10)] == ["t3", "t1"]


def test_a_refused_move_refuses_its_whole_batch(storage: SqlStorage) -> None:
    """One commit holds a batch: a step written twice leaves none of the batch behind."""
    storage.create_table(_table("t1"))
    storage.create_table(_table("t2"))
    storage.write_moves([MoveWrite("t1", MoveRow(0, -1, 3, 0))])
    batch = [MoveWrite("t2", MoveRow(0, -1, 4, 0), True), MoveWrite("t1", MoveRow(0, 0, 9, 0))]
    with pytest.raises(sa.exc.IntegrityError):
        storage.write_moves(batch)
    t2 = storage.load_table("t2")
    assert t2 is not None and t2.moves == [] and t2.finished_at is None


def test_sqlite_syncs_every_commit_through_a_rollback_journal(tmp_path: Path) -> None:
    store = SqlStorage(f"sqlite:///{tmp_path / 'journal.db'}")
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "truncate"
        assert conn.execute(sa.text("PRAGMA synchronous")).scalar() == 2
    store.close()


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("not a url", "is not a database URL"),
        ("nosuchdb://x/y", "cannot use"),
        ("sqlite:////nonexistent-folder/x/meja.db", "cannot open"),
    ],
)
def test_bad_database_urls_give_one_line_errors(url: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as error:
        SqlStorage(url)
    assert "\n" not in str(error.value)


def test_a_whole_game_on_postgresql(postgres_url: str, live_factory: Any) -> None:
    live = live_factory(db_url=postgres_url)
    table = live.create(seats=[HUMAN, {"kind": "bot", "bot": "random"}])
    client = live.join(table["id"], table["seats"][0]["token"])
    state = client.my_turn()
    while not state["result"]:
        client.move(state["legal"][-1]["action"], state["step"])
        state = client.my_turn()
    store = SqlStorage(postgres_url)
    stored = store.load_table(table["id"])
    store.close()
    assert stored is not None and stored.finished_at is not None
    assert len(stored.moves) == state["step"] == 6


def test_a_take_back_is_a_row_of_its_own_and_the_history_stands_without_it(
    storage: SqlStorage,
) -> None:
    storage.create_table(_table("t1"))
    log = [(-1, 3), (0, 7), (0, 8), (0, TAKE_BACK), (0, TAKE_BACK), (0, 6), (1, 2)]
    storage.write_moves(
        [
            MoveWrite("t1", MoveRow(seq, player, action, 7))
            for seq, (player, action) in enumerate(log)
        ]
    )
    loaded = storage.load_table("t1")
    assert loaded is not None
    assert [(m.seq, m.player, m.action) for m in loaded.moves] == [
        (seq, player, action) for seq, (player, action) in enumerate(log)
    ]
    assert standing_history(loaded.moves) == [(-1, 3), (0, 6), (1, 2)]
    with pytest.raises(ValueError, match="log entry 2: nothing of seat 1 to take back"):
        standing_history([MoveRow(0, -1, 3, 0), MoveRow(1, 0, 7, 0), MoveRow(2, 1, TAKE_BACK, 0)])
