"""The lobby: creates tables, reloads unfinished ones at start-up, and finds any table by id."""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from meja.bots import Bot, bot_names, make_bot
from meja.bots.ismcts import ISMCTSBot
from meja.core import Game, GameRecord, load_game
from meja.server.config import Settings
from meja.server.group_commit import GroupCommit
from meja.server.listing import (
    OpenIndex,
    SortKey,
    finished_key,
    listed_finished,
    listed_open,
    open_key,
)
from meja.server.protocol import ApiError, CreateTable
from meja.server.replay import Replays
from meja.server.room import Room, Services, hash_token
from meja.server.storage import (
    SeatRow,
    SqlStorage,
    Storage,
    TableRow,
    default_db_url,
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


class Lobby:
    """Every table the server knows, backed by the store."""

    def __init__(
        self,
        settings: Settings,
        storage: Storage | None = None,
        games: Callable[[str], Game] = load_game,
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
        )
        self.open: dict[str, Room] = {}
        self._open_index = OpenIndex()
        self._finished: OrderedDict[str, Room] = OrderedDict()
        self.replays = Replays()

    # --- life cycle --------------------------------------------------------------------
    async def start(self) -> None:
        """Reload every unfinished table by replaying its stored moves.

        Then the garbage collector is tuned for a server: its full scans pause every table (for
        over 100 ms with 500 busy tables), so what is loaded so far (code, restored tables) is
        kept out of them and they run a tenth as often.
        """
        rows = await asyncio.get_running_loop().run_in_executor(
            self.services.db_executor, self.storage.load_unfinished
        )
        for row in rows:
            try:
                room = self._room(row)
            except ValueError as exc:
                log.error("table %s cannot be restored: %s", row.id, exc)
                continue
            self._keep(room)
            room.start()
        log.info("restored %d unfinished tables", len(self.open))
        gc.freeze()
        gc.set_threshold(*FULL_SCANS_RARER)

    async def stop(self) -> None:
        """Stop every room and release threads and connections."""
        for room in [*self.open.values(), *self._finished.values()]:
            await room.stop()
        await self.services.commits.drain()
        for executor in (
            self.services.bot_executor,
            self.services.db_executor,
        ):
            executor.shutdown(wait=True, cancel_futures=True)
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
            "bot_seconds": settings.max_bot_seconds,
            "bot_iterations": settings.max_bot_iterations,
            "message_rate": settings.message_rate,
            "message_burst": settings.message_burst,
            "message_bytes": settings.max_message_bytes,
            "body_bytes": settings.max_body_bytes,
        }

    async def create(self, request: CreateTable) -> NewTable:
        """Check the setup fully, store it, and open the table."""
        if self.is_full():
            most = self.settings.max_open_tables
            raise ApiError(
                "server_busy",
                f"the server holds {most} open tables, its most (meja serve --max-tables); "
                "try again later",
                503,
            )
        game = self.game(request.game)
        num_players = len(request.seats)
        try:
            options = game.resolve_options(num_players, request.options)
            game.new_state(num_players, **options)
        except ValueError as exc:
            raise ApiError("bad_request", str(exc)) from None
        tokens: dict[int, str] = {}
        seats: list[SeatRow] = []
        for index, spec in enumerate(request.seats):
            if spec.kind == "bot":
                bot = spec.bot or DEFAULT_BOT
                try:
                    self._check_budget(make_bot(bot, game))
                except ValueError as exc:
                    raise ApiError("bad_request", f"seats.{index}.bot: {exc}") from None
                name = spec.name or f"Bot {index + 1}"
                seats.append(SeatRow("bot", name, bot=bot))
            else:
                if spec.bot is not None:
                    raise ApiError("bad_request", f"seats.{index}.bot: only bot seats have a bot")
                tokens[index] = secrets.token_urlsafe(24)
                name = spec.name or f"Player {index + 1}"
                seats.append(SeatRow("human", name, token_hash=hash_token(tokens[index])))
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.name,
            num_players=num_players,
            options=options,
            seats=seats,
            clock=request.clock,
        )
        room = self._room(row)
        await asyncio.get_running_loop().run_in_executor(
            self.services.db_executor, self.storage.create_table, row
        )
        self._keep(room)
        room.start()
        return NewTable(room, tokens)

    async def get(self, table_id: str) -> Room:
        """The table with that id, loading a finished one from the store if need be."""
        room = self.open.get(table_id) or self._finished.get(table_id)
        if room is not None:
            return room
        row = None
        if 0 < len(table_id) <= 32:
            row = await asyncio.get_running_loop().run_in_executor(
                self.services.db_executor, self.storage.load_table, table_id
            )
        if row is None:
            raise ApiError("unknown_table", f"there is no table {table_id[:32]!r}", 404)
        room = self.open.get(table_id) or self._finished.get(table_id)
        if room is None:
            try:
                room = self._room(row)
            except ValueError as exc:
                raise ApiError(
                    "unknown_table", f"table {table_id} is damaged: {exc}", 404
                ) from None
            self._keep(room)
            room.start()
        return room

    def open_page(
        self, game: str | None, after: SortKey | None, limit: int
    ) -> tuple[list[dict[str, Any]], SortKey | None]:
        """Up to limit tables in play older than after, newest first, and the key to go on
        from if there are more. Tables whose game ended are filed as finished on the way."""
        page: list[Room] = []
        ended: list[Room] = []
        more = False
        for key in self._open_index.newest_first(game, after):
            room = self.open[key[1]]
            if room.finished:
                ended.append(room)
            elif len(page) < limit:
                page.append(room)
            else:
                more = True
                break
        for room in ended:
            self._retire(room)
        last = open_key(page[-1]) if more else None
        return [listed_open(room) for room in page], last

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
        that ended before the store kept them found by replaying their moves (once: they are
        stored). A game that cannot be replayed keeps winners None."""
        rows = self.storage.finished_page(game, before, limit)
        for row in rows:
            if row.winners is not None:
                continue
            stored = self.storage.load_table(row.id)
            if stored is None:
                continue
            history = [(move.player, move.action) for move in stored.moves]
            record = GameRecord(row.game, row.num_players, row.options, history)
            try:
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
            self._open_index.add(room.game.name, open_key(room))

    def _retire(self, room: Room) -> None:
        """Move a table whose game ended from the open list to the finished cache."""
        del self.open[room.table.id]
        self._open_index.remove(room.game.name, open_key(room))
        self._keep(room)

    def _tidy(self) -> None:
        """Retire every open table whose game has ended."""
        for room in [room for room in self.open.values() if room.finished]:
            self._retire(room)
