"""The store's schema and its changes: Alembic revisions in versions/, run when a store opens.

migrate brings any database to the newest revision in one transaction: a new one is made from
nothing, and one made by a meja of before the revisions (its tables, no alembic_version) is
first given the columns of the baseline it lacks and stamped at the baseline. Several
processes opening one PostgreSQL database at once take turns on an advisory lock.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Final

import sqlalchemy as sa

from meja.server.migrations import baseline

if TYPE_CHECKING:
    from alembic.config import Config

FOLDER: Final = Path(__file__).resolve().parent
BASELINE: Final = "0001_baseline"
"""The revision of the schema as it stood when its changes became revisions."""
LOCK_KEY: Final = 0x6D656A61
"""PostgreSQL's advisory lock held while a process migrates the database."""
_ONE_AT_A_TIME = threading.Lock()
"""Alembic's op and context are one for the whole process: one migration runs at a time."""


class SchemaError(Exception):
    """The database's schema cannot be brought to this meja's (a revision it does not know,
    from a newer meja)."""


def alembic_config(connection: sa.Connection | None = None) -> Config:
    """Alembic's configuration for the revisions in this package, on connection (no .ini)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    config.set_main_option("file_template", "%%(rev)s")
    config.attributes["connection"] = connection
    return config


def migrate(engine: sa.Engine, schema: sa.MetaData) -> None:
    """Bring the database to the newest revision; schema is the store's tables as they are
    now, whose baseline columns a database at a revision may still lack (added again)."""
    from alembic import command
    from alembic.util import CommandError

    with _ONE_AT_A_TIME, engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            # pysqlite begins a transaction only before a write, so an ALTER TABLE would
            # commit on its own: begin here, and every step commits together or not at all.
            conn.exec_driver_sql("BEGIN")
        elif conn.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        config = alembic_config(conn)
        names = set(sa.inspect(conn).get_table_names())
        try:
            if baseline.tables_table.name in names:
                versioned = "alembic_version" in names
                _add_baseline_columns(conn, None if not versioned else schema)
                if not versioned:
                    command.stamp(config, BASELINE)
            command.upgrade(config, "head")
        except CommandError as exc:
            raise SchemaError(f"{exc} (was it made by a newer meja?)") from exc


def _add_baseline_columns(conn: sa.Connection, schema: sa.MetaData | None) -> None:
    """Give a database made before its schema had revisions what the baseline has and it
    lacks (tables made later, nullable columns added later, the finished index), with the
    same SQL on SQLite and PostgreSQL. With schema (a database at a revision), only the
    columns schema still has."""
    from alembic.operations import Operations
    from alembic.runtime.migration import MigrationContext

    operations = Operations(MigrationContext.configure(conn))
    if schema is None:
        baseline.metadata.create_all(conn)
        baseline.finished_index.create(conn, checkfirst=True)
    inspector = sa.inspect(conn)
    for table in baseline.metadata.sorted_tables:
        if not inspector.has_table(table.name):
            continue
        present = {column["name"] for column in inspector.get_columns(table.name)}
        now = schema.tables.get(table.name) if schema is not None else table
        for column in table.columns:
            if column.name not in present and now is not None and column.name in now.c:
                operations.add_column(table.name, sa.Column(column.name, column.type))
