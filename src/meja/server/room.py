"""A table in play: the authoritative state, its seats and connections, and the task that moves
chance, bots and absent players along so that no game stalls."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from meja.bots import Bot, make_bot
from meja.bots.hints import hint, offers_hints
from meja.bots.random_bot import RandomBot
from meja.core import CHANCE, Game, IllegalAction, State
from meja.core.game import sample_chance
from meja.core.registry import outcome_of, statistics_of
from meja.core.told import say, told_all, told_in_full
from meja.core.undo import may_take_back
from meja.server.bot_lanes import BotLanes
from meja.server.chat import CHAT_SENT, ChatLimit, clean_text
from meja.server.config import Settings
from meja.server.connection import CLOSE_MOVED, Connection, encode
from meja.server.group_commit import GroupCommit
from meja.server.metrics import Metrics
from meja.server.protocol import PACES, TIMEOUT_CHOICES, ApiError, illegal
from meja.server.stalls import Stalls
from meja.server.storage import (
    TAKE_BACK,
    ChatRow,
    LeaseLost,
    MoveRow,
    MoveWrite,
    Storage,
    TableRow,
)

log = logging.getLogger("meja.server")

Seen = tuple[dict[str, Any], list[dict[str, Any]]]
"""A viewer's view and its legal moves with their names."""

PRESENCE_DELAY = 0.05
"""Seconds comings and goings are gathered for before one presence update tells them."""

RETRY_PAUSE = 1.0
"""Seconds before the server retries a move of its own that could not be stored."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat token: enough to check it, useless to steal."""
    return hashlib.sha256(token.encode()).hexdigest()


def standin_for(game: Game, preference: tuple[str, ...]) -> Bot:
    """The first bot of preference that can play game (random plays every game)."""
    for spec in preference:
        try:
            return make_bot(spec, game)
        except ValueError:
            continue
    return make_bot("random", game)


@dataclass
class Services:
    """What every room shares: the store, the threads that do slow work, the settings."""

    storage: Storage
    settings: Settings
    db_executor: Executor
    bot_executor: Executor
    standin_bots: tuple[str, ...]
    """Bots that may play for absent players, best first; the first that suits the game plays."""
    commits: GroupCommit
    """Writes every table's moves, many to a commit."""
    clock: Callable[[], float] = time.time
    """The time now, in seconds since the epoch: clocks, graces and stored deadlines read it
    (tests give a clock they move by hand)."""
    lost: Callable[[str], None] = lambda _table_id: None
    """Told the id of a table another process took over: its room must go."""
    metrics: Metrics = field(default_factory=Metrics)
    """The counters the server's /metrics shows; the app gives its own."""
    stalls: Stalls = field(init=False)
    """Gives every table's clocks back the time the server itself was not running."""
    bots: BotLanes = field(init=False)
    """Bot time shared between tables: a quick lane, and a search lane taken in turn."""

    def __post_init__(self) -> None:
        self.stalls = Stalls(self.clock)
        self.bots = BotLanes(self.bot_executor, self.settings.bot_threads)


Heard = tuple[str, bool, tuple[tuple[str, Any], ...]]
"""What one viewer was told of a step: its sentence (seats as {n}), whether the step was named to
it, the record."""

Step = tuple[int, str, tuple[Heard, ...]]
"""One entry of the log as the room keeps it: the player, the step's sentence in full (told to
everyone once the game is over), and what each seat, then the spectator, heard of it. Plain
tuples of plain values, which the garbage collector stops tracking: a busy server keeps hundreds
of thousands, and scanning them all would pause every table."""

TOOK_BACK = "{n} took back a move."
"""The log's sentence for a take-back, the same for every viewer: it says no more of the move
taken back than the line that told it."""


def make_step(before: State, player: int, action: int) -> tuple[Step, int, bool]:
    """The step of player's action from state before, the mask of viewers told exactly which
    step it was (bit n is the spectator), and whether it told any viewer something new."""
    told = told_all(before, player, action)
    heard = tuple((each.text, each.action is not None, tuple(each.record.items())) for each in told)
    seen_by = sum(1 << index for index, each in enumerate(told) if each.action is not None)
    revealed = any(each.reveals for each in told)
    return (player, told_in_full(before, player, action).text, heard), seen_by, revealed


def take_back_step(player: int, undid: int, num_players: int) -> Step:
    """The log entry of player taking back the move of log entry undid: told to every viewer
    alike, with the entry it strikes out."""
    text = TOOK_BACK.replace("{n}", f"{{{player}}}")
    heard: Heard = (text, True, (("undo", True), ("undid", undid)))
    return (player, text, (heard,) * (num_players + 1))


@dataclass
class SeatState:
    """A seat's setup plus what the room knows of its player right now."""

    kind: str
    name: str
    bot: str | None
    token_hash: str | None
    connections: int = 0
    away: str | None = None
    left_at: float | None = None
    turn_started: float | None = None
    overdue_since: float | None = None
    """At a turn-based table, when the seat's time to move ran out, until the people choose."""
    changed_at: int = 0
    """The log position at which what this seat sees last changed; older moves are stale."""
    seen: bytes | None = None
    """What the seat saw at changed_at, encoded: bytes cost the garbage collector nothing."""
    bot_instance: Bot | None = field(default=None, repr=False)

    def public(self, index: int) -> dict[str, Any]:
        """What everyone at the table may know about the seat."""
        return {
            "seat": index,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "connected": self.connections > 0,
            "away": self.away,
            "overdue": self.overdue_since is not None,
        }


class Room:
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

    # --- building --------------------------------------------------------------------
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

    # --- who is who --------------------------------------------------------------------
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

    def summary(self) -> dict[str, Any]:
        """The public facts of the table, for the lobby and every client."""
        return {
            "id": self.table.id,
            "game": self.game.name,
            "title": self.game.title,
            "num_players": self.table.num_players,
            "options": self.table.options,
            "clock": self.table.clock,
            "pace": self.table.pace,
            "hints": self.table.hints,
            "guided": self.table.guided,
            "private": self.table.private,
            "kind": self.table.kind,
            "move_time": self.table.move_time,
            "ended_early": self.table.ended_early,
            "spectator_chat": self.table.spectator_chat,
            "rematch": self.table.rematch,
            "seats": [seat.public(i) for i, seat in enumerate(self.seats)],
            "step": self.position,
            "finished": self.finished,
            "created_at": self.table.created_at,
            "paused": self._paused_at is not None,
        }

    # --- messages ----------------------------------------------------------------------
    def log_for(
        self, viewer: int | None, start: int = 0, *, as_told: bool = False
    ) -> list[dict[str, Any]]:
        """The move log from start on, as the game told this viewer; every step named once the
        game is over, unless as_told asks for the words of the time (replays as a seat saw it).

        Each text is a sentence with the seats by their names and the viewer's own as "You", or
        empty for a step whose sense a later sentence carries. named says whether the viewer was
        told exactly which step it was.
        """
        names = [seat.name for seat in self.seats]
        index = self.table.num_players if viewer is None else viewer
        in_full = self.finished and not as_told
        lines = []
        for seq, (player, full, heard) in enumerate(self.log[start:], start):
            if in_full and seq not in self._taken_back and seq not in self._take_backs:
                words = say(full, viewer, names)
                lines.append({"seq": seq, "player": player, "text": words, "named": True})
                continue
            text, named, record = heard[index]
            words = say(text, viewer, names)
            line = {"seq": seq, "player": player, "text": words, "named": named}
            lines.append({**line, "record": dict(record)})
        return lines

    def state_message(self, viewer: int | None, log_start: int = 0) -> dict[str, Any]:
        """Everything viewer is shown now: its view, its legal moves, the log, the result."""
        return {**self._seat_state(viewer, self.summary()), **self._log_part(viewer, log_start)}

    async def stored_state_message(self, viewer: int | None) -> dict[str, Any]:
        """The state message once no step is half done: a step is applied before its
        turn-based deadlines are stored, and an answer must show only what a restart keeps."""
        async with self._lock:
            return self.state_message(viewer)

    def _seen(self, viewer: int | None) -> Seen:
        """What viewer sees now and the moves it may make, computed once per step."""
        state = self.state
        if self._seen_for is not state or self._seen_step != self.position:
            self._seen_for, self._seen_step = state, self.position
            self._seen_now = {}
        seen = self._seen_now.get(viewer)
        if seen is None:
            mine = viewer is not None and viewer in state.active_players()
            actions = state.legal_actions(viewer) if mine else []
            legal = [
                {"action": action, "text": state.action_to_str(action, viewer)}
                for action in actions
            ]
            seen = (state.view(viewer), legal)
            self._seen_now[viewer] = seen
        return seen

    def _seat_state(self, viewer: int | None, summary: dict[str, Any]) -> dict[str, Any]:
        """The state message without the log: the same for every connection of a seat."""
        state = self.state
        view, legal = self._seen(viewer)
        return {
            "type": "state",
            "table": summary,
            "you": viewer,
            "step": self.position,
            "current": state.current_player(),
            "active": state.active_players(),
            "view": view,
            "legal": legal,
            "undo": self.may_undo(viewer),
            "clock": self._clock_remaining(),
            **self._turn_part(viewer),
            "result": self.result_for(state, viewer, at_end=True),
        }

    def may_undo(self, viewer: int | None) -> bool:
        """Whether viewer, a person's seat, may take back its last move now.

        Only the seat that played the history's last step can, so the rules (whose answer may
        replay the game) are asked about that seat alone, once per log position.
        """
        history = self.state.history
        if viewer is None or not history or history[-1][0] != viewer:
            return False
        if self.seats[viewer].kind != "human":
            return False
        position, undoable = self._undo_known
        if position != self.position:
            if self._last_revealed is None:
                undoable = self.state.undoable(viewer)
            else:
                undoable = may_take_back(self.state, viewer, self._last_revealed)
            self._undo_known = (self.position, undoable)
        return undoable

    def result_for(
        self, state: State, viewer: int | None, *, at_end: bool = False
    ) -> dict[str, Any] | None:
        """A finished game's scores and winners, and what decided it in words for viewer; at
        the end of a game its people ended early, that it was, with no winner."""
        if not state.is_terminal():
            if at_end and self.table.ended_early:
                return {
                    "scores": state.scores(),
                    "winners": [],
                    "unit": self._unit(state),
                    "lines": ["The game was ended early: nobody won."],
                    "ended_early": True,
                    "statistics": self._statistics(state),
                }
            return None
        outcome = outcome_of(state)
        names = [seat.name for seat in self.seats]
        return {
            "scores": state.scores(),
            "winners": state.winners(),
            "unit": outcome.unit,
            "lines": [say(line, viewer, names) for line in outcome.lines],
            "statistics": self._statistics(state),
        }

    def _unit(self, state: State) -> str:
        """The scores' unit of a game ended early: a game's words may need its end to say
        more, so where they fail the unit is plain points."""
        try:
            return outcome_of(state).unit
        except Exception:
            return "points"

    def _statistics(self, state: State) -> list[dict[str, Any]]:
        """The game's statistics per player at its end, worked out once (they replay the
        history); a game whose statistics fail gets none, logged."""
        if self._stats is None:
            try:
                self._stats = [row.to_dict() for row in statistics_of(state)]
            except Exception:
                log.exception("table %s: the statistics could not be worked out", self.table.id)
                self._stats = []
        return self._stats

    def _log_part(self, viewer: int | None, start: int) -> dict[str, Any]:
        return {"log_start": start, "log": self.log_for(viewer, start)}

    def _broadcast(self) -> None:
        """Send each connection the state as its seat sees it, and the log entries it lacks:
        one update built and encoded per seat, shared by every socket of that seat that has
        the same log.

        Once the game is over every move may be named, so the whole log is sent again. The views
        are dropped once sent, so they die young: kept until the next step (seconds at a
        person's pace), every one would burden the garbage collector's full scans.
        """
        summary = self.summary()
        updates: dict[tuple[int | None, int], str] = {}
        for conn in list(self.connections):
            start = 0 if self.finished else conn.log_sent
            key = (conn.seat, start)
            text = updates.get(key)
            if text is None:
                message = {
                    **self._seat_state(conn.seat, summary),
                    **self._log_part(conn.seat, start),
                }
                text = updates[key] = encode(message)
            conn.push_text(text)
            conn.log_sent = self.position
        self._seen_now = {}

    # --- connections -------------------------------------------------------------------
    async def attach(self, conn: Connection) -> None:
        """A client joined: welcome it with the whole state, and tell the others in a presence
        update; if a player returned, or the table was paused, everyone gets the state anew."""
        async with self._lock:
            self.connections.add(conn)
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

    def _send_state(self, conn: Connection) -> None:
        """Send one connection the state and the log it lacks, as _broadcast would."""
        start = 0 if self.finished else conn.log_sent
        summary = self.summary()
        message = {**self._seat_state(conn.seat, summary), **self._log_part(conn.seat, start)}
        conn.push_text(encode(message))
        conn.log_sent = self.position

    def presence(self) -> dict[str, Any]:
        """Who is at the table now: each seat's connected flag and how many watch."""
        return {
            "type": "presence",
            "seats": [
                {"seat": index, "connected": seat.connections > 0}
                for index, seat in enumerate(self.seats)
            ],
            "spectators": sum(1 for conn in self.connections if conn.seat is None),
        }

    def _presence_soon(self) -> None:
        """Send a presence update to every connection shortly: comings and goings within
        PRESENCE_DELAY share one update."""
        if self._presence_due is not None:
            return
        loop = asyncio.get_running_loop()
        self._presence_due = loop.call_later(PRESENCE_DELAY, self._send_presence)

    def _send_presence(self) -> None:
        self._presence_due = None
        text = encode(self.presence())
        for conn in list(self.connections):
            conn.push_text(text)

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

    # --- moves -------------------------------------------------------------------------
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
                f"the {what} was chosen at step {step}, but what you see has changed since"
                f" (the game is at step {now})",
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
        """Check, store, then take the step; refusals leave everything unchanged.

        The caller holds the lock, so the state cannot change while the store writes.
        """
        state = self.state
        try:
            state.check(action, player)
        except IllegalAction as exc:
            raise illegal(exc) from None
        step, seen_by, revealed = make_step(state, player, action)
        move = MoveRow(self.position, player, action, seen_by)
        try:
            await self._store(move)
        except LeaseLost:
            raise
        except Exception as exc:
            log.exception("table %s: storing step %d failed", self.table.id, move.seq)
            raise ApiError("storage_error", "the move could not be saved; try again", 503) from exc
        self._steps_stored.inc()
        self._step(step)
        state.apply(action, player)
        self._last_revealed = revealed
        if state.is_terminal():
            await self._store_end()
        if player >= 0:
            self.seats[player].turn_started = None
            self.seats[player].overdue_since = None
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
        """Record, for each seat, whether its view or its moves changed with the last step.

        A move chosen at an earlier step is still good if the seat has seen nothing new since:
        in a simultaneous phase, other seats' secret commitments do not make it stale.
        """
        for index, seat in enumerate(self.seats):
            if seat.kind != "human":
                continue
            seen = orjson.dumps(self._seen(index))
            if seen != seat.seen:
                seat.seen = seen
                seat.changed_at = self.position

    # --- the driver --------------------------------------------------------------------
    def _now(self) -> float:
        return self.services.clock()

    def _present(self) -> bool:
        """Whether a person has a socket open at the table: while nobody has, no stand-in
        moves and no clock runs out (bots' own seats and chance still move)."""
        return any(seat.connections > 0 for seat in self.seats if seat.kind == "human")

    def _resume(self) -> bool:
        """A person is back at a paused table: every clock and grace goes on from where it
        stopped, as though the pause had not happened (one that began during the pause, after
        a bot's move, begins now). True if the table was paused."""
        if self._paused_at is None:
            return False
        now = self._now()
        paused = now - self._paused_at
        self._paused_at = None
        for seat in self.seats:
            if seat.turn_started is not None:
                seat.turn_started = min(seat.turn_started + paused, now)
            if seat.left_at is not None:
                seat.left_at = min(seat.left_at + paused, now)
        return True

    def _refresh_turns(self) -> None:
        """Start the clock of every seat that has just become active; stop the others'."""
        active = set(self.state.active_players()) if not self.finished else set()
        now = self._now()
        for index, seat in enumerate(self.seats):
            if index not in active:
                seat.turn_started = None
                seat.overdue_since = None
            elif seat.turn_started is None:
                seat.turn_started = now

    # --- turn-based tables -------------------------------------------------------------
    def _deadlines(self) -> dict[int, float]:
        """When each active person of a turn-based table runs out of time, while they have
        some: a seat already overdue, or played by a bot, has none."""
        move_time = self.table.move_time or 0.0
        return {
            index: seat.turn_started + move_time
            for index, seat in enumerate(self.seats)
            if seat.kind == "human"
            and seat.turn_started is not None
            and seat.away is None
            and seat.overdue_since is None
        }

    def _expire_turns(self, now: float) -> bool:
        """Mark the seats whose time ran out as overdue, for the people to choose what then;
        True if any was."""
        changed = False
        for index, deadline in self._deadlines().items():
            if now >= deadline:
                self.seats[index].overdue_since = deadline
                changed = True
        return changed

    def _turns_now(self) -> dict[str, Any]:
        """What the store keeps of a turn-based table's turns: each active person's deadline
        (epoch seconds, also once it has passed) and the seats the people let a bot play."""
        move_time = self.table.move_time or 0.0
        return {
            "deadlines": {
                str(index): seat.turn_started + move_time
                for index, seat in enumerate(self.seats)
                if seat.kind == "human" and seat.turn_started is not None
            },
            "standins": [index for index, seat in enumerate(self.seats) if seat.away == "timeout"],
        }

    def _restore_turns(self) -> None:
        """Set a reloaded turn-based table's clocks from the stored deadlines, so a time that
        ran out while the server was down is found out at once (an active person without a
        stored deadline gets a whole time from now)."""
        stored = self.table.turns or {}
        deadlines = stored.get("deadlines", {})
        standins = stored.get("standins", [])
        move_time = self.table.move_time or 0.0
        active = set(self.state.active_players())
        for index, seat in enumerate(self.seats):
            if seat.kind != "human":
                continue
            if index in standins:
                seat.away = "timeout"
            deadline = deadlines.get(str(index))
            if index in active and isinstance(deadline, int | float):
                seat.turn_started = float(deadline) - move_time
        self._refresh_turns()
        self._expire_turns(self._now())

    async def _save_turns(self) -> None:
        """Store a turn-based table's deadlines and stand-ins when they changed; a failure is
        logged (the table is reloaded with a fresh time for whoever lost a deadline)."""
        if not self.turn_based or self.finished:
            return
        turns = self._turns_now()
        if turns == self._saved_turns:
            return
        try:
            await self._store(None, turns=turns)
        except Exception:
            log.exception("table %s: storing the turns' deadlines failed", self.table.id)
            return
        self._saved_turns = turns

    def _turn_part(self, viewer: int | None) -> dict[str, Any]:
        """A turn-based table's deadlines, the seats whose time ran out, and what a seated
        person may choose about them."""
        if not self.turn_based or self.finished:
            return {}
        overdue = [index for index, seat in enumerate(self.seats) if seat.overdue_since]
        seated = viewer is not None and self.seats[viewer].kind == "human"
        return {
            "deadlines": {str(index): when for index, when in self._deadlines().items()},
            "overdue": overdue,
            "choices": list(TIMEOUT_CHOICES) if overdue and seated else [],
        }

    async def choose_on_timeout(self, chooser: int | None, seat: int, choice: str) -> None:
        """A person at a turn-based table chooses what to do about a seat whose time ran out:
        wait on (its time starts again), let a bot play it (until its person is back), or end
        the game early, with no winner. Stored before anyone is told."""
        if chooser is None:
            raise ApiError("spectator", "only the people at the table choose this", 403)
        if not self.turn_based:
            raise ApiError("not_overdue", "this table is live: no time per move runs out", 409)
        if not 0 <= seat < len(self.seats):
            raise ApiError("bad_request", f"seat: must be between 0 and {len(self.seats) - 1}")
        async with self._lock:
            if self.finished:
                raise ApiError("game_over", "the game is over", 409)
            target = self.seats[seat]
            if target.overdue_since is None:
                raise ApiError("not_overdue", f"{target.name} still has time to move", 409)
            if choice == "end":
                await self._end_early()
                return
            before = (target.turn_started, target.away, target.overdue_since)
            if choice == "wait":
                target.turn_started = self._now()
            else:
                target.away = "timeout"
            target.overdue_since = None
            turns = self._turns_now()
            try:
                await self._store(None, turns=turns)
            except LeaseLost:
                target.turn_started, target.away, target.overdue_since = before
                raise
            except Exception as exc:
                log.exception("table %s: storing a choice on a timeout failed", self.table.id)
                target.turn_started, target.away, target.overdue_since = before
                raise ApiError(
                    "storage_error", "the choice could not be saved; try again", 503
                ) from exc
            self._saved_turns = turns
            self._broadcast()
            self._wake.set()

    async def end_unjoined(self) -> bool:
        """End a table nobody joined in time, as if its people ended it early (no winner);
        False if the game is over or a person is connected after all."""
        async with self._lock:
            if self.finished or any(seat.connections for seat in self.seats):
                return False
            await self._end_early()
            return True

    async def _end_early(self) -> None:
        """End the game now, stored first: finished, no winner, marked ended early."""
        try:
            await self._store(None, finishes=True, winners=(), ended_early=True)
        except LeaseLost:
            raise
        except Exception as exc:
            log.exception("table %s: storing the early end failed", self.table.id)
            raise ApiError("storage_error", "the end could not be saved; try again", 503) from exc
        self.table.ended_early = True
        self.table.finished_at = self._now()
        self.table.winners = []
        self._refresh_turns()
        self._broadcast()
        self._wake.set()

    def _clock_remaining(self) -> dict[str, float]:
        """Seconds left to each active person before a bot moves for them."""
        clock = self.table.clock or self.table.move_time
        if not clock or self.finished:
            return {}
        now = self._paused_at if self._paused_at is not None else self._now()
        return {
            str(index): round(min(clock, max(0.0, seat.turn_started + clock - now)), 1)
            for index, seat in enumerate(self.seats)
            if seat.kind == "human" and seat.away is None and seat.turn_started is not None
        }

    def _next_deadline(self) -> float | None:
        """When the next seat runs out of time or of grace, if ever."""
        settings = self.services.settings
        if self._paused_at is not None:
            return None
        if self.turn_based:
            return min(self._deadlines().values(), default=None)
        times = []
        for seat in self.seats:
            if seat.kind != "human" or seat.away is not None:
                continue
            if self.table.clock and seat.turn_started is not None:
                times.append(seat.turn_started + self.table.clock)
            if seat.left_at is not None:
                times.append(seat.left_at + settings.away_grace)
        return min(times, default=None)

    def give_back(self, seconds: float) -> None:
        """The server was not running for seconds: every running clock and grace goes on as
        though it had stopped meanwhile (a paused table's clocks stand still already)."""
        if self._paused_at is not None or self.finished:
            return
        now = self._now()
        for seat in self.seats:
            if seat.turn_started is not None:
                seat.turn_started = min(seat.turn_started + seconds, now)
            if seat.left_at is not None:
                seat.left_at = min(seat.left_at + seconds, now)
        log.warning("table %s: %.1f s given back after a stall", self.table.id, seconds)
        self._wake.set()

    def _expire(self) -> bool:
        """Mark seats whose clock or grace ran out as away; True if any changed. A stall of
        the server found now is given back first."""
        if self._paused_at is not None:
            return False
        self.services.stalls.check()
        now = self._now()
        if self.turn_based:
            return self._expire_turns(now)
        changed = False
        for seat in self.seats:
            if seat.kind != "human" or seat.away is not None:
                continue
            if (
                self.table.clock
                and seat.turn_started is not None
                and now >= seat.turn_started + self.table.clock
            ):
                seat.away = "clock"
                changed = True
            elif (
                seat.left_at is not None and now >= seat.left_at + self.services.settings.away_grace
            ):
                seat.away = "left"
                seat.left_at = None
                changed = True
        return changed

    def _automatic_seat(self) -> int | None:
        """CHANCE, or an active seat played by a bot (its own or a stand-in), or None."""
        if self.state.current_player() == CHANCE:
            return CHANCE
        for index in self.state.active_players():
            seat = self.seats[index]
            if seat.kind == "bot" or (seat.away is not None and self._paused_at is None):
                return index
        return None

    async def _drive(self) -> None:
        """Resolve chance, let bots and stand-ins move, and run the clocks, until the end."""
        loop = asyncio.get_running_loop()
        while not self.finished:
            self._wake.clear()
            player = self._automatic_seat()
            if player is not None:
                try:
                    moved = await (
                        self._chance_move() if player == CHANCE else self._bot_move(player, loop)
                    )
                except Exception:
                    log.exception("table %s: an automatic move failed", self.table.id)
                    moved = False
                if not moved:
                    await asyncio.sleep(RETRY_PAUSE)
                continue
            deadline = self._next_deadline()
            timeout = None if deadline is None else max(0.0, deadline - self._now())
            if timeout != 0.0:
                self.idle_looks += 1
            try:
                async with asyncio.timeout(timeout):
                    await self._wake.wait()
            except TimeoutError:
                async with self._lock:
                    if self._expire():
                        self._broadcast()

    async def _chance_move(self) -> bool:
        """Draw the pending random event; False if it could not be stored."""
        async with self._lock:
            if self.finished or self.state.current_player() != CHANCE:
                return True
            return await self._commit_quietly(CHANCE, sample_chance(self.state, self._chance()))

    async def _bot_move(self, player: int, loop: asyncio.AbstractEventLoop) -> bool:
        """Let the seat's bot think in a thread and play, unless the game moved on meanwhile.

        A random bot chooses in microseconds, so it chooses here: no thread, no copy.
        """
        pause = self.services.settings.bot_pause
        if pause > 0:
            await asyncio.sleep(pause)
        seat = self.seats[player]
        bot = seat.bot_instance if seat.kind == "bot" and seat.bot_instance else self._standin
        step = self.position
        rng = self._seeded("bot", player) or random.Random(self._rng.getrandbits(64))
        action = None
        if not isinstance(bot, RandomBot):
            snapshot = self.state.clone()
            try:
                action = await self.services.bots.choose(self.table.id, bot, snapshot, player, rng)
            except Exception:
                log.exception("table %s: bot %s failed; playing at random", self.table.id, bot.name)
        async with self._lock:
            still_due = (
                not self.finished
                and self.position == step
                and player in self.state.active_players()
                and (seat.kind == "bot" or (seat.away is not None and self._paused_at is None))
            )
            if not still_due:
                return True
            if action is None:
                action = rng.choice(self.state.legal_actions(player))
            return await self._commit_quietly(player, action)

    async def _commit_quietly(self, player: int, action: int) -> bool:
        """Commit a move made by the server itself; False (logged) if it was refused."""
        try:
            await self._commit(player, action)
        except ApiError as exc:
            log.error("table %s: automatic move refused: %s", self.table.id, exc.message)
            return False
        return True

    # --- rematch -----------------------------------------------------------------------
    async def play_again(self, rematch: str) -> None:
        """Note the table made to play again (stored already) and tell every page."""
        async with self._lock:
            self.table.rematch = rematch
            self._broadcast()

    async def give_token(self, seat: int, token_hash: str) -> None:
        """Open a seat nobody holds yet (a rematch's) to the token whose hash this is, stored
        before the call returns."""
        async with self._lock:
            if self.seats[seat].token_hash is not None:
                return
            seats = list(self.table.seats)
            seats[seat] = replace(seats[seat], token_hash=token_hash)
            await asyncio.get_running_loop().run_in_executor(
                self.services.db_executor, self.services.storage.set_seats, self.table.id, seats
            )
            self.table.seats = seats
            self.seats[seat].token_hash = token_hash

    # --- chat --------------------------------------------------------------------------
    def may_read_chat(self, viewer: int | None) -> bool:
        """Whether viewer reads and writes the chat: a seated person always, a spectator
        when the table allows it."""
        return viewer is not None or self.table.spectator_chat

    def chat_for(self, viewer: int | None, upto: int | None = None) -> list[dict[str, Any]]:
        """The chat viewer may read (sent up to log position upto, if given); ApiError
        (spectator) when spectators may not read it."""
        if not self.may_read_chat(viewer):
            raise ApiError("spectator", "this table's chat is for the people at the table", 403)
        return [m.to_dict() for m in self.chat if upto is None or m.step <= upto]

    async def say(self, seat: int | None, text: str, sender: str) -> dict[str, Any]:
        """A message at the table from seat (None: a spectator, known by sender, their
        address): checked, counted against the sender's rate, stored, then sent to every
        socket that may read the chat. Plain text: no page shows it as markup."""
        if not self.may_read_chat(seat):
            raise ApiError("spectator", "spectators may not chat at this table", 403)
        clean = clean_text(text)
        async with self._chat_lock:
            now = self._now()
            self._chat_limit.check(("seat", seat) if seat is not None else sender, now)
            name = "Spectator" if seat is None else self.seats[seat].name
            message = ChatRow(len(self.chat), seat, name, clean, self.position, now)
            try:
                await asyncio.get_running_loop().run_in_executor(
                    self.services.db_executor,
                    self.services.storage.add_chat,
                    self.table.id,
                    message,
                )
            except Exception as exc:
                log.exception("table %s: storing a chat message failed", self.table.id)
                raise ApiError(
                    "storage_error", "the message could not be saved; try again", 503
                ) from exc
            self.chat.append(message)
            shown = message.to_dict()
            text_out = encode({"type": "chat", "message": shown})
            for conn in list(self.connections):
                if self.may_read_chat(conn.seat):
                    conn.push_text(text_out)
            return {"type": "chat", "message": shown}

    # --- seeded tables and hints -------------------------------------------------------
    def _seeded(self, purpose: str, seat: int = -1) -> random.Random | None:
        """For a table with a fixed seed, a generator for purpose at this point of the game,
        the same after a restart or a move taken back and played again; None otherwise."""
        seed = self.table.seed
        if seed is None:
            return None
        return random.Random(f"{purpose}/{seed}/{len(self.state.history)}/{seat}")

    def _chance(self) -> random.Random:
        """What the pending random event is drawn with: the table's seed, if it has one."""
        return self._seeded("chance") or self._chance_rng

    async def hint(self, seat: int | None) -> dict[str, Any]:
        """The heuristic bot's move for seat now and why, in words, told to seat alone.

        It is worked out in the bot threads from worlds drawn from the seat's own view, so the
        table goes on meanwhile; asking again before anything changes gets the same hint.
        """
        if seat is None:
            raise ApiError("spectator", "spectators get no hints", 403)
        if not self.table.hints:
            raise ApiError("no_hints", "this table was set up without hints", 403)
        if not offers_hints(self.game):
            raise ApiError("no_hints", f"{self.game.title} has no hints", 403)
        if self.finished:
            raise ApiError("game_over", "the game is over, so there is nothing to hint", 409)
        state = self.state
        if self.seats[seat].kind != "human" or seat not in state.active_players():
            raise ApiError("not_your_turn", "you have no move to make now, so no hint", 409)
        position = self.position
        known = self._hints.get(seat)
        if known is None or known[0] != position:
            rng = self._seeded("hint", seat) or random.Random(secrets.randbits(64))
            future = asyncio.ensure_future(self.services.bots.quick(hint, state.clone(), seat, rng))
            known = self._hints[seat] = (position, future)
        try:
            found = await asyncio.shield(known[1])
        except Exception as exc:
            log.exception("table %s: a hint for seat %d failed", self.table.id, seat)
            if self._hints.get(seat) is known:
                del self._hints[seat]
            raise ApiError("server_error", "the hint could not be worked out", 500) from exc
        names = [each.name for each in self.seats]
        return {
            "type": "hint",
            "step": position,
            "action": found.action,
            "move": say(found.move, seat, names),
            "why": say(found.why, seat, names),
        }
