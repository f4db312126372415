"""One room's own work per move, in process: checking and applying it, logging what each viewer
is told, and building and encoding every seat's and a spectator's update. Bots are excluded.

Each game at its largest player count is played to the end with random moves through
Room._commit, with one connection per seat and a spectator. All work runs on one thread (the
room's executors run their jobs inline) and is timed in CPU time of that thread, so a figure is
one core's time even on a busy machine. The store is kept in
memory: the time a database takes to make a move durable is measured on its own, once, with a
SQLite file as `meja serve` uses it, and printed beside.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from meja.core import CHANCE, list_games
from meja.core.game import random_step
from meja.server.config import Settings
from meja.server.connection import Connection
from meja.server.group_commit import GroupCommit
from meja.server.room import Room, Services, hash_token
from meja.server.storage import MoveRow, MoveWrite, SeatRow, SqlStorage, TableRow


class Inline(Executor):
    """Runs every job at once on the calling thread, so timings hold all the work."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


class MemoryStorage:
    """Keeps moves in a list: the server's work without the disk's."""

    def __init__(self) -> None:
        self.moves: list[MoveRow] = []

    def write_moves(self, moves: Sequence[MoveWrite]) -> None:
        self.moves.extend(write.move for write in moves if write.move is not None)


class SilentConnection(Connection):
    """A client that drops what it is sent: the room has already built and encoded it."""

    def push_text(self, text: str) -> None:
        return None


def _room(game_name: str, players: int) -> Room:
    """A table of people only, so no bot thinks, with a connection per seat and a spectator."""
    from meja.core import load_game

    game = load_game(game_name)
    seats = [SeatRow("human", f"P{i}", token_hash=hash_token(f"t{i}")) for i in range(players)]
    table = TableRow("bench", game_name, players, {}, seats)
    inline = Inline()
    storage = MemoryStorage()
    services = Services(
        storage=storage,  # type: ignore[arg-type]
        settings=Settings(),
        db_executor=inline,
        bot_executor=inline,
        standin_bots=("random",),
        commits=GroupCommit(storage, inline),  # type: ignore[arg-type]
    )
    room = Room(table, game, services)
    for seat in [*range(players), None]:
        conn = SilentConnection(seat)
        room.connections.add(conn)
        if seat is not None:
            room.seats[seat].connections += 1
    return room


async def _play(game_name: str, players: int, games: int, seed: int) -> list[float]:
    """CPU milliseconds of server work for every step of games random games."""
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(games):
        room = _room(game_name, players)
        while not room.state.is_terminal():
            player, action = random_step(room.state, rng)
            start = time.thread_time()
            await room._commit(player, action)
            times.append((time.thread_time() - start) * 1000)
    return times


def _sqlite_append_ms(moves: int) -> list[float]:
    """Wall-clock milliseconds to store one move durably in a SQLite file, as `meja serve` does."""
    with tempfile.TemporaryDirectory() as folder:
        storage = SqlStorage(f"sqlite:///{Path(folder) / 'bench.db'}")
        seats = [SeatRow("human", "P0", token_hash="x")]
        storage.create_table(TableRow("bench", "peranakan", 1, {}, seats))
        times = []
        for seq in range(moves):
            start = time.perf_counter()
            storage.write_moves([MoveWrite("bench", MoveRow(seq, CHANCE, 0, 0))])
            times.append((time.perf_counter() - start) * 1000)
        storage.close()
    return times


def _row(label: str, times: list[float]) -> str:
    cuts = statistics.quantiles(times, n=100)
    return (
        f"| {label} | {len(times)} | {statistics.mean(times):.3f} | {cuts[49]:.3f} | "
        f"{cuts[98]:.3f} | {max(times):.3f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per game (default 5)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sqlite-moves", type=int, default=200)
    args = parser.parse_args()
    print("| server work per move, ms | steps | mean | p50 | p99 | max |")
    print("|---|---|---|---|---|---|")
    for game in list_games():
        players = game.max_players
        times = asyncio.run(_play(game.name, players, args.games, args.seed))
        print(_row(f"{game.name} {players}p", times))
    if args.sqlite_moves:
        print(_row("SQLite append (durable), for comparison", _sqlite_append_ms(args.sqlite_moves)))


if __name__ == "__main__":
    main()
