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
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import orjson

from meja.bots import Bot, make_bot
from meja.bots.random_bot import RandomBot
from meja.core import CHANCE, Game, IllegalAction, State
from meja.core.game import sample_chance
from meja.core.registry import outcome_of
from meja.core.told import say, told_all, told_in_full
from meja.server.config import Settings
from meja.server.connection import Connection, encode
from meja.server.group_commit import GroupCommit
from meja.server.protocol import ApiError, illegal
from meja.server.storage import MoveRow, MoveWrite, Storage, TableRow

log = logging.getLogger("meja.server")

Seen = tuple[dict[str, Any], list[dict[str, Any]]]
"""A viewer's view and its legal moves with their names."""

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


Heard = tuple[str, bool, tuple[tuple[str, Any], ...]]
"""What one viewer was told of a step: its sentence (seats as {n}), whether the step was named to
it, the record."""

Step = tuple[int, str, tuple[Heard, ...]]
"""One step as the room keeps it: the player, the step's sentence in full (told to everyone once
the game is over), and what each seat, then the spectator, heard of it. Plain tuples of plain
values, which the garbage collector stops tracking: a busy server keeps hundreds of thousands,
and scanning them all would pause every table."""


def make_step(before: State, player: int, action: int) -> tuple[Step, int]:
    """The step of player's action from state before, and the mask of viewers told exactly
    which step it was (bit n is the spectator)."""
    told = told_all(before, player, action)
    heard = tuple((each.text, each.action is not None, tuple(each.record.items())) for each in told)
    seen_by = sum(1 << index for index, each in enumerate(told) if each.action is not None)
    return (player, told_in_full(before, player, action).text, heard), seen_by


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
    changed_at: int = 0
    """The step at which what this seat sees last changed; older moves are stale."""
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
        }


class Room:
    """One table: every change goes through here, under one lock, stored before it is shown."""

    def __init__(self, table: TableRow, game: Game, services: Services) -> None:
        self.table = table
        self.game = game
        self.services = services
        self.state: State = game.new_state(table.num_players, **table.options)
        self.log: list[Step] = []
        self.seats = [
            SeatState(seat.kind, seat.name, seat.bot, seat.token_hash) for seat in table.seats
        ]
        for seat in self.seats:
            if seat.kind == "bot" and seat.bot:
                seat.bot_instance = make_bot(seat.bot, game)
        self.connections: set[Connection] = set()
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._rng = random.Random(secrets.randbits(64))
        self._chance_rng = random.SystemRandom()
        self._standin: Bot = standin_for(game, services.standin_bots)
        self._driver: asyncio.Task[None] | None = None
        self._seen_for: State | None = None
        self._seen_step = -1
        self._seen_now: dict[int | None, Seen] = {}

    # --- building --------------------------------------------------------------------
    def replay(self, moves: list[MoveRow]) -> None:
        """Rebuild the state from the stored log, checking every step against the rules."""
        for move in moves:
            try:
                self.state.check(move.action, move.player)
            except IllegalAction as exc:
                raise ValueError(f"table {self.table.id}, step {move.seq}: {exc}") from None
            self.log.append(make_step(self.state, move.player, move.action)[0])
            self.state.apply(move.action, move.player)

    def start(self) -> None:
        """Begin moving chance and bots along."""
        self._note_changes()
        if self._driver is None and not self.state.is_terminal():
            self._refresh_turns()
            self._driver = asyncio.create_task(self._drive(), name=f"table {self.table.id}")
            self._driver.add_done_callback(self._driver_done)

    def _driver_done(self, task: asyncio.Task[None]) -> None:
        """A driver that dies would stall the table: say why, loudly."""
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s stopped moving", self.table.id, exc_info=task.exception())

    async def stop(self) -> None:
        """Stop the driver and close every connection."""
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
            self._driver = None
        for conn in list(self.connections):
            conn.close()

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
        """Whether the game is over."""
        return self.state.is_terminal()

    def summary(self) -> dict[str, Any]:
        """The public facts of the table, for the lobby and every client."""
        return {
            "id": self.table.id,
            "game": self.game.name,
            "title": self.game.title,
            "num_players": self.table.num_players,
            "options": self.table.options,
            "clock": self.table.clock,
            "seats": [seat.public(i) for i, seat in enumerate(self.seats)],
            "step": len(self.state.history),
            "finished": self.finished,
            "created_at": self.table.created_at,
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
        if self.finished and not as_told:
            return [
                {"seq": seq, "player": player, "text": say(text, viewer, names), "named": True}
                for seq, (player, text, _) in enumerate(self.log[start:], start)
            ]
        index = self.table.num_players if viewer is None else viewer
        lines = []
        for seq, (player, _, heard) in enumerate(self.log[start:], start):
            text, named, record = heard[index]
            words = say(text, viewer, names)
            line = {"seq": seq, "player": player, "text": words, "named": named}
            lines.append({**line, "record": dict(record)})
        return lines

    def state_message(self, viewer: int | None, log_start: int = 0) -> dict[str, Any]:
        """Everything viewer is shown now: its view, its legal moves, the log, the result."""
        return {**self._seat_state(viewer, self.summary()), **self._log_part(viewer, log_start)}

    def _seen(self, viewer: int | None) -> Seen:
        """What viewer sees now and the moves it may make, computed once per step."""
        state = self.state
        if self._seen_for is not state or self._seen_step != len(state.history):
            self._seen_for, self._seen_step = state, len(state.history)
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
            "step": len(state.history),
            "current": state.current_player(),
            "active": state.active_players(),
            "view": view,
            "legal": legal,
            "clock": self._clock_remaining(),
            "result": self.result_for(state, viewer),
        }

    def result_for(self, state: State, viewer: int | None) -> dict[str, Any] | None:
        """A finished game's scores and winners, and what decided it in words for viewer."""
        if not state.is_terminal():
            return None
        outcome = outcome_of(state)
        names = [seat.name for seat in self.seats]
        return {
            "scores": state.scores(),
            "winners": state.winners(),
            "unit": outcome.unit,
            "lines": [say(line, viewer, names) for line in outcome.lines],
        }

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
            conn.log_sent = len(self.log)
        self._seen_now = {}

    # --- connections -------------------------------------------------------------------
    async def attach(self, conn: Connection) -> None:
        """A client joined: welcome it, and if a player returned, stop the bot standing in."""
        async with self._lock:
            self.connections.add(conn)
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.connections += 1
                seat.left_at = None
                self._return(conn.seat)
            conn.push({"type": "welcome", "seat": conn.seat, "table": self.summary()})
            self._broadcast()
            self._wake.set()

    async def detach(self, conn: Connection) -> None:
        """A client left; a seat left empty gets a grace period before a bot stands in."""
        async with self._lock:
            if conn not in self.connections:
                return
            self.connections.discard(conn)
            if conn.seat is not None:
                seat = self.seats[conn.seat]
                seat.connections -= 1
                if seat.connections == 0 and not self.finished:
                    seat.left_at = self._now()
            self._broadcast()
            self._wake.set()

    async def come_back(self, seat: int) -> None:
        """The seat's player says they are back."""
        async with self._lock:
            if self._return(seat):
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
        async with self._lock:
            now = len(self.state.history)
            if step is not None and not self.seats[seat].changed_at <= step <= now:
                raise ApiError(
                    "stale",
                    f"the move was chosen at step {step}, but what seat {seat} sees has "
                    f"changed since (the game is at step {now})",
                    409,
                )
            if self.seats[seat].kind != "human":
                raise ApiError("not_your_turn", f"seat {seat} is played by a bot", 409)
            if action >= self.game.num_actions(self.table.num_players):
                raise ApiError(
                    "illegal_action", f"{action} is not an action of {self.game.title}", 409
                )
            self._return(seat)
            await self._commit(seat, action)

    async def _commit(self, player: int, action: int) -> None:
        """Check, store, then take the step; refusals leave everything unchanged.

        The caller holds the lock, so the state cannot change while the store writes.
        """
        state = self.state
        try:
            state.check(action, player)
        except IllegalAction as exc:
            raise illegal(exc) from None
        step, seen_by = make_step(state, player, action)
        move = MoveRow(len(state.history), player, action, seen_by)
        try:
            await self.services.commits.write(MoveWrite(self.table.id, move))
        except Exception as exc:
            log.exception("table %s: storing step %d failed", self.table.id, move.seq)
            raise ApiError("storage_error", "the move could not be saved; try again", 503) from exc
        state.apply(action, player)
        self.log.append(step)
        if state.is_terminal():
            await self._store_end()
        if player >= 0:
            self.seats[player].turn_started = None
        self._note_changes()
        self._refresh_turns()
        self._broadcast()
        self._wake.set()

    async def _store_end(self) -> None:
        """Stamp the game's end in the store; the moves are stored already, so a failure here
        only leaves the table to be found finished when it is next loaded."""
        try:
            winners = tuple(self.state.winners())
            await self.services.commits.write(
                MoveWrite(self.table.id, None, finishes=True, winners=winners)
            )
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
                seat.changed_at = len(self.state.history)

    # --- the driver --------------------------------------------------------------------
    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def _refresh_turns(self) -> None:
        """Start the clock of every seat that has just become active; stop the others'."""
        active = set(self.state.active_players())
        now = self._now()
        for index, seat in enumerate(self.seats):
            if index not in active:
                seat.turn_started = None
            elif seat.turn_started is None:
                seat.turn_started = now

    def _clock_remaining(self) -> dict[str, float]:
        """Seconds left to each active person before a bot moves for them."""
        clock = self.table.clock
        if not clock or self.finished:
            return {}
        now = self._now()
        return {
            str(index): round(max(0.0, seat.turn_started + clock - now), 1)
            for index, seat in enumerate(self.seats)
            if seat.kind == "human" and seat.away is None and seat.turn_started is not None
        }

    def _next_deadline(self) -> float | None:
        """When the next seat runs out of time or of grace, if ever."""
        settings = self.services.settings
        times = []
        for seat in self.seats:
            if seat.kind != "human" or seat.away is not None:
                continue
            if self.table.clock and seat.turn_started is not None:
                times.append(seat.turn_started + self.table.clock)
            if seat.left_at is not None:
                times.append(seat.left_at + settings.away_grace)
        return min(times, default=None)

    def _expire(self) -> bool:
        """Mark seats whose clock or grace ran out as away; True if any changed."""
        now = self._now()
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
            if seat.kind == "bot" or seat.away is not None:
                return index
        return None

    async def _drive(self) -> None:
        """Resolve chance, let bots and stand-ins move, and run the clocks, until the end."""
        loop = asyncio.get_running_loop()
        while not self.state.is_terminal():
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
            if self.state.current_player() != CHANCE:
                return True
            return await self._commit_quietly(CHANCE, sample_chance(self.state, self._chance_rng))

    async def _bot_move(self, player: int, loop: asyncio.AbstractEventLoop) -> bool:
        """Let the seat's bot think in a thread and play, unless the game moved on meanwhile.

        A random bot chooses in microseconds, so it chooses here: no thread, no copy.
        """
        pause = self.services.settings.bot_pause
        if pause > 0:
            await asyncio.sleep(pause)
        seat = self.seats[player]
        bot = seat.bot_instance if seat.kind == "bot" and seat.bot_instance else self._standin
        step = len(self.state.history)
        rng = random.Random(self._rng.getrandbits(64))
        action = None
        if not isinstance(bot, RandomBot):
            snapshot = self.state.clone()
            try:
                action = await loop.run_in_executor(
                    self.services.bot_executor, bot.choose, snapshot, player, rng
                )
            except Exception:
                log.exception("table %s: bot %s failed; playing at random", self.table.id, bot.name)
        async with self._lock:
            still_due = (
                len(self.state.history) == step
                and player in self.state.active_players()
                and (seat.kind == "bot" or seat.away is not None)
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
