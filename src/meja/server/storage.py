"""Durable tables: an append-only move log per table, in SQLite by default or any SQL database.

The server writes each accepted move here before it tells anyone about it (the moves of all
tables that arrive together share one commit), and rebuilds every unfinished table from this log
when it starts. A move taken back is never deleted: the take-back is a row of its own
(action TAKE_BACK), so the log says everything that happened, in order.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, ParamSpec, Protocol, TypeVar

import sqlalchemy as sa
from platformdirs import user_data_dir

from meja.server.migrations import SchemaError, migrate
from meja.server.protocol import DEFAULT_PACE, ApiError

P = ParamSpec("P")
R = TypeVar("R")

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
    sa.Column("pace", sa.String(16), nullable=True),
    sa.Column("hints", sa.Boolean, nullable=True),
    sa.Column("guided", sa.Boolean, nullable=True),
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("private", sa.Boolean, nullable=True),
    sa.Column("kind", sa.String(16), nullable=True),
    sa.Column("move_time", sa.Float, nullable=True),
    sa.Column("turns", sa.Text, nullable=True),
    sa.Column("ended_early", sa.Boolean, nullable=True),
    sa.Column("spectator_chat", sa.Boolean, nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
    sa.Column("owner", sa.String(80), nullable=True),
    sa.Column("lease_until", sa.Float, nullable=True),
    sa.Column("epoch", sa.BigInteger, nullable=True),
    sa.Column("wake_at", sa.Float, nullable=True),
    sa.Column("position", sa.Integer, nullable=True),
    sa.Column("present", sa.BigInteger, nullable=True),
    sa.Column("made_by", sa.String(64), nullable=True),
)
"""winners holds the winning seats of a finished game as JSON ("[]" when nobody won); NULL while
the game is in play, and for games that ended before the column was added until the lobby
replays them. pace is how fast the table's pages show steps; NULL (a table made before the
column was added) reads as DEFAULT_PACE. hints says whether seats may ask for hints (NULL: yes,
as for a table made before the column); guided marks a guided first game, and seed is the fixed
seed its chance is drawn from (NULL: chance from the system's randomness). private keeps the
table out of the lobby's lists, so only its links reach it (NULL, a table made before the
column: listed). kind is "live" or "turn_based" (NULL: live); move_time is a turn-based table's
seconds a person has for a move; turns, for a turn-based table, is JSON {"deadlines": {seat:
epoch seconds}, "standins": [seats a bot plays because the table chose so]}, written with every
step; ended_early marks a game the people ended before its end (no winner); spectator_chat lets
spectators read and write the table's chat (NULL: no); rematch is the id of the table made when
its people chose to play again.

owner is the process that serves the unfinished table until lease_until (epoch seconds), and
epoch counts the times a process took the table: a move is stored only with the epoch of the
process that took it last, so an owner that lost its lease can never write again. wake_at is
when a process must look at the table even if nobody asks (a bot to move, a deadline; NULL:
only when asked). position is the log's length and present a mask of the seats with a person
connected, for the lobby's lists; made_by is the address that made the table, for its quota."""

finished_index = sa.Index("meja_tables_finished", tables_table.c.finished_at, tables_table.c.id)
"""Pages of the finished games, newest first, cost the page, not the archive."""

open_index = sa.Index("meja_tables_created", tables_table.c.created_at, tables_table.c.id)
"""Pages of the tables in play, newest first."""

wake_index = sa.Index("meja_tables_wake", tables_table.c.wake_at)
"""The tables a process must look at by now, found without reading the others."""

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
"""seq is the row's place in the table's log, counting moves and take-backs alike; in a log
without take-backs it is the step's place in the game's history."""

chat_table = sa.Table(
    "meja_chat",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("meja_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
"""The chat of each table, never part of its game: seq orders a table's messages, seat is the
sender's (NULL for a spectator), name their name then, text plain text as sent, step the table's
log position when it was sent."""

TAKE_BACK: Final = -1
"""The action of a row that takes back its player's last move (every real action is >= 0)."""


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
    """One entry of a table's log, a step of its history or the take-back of player's last
    move (action TAKE_BACK), and which viewers were told exactly what it was."""

    seq: int
    player: int
    action: int
    seen_by: int


def standing_history(moves: Sequence[MoveRow]) -> list[tuple[int, int]]:
    """The game's history as it stands after the log's moves and take-backs, without the moves
    taken back; ValueError naming the entry when a take-back has no move of its player to take
    back. The rules are not asked whether each take-back was allowed (Room.replay does that)."""
    history: list[tuple[int, int]] = []
    for move in moves:
        if move.action != TAKE_BACK:
            history.append((move.player, move.action))
        elif history and history[-1][0] == move.player:
            history.pop()
        else:
            raise ValueError(f"log entry {move.seq}: nothing of seat {move.player} to take back")
    return history


@dataclass(frozen=True)
class ChatRow:
    """One message of a table's chat, as stored and as sent to the table."""

    seq: int
    seat: int | None
    name: str
    text: str
    step: int
    at: float

    def to_dict(self) -> dict[str, Any]:
        """The message as clients receive it."""
        return {
            "seq": self.seq,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "step": self.step,
            "at": self.at,
        }


@dataclass(frozen=True)
class MoveWrite:
    """A step to store for a table, or the end of its game (with its winning seats), or both."""

    table_id: str
    move: MoveRow | None
    finishes: bool = False
    winners: tuple[int, ...] | None = None
    """The seats that won the game it finishes; None leaves them to be found by replaying."""
    turns: dict[str, Any] | None = None
    """A turn-based table's deadlines and stand-ins after this step, stored with it."""
    ended_early: bool = False
    """The game it finishes was ended early by its people: no winner."""
    epoch: int | None = None
    """The writer's epoch of the table: the write is refused (LeaseLost) unless the table's
    stored epoch is still this one. None writes unfenced (a store used by one process)."""
    position: int | None = None
    """The table's log length once this is written, for the lobby's lists."""
    present: int | None = None
    """The mask of seats with a person connected now, for the lobby's lists."""


@dataclass
class TableRow:
    """A table's setup, as stored; its moves are kept apart in the append-only log."""

    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seats: list[SeatRow]
    clock: float | None = None
    pace: str = DEFAULT_PACE
    hints: bool = True
    guided: bool = False
    seed: int | None = None
    """The fixed seed chance is drawn from, for a guided table; None draws from the system."""
    private: bool = False
    """Left out of the lobby's lists: only the table's links reach it."""
    kind: str = "live"
    """"live", or "turn_based": the table waits up to move_time for each person's move."""
    move_time: float | None = None
    """A turn-based table's seconds per move."""
    turns: dict[str, Any] | None = None
    """A turn-based table's stored deadlines and stand-ins (see the turns column)."""
    ended_early: bool = False
    """The game was ended by its people before its end, with no winner."""
    spectator_chat: bool = False
    """Spectators may read and write the table's chat."""
    rematch: str | None = None
    """The table made when the people chose to play again."""
    chat: list[ChatRow] = field(default_factory=list)
    """The table's chat in order (loaded with the table)."""
    created_at: float = field(default_factory=time.time)
    finished_at: float | None = None
    winners: list[int] | None = None
    """The winning seats once the game is over; None if the store has not recorded them."""
    moves: list[MoveRow] = field(default_factory=list)
    made_by: str | None = None
    """The address that made the table, for its quota of tables in play."""
    owner: str | None = None
    """The process that serves the table, while its lease lasts."""
    lease_until: float | None = None
    epoch: int = 0
    """How many times a process took the table (see the epoch column)."""


@dataclass(frozen=True)
class ListedRow:
    """A table in play as the lobby's list reads it from the store."""

    id: str
    game: str
    num_players: int
    seats: list[SeatRow]
    created_at: float
    kind: str
    position: int
    present: int


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
        id) key before, newest first, without their moves; private tables are left out."""
        ...

    def record_winners(self, table_id: str, winners: Sequence[int]) -> None:
        """Store the winners of a finished game that ended without them."""
        ...

    def set_pace(self, table_id: str, pace: str) -> None:
        """Store a table's new pace."""
        ...

    def add_chat(self, table_id: str, message: ChatRow) -> None:
        """Store a message of a table's chat; a repeated (table, seq) is refused."""
        ...

    def create_rematch(self, old_id: str, table: TableRow) -> None:
        """Store a new table and point the finished table old_id to it, in one commit."""
        ...

    def set_seats(self, table_id: str, seats: Sequence[SeatRow]) -> None:
        """Store a table's seats anew (a seat of a rematch given its token)."""
        ...

    def claim(
        self, table_id: str, owner: str, now: float, seconds: float, *, force: bool = False
    ) -> Claim | None:
        """Take an unfinished table for owner's lease; None if another holds it."""
        ...

    def renew(
        self, owner: str, present: Mapping[str, int], now: float, seconds: float
    ) -> list[str]:
        """Extend owner's leases, noting who is present; the ids it no longer holds."""
        ...

    def release(self, table_id: str, epoch: int, wake_at: float | None) -> None:
        """Give a table up, to be woken at wake_at (None: when asked for)."""
        ...

    def holder(self, table_id: str) -> Holder | None:
        """Who holds a table now; None for no such table."""
        ...

    def due(
        self, wake_now: float, lease_now: float, limit: int, *, any_owner: bool = False
    ) -> list[str]:
        """Unheld (or, with any_owner, any) unfinished tables whose time to be served has
        come."""
        ...

    def unfinished_made_by(self, address: str) -> int:
        """How many tables still in play address made."""
        ...

    def open_page(
        self, game: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[ListedRow]:
        """Tables in play newest first, private ones left out."""
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
    """A rollback journal, FULL sync, and nothing mapped into memory.

    SQLite's WAL keeps its index in a memory-mapped -shm file, and a memory-mapped page that
    cannot be written (a full disk, a file cut short) kills the whole process with SIGBUS. With
    a rollback journal and mmap_size 0 every fault is an error a call returns, answered
    storage_error. Each commit costs a sync more than in WAL; the group commit shares it among
    every table's moves (docs/design.md, "The store").
    """
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA mmap_size=0")
    cursor.execute("PRAGMA journal_mode=TRUNCATE")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class StorageFault(ApiError):
    """The store failed (a full disk, a read-only or damaged file, a lost server): nothing was
    changed, and the request is answered storage_error (503) in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__("storage_error", f"the store could not do it ({reason}); try again", 503)


def _faults_in_words(method: Callable[P, R]) -> Callable[P, R]:
    """Turn the database's failures into StorageFault; a conflict of keys (IntegrityError) is
    left as it is, for the group commit to find the one move refused."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except sa.exc.IntegrityError:
            raise
        except (sa.exc.DBAPIError, OSError) as exc:
            cause = exc.orig if isinstance(exc, sa.exc.DBAPIError) else exc
            reason = (str(cause).splitlines() or [type(cause).__name__])[0][:200]
            raise StorageFault(reason) from exc

    return wrapper


class LeaseLost(ApiError):
    """The table was taken by another process (this one's lease lapsed): nothing was written,
    and the page is told to reconnect, which finds the table's new owner."""

    def __init__(self, table_ids: Sequence[str]) -> None:
        super().__init__(
            "moved",
            "the table moved to another server process; your page reconnects to it",
            503,
        )
        self.table_ids = tuple(table_ids)


@dataclass(frozen=True)
class Claim:
    """A table taken: the epoch its writes carry now, and the process that held it before
    (None: nobody, or this one)."""

    epoch: int
    taken_from: str | None


@dataclass(frozen=True)
class Holder:
    """Who serves an unfinished table now: a process and until when, or nobody."""

    owner: str | None
    lease_until: float | None
    epoch: int
    finished: bool

    def held_by_other(self, me: str, now: float) -> bool:
        """Whether a live lease of another process holds the table."""
        return (
            not self.finished
            and self.owner is not None
            and self.owner != me
            and (self.lease_until or 0.0) >= now
        )


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
            migrate(self.engine, metadata)
        except (sa.exc.SQLAlchemyError, SchemaError) as exc:
            self.engine.dispose()
            reason = str(exc.orig if isinstance(exc, sa.exc.DBAPIError) else exc).splitlines()[0]
            raise ValueError(f"--db: cannot open {parsed.render_as_string()}: {reason}") from None

    @_faults_in_words
    def create_table(self, table: TableRow) -> None:
        """Insert the table's setup row."""
        with self.engine.begin() as conn:
            self._insert_table(conn, table)

    @_faults_in_words
    def create_rematch(self, old_id: str, table: TableRow) -> None:
        """Insert the new table and point the old one to it, committed together."""
        with self.engine.begin() as conn:
            self._insert_table(conn, table)
            conn.execute(
                tables_table.update().where(tables_table.c.id == old_id).values(rematch=table.id)
            )

    @_faults_in_words
    def set_seats(self, table_id: str, seats: Sequence[SeatRow]) -> None:
        """Replace a table's seats, committed before the call returns."""
        with self.engine.begin() as conn:
            conn.execute(
                tables_table.update()
                .where(tables_table.c.id == table_id)
                .values(seats=json.dumps([seat.to_dict() for seat in seats]))
            )

    @staticmethod
    def _insert_table(conn: sa.Connection, table: TableRow) -> None:
        """The insert of a table's setup row."""
        conn.execute(
            tables_table.insert().values(
                id=table.id,
                game=table.game,
                num_players=table.num_players,
                options=json.dumps(table.options),
                seats=json.dumps([seat.to_dict() for seat in table.seats]),
                clock=table.clock,
                pace=table.pace,
                hints=table.hints,
                guided=table.guided,
                seed=table.seed,
                private=table.private,
                kind=table.kind,
                move_time=table.move_time,
                spectator_chat=table.spectator_chat,
                created_at=table.created_at,
                finished_at=table.finished_at,
                made_by=table.made_by,
                owner=table.owner,
                lease_until=table.lease_until,
                epoch=table.epoch,
                wake_at=table.created_at,
                position=0,
                present=0,
            )
        )

    @_faults_in_words
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
            self._fence(conn, moves)
            if rows:
                conn.execute(moves_table.insert(), rows)
            finished = [
                {
                    "finished_id": write.table_id,
                    "won": None if write.winners is None else json.dumps(write.winners),
                    "early": write.ended_early or None,
                }
                for write in moves
                if write.finishes
            ]
            if finished:
                conn.execute(
                    tables_table.update()
                    .where(tables_table.c.id == sa.bindparam("finished_id"))
                    .values(
                        finished_at=now,
                        winners=sa.bindparam("won"),
                        ended_early=sa.bindparam("early"),
                    ),
                    finished,
                )
            turns = [
                {"turns_id": write.table_id, "new_turns": json.dumps(write.turns)}
                for write in moves
                if write.turns is not None
            ]
            if turns:
                conn.execute(
                    tables_table.update()
                    .where(tables_table.c.id == sa.bindparam("turns_id"))
                    .values(turns=sa.bindparam("new_turns")),
                    turns,
                )

    @staticmethod
    def _fence(conn: sa.Connection, moves: Sequence[MoveWrite]) -> None:
        """Refuse the whole write (LeaseLost) unless every fenced table still has the writer's
        epoch, read under a row lock that a taking process's update waits for; then note each
        table's position and who is present."""
        last: dict[str, MoveWrite] = {}
        for write in moves:
            if write.epoch is not None:
                last[write.table_id] = write
        if not last:
            return
        c = tables_table.c
        held = conn.execute(
            sa.select(c.id, c.epoch).where(c.id.in_(list(last))).with_for_update()
        ).all()
        stored = {row.id: row.epoch for row in held}
        lost = [key for key, write in last.items() if stored.get(key) != write.epoch]
        if lost:
            raise LeaseLost(lost)
        conn.execute(
            tables_table.update()
            .where(c.id == sa.bindparam("fenced_id"))
            .values(position=sa.bindparam("new_position"), present=sa.bindparam("new_present")),
            [
                {
                    "fenced_id": key,
                    "new_position": write.position,
                    "new_present": write.present,
                }
                for key, write in last.items()
            ],
        )

    # --- leases: one process serves each unfinished table ---------------------------------
    @_faults_in_words
    def claim(
        self, table_id: str, owner: str, now: float, seconds: float, *, force: bool = False
    ) -> Claim | None:
        """Take the unfinished table for owner until now + seconds, if no other process holds
        a live lease on it (or force: the store has one process); None if it may not."""
        c = tables_table.c
        free = sa.or_(c.owner.is_(None), c.owner == owner, c.lease_until < now)
        with self.engine.begin() as conn:
            before = conn.execute(sa.select(c.owner).where(c.id == table_id)).scalar()
            taken = conn.execute(
                tables_table.update()
                .where(c.id == table_id, c.finished_at.is_(None), sa.true() if force else free)
                .values(
                    owner=owner,
                    lease_until=now + seconds,
                    epoch=sa.func.coalesce(c.epoch, 0) + 1,
                    wake_at=now,
                )
            )
            if taken.rowcount != 1:
                return None
            epoch = conn.execute(sa.select(c.epoch).where(c.id == table_id)).scalar_one()
        return Claim(int(epoch), None if before == owner else before)

    @_faults_in_words
    def renew(
        self, owner: str, present: Mapping[str, int], now: float, seconds: float
    ) -> list[str]:
        """Extend owner's leases on the tables of present to now + seconds, noting who is
        connected at each; the ids of those it no longer holds (another process took them)."""
        if not present:
            return []
        c = tables_table.c
        with self.engine.begin() as conn:
            conn.execute(
                tables_table.update()
                .where(c.owner == owner, c.id == sa.bindparam("renewed_id"))
                .values(lease_until=now + seconds, present=sa.bindparam("now_present")),
                [{"renewed_id": key, "now_present": mask} for key, mask in present.items()],
            )
            held = set(
                conn.execute(
                    sa.select(c.id).where(c.owner == owner, c.id.in_(list(present)))
                ).scalars()
            )
        return [table_id for table_id in present if table_id not in held]

    @_faults_in_words
    def release(self, table_id: str, epoch: int, wake_at: float | None) -> None:
        """Give the table up (if still held at epoch), to be woken by any process at wake_at
        (None: when someone asks for it)."""
        c = tables_table.c
        with self.engine.begin() as conn:
            conn.execute(
                tables_table.update()
                .where(c.id == table_id, c.epoch == epoch)
                .values(owner=None, lease_until=None, wake_at=wake_at)
            )

    @_faults_in_words
    def holder(self, table_id: str) -> Holder | None:
        """Who holds the table now, or None for no such table."""
        c = tables_table.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(c.owner, c.lease_until, c.epoch, c.finished_at).where(c.id == table_id)
            ).first()
        if row is None:
            return None
        return Holder(row.owner, row.lease_until, row.epoch or 0, row.finished_at is not None)

    @_faults_in_words
    def due(
        self, wake_now: float, lease_now: float, limit: int, *, any_owner: bool = False
    ) -> list[str]:
        """Unfinished tables to be served by wake_now (the tables' clock) that no lease holds
        at lease_now (with any_owner, held or not: the store has one process): those a process
        was serving when it stopped, and those whose time to be woken has come."""
        c = tables_table.c
        unheld = sa.true() if any_owner else sa.or_(c.owner.is_(None), c.lease_until < lease_now)
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    sa.select(c.id)
                    .where(c.wake_at <= wake_now, c.finished_at.is_(None), unheld)
                    .order_by(c.wake_at)
                    .limit(limit)
                ).scalars()
            )

    @_faults_in_words
    def unfinished_made_by(self, address: str) -> int:
        """How many tables still in play address made."""
        c = tables_table.c
        with self.engine.connect() as conn:
            count = conn.execute(
                sa.select(sa.func.count())
                .select_from(tables_table)
                .where(c.made_by == address, c.finished_at.is_(None))
            ).scalar_one()
        return int(count)

    @_faults_in_words
    def open_page(
        self, game: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[ListedRow]:
        """Tables in play newest first (of game, if given), private ones left out."""
        c = tables_table.c
        query = sa.select(
            c.id, c.game, c.num_players, c.seats, c.created_at, c.kind, c.position, c.present
        ).where(c.finished_at.is_(None), sa.or_(c.private.is_(None), ~c.private))
        if game is not None:
            query = query.where(c.game == game)
        if before is not None:
            query = query.where(sa.tuple_(c.created_at, c.id) < sa.tuple_(*before))
        query = query.order_by(c.created_at.desc(), c.id.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            ListedRow(
                row.id,
                row.game,
                row.num_players,
                [SeatRow(**seat) for seat in json.loads(row.seats)],
                row.created_at,
                row.kind or "live",
                row.position or 0,
                row.present or 0,
            )
            for row in rows
        ]

    @_faults_in_words
    def load_table(self, table_id: str) -> TableRow | None:
        """One table with its moves."""
        with self.engine.connect() as conn:
            row = conn.execute(tables_table.select().where(tables_table.c.id == table_id)).first()
            if row is None:
                return None
            table = _table_from_row(row)
            table.moves = self._moves(conn, [table_id]).get(table_id, [])
            table.chat = self._chat(conn, [table_id]).get(table_id, [])
            return table

    @_faults_in_words
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
            chat = self._chat(conn, [table.id for table in tables])
        for table in tables:
            table.moves = moves.get(table.id, [])
            table.chat = chat.get(table.id, [])
        return tables

    @_faults_in_words
    def finished_page(
        self, game: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[TableRow]:
        """Finished tables newest first, from the index on (finished_at, id)."""
        finished_at, table_id = tables_table.c.finished_at, tables_table.c.id
        query = tables_table.select().where(
            finished_at.is_not(None),
            sa.or_(tables_table.c.private.is_(None), ~tables_table.c.private),
        )
        if game is not None:
            query = query.where(tables_table.c.game == game)
        if before is not None:
            query = query.where(sa.tuple_(finished_at, table_id) < sa.tuple_(*before))
        query = query.order_by(finished_at.desc(), table_id.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [_table_from_row(row) for row in rows]

    @_faults_in_words
    def record_winners(self, table_id: str, winners: Sequence[int]) -> None:
        """Fill in the winners of a game that finished before they were stored."""
        with self.engine.begin() as conn:
            conn.execute(
                tables_table.update()
                .where(tables_table.c.id == table_id)
                .values(winners=json.dumps(list(winners)))
            )

    @_faults_in_words
    def set_pace(self, table_id: str, pace: str) -> None:
        """Change a table's pace, committed before the call returns."""
        with self.engine.begin() as conn:
            conn.execute(
                tables_table.update().where(tables_table.c.id == table_id).values(pace=pace)
            )

    @_faults_in_words
    def add_chat(self, table_id: str, message: ChatRow) -> None:
        """Insert a chat message, committed before the call returns."""
        with self.engine.begin() as conn:
            conn.execute(chat_table.insert().values(table_id=table_id, **message.to_dict()))

    def close(self) -> None:
        """Dispose of the connection pool."""
        self.engine.dispose()

    @staticmethod
    def _chat(conn: sa.Connection, table_ids: list[str]) -> dict[str, list[ChatRow]]:
        """The chat of the given tables, each in order."""
        out: dict[str, list[ChatRow]] = {table_id: [] for table_id in table_ids}
        if not table_ids:
            return out
        rows = conn.execute(
            sa.select(chat_table)
            .where(chat_table.c.table_id.in_(table_ids))
            .order_by(chat_table.c.table_id, chat_table.c.seq)
        )
        for row in rows:
            out[row.table_id].append(
                ChatRow(row.seq, row.seat, row.name, row.text, row.step, row.at)
            )
        return out

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


def _table_from_row(row: Any) -> TableRow:
    """A TableRow from a database row (without moves)."""
    return TableRow(
        id=row.id,
        game=row.game,
        num_players=row.num_players,
        options=json.loads(row.options),
        seats=[SeatRow(**seat) for seat in json.loads(row.seats)],
        clock=row.clock,
        pace=row.pace or DEFAULT_PACE,
        hints=row.hints is not False,
        guided=bool(row.guided),
        seed=row.seed,
        private=bool(row.private),
        kind=row.kind or "live",
        move_time=row.move_time,
        turns=None if row.turns is None else json.loads(row.turns),
        ended_early=bool(row.ended_early),
        spectator_chat=bool(row.spectator_chat),
        rematch=row.rematch,
        created_at=row.created_at,
        finished_at=row.finished_at,
        winners=None if row.winners is None else json.loads(row.winners),
        made_by=row.made_by,
        owner=row.owner,
        lease_until=row.lease_until,
        epoch=row.epoch or 0,
    )
