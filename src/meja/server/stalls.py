"""Time the server itself was not running (stopped by SIGSTOP, swapped out, its loop held up)
is nobody's time to move: a tick every STALL_TICK seconds notices a gap in the monotonic clock
and gives every table's clocks back the time that passed meanwhile."""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from typing import Protocol

STALL_TICK = 0.25
"""Seconds between two looks at the clock."""

STALL_LEAST = 1.0
"""A gap this much longer than a tick counts as a stall; shorter delays are the load's."""


class Credited(Protocol):
    def give_back(self, seconds: float) -> None:
        """Move the table's running clocks on by seconds, as though they had stopped."""
        ...


class Stalls:
    """Notices stalls of the whole process and gives the lost time back to every table."""

    def __init__(
        self, clock: Callable[[], float], monotonic: Callable[[], float] = time.monotonic
    ) -> None:
        self._clock = clock
        self._monotonic = monotonic
        self._tables: weakref.WeakSet[Credited] = weakref.WeakSet()
        self._last = (monotonic(), clock())
        self._ticker: asyncio.Task[None] | None = None
        self.given_back = 0.0
        """Seconds given back so far, for the log and tests."""

    def watch(self, table: Credited) -> None:
        """Credit table with stalls from now on (and start ticking, on the running loop)."""
        self._tables.add(table)
        if self._ticker is None or self._ticker.done():
            self._last = (self._monotonic(), self._clock())
            self._ticker = asyncio.get_running_loop().create_task(self._tick(), name="stalls")

    def check(self) -> None:
        """Look at the clock now: after a stall, give every table its time back. Called by each
        tick and by a table before it lets a clock run out (its timer may fire first)."""
        now = (self._monotonic(), self._clock())
        gap = now[0] - self._last[0]
        if gap > STALL_TICK + STALL_LEAST:
            lost = max(0.0, now[1] - self._last[1] - STALL_TICK)
            self.given_back += lost
            for table in list(self._tables):
                table.give_back(lost)
        self._last = now

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(STALL_TICK)
            self.check()

    async def stop(self) -> None:
        """Stop ticking."""
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None
