"""The lobby: creates tables, reloads unfinished ones at start-up, and finds any table by id."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import gc
import hashlib
import hmac
import logging
import os
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from meja.bots import Bot, bot_names, make_bot
from meja.bots.hints import offers_hints
from meja.bots.ismcts import ISMCTSBot
from meja.core import Game, GameRecord, load_game
from meja.server.bot_lanes import searches
from meja.server.bus import Bus
from meja.server.chat import CHAT_BURST, CHAT_CHARS, CHAT_WINDOW
from meja.server.clients import ClientLimits
from meja.server.config import Settings
from meja.server.group_commit import GroupCommit
from meja.server.listing import SortKey, finished_key, listed_finished, listed_open, open_key
from meja.server.names import check_name
from meja.server.protocol import (
    DEFAULT_MOVE_TIME,
    GUIDED_SEED,
    GUIDED_SEEDS,
    MAX_MOVE_TIME,
    MIN_MOVE_TIME,
    PACES,
    ApiError,
    CreateTable,
)
from meja.server.relay import Relay
from meja.server.replay import Replays
from meja.server.room import Room, Services, hash_token
from meja.server.storage import (
    ListedRow,
    SeatRow,
    SqlStorage,
    Storage,
    TableRow,
    default_db_url,
    standing_history,
)

log = logging.getLogger("meja.server")

FULL_SCANS_RARER = (700, 10, 100)
"""Python's collection thresholds with the last one ten times its default."""

FINISHED_CACHE = 64
"""Finished tables kept in memory for late viewers and replays; older ones are reloaded."""

STANDIN_PREFERENCE = ("heuristic", "random")
"""Bots that play for absent players, best first; the first one available is used."""


DEFAULT_BOT = "random"
"""The bot of a bot seat whose request names none."""


DUE_BATCH = 200
"""Tables one look for due tables takes over at most."""

T = TypeVar("T")


def process_name() -> str:
    """This process among every process serving the database: host, pid and a random part."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class Elsewhere(ApiError):
    """Another live process serves the table: a request for it is relayed there."""

    def __init__(self, table_id: str, owner: str) -> None:
        super().__init__(
            "moved",
            f"table {table_id} is served by another server process now; your page reconnects to it",
            503,
        )
        self.owner = owner


@dataclass(frozen=True)
class NewTable:
    """A created table and the private token of each human seat."""

    room: Room
    tokens: dict[int, str]


def standin_preference(wanted: str | None) -> tuple[str, ...]:
    """Stand-in bots to try, best first: the one asked for, then the known good ones."""
    names = bot_names()
    known = tuple(name for name in STANDIN_PREFERENCE if name in names)
    return (wanted, *known) if wanted else known


def _guided_seed(request: CreateTable) -> int | None:
    """The fixed chance seed of a guided table; ApiError for a seed or hints off that do not fit
    the table (only a guided table deals from a seed, and a guided table always gives hints)."""
    if not request.guided:
        if request.seed is not None:
            raise ApiError("bad_request", "seed: only a guided table draws chance from a seed")
        return None
    if not request.hints:
        raise ApiError("bad_request", "hints: a guided table always gives hints")
    if request.seed is not None:
        return request.seed
    return GUIDED_SEEDS.get(request.game, GUIDED_SEED)


def _move_time(request: CreateTable) -> float | None:
    """A turn-based table's seconds per move (a day unless given); ApiError in one line for a
    time out of range, or a time or clock that does not fit the table's kind."""
    if request.kind == "live":
        if request.move_time is not None:
            raise ApiError("bad_request", "move_time: only a turn-based table has a time per move")
        return None
    if request.clock is not None:
        raise ApiError("bad_request", "clock: a turn-based table has move_time instead")
    if request.move_time is None:
        return DEFAULT_MOVE_TIME
    if not MIN_MOVE_TIME <= request.move_time <= MAX_MOVE_TIME:
        raise ApiError(
            "bad_request",
            f"move_time: from {MIN_MOVE_TIME:.0f} seconds (an hour) to {MAX_MOVE_TIME:.0f} "
            f"seconds (7 days) a move, not {request.move_time:g}",
        )
    return request.move_time


def rematch_token(token: str, table_id: str) -> str:
    """The seat token at table_id, a rematch, of whoever holds token at the table before."""
    digest = hmac.new(token.encode(), f"rematch/{table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def default_private(request: CreateTable) -> bool:
    """Whether a table is private unless its request says: when it seats people, all invited
    by their links, and bots (every table of people today), it is among friends; a table of
    bots alone is a show for anyone to watch."""
    people = any(seat.kind == "human" for seat in request.seats)
    return people and all(seat.kind in ("human", "bot") for seat in request.seats)


class Lobby:
    """Every table the server knows, backed by the store."""

    def __init__(
        self,
        settings: Settings,
        storage: Storage | None = None,
        games: Callable[[str], Game] = load_game,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.storage = storage or SqlStorage(settings.db_url or default_db_url())
        self._games = games
        db_executor = ThreadPoolExecutor(1, thread_name_prefix="meja-db")
        self.services = Services(
            storage=self.storage,
            settings=settings,
            db_executor=db_executor,
            bot_executor=ThreadPoolExecutor(settings.bot_threads, thread_name_prefix="meja-bot"),
            standin_bots=standin_preference(settings.standin_bot),
            commits=GroupCommit(self.storage, db_executor),
            clock=clock,
        )
        self.me = process_name()
        """This process's name in the leases of the tables it serves."""
        self.sole = settings.bus_url is None
        """Without a bus this process serves its database alone (meja serve claims a SQLite
        file; several processes on PostgreSQL need --bus), so it takes any table it is asked
        for, as after its own restart."""
        self.services.lost = self._lost
        self.relay: Relay | None = (
            None if settings.bus_url is None else Relay(Bus(settings.bus_url, self.me), self)
        )
        """Reaches the tables other processes serve, over the bus (--bus)."""
        self.open: dict[str, Room] = {}
        """The unfinished tables this process serves, in memory."""
        self._loading: dict[str, asyncio.Task[Room]] = {}
        """Tables being taken and loaded now: a second request waits for the same load."""
        self._keeper: asyncio.Task[None] | None = None
        self.lease_rounds = 0
        """Rounds of lease keeping done: what a test waits on before it says nothing left."""
        self._finished: OrderedDict[str, Room] = OrderedDict()
        self.replays = Replays()
        self._rematch_lock = asyncio.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop the tables run on, once started."""
        self.clients = ClientLimits(settings, clock)
        self._unjoined: dict[str, float] = {}
        """Tables with seats for people that no person has joined yet, and when each ends
        if nobody does."""
        self._sweeper: asyncio.Task[None] | None = None

    # --- life cycle --------------------------------------------------------------------
    async def start(self) -> None:
        """Take and reload every unfinished table due to be served (with a person's seat to
        wait for, a bot to move, or a deadline) by replaying its stored moves; tables that wait
        for a person are loaded when someone asks for them.

        Then the garbage collector is tuned for a server: its full scans pause every table (for
        over 100 ms with 500 busy tables), so what is loaded so far (code, restored tables) is
        kept out of them and they run a tenth as often.
        """
        self.loop = asyncio.get_running_loop()
        if self.relay is not None:
            await self.relay.start()
        await self._wake_due(restart=True)
        log.info("restored %d unfinished tables", len(self.open))
        self._sweeper = asyncio.create_task(self._sweep(), name="unjoined tables")
        self._keeper = asyncio.create_task(self._keep_leases(), name="table leases")
        gc.freeze()
        gc.set_threshold(*FULL_SCANS_RARER)

    async def _db(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """work(*args, **kwargs) on the store's thread."""
        loop = asyncio.get_running_loop()
        call = functools.partial(work, *args, **kwargs)
        return await loop.run_in_executor(self.services.db_executor, call)

    # --- leases ------------------------------------------------------------------------
    async def _keep_leases(self) -> None:
        """Renew this process's leases, take over tables whose owner stopped, and let idle
        tables leave memory, a few times per lease."""
        every = max(0.05, self.settings.lease_seconds / 4)
        while True:
            await asyncio.sleep(every)
            try:
                await self._renew()
                await self._wake_due()
                await self._let_idle_go()
            except Exception:
                log.exception("keeping the tables' leases failed")
            self.lease_rounds += 1

    async def _renew(self) -> None:
        """Extend the lease of every table served here; drop those another process took."""
        present = {key: room.present_mask() for key, room in self.open.items()}
        lost = await self._db(
            self.storage.renew, self.me, present, time.time(), self.settings.lease_seconds
        )
        for table_id in lost:
            self._lost(table_id)

    async def _wake_due(self, *, restart: bool = False) -> None:
        """Take and load the tables no live process serves whose time has come; at a restart
        of the one process of a SQLite store, those its last run left too."""
        due = await self._db(
            self.storage.due,
            self.services.clock(),
            time.time(),
            DUE_BATCH,
            any_owner=restart and self.sole,
        )
        for table_id in due:
            if table_id in self.open or table_id in self._finished:
                continue
            try:
                await self._take(table_id, restart=restart)
            except Elsewhere:
                continue
            except ApiError as exc:
                log.error("table %s cannot be restored: %s", table_id, exc.message)

    async def _let_idle_go(self) -> None:
        """Drop from memory the tables with no socket and nothing to do for --idle-seconds,
        to be loaded again on their next request or when their next deadline comes."""
        now = time.monotonic()
        for room in list(self.open.values()):
            if room.finished or not room.idle(now, self.settings.idle_seconds):
                continue
            table_id = room.table.id
            wakes = [when for when in (room.next_wake(), self._unjoined.get(table_id)) if when]
            self._forget(room)
            await room.stop()
            if room.epoch is not None:
                await self._db(self.storage.release, table_id, room.epoch, min(wakes, default=None))

    def _lost(self, table_id: str) -> None:
        """Another process took the table: stop serving it, and send its pages there."""
        room = self.open.get(table_id)
        if room is None:
            return
        self._forget(room)
        room.move_away("the table moved to another server process")
        if self.loop is not None:
            self.loop.create_task(room.stop())

    def _forget(self, room: Room) -> None:
        """Take an unfinished table out of this process's memory."""
        self.open.pop(room.table.id, None)
        self._unjoined.pop(room.table.id, None)

    async def _take(self, table_id: str, *, restart: bool = False) -> Room:
        """The table, taken for this process and loaded; a finished one loaded as it is;
        Elsewhere when another live process holds it."""
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._claim_and_load(table_id, restart))
            self._loading[table_id] = task
            task.add_done_callback(lambda _done: self._loading.pop(table_id, None))
        return await asyncio.shield(task)

    async def _claim_and_load(self, table_id: str, restart: bool) -> Room:
        """Claim the table's lease first, then read its moves: a write of the last owner is
        either stored before the claim, and read, or refused by the new epoch."""
        now = time.time()
        claim = await self._db(
            self.storage.claim,
            table_id,
            self.me,
            now,
            self.settings.lease_seconds,
            force=self.sole,
        )
        row = await self._db(self.storage.load_table, table_id)
        if row is None:
            raise ApiError("unknown_table", f"there is no table {table_id[:32]!r}", 404)
        if claim is None and row.finished_at is None and not row.ended_early:
            owner = row.owner or "unknown"
            if self.relay is None or owner in await self.relay.bus.alive([owner], unknown=True):
                raise Elsewhere(table_id, owner)
            claim = await self._db(
                self.storage.claim, table_id, self.me, now, self.settings.lease_seconds, force=True
            )
            row = await self._db(self.storage.load_table, table_id)
            if claim is None or row is None:
                raise ApiError("unknown_table", f"there is no table {table_id[:32]!r}", 404)
        if claim is not None and claim.taken_from is not None and not restart:
            self.services.metrics.leases_taken_over.inc()
        known = self.open.get(table_id) or self._finished.get(table_id)
        if known is not None:
            return known
        try:
            room = self._room(row)
        except ValueError as exc:
            raise ApiError("unknown_table", f"table {table_id} is damaged: {exc}", 404) from None
        room.epoch = None if claim is None else claim.epoch
        self._keep(room)
        room.start()
        if not room.finished and not self._joined_before(room):
            since = max(row.created_at, self.services.clock()) if restart else row.created_at
            self._wait_for_people(room, since)
        return room

    def wake(self) -> None:
        """Have every table look at its clocks now (after the clock was moved by hand)."""
        for room in self.open.values():
            room.wake()
        if self.loop is not None:
            self.loop.create_task(self.expire_unjoined())

    async def stop(self) -> None:
        """Stop every room, give up its lease for another process to take at once, and
        release threads and connections."""
        for task in (self._sweeper, self._keeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self.relay is not None:
            await self.relay.stop()
        for room in [*self.open.values(), *self._finished.values()]:
            await room.stop()
        await self.services.commits.drain()
        for room in self.open.values():
            if room.epoch is not None and not room.finished:
                with contextlib.suppress(Exception):
                    await self._db(
                        self.storage.release, room.table.id, room.epoch, self.services.clock()
                    )
        for executor in (
            self.services.bot_executor,
            self.services.db_executor,
        ):
            executor.shutdown(wait=True, cancel_futures=True)
        self.services.bots.close()
        self.storage.close()

    # --- tables ------------------------------------------------------------------------
    def game(self, name: str) -> Game:
        """A game by name, or ApiError(unknown_game)."""
        try:
            return self._games(name)
        except ValueError as exc:
            raise ApiError("unknown_game", str(exc), 404) from None

    def _check_budget(self, bot: Bot) -> None:
        """ValueError when a searching bot would think longer per move than this server allows."""
        if not isinstance(bot, ISMCTSBot):
            return
        limits = self.settings
        if bot.seconds is not None:
            if bot.seconds > limits.max_bot_seconds:
                raise ValueError(
                    f"ismcts: at most {limits.max_bot_seconds:g} seconds a move here "
                    "(meja serve --bot-seconds)"
                )
        elif bot.iterations > limits.max_bot_iterations:
            raise ValueError(
                f"ismcts: at most {limits.max_bot_iterations} iterations a move here "
                "(meja serve --bot-iterations)"
            )

    def is_full(self) -> bool:
        """Whether the server holds as many open tables as it will."""
        if len(self.open) >= self.settings.max_open_tables:
            self._tidy()
        return len(self.open) >= self.settings.max_open_tables

    def limits(self) -> dict[str, Any]:
        """What this server allows, and how full it is now."""
        settings = self.settings
        return {
            "max_tables": settings.max_open_tables,
            "full": self.is_full(),
            "tables_per_client": settings.tables_per_client,
            "unjoined_expiry": settings.unjoined_expiry,
            "sockets_per_client": settings.sockets_per_client,
            "joins_per_minute": settings.joins_per_minute,
            "header_bytes": settings.max_header_bytes,
            "bot_seconds": settings.max_bot_seconds,
            "bot_iterations": settings.max_bot_iterations,
            "searching_bots_per_client": settings.searching_bots_per_client,
            "message_rate": settings.message_rate,
            "message_burst": settings.message_burst,
            "message_bytes": settings.max_message_bytes,
            "body_bytes": settings.max_body_bytes,
            "paces": dict(PACES),
            "chat_chars": CHAT_CHARS,
            "chat_messages": CHAT_BURST,
            "chat_seconds": CHAT_WINDOW,
            "move_time": {
                "min": MIN_MOVE_TIME,
                "max": MAX_MOVE_TIME,
                "default": DEFAULT_MOVE_TIME,
            },
        }

    async def create(self, request: CreateTable, address: str = "unknown") -> NewTable:
        """Check the setup fully, store it, and open the table, made by address."""
        await self._check_room_for(address)
        game = self.game(request.game)
        num_players = len(request.seats)
        try:
            options = game.resolve_options(num_players, request.options)
            game.new_state(num_players, **options)
        except ValueError as exc:
            raise ApiError("bad_request", str(exc)) from None
        seed = _guided_seed(request)
        move_time = _move_time(request)
        if request.guided and not offers_hints(game):
            raise ApiError("bad_request", f"guided: {game.title} has no hints to guide with")
        tokens: dict[int, str] = {}
        seats: list[SeatRow] = []
        for index, spec in enumerate(request.seats):
            if spec.kind == "bot":
                bot = spec.bot or DEFAULT_BOT
                try:
                    self._check_budget(make_bot(bot, game))
                except ValueError as exc:
                    raise ApiError("bad_request", f"seats.{index}.bot: {exc}") from None
                own = f"Bot {index + 1}"
                name = check_name(spec.name or "", f"seats.{index}.name", own, own)
                seats.append(SeatRow("bot", name, bot=bot))
            else:
                if spec.bot is not None:
                    raise ApiError("bad_request", f"seats.{index}.bot: only bot seats have a bot")
                tokens[index] = secrets.token_urlsafe(24)
                name = check_name(
                    spec.name or "",
                    f"seats.{index}.name",
                    f"Player {index + 1}",
                    guided=request.guided,
                )
                seats.append(SeatRow("human", name, token_hash=hash_token(tokens[index])))
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.name,
            num_players=num_players,
            options=options,
            seats=seats,
            clock=request.clock,
            pace=request.pace,
            hints=request.hints,
            guided=request.guided,
            seed=seed,
            private=default_private(request) if request.private is None else request.private,
            kind=request.kind,
            move_time=move_time,
            spectator_chat=request.spectator_chat,
            **self._held_by_me(address),
        )
        room = self._room(row)
        self._admit_searchers(room, address)
        await asyncio.get_running_loop().run_in_executor(
            self.services.db_executor, self.storage.create_table, row
        )
        self._keep(room)
        room.start()
        self._wait_for_people(room, self.services.clock())
        return NewTable(room, tokens)

    def _held_by_me(self, address: str) -> dict[str, Any]:
        """The fields of a new table that this process serves from the start, made by
        address."""
        return {
            "made_by": address,
            "owner": self.me,
            "lease_until": time.time() + self.settings.lease_seconds,
            "epoch": 1,
        }

    def _admit_searchers(self, room: Room, address: str) -> None:
        """Count a new table's searching bots against address; ApiError (too_many_bots) when
        its unfinished tables would have more than --searching-bots-per-client."""
        searchers = sum(
            1 for seat in room.seats if seat.bot_instance and searches(seat.bot_instance)
        )
        most = self.settings.searching_bots_per_client
        self.services.bots.admit(address, room.table.id, searchers, most, self._still_open)

    def _still_open(self, table_id: str) -> bool:
        room = self.open.get(table_id)
        return room is not None and not room.finished

    async def _check_room_for(self, address: str) -> None:
        """ApiError unless the server, and address's quota (counted in the store, so every
        process counts alike), have room for a new table."""
        if self.is_full():
            most = self.settings.max_open_tables
            raise ApiError(
                "server_busy",
                f"the server holds {most} open tables, its most (meja serve --max-tables); "
                "try again later",
                503,
            )
        most = self.settings.tables_per_client
        if await self._db(self.storage.unfinished_made_by, address) >= most:
            text = (
                f"your address has made {most} tables still in play, the most one client "
                "may (meja serve --tables-per-client); finish one or let one expire first"
            )
            raise ApiError("too_many_tables", self.clients.refused(address, "tables", text), 429)

    # --- tables nobody joined ----------------------------------------------------------
    def _joined_before(self, room: Room) -> bool:
        """Whether a restored table was joined before: a person moved or chatted there, or it
        has no seat for a person."""
        people = {index for index, seat in enumerate(room.seats) if seat.kind == "human"}
        if not people:
            return True
        if any(message.seat in people for message in room.chat):
            return True
        return any(player in people for player, _ in room.entries())

    def _wait_for_people(self, room: Room, since: float) -> None:
        """Start the time a table with seats for people has for its first person."""
        if any(seat.kind == "human" for seat in room.seats) and not room.finished:
            self._unjoined[room.table.id] = since + self.settings.unjoined_expiry

    def joined(self, room: Room, seat: int | None) -> None:
        """A person's seat of room was used (a socket joined it, a request carried its token):
        the table no longer waits to expire."""
        if seat is not None and room.seats[seat].kind == "human":
            self._unjoined.pop(room.table.id, None)

    async def expire_unjoined(self) -> None:
        """End every table whose time for its first person has run out."""
        now = self.services.clock()
        due = [table_id for table_id, end in self._unjoined.items() if end <= now]
        for table_id in due:
            room = self.open.get(table_id)
            if room is None or room.finished or table_id not in self._unjoined:
                self._unjoined.pop(table_id, None)
                continue
            try:
                ended = await room.end_unjoined()
            except ApiError:
                continue
            self._unjoined.pop(table_id, None)
            if ended:
                log.info(
                    "table %s ended: nobody joined it within %g seconds",
                    table_id,
                    self.settings.unjoined_expiry,
                )
        if due:
            self._tidy()

    async def _sweep(self) -> None:
        """Look for tables nobody joined in time, every so often."""
        every = min(30.0, max(0.05, self.settings.unjoined_expiry / 10))
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire_unjoined()
            except Exception:
                log.exception("ending the tables nobody joined failed")

    async def rematch(
        self, room: Room, seat: int, token: str, address: str = "unknown"
    ) -> tuple[Room, str]:
        """Play again: the table made for it (made now, if nobody asked before, with the same
        seats, bots and options) and the asker's token for their seat there.

        The token is worked out from the asker's token at the old table, so only its holder
        gets it, and gets the same one each time; the server keeps only its hash.
        """
        if not room.finished:
            raise ApiError("not_finished", "play again is offered once the game is over", 409)
        async with self._rematch_lock:
            new = await self.get(room.table.rematch or await self._make_rematch(room, address))
        new_token = rematch_token(token, new.table.id)
        await new.give_token(seat, hash_token(new_token))
        if new.authenticate(new_token) != seat:
            raise ApiError("bad_token", "this seat of the new table is already taken", 403)
        return new, new_token

    async def _make_rematch(self, room: Room, address: str) -> str:
        """Store a new table like room's, with its people's seats open to no token yet, point
        room to it, and say its id."""
        await self._check_room_for(address)
        old = room.table
        seats = [
            SeatRow(seat.kind, seat.name, bot=seat.bot)
            if seat.kind == "bot"
            else SeatRow("human", seat.name)
            for seat in old.seats
        ]
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=old.game,
            num_players=old.num_players,
            options=dict(old.options),
            seats=seats,
            clock=old.clock,
            pace=old.pace,
            hints=old.hints,
            guided=old.guided,
            seed=old.seed,
            private=old.private,
            kind=old.kind,
            move_time=old.move_time,
            spectator_chat=old.spectator_chat,
            **self._held_by_me(address),
        )
        new = self._room(row)
        self._admit_searchers(new, address)
        await asyncio.get_running_loop().run_in_executor(
            self.services.db_executor, self.storage.create_rematch, old.id, row
        )
        self._keep(new)
        new.start()
        self._wait_for_people(new, self.services.clock())
        await room.play_again(row.id)
        return row.id

    async def get(self, table_id: str) -> Room:
        """The table with that id: in memory, or taken and loaded from the store (a finished
        one as it is); Elsewhere when another live process serves it."""
        room = self.open.get(table_id) or self._finished.get(table_id)
        if room is not None:
            return room
        if not 0 < len(table_id) <= 32:
            raise ApiError("unknown_table", f"there is no table {table_id[:32]!r}", 404)
        return await self._take(table_id)

    async def where(self, table_id: str) -> str | None:
        """The process that serves the table, when another live one does; None when this one
        does or may (or there is no such table: the request is answered here)."""
        try:
            await self.get(table_id)
        except Elsewhere as exc:
            return exc.owner
        except ApiError:
            return None
        return None

    async def open_page(
        self, game: str | None, after: SortKey | None, limit: int
    ) -> tuple[list[dict[str, Any]], SortKey | None]:
        """Up to limit tables in play older than after, newest first, and the key to go on
        from if there are more, read from the store: every process lists the same."""
        rows = await self._db(self.storage.open_page, game, after, limit + 1)
        more = len(rows) > limit
        page: list[tuple[ListedRow, str]] = []
        for row in rows[:limit]:
            try:
                page.append((row, self._games(row.game).title))
            except ValueError:
                continue
        last = open_key(rows[limit - 1]) if more else None
        return [listed_open(*shown) for shown in page], last

    async def finished_page(
        self, game: str | None, after: SortKey | None, limit: int
    ) -> tuple[list[dict[str, Any]], SortKey | None]:
        """Up to limit finished tables older than after, newest first, and the key to go on
        from if there are more; the store reads one page, however long the archive."""
        rows = await asyncio.get_running_loop().run_in_executor(
            self.services.db_executor, self._finished_rows, game, after, limit + 1
        )
        more = len(rows) > limit
        page: list[tuple[TableRow, str]] = []
        for row in rows[:limit]:
            try:
                page.append((row, self._games(row.game).title))
            except ValueError:
                continue
        last = finished_key(rows[limit - 1]) if more else None
        return [listed_finished(*shown) for shown in page], last

    # --- helpers -----------------------------------------------------------------------
    def _finished_rows(
        self, game: str | None, before: SortKey | None, limit: int
    ) -> list[TableRow]:
        """A page of finished tables from the store, on its thread, with the winners of games
        that ended before the store kept them found by replaying their moves, without those
        taken back (once: they are stored). A game that cannot be replayed keeps winners None."""
        rows = self.storage.finished_page(game, before, limit)
        for row in rows:
            if row.winners is not None:
                continue
            stored = self.storage.load_table(row.id)
            if stored is None:
                continue
            try:
                history = standing_history(stored.moves)
                record = GameRecord(row.game, row.num_players, row.options, history)
                state = record.replay(game=self._games(row.game))
            except ValueError:
                log.warning("table %s: its winners cannot be found by replaying it", row.id)
                continue
            if state.is_terminal():
                row.winners = state.winners()
                self.storage.record_winners(row.id, row.winners)
        return rows

    def _room(self, row: TableRow) -> Room:
        """A room rebuilt from a stored table; ValueError if the store and rules disagree."""
        game = self._games(row.game)
        room = Room(row, game, self.services)
        room.replay(row.moves)
        return room

    def _keep(self, room: Room) -> None:
        """File a room as open or finished."""
        if room.finished:
            self._finished[room.table.id] = room
            self._finished.move_to_end(room.table.id)
            while len(self._finished) > FINISHED_CACHE:
                _, old = self._finished.popitem(last=False)
                for conn in list(old.connections):
                    conn.close()
        elif room.table.id not in self.open:
            self.open[room.table.id] = room

    def _retire(self, room: Room) -> None:
        """Move a table whose game ended from the open tables to the finished cache."""
        self._forget(room)
        self._keep(room)

    def _tidy(self) -> None:
        """Retire every open table whose game has ended."""
        for room in [room for room in self.open.values() if room.finished]:
            self._retire(room)
