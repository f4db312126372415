"""Durable tables: an append-only move log per table, in SQLite by default or any SQL database.

The server writes each accepted move here before it tells anyone about it (the moves of all
tables that arrive together share one commit), and rebuilds every unfinished table from this log
when it starts.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import sqlalchemy as sa
from platformdirs import user_data_dir

metadata = sa.MetaData()

tables_table = sa.Table(
    "meja_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("num_players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("clock", sa.Float, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("winners", sa.Text, nullable=True),
)
"""winners holds the winning seats of a finished game as JSON ("[]" when nobody won); NULL while
the game is in play, and for games that ended before the column was added until the lobby
replays them."""

finished_index = sa.Index("meja_tables_finished", tables_table.c.finished_at, tables_table.c.id)
"""Pages of the finished games, newest first, cost the page, not the archive."""

moves_table = sa.Table(
    "meja_moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("meja_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("seen_by", sa.BigInteger, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class SeatRow:
    """How a seat is played: by a person holding a token, or by a bot."""

    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form for the seats column."""
        return {
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "token_hash": self.token_hash,
        }


@dataclass(frozen=True)
class MoveRow:
    """One step of a table's history and which viewers were told what it was."""

    seq: int
    player: int
    action: int
    seen_by: int


@dataclass(frozen=True)
class MoveWrite:
    """A step to store for a table, or the end of its game (with its winning seats), or both."""

    table_id: str
    move: MoveRow | None
    finishes: bool = False
    winners: tuple[int, ...] | None = None
    """The seats that won the game it finishes; None leaves them to be found by replaying."""


@dataclass
class TableRow:
    """A table's setup, as stored; its moves are kept apart in the append-only log."""

    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seats: list[SeatRow]
    clock: float | None = None
    created_at: float = field(default_factory=time.time)
    finished_at: float | None = None
    winners: list[int] | None = None
    """The winning seats once the game is over; None if the store has not recorded them."""
    moves: list[MoveRow] = field(default_factory=list)


class Storage(Protocol):
    """What the server needs from a database; every write is durable when the call returns."""

    def create_table(self, table: TableRow) -> None:
        """Store a new table with no moves."""
        ...

    def write_moves(self, moves: Sequence[MoveWrite]) -> None:
        """Add steps of tables' histories in one transaction, marking the games they end as
        over; a repeated (table, seq) refuses the whole transaction."""
        ...

    def load_table(self, table_id: str) -> TableRow | None:
        """One table with its moves in order, or None."""
        ...

    def load_unfinished(self) -> list[TableRow]:
        """Every table whose game is not over, with its moves."""
        ...

    def finished_page(
        self, game: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[TableRow]:
        """Up to limit finished tables (of game, if given) that ended before the (finished_at,
        id) key before, newest first, without their moves."""
        ...

    def record_winners(self, table_id: str, winners: Sequence[int]) -> None:
        """Store the winners of a finished game that ended without them."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...


def default_db_url() -> str:
    """A SQLite file in the user's data directory."""
    folder = Path(user_data_dir("meja", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'meja.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers work during writes; FULL sync makes each commit survive a crash."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class SqlStorage:
    """Storage on SQLAlchemy: SQLite by default, PostgreSQL or others by URL."""

    def __init__(self, url: str) -> None:
        try:
            parsed = sa.engine.make_url(url)
        except sa.exc.ArgumentError:
            raise ValueError(f"--db: {url!r} is not a database URL") from None
        if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")
        try:
            self.engine = sa.create_engine(parsed)
        except (sa.exc.ArgumentError, ImportError) as exc:
            raise ValueError(f"--db: cannot use {url!r} ({exc})") from None
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            metadata.create_all(self.engine)
            _add_missing_columns(self.engine)
            finished_index.create(self.engine, checkfirst=True)
        except sa.exc.SQLAlchemyError as exc:
            self.engine.dispose()
            reason = str(exc.orig if isinstance(exc, sa.exc.DBAPIError) else exc).splitlines()[0]
            raise ValueError(f"--db: cannot open {parsed.render_as_string()}: {reason}") from None

    def create_table(self, table: TableRow) -> None:
        """Insert the table's setup row."""
        with self.engine.begin() as conn:
            conn.execute(
                tables_table.insert().values(
                    id=table.id,
                    game=table.game,
                    num_players=table.num_players,
                    options=json.dumps(table.options),
                    seats=json.dumps([seat.to_dict() for seat in table.seats]),
                    clock=table.clock,
                    created_at=table.created_at,
                    finished_at=table.finished_at,
                )
            )

    def write_moves(self, moves: Sequence[MoveWrite]) -> None:
        """Insert the moves and stamp the end of the games they finish, with one commit (one
        sync); the (table, seq) key refuses a second writer of the same step."""
        if not moves:
            return
        now = time.time()
        rows = [
            {
                "table_id": write.table_id,
                "seq": write.move.seq,
                "player": write.move.player,
                "action": write.move.action,
                "seen_by": write.move.seen_by,
                "at": now,
            }
            for write in moves
            if write.move is not None
        ]
        with self.engine.begin() as conn:
            if rows:
                conn.execute(moves_table.insert(), rows)
            finished = [
                {
                    "finished_id": write.table_id,
                    "won": None if write.winners is None else json.dumps(write.winners),
                }
                for write in moves
                if write.finishes
            ]
            if finished:
                conn.execute(
                    tables_table.update()
                    .where(tables_table.c.id == sa.bindparam("finished_id"))
                    .values(finished_at=now, winners=sa.bindparam("won")),
                    finished,
                )

    def load_table(self, table_id: str) -> TableRow | None:
        """One table with its moves."""
        with self.engine.connect() as conn:
            row = conn.execute(tables_table.select().where(tables_table.c.id == table_id)).first()
            if row is None:
                return None
            table = _table_from_row(row)
            table.moves = self._moves(conn, [table_id]).get(table_id, [])
            return table

    def load_unfinished(self) -> list[TableRow]:
        """Every table still in play, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                tables_table.select()
                .where(tables_table.c.finished_at.is_(None))
                .order_by(tables_table.c.created_at)
            ).all()
            tables = [_table_from_row(row) for row in rows]
            moves = self._moves(conn, [table.id for table in tables])
        for table in tables:
            table.moves = moves.get(table.id, [])
        return tables

    def finished_page(
        self, game: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[TableRow]:
        """Finished tables newest first, from the index on (finished_at, id)."""
        finished_at, table_id = tables_table.c.finished_at, tables_table.c.id
        query = tables_table.select().where(finished_at.is_not(None))
        if game is not None:
            query = query.where(tables_table.c.game == game)
        if before is not None:
            query = query.where(sa.tuple_(finished_at, table_id) < sa.tuple_(*before))
        query = query.order_by(finished_at.desc(), table_id.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [_table_from_row(row) for row in rows]

    def record_winners(self, table_id: str, winners: Sequence[int]) -> None:
        """Fill in the winners of a game that finished before they were stored."""
        with self.engine.begin() as conn:
            conn.execute(
                tables_table.update()
                .where(tables_table.c.id == table_id)
                .values(winners=json.dumps(list(winners)))
            )

    def close(self) -> None:
        """Dispose of the connection pool."""
        self.engine.dispose()

    @staticmethod
    def _moves(conn: sa.Connection, table_ids: list[str]) -> dict[str, list[MoveRow]]:
        """Moves of the given tables in step order."""
        out: dict[str, list[MoveRow]] = {table_id: [] for table_id in table_ids}
        if not table_ids:
            return out
        rows = conn.execute(
            sa.select(moves_table)
            .where(moves_table.c.table_id.in_(table_ids))
            .order_by(moves_table.c.table_id, moves_table.c.seq)
        )
        for row in rows:
            out[row.table_id].append(MoveRow(row.seq, row.player, row.action, row.seen_by))
        return out


def _add_missing_columns(engine: sa.Engine) -> None:
    """Upgrade a store made by an older meja: add the columns its tables lack (all nullable),
    with the same SQL on SQLite and PostgreSQL."""
    inspector = sa.inspect(engine)
    for table in metadata.sorted_tables:
        present = {column["name"] for column in inspector.get_columns(table.name)}
        missing = [column for column in table.columns if column.name not in present]
        if not missing:
            continue
        with engine.begin() as conn:
            for column in missing:
                kind = column.type.compile(dialect=engine.dialect)
                conn.execute(sa.text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))


def _table_from_row(row: Any) -> TableRow:
    """A TableRow from a database row (without moves)."""
    return TableRow(
        id=row.id,
        game=row.game,
        num_players=row.num_players,
        options=json.loads(row.options),
        seats=[SeatRow(**seat) for seat in json.loads(row.seats)],
        clock=row.clock,
        created_at=row.created_at,
        finished_at=row.finished_at,
        winners=None if row.winners is None else json.loads(row.winners),
    )
