"""Bot time shared fairly between tables.

Bots that answer at once (heuristic bots, stand-ins, hints) run in a quick lane of their own, so
they never wait behind a search. Searching bots (ISMCTS) run in the search lane: its threads take
tables in turn (round robin), one move of a table at a time, and while other tables wait a
search that counts seconds gets only its share of them (never under SEARCH_FLOOR).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, TypeVar

from meja.bots import Bot
from meja.bots.ismcts import ISMCTSBot
from meja.server.protocol import ApiError

T = TypeVar("T")

SEARCH_FLOOR = 0.5
"""Seconds a searching bot may always think, however many tables wait."""

QUICK_THREADS = 1
"""Threads of the quick lane."""

SWITCH_INTERVAL = 0.001
"""Seconds a thread holds the interpreter lock before one waiting may take it (Python's
default is 0.005): with searches running, every step of every table waits for the lock several
times, and at 5 ms a heuristic bot's step took 60 ms where it takes 1."""

Job = tuple[Bot, tuple[Any, ...], "asyncio.Future[Any]"]


def searches(bot: Bot) -> bool:
    """Whether bot searches (and so runs in the search lane and counts against the caps)."""
    return isinstance(bot, ISMCTSBot)


@contextlib.contextmanager
def _budget(bot: Bot, seconds: float | None) -> Iterator[None]:
    """Let a searching bot think at most seconds for this move, then restore its budget."""
    if seconds is None or not isinstance(bot, ISMCTSBot) or bot.seconds is None:
        yield
        return
    kept = bot.seconds
    bot.seconds = min(kept, seconds)
    try:
        yield
    finally:
        bot.seconds = kept


class YieldingRandom(random.Random):
    """A generator whose draws run a line of Python: the compiled engine never lets go of the
    interpreter lock by itself, so a search drawing from this one lets the event loop (and
    every other table) in at each switch interval, rather than only when it is done. It draws
    the same numbers as random.Random from the same state."""

    def random(self) -> float:
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        return super().getrandbits(k)


def yielding(rng: random.Random) -> YieldingRandom:
    """A YieldingRandom in rng's state."""
    copy = YieldingRandom()
    copy.setstate(rng.getstate())
    return copy


def _think(bot: Bot, seconds: float | None, args: tuple[Any, ...]) -> int:
    """bot.choose(*args) within seconds, on a thread of the search lane."""
    with _budget(bot, seconds):
        return bot.choose(*args)


class BotLanes:
    """The quick lane and the search lane, shared by every table of a server."""

    def __init__(self, search_executor: Executor, search_threads: int) -> None:
        self._search = search_executor
        sys.setswitchinterval(SWITCH_INTERVAL)
        self._threads = max(1, search_threads)
        self._quick: ThreadPoolExecutor | None = None
        self._quick_jobs = 0
        """Jobs handed to the quick lane and not yet done."""
        self._waiting: OrderedDict[str, deque[Job]] = OrderedDict()
        self._running = 0
        self._searchers: dict[str, tuple[str, int]] = {}
        """The address that made each unfinished table with searching bots, and how many."""
        self.shares: list[float | None] = []
        """The budget each search was given (None: its own), latest last; for tests."""

    def _quick_executor(self) -> ThreadPoolExecutor:
        if self._quick is None:
            self._quick = ThreadPoolExecutor(QUICK_THREADS, thread_name_prefix="meja-quick")
        return self._quick

    async def quick(self, work: Callable[..., T], *args: Any) -> T:
        """Run work(*args) in the quick lane."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._quick_executor(), work, *args)
        self._quick_jobs += 1
        future.add_done_callback(self._quick_done)
        return await future

    def _quick_done(self, _future: asyncio.Future[Any]) -> None:
        self._quick_jobs -= 1

    async def choose(self, table: str, bot: Bot, *args: Any) -> int:
        """bot.choose(*args) in the lane that suits the bot: a searching one waits its table's
        turn in the search lane and gets its share of the time."""
        if not searches(bot):
            return await self.quick(bot.choose, *args)
        args = tuple(yielding(arg) if isinstance(arg, random.Random) else arg for arg in args)
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(table, deque()).append((bot, args, done))
        self._dispatch()
        return await done

    def admit(
        self,
        address: str,
        table: str,
        searchers: int,
        most: int,
        still_open: Callable[[str], bool],
    ) -> None:
        """Count a new table's searching bots against its maker's address; ApiError
        (too_many_bots, 429) in one line when that would make more than most at the
        address's unfinished tables (still_open says which tables still count)."""
        if searchers <= 0:
            return
        for known in [key for key in self._searchers if not still_open(key)]:
            del self._searchers[known]
        held = sum(count for owner, count in self._searchers.values() if owner == address)
        if held + searchers > most:
            raise ApiError(
                "too_many_bots",
                f"searching bots (ismcts): at most {most} at the unfinished tables of one"
                f" client (meja serve --searching-bots-per-client); yours have {held}, this"
                f" table asks for {searchers}",
                429,
            )
        self._searchers[table] = (address, searchers)

    def waiting(self) -> int:
        """Tables waiting for the search lane now."""
        return len(self._waiting)

    def load(self) -> dict[str, tuple[int, int]]:
        """The jobs waiting and running in each lane now, for the server's metrics."""
        quick_running = min(self._quick_jobs, QUICK_THREADS)
        search_waiting = sum(len(jobs) for jobs in self._waiting.values())
        return {
            "quick": (self._quick_jobs - quick_running, quick_running),
            "search": (search_waiting, self._running),
        }

    def _share(self, bot: Bot) -> float | None:
        """The seconds a search may take now: its own while nobody waits, else its share of
        the lane's threads among every table that wants them."""
        if not isinstance(bot, ISMCTSBot) or bot.seconds is None or not self._waiting:
            return None
        wanting = self._running + 1 + len(self._waiting)
        return max(SEARCH_FLOOR, bot.seconds * self._threads / wanting)

    def _dispatch(self) -> None:
        """Start waiting searches while threads are free, taking tables in turn."""
        loop = asyncio.get_running_loop()
        while self._running < self._threads and self._waiting:
            table, jobs = self._waiting.popitem(last=False)
            bot, args, done = jobs.popleft()
            if jobs:
                self._waiting[table] = jobs
            if done.cancelled():
                continue
            share = self._share(bot)
            self.shares.append(share)
            del self.shares[:-100]
            self._running += 1
            future = loop.run_in_executor(self._search, _think, bot, share, args)
            future.add_done_callback(lambda ran, done=done: self._finished(ran, done))

    def _finished(self, ran: asyncio.Future[Any], done: asyncio.Future[Any]) -> None:
        self._running -= 1
        if not done.done():
            if ran.cancelled():
                done.cancel()
            elif ran.exception() is not None:
                done.set_exception(ran.exception())  # type: ignore[arg-type]
            else:
                done.set_result(ran.result())
        self._dispatch()

    def close(self) -> None:
        """Release the quick lane's thread."""
        if self._quick is not None:
            self._quick.shutdown(wait=True, cancel_futures=True)
            self._quick = None
