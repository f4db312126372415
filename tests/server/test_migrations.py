"""The store's schema is made and changed by its Alembic revisions when a store opens: a new
database, one made before leases, one older still, and one opened again."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from meja.server.migrations import BASELINE, alembic_config, baseline
from meja.server.storage import SqlStorage, metadata

LEASE_COLUMNS = {"owner", "lease_until", "epoch", "wake_at", "position", "present", "made_by"}


def _engine(url: str) -> sa.Engine:
    return sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))


@contextmanager
def _database_of_its_own(postgres_url: str) -> Iterator[str]:
    """A database made on the throwaway PostgreSQL cluster, dropped afterwards."""
    name = f"meja_{secrets.token_hex(4)}"
    admin = _engine(postgres_url).execution_options(isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield postgres_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of the test's own: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'meja.db'}"
    else:
        with _database_of_its_own(request.getfixturevalue("postgres_url")) as url:
            yield url


@pytest.fixture
def engine(empty_url: str) -> Iterator[sa.Engine]:
    """A plain engine on the test's database, to make old schemas and look at the result."""
    engine = _engine(empty_url)
    yield engine
    engine.dispose()


def _head() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def _revision(conn: sa.Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def _differences(conn: sa.Connection) -> list[Any]:
    """What alembic finds between the database and the store's metadata."""
    return list(compare_metadata(MigrationContext.configure(conn), metadata))


def _columns(conn: sa.Connection, table: str) -> set[str]:
    return {column["name"] for column in sa.inspect(conn).get_columns(table)}


def _old_table(conn: sa.Connection, table_id: str, created_at: float, finished: bool) -> None:
    """A row of meja_tables as a meja of before leases stored it."""
    conn.execute(
        baseline.tables_table.insert().values(
            id=table_id,
            game="te_kuiti",
            num_players=2,
            options="{}",
            seats="[]",
            created_at=created_at,
            finished_at=created_at + 50.0 if finished else None,
        )
    )


def _open(url: str) -> None:
    SqlStorage(url).close()


def test_a_new_database_is_made_at_the_newest_revision_equal_to_the_schema(
    empty_url: str, engine: sa.Engine
) -> None:
    _open(empty_url)
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert _differences(conn) == []
        names = {index["name"] for index in sa.inspect(conn).get_indexes("meja_tables")}
        assert names == {"meja_tables_finished", "meja_tables_created", "meja_tables_wake"}


def test_a_database_from_before_leases_gets_them_and_its_tables_in_play_are_woken(
    empty_url: str, engine: sa.Engine
) -> None:
    baseline.metadata.create_all(engine)
    with engine.begin() as conn:
        _old_table(conn, "playing", 100.0, finished=False)
        _old_table(conn, "over", 200.0, finished=True)
        conn.execute(
            baseline.moves_table.insert().values(
                table_id="playing", seq=0, player=0, action=3, seen_by=3, at=101.0
            )
        )
    with engine.connect() as conn:
        assert _revision(conn) is None
        assert not _columns(conn, "meja_tables") & LEASE_COLUMNS
    store = SqlStorage(empty_url)
    try:
        unfinished = [row.id for row in store.load_unfinished()]
        loaded = store.load_table("playing")
    finally:
        store.close()
    assert unfinished == ["playing"]
    assert loaded is not None and [move.action for move in loaded.moves] == [3]
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert _columns(conn, "meja_tables") >= LEASE_COLUMNS
        assert _differences(conn) == []
        woken = conn.execute(sa.text("SELECT id, wake_at FROM meja_tables ORDER BY id")).all()
    assert [tuple(row) for row in woken] == [("over", None), ("playing", 100.0)]


def test_an_older_database_gets_the_baseline_columns_and_tables_it_lacks(
    empty_url: str, engine: sa.Engine
) -> None:
    """A meja older still made meja_tables without rematch and spectator_chat, and no chat."""
    baseline.metadata.create_all(engine)
    with engine.begin() as conn:
        _old_table(conn, "playing", 100.0, finished=False)
        for column in ("rematch", "spectator_chat"):
            conn.execute(sa.text(f"ALTER TABLE meja_tables DROP COLUMN {column}"))
        conn.execute(sa.text("DROP TABLE meja_chat"))
    _open(empty_url)
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert {"rematch", "spectator_chat"} <= _columns(conn, "meja_tables")
        assert sa.inspect(conn).has_table("meja_chat")
        assert _differences(conn) == []
        row = conn.execute(sa.text("SELECT rematch, spectator_chat, wake_at FROM meja_tables"))
        assert tuple(row.one()) == (None, None, 100.0)


def test_a_database_made_with_leases_before_revisions_keeps_its_wake_times(
    empty_url: str, engine: sa.Engine
) -> None:
    """A meja with leases but no revisions made every column itself: the database is taken
    as it is, and a table in play that asked to be woken only when asked stays so."""
    metadata.create_all(engine)
    with engine.begin() as conn:
        _old_table(conn, "resting", 100.0, finished=False)
    _open(empty_url)
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert _differences(conn) == []
        wake_at = conn.execute(sa.text("SELECT wake_at FROM meja_tables")).scalar_one()
    assert wake_at is None


def test_opening_a_database_again_only_reads_it(empty_url: str, engine: sa.Engine) -> None:
    baseline.metadata.create_all(engine)
    with engine.begin() as conn:
        _old_table(conn, "playing", 100.0, finished=False)
    _open(empty_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE meja_tables SET wake_at = NULL"))
    written: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        verb = statement.lstrip().split(None, 1)[0].upper()
        if verb not in {"SELECT", "PRAGMA", "BEGIN", "WITH", "SHOW"}:
            written.append(statement)

    sa.event.listen(sa.Engine, "before_cursor_execute", note)
    try:
        _open(empty_url)
    finally:
        sa.event.remove(sa.Engine, "before_cursor_execute", note)
    assert written == []
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert conn.execute(sa.text("SELECT wake_at FROM meja_tables")).scalar_one() is None


def test_a_migration_that_fails_leaves_the_database_as_it_was(
    empty_url: str, engine: sa.Engine
) -> None:
    """An index of another table already has the name the leases' revision gives its own:
    the store is not opened, and nothing of the revision stays, so it runs whole next time."""
    baseline.metadata.create_all(engine)
    with engine.begin() as conn:
        _old_table(conn, "playing", 100.0, finished=False)
        conn.execute(sa.text("CREATE TABLE other (n INTEGER)"))
        conn.execute(sa.text("CREATE INDEX meja_tables_created ON other (n)"))
    with pytest.raises(ValueError, match="meja_tables_created"):
        SqlStorage(empty_url)
    with engine.begin() as conn:
        assert not _columns(conn, "meja_tables") & LEASE_COLUMNS
        assert not sa.inspect(conn).has_table("alembic_version")
        conn.execute(sa.text("DROP TABLE other"))
    _open(empty_url)
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert conn.execute(sa.text("SELECT wake_at FROM meja_tables")).scalar_one() == 100.0


def test_the_leases_revision_is_taken_back_and_made_again(
    empty_url: str, engine: sa.Engine
) -> None:
    _open(empty_url)
    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), BASELINE)
    with engine.connect() as conn:
        assert _revision(conn) == BASELINE
        assert not _columns(conn, "meja_tables") & LEASE_COLUMNS
    _open(empty_url)
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert _differences(conn) == []


def test_a_database_of_a_newer_meja_is_refused_in_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'meja.db'}"
    _open(url)
    engine = _engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0099_later'"))
    engine.dispose()
    with pytest.raises(ValueError, match=r"^--db: cannot open .*0099_later[^\n]*$"):
        SqlStorage(url)


def test_a_database_at_the_baseline_is_upgraded(empty_url: str, engine: sa.Engine) -> None:
    """A database stamped at the baseline by a store that stopped there is carried on."""
    baseline.metadata.create_all(engine)
    with engine.begin() as conn:
        _old_table(conn, "playing", 100.0, finished=False)
        command.stamp(alembic_config(conn), BASELINE)
    _open(empty_url)
    with engine.connect() as conn:
        assert _revision(conn) == _head()
        assert _differences(conn) == []
        assert conn.execute(sa.text("SELECT wake_at FROM meja_tables")).scalar_one() == 100.0


OPEN_WHEN_TOLD = """
import sys
import alembic.command
from meja.server.storage import SqlStorage
print("ready", flush=True)
sys.stdin.readline()
SqlStorage(sys.argv[1]).close()
"""


def test_processes_opening_a_new_postgresql_database_at_once_take_turns(
    postgres_url: str,
) -> None:
    with _database_of_its_own(postgres_url) as url:
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", OPEN_WHEN_TOLD, url],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(6)
        ]
        for process in processes:
            assert process.stdout is not None
            assert process.stdout.readline() == "ready\n"
        for process in processes:
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        for process in processes:
            _out, errors = process.communicate(timeout=120)
            assert process.returncode == 0, errors
        engine = _engine(url)
        try:
            with engine.connect() as conn:
                assert _revision(conn) == _head()
                assert _differences(conn) == []
        finally:
            engine.dispose()
