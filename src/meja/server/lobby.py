"""The lobby: creates tables, reloads unfinished ones at start-up, and finds any table by id."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from meja.bots import Bot, bot_names, make_bot
from meja.bots.ismcts import ISMCTSBot
from meja.core import Game, load_game
from meja.server.config import Settings
from meja.server.group_commit import GroupCommit
from meja.server.protocol import ApiError, CreateTable
from meja.server.room import Room, Services, hash_token
from meja.server.storage import SeatRow, SqlStorage, Storage, TableRow, default_db_url

log = logging.getLogger("meja.server")

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
            commits=GroupCommit(self.storage, db_executor, settings.commit_window),
        )
        self.open: dict[str, Room] = {}
        self._finished: OrderedDict[str, Room] = OrderedDict()

    # --- life cycle --------------------------------------------------------------------
    async def start(self) -> None:
        """Reload every unfinished table by replaying its stored moves."""
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
                raise ValueError(f"ismcts: at most {limits.max_bot_seconds:g} seconds a move here")
        elif bot.iterations > limits.max_bot_iterations:
            raise ValueError(f"ismcts: at most {limits.max_bot_iterations} iterations a move here")

    async def create(self, request: CreateTable) -> NewTable:
        """Check the setup fully, store it, and open the table."""
        self._tidy()
        if len(self.open) >= self.settings.max_open_tables:
            raise ApiError("server_busy", "the server is full; try again later", 503)
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

    def listing(self) -> list[dict[str, Any]]:
        """Unfinished tables, newest first, for the lobby."""
        self._tidy()
        rooms = sorted(self.open.values(), key=lambda r: r.table.created_at, reverse=True)
        return [room.summary() for room in rooms]

    async def recent(self, limit: int = 20) -> list[dict[str, Any]]:
        """Recently finished tables, newest first."""
        rows = await asyncio.get_running_loop().run_in_executor(
            self.services.db_executor, self.storage.recent_finished, limit
        )
        out = []
        for row in rows:
            try:
                title = self._games(row.game).title
            except ValueError:
                continue
            out.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "title": title,
                    "num_players": row.num_players,
                    "seats": [{"name": seat.name, "kind": seat.kind} for seat in row.seats],
                    "finished_at": row.finished_at,
                }
            )
        return out

    # --- helpers -----------------------------------------------------------------------
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
        else:
            self.open[room.table.id] = room

    def _tidy(self) -> None:
        """Move tables whose game just ended from the open list to the finished cache."""
        for table_id, room in list(self.open.items()):
            if room.finished:
                del self.open[table_id]
                self._keep(room)
