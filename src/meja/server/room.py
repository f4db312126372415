"""A table in play: the authoritative state and its log, its seats and connections, and the
move path every change takes under the table's one lock: validate, store, apply, publish.

Its other jobs are parts of their own, mixed in: what it shows (table_views.py), its clocks
(table_clocks.py), the driver that moves chance and bots (table_driver.py), and chat and
rematches (table_talk.py)."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
import time
from typing import Any

import orjson

from meja.bots import Bot, make_bot
from meja.core import Game, IllegalAction, State
from meja.server.chat import CHAT_SENT, ChatLimit
from meja.server.connection import CLOSE_MOVED, Connection
from meja.server.protocol import PACES, ApiError, illegal
from meja.server.storage import (
    TAKE_BACK,
    ChatRow,
    LeaseLost,
    MoveRow,
    MoveWrite,
    TableRow,
)
from meja.server.table_clocks import TableClocks
from meja.server.table_driver import TableDriver
from meja.server.table_parts import (
    SeatState,
    Seen,
    Services,
    Step,
    hash_token,
    make_step,
    standin_for,
    take_back_step,
)
from meja.server.table_talk import TableTalk
from meja.server.table_views import TableViews

log = logging.getLogger("meja.server")

__all__ = ["Room", "Services", "hash_token"]


class Room(TableViews, TableClocks, TableDriver, TableTalk):
    """One table: every change goes through here, under one lock, stored before it is shown."""

    def __init__(self, table: TableRow, game: Game, services: Services) -> None:
        self.table = table
        self.game = game
        self.services = services
        self.state: State = game.new_state(table.num_players, **table.options)
        self.log: list[Step] = []
        """Every entry of the log, moves and take-backs; its length is the table's position."""
        self._standing: list[int] = []
        """The log position of each step of the history as it stands."""
        self._taken_back: dict[int, tuple[int, int]] = {}
        """Moves taken back: their log position and their (player, action)."""
        self._take_backs: dict[int, int] = {}
        """Take-backs: their log position and the log position of the move each took back."""
        self.seats = [
            SeatState(seat.kind, seat.name, seat.bot, seat.token_hash) for seat in table.seats
        ]
        for seat in self.seats:
            if seat.kind == "bot" and seat.bot:
                seat.bot_instance = make_bot(seat.bot, game)
        self.connections: set[Connection] = set()
        self.epoch: int | None = table.epoch or None
        """The epoch this process took the table at: its writes are refused once another
        process has taken it since (None: writes unfenced)."""
        self.last_busy = time.monotonic()
        """When a socket, a step or a store write last touched the table: an idle table
        leaves memory after --idle-seconds."""
        self._stored_present = 0
        """The mask of connected seats the store holds."""
        self._steps_stored = services.metrics.steps_stored.labels(game.name)
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self.idle_looks = 0
        """Times the driver looked at the seats and clocks and found nothing due: what a test
        that moved the clock by hand waits on before it says nothing happened."""
        self._rng = random.Random(secrets.randbits(64))
        self._chance_rng = random.SystemRandom()
        self._standin: Bot = standin_for(game, services.standin_bots)
        self._driver: asyncio.Task[None] | None = None
        self._seen_for: State | None = None
        self._seen_step = -1
        self._seen_now: dict[int | None, Seen] = {}
        self._undo_known: tuple[int, bool] = (-1, False)
        self._hints: dict[int, tuple[int, asyncio.Future[Any]]] = {}
        """The hint being worked out, or worked out, for each seat, with the log position it
        is for: asking again at the same position waits for the same answer."""
        self.chat: list[ChatRow] = list(table.chat)
        """The table's chat in order, as stored."""
        self._chat_limit = ChatLimit()
        self._chat_lock = asyncio.Lock()
        self._stats: list[dict[str, Any]] | None = None
        """The finished game's statistics, once worked out."""
        self.turn_based = table.kind == "turn_based"
        """The table waits up to its move_time for each person's move, and never pauses."""
        self._saved_turns: dict[str, Any] | None = table.turns
        """A turn-based table's deadlines and stand-ins as the store holds them."""
        self._paused_at: float | None = None
        """When the last person's socket closed at a table of people, while nobody is back."""
        self._presence_due: asyncio.TimerHandle | None = None
        """The presence update about to be sent, if one is."""
        self._last_revealed: bool | None = None
        """Whether the history's last step told any viewer something new; None after a
        take-back, whose newly last step is judged by the rules' replay instead."""
        """Whether the seat that played the history's last step may take it back, and the log
        position that answer is for."""

    def replay(self, moves: list[MoveRow]) -> None:
        """Rebuild the state from the stored log, checking every move and take-back against the
        rules."""
        for move in moves:
            try:
                if move.action == TAKE_BACK:
                    self._take_back(move.player, self.state.undone(move.player))
                    continue
                self.state.check(move.action, move.player)
            except IllegalAction as exc:
                raise ValueError(f"table {self.table.id}, step {move.seq}: {exc}") from None
            step, _, self._last_revealed = make_step(self.state, move.player, move.action)
            self._step(step)
            self.state.apply(move.action, move.player)

    @property
    def position(self) -> int:
        """Entries in the log, moves and take-backs: it only grows."""
        return len(self.log)

    def _step(self, step: Step) -> None:
        """Log a move about to be applied to the state."""
        self._standing.append(len(self.log))
        self.log.append(step)

    def _take_back(self, player: int, state: State) -> None:
        """Log player's take-back of the history's last step and make state, the game without
        it, the table's."""
        undid = self._standing.pop()
        self._taken_back[undid] = self.state.history[-1]
        self._take_backs[len(self.log)] = undid
        self.log.append(take_back_step(player, undid, self.table.num_players))
        self.state = state
        self._last_revealed = None

    def entries(self) -> list[tuple[int, int]]:
        """The log as (player, action) pairs, a take-back's action being TAKE_BACK."""
        history = iter(self.state.history)
        out = []
        for seq, (player, _, _) in enumerate(self.log):
            if seq in self._take_backs:
                out.append((player, TAKE_BACK))
            else:
                out.append(self._taken_back.get(seq) or next(history))
        return out

    def start(self) -> None:
        """Begin moving chance and bots along."""
        self._note_changes()
        people = any(seat.kind == "human" for seat in self.seats)
        if people and not self.turn_based and not self._present() and self._paused_at is None:
            self._paused_at = self._now()
        if self._driver is None and not self.finished:
            if self.turn_based:
                self._restore_turns()
            self._refresh_turns()
            self.services.stalls.watch(self)
            self._driver = asyncio.create_task(self._drive(), name=f"table {self.table.id}")
            self._driver.add_done_callback(self._driver_done)

    def _driver_done(self, task: asyncio.Task[None]) -> None:
        """A driver that dies would stall the table: say why, loudly."""
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s stopped moving", self.table.id, exc_info=task.exception())

    def wake(self) -> None:
        """Have the driver look at the clocks and the seats again now."""
        self._wake.set()

    async def stop(self) -> None:
        """Stop the driver and close every connection."""
        if self._presence_due is not None:
            self._presence_due.cancel()
            self._presence_due = None
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
            self._driver = None
        for conn in list(self.connections):
            conn.close()

    def idle(self, now: float, after: float) -> bool:
        """Whether the table may leave memory: no socket, nothing for the server to move, no
        hint being worked out, and nothing has happened for after seconds."""
        return (
            not self.connections
            and not self._lock.locked()
            and now - self.last_busy >= after
            and (self.finished or self._automatic_seat() is None)
            and all(future.done() for _, future in self._hints.values())
        )

    def next_wake(self) -> float | None:
        """When a process must load the table again though nobody asks: its next deadline
        (a paused live table has none)."""
        return None if self.finished else self._next_deadline()

    def move_away(self, reason: str) -> None:
        """Close every connection with a code that makes pages reconnect: another process
        serves the table now, or will once loaded again."""
        for conn in list(self.connections):
            conn.close(CLOSE_MOVED, reason)

    def authenticate(self, token: str | None) -> int | None:
        """The seat a token opens, None for a spectator; ApiError(bad_token) for a forged one."""
        if token is None:
            return None
        digest = hash_token(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                return index
        raise ApiError("bad_token", "this seat link is not valid for this table", 403)

    @property
    def finished(self) -> bool:
        """Whether the game is over: played to its end, or ended early by its people."""
        return self.table.ended_early or self.state.is_terminal()

    async def attach(self, conn: Connection) -> None:
        """A client joined: welcome it with the whole state, and tell the others in a presence
        update; if a player returned, or the table was paused, everyone gets the state anew."""
        async with self._lock:
            self.last_busy = time.monotonic()
            changed = False
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.connections += 1
                seat.left_at = None
                if self._return(conn.seat):
                    await self._save_turns()
                    changed = True
                changed = self._resume() or changed
            # Joined only now: an update sent while the turns were being stored must not
            # reach the socket before its welcome.
            self.connections.add(conn)
            conn.push({"type": "welcome", "seat": conn.seat, "table": self.summary()})
            if self.may_read_chat(conn.seat):
                latest = [message.to_dict() for message in self.chat[-CHAT_SENT:]]
                conn.push({"type": "chat_log", "messages": latest})
            await self._store_presence()
            if changed:
                self._broadcast()
            else:
                self._send_state(conn)
            self._presence_soon()
            self._wake.set()

    async def detach(self, conn: Connection) -> None:
        """A client left; a seat left empty gets a grace period before a bot stands in. The
        others are told in a presence update, or the whole state when the table pauses."""
        async with self._lock:
            if conn not in self.connections:
                return
            self.connections.discard(conn)
            self.last_busy = time.monotonic()
            paused = False
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.connections -= 1
                if seat.connections == 0 and not self.finished:
                    seat.left_at = self._now()
                    if not self._present() and not self.turn_based:
                        self._paused_at = self._now()
                        paused = True
            await self._store_presence()
            if paused:
                self._broadcast()
            self._presence_soon()
            self._wake.set()

    async def come_back(self, seat: int) -> None:
        """The seat's player says they are back."""
        async with self._lock:
            if self._return(seat):
                await self._save_turns()
                self._broadcast()
                self._wake.set()

    def _return(self, seat: int) -> bool:
        """Clear the seat's absence; its clock starts afresh."""
        state = self.seats[seat]
        if state.away is None:
            return False
        state.away = None
        if state.turn_started is not None:
            state.turn_started = self._now()
        return True

    async def submit(self, seat: int | None, action: int, step: int | None) -> None:
        """A move from a person: checked by the rules, stored, then shown to everyone."""
        if seat is None:
            raise ApiError("spectator", "spectators cannot make moves", 403)
        received = time.perf_counter()
        async with self._lock:
            self._check_fresh(seat, step, "move")
            if action >= self.game.num_actions(self.table.num_players):
                raise ApiError(
                    "illegal_action", f"{action} is not an action of {self.game.title}", 409
                )
            self._return(seat)
            await self._commit(seat, action)
        self.services.metrics.move_ack.observe(time.perf_counter() - received)

    def _check_fresh(self, seat: int, step: int | None, what: str) -> None:
        """Refuse a person's move or take-back chosen on a board the seat has seen change
        since, or from a seat a bot plays, or at a game its people ended."""
        if self.table.ended_early:
            raise ApiError("game_over", "the game was ended early", 409)
        now = self.position
        if step is not None and not self.seats[seat].changed_at <= step <= now:
            raise ApiError(
                "stale",
                f"the {what} was chosen at step {step}, but the moves you may make have"
                f" changed since (the game is at step {now})",
                409,
            )
        if self.seats[seat].kind != "human":
            raise ApiError("not_your_turn", "your seat is played by a bot", 409)

    async def undo(self, seat: int | None, step: int | None) -> None:
        """A person takes back their last move: allowed by the rules, stored, then shown.

        The take-back is stored through the same group commit as moves, before the state
        changes or anyone is told, so an acknowledged take-back survives any crash.
        """
        if seat is None:
            raise ApiError("spectator", "spectators have no moves to take back", 403)
        async with self._lock:
            self._check_fresh(seat, step, "take-back")
            try:
                state = self.state.undone(seat)
            except IllegalAction as exc:
                raise ApiError("cannot_undo", str(exc), 409) from None
            row = MoveRow(self.position, seat, TAKE_BACK, (1 << (self.table.num_players + 1)) - 1)
            try:
                await self._store(row)
            except LeaseLost:
                raise
            except Exception as exc:
                log.exception("table %s: storing take-back %d failed", self.table.id, row.seq)
                raise ApiError(
                    "storage_error", "the take-back could not be saved; try again", 503
                ) from exc
            self._return(seat)
            self._take_back(seat, state)
            self._note_changes()
            self._refresh_turns()
            await self._save_turns()
            self._broadcast()
            self._wake.set()

    async def set_pace(self, seat: int | None, pace: str) -> None:
        """A person sets the table's pace: stored, then every page is told."""
        if seat is None:
            raise ApiError("spectator", "spectators cannot change the pace", 403)
        if pace not in PACES:
            raise ApiError("bad_request", f"pace: must be one of {', '.join(PACES)}")
        async with self._lock:
            if pace == self.table.pace:
                return
            try:
                await asyncio.get_running_loop().run_in_executor(
                    self.services.db_executor, self.services.storage.set_pace, self.table.id, pace
                )
            except Exception as exc:
                log.exception("table %s: storing the pace failed", self.table.id)
                raise ApiError(
                    "storage_error", "the pace could not be saved; try again", 503
                ) from exc
            self.table.pace = pace
            self._broadcast()

    async def _commit(self, player: int, action: int) -> None:
        """Take a step in four parts: validate it (the rules' check, once), store it, apply
        it, publish it. A refusal by the rules or the store leaves everything unchanged; the
        caller holds the lock, so the state cannot change while the store writes."""
        seat, step, move, revealed = self._validate(player, action)
        await self._store_step(move)
        self._apply(seat, action, step, revealed)
        await self._publish()

    def _validate(self, player: int, action: int) -> tuple[int, Step, MoveRow, bool]:
        """The rules' check of player's action, and its log entry and stored row; whether it
        tells any viewer something new."""
        try:
            seat = self.state.check(action, player)
        except IllegalAction as exc:
            raise illegal(exc) from None
        step, seen_by, revealed = make_step(self.state, seat, action)
        return seat, step, MoveRow(self.position, seat, action, seen_by), revealed

    async def _store_step(self, move: MoveRow) -> None:
        """Store a checked step; storage_error (503) if the store refused it."""
        try:
            await self._store(move)
        except LeaseLost:
            raise
        except Exception as exc:
            log.exception("table %s: storing step %d failed", self.table.id, move.seq)
            raise ApiError("storage_error", "the move could not be saved; try again", 503) from exc
        self._steps_stored.inc()

    def _apply(self, seat: int, action: int, step: Step, revealed: bool) -> None:
        """Take a stored step: log it and play it on the state, checked already."""
        self._step(step)
        self.state.apply_checked(action, seat)
        self._last_revealed = revealed
        if seat >= 0:
            self.seats[seat].turn_started = None
            self.seats[seat].overdue_since = None

    async def _publish(self) -> None:
        """After a step: stamp a game's end, note who sees what changed, restart the clocks,
        store the deadlines, and send every socket what it lacks."""
        if self.state.is_terminal():
            await self._store_end()
        self._note_changes()
        self._refresh_turns()
        await self._save_turns()
        self._broadcast()
        self._wake.set()

    async def _store(self, move: MoveRow | None, **fields: Any) -> None:
        """Write a step (or the table's other changes) through the group commit, fenced by
        the table's epoch; a lease lost to another process stops this room for good."""
        write = MoveWrite(
            self.table.id,
            move,
            epoch=self.epoch,
            position=self.position + (move is not None),
            present=self.present_mask(),
            **fields,
        )
        try:
            await self.services.commits.write(write)
        except LeaseLost:
            log.warning("table %s: another process took it over", self.table.id)
            self.services.lost(self.table.id)
            raise
        self._stored_present = write.present
        self.last_busy = time.monotonic()

    async def _store_presence(self) -> None:
        """Store who is connected when it changed, for every process's lobby list; a failure
        is logged (the list catches up at the next write or lease renewal)."""
        if self.finished or self.present_mask() == self._stored_present:
            return
        try:
            await self._store(None)
        except Exception as exc:
            log.warning("table %s: storing who is connected failed: %s", self.table.id, exc)

    def present_mask(self) -> int:
        """The seats with a person connected, bit n for seat n."""
        return sum(1 << index for index, seat in enumerate(self.seats) if seat.connections)

    async def _store_end(self) -> None:
        """Stamp the game's end in the store; the moves are stored already, so a failure here
        only leaves the table to be found finished when it is next loaded."""
        try:
            winners = tuple(self.state.winners())
            await self._store(None, finishes=True, winners=winners)
        except Exception:
            log.exception("table %s: storing the end of the game failed", self.table.id)

    def _note_changes(self) -> None:
        """Record, for each seat, whether the moves it may make changed with the last step.

        A move chosen at an earlier step is still good if the seat's choices are as they were:
        in a simultaneous phase, another seat placing a cake on its own board or committing a
        secret choice does not take a person's move away from them.
        """
        for index, seat in enumerate(self.seats):
            if seat.kind != "human":
                continue
            seen = orjson.dumps(self._seen(index)[1])
            if seen != seat.seen:
                seat.seen = seen
                seat.changed_at = self.position
