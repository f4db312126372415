"""Group commit: the moves of every table that arrive while a write is under way are stored
together, in one transaction with one sync, and each waiting table resumes only once its move is
durable. One move alone is written at once; under load a write carries hundreds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import Executor

from meja.server.storage import MoveWrite, Storage

log = logging.getLogger("meja.server")


class GroupCommit:
    """Batches move writes across tables on the store's one thread."""

    def __init__(self, storage: Storage, executor: Executor) -> None:
        self.storage = storage
        self.executor = executor
        self._pending: list[tuple[MoveWrite, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def write(self, move: MoveWrite) -> None:
        """Return once move is durable; raises what the store raised if it could not be."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((move, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_pending(), name="meja group commit")
        await done

    async def drain(self) -> None:
        """Wait until every move handed over so far is written (or refused)."""
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer

    async def _write_pending(self) -> None:
        """Write batch after batch until nothing is pending."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._store([move for move, _ in batch])
            except Exception:
                await self._store_one_by_one(batch)
                continue
            for _, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _store_one_by_one(self, batch: list[tuple[MoveWrite, asyncio.Future[None]]]) -> None:
        """A refused batch is written a move at a time, so one bad move fails only its table."""
        for move, done in batch:
            try:
                await self._store([move])
            except Exception as exc:
                if not done.done():
                    done.set_exception(exc)
            else:
                if not done.done():
                    done.set_result(None)

    async def _store(self, moves: list[MoveWrite]) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.executor, self.storage.write_moves, moves)
