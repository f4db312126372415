"""The bus between the processes that serve one database: Redis pub/sub, as Colyseus and
Lichess use it (docs/design.md, "Many processes").

Each process reads one channel of its own and publishes to the others' channels; messages are
small JSON objects. One writer publishes everything, in the order it was handed over, so the
messages from one process to another arrive in order. Each process also keeps a key alive
while it runs, so the others know when it has died.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger("meja.server")

PREFIX = "meja:"
BEAT_SECONDS = 1.0
"""How often a process says it is alive."""
ALIVE_SECONDS = 4.0
"""How long a process counts as alive after it last said so."""
RETRY_SECONDS = 0.5
"""The pause before the bus is tried again after Redis failed."""

Handler = Callable[[dict[str, Any]], None]


def _inbox(name: str) -> str:
    return f"{PREFIX}to:{name}"


def _alive_key(name: str) -> str:
    return f"{PREFIX}alive:{name}"


class Bus:
    """This process's link to the others: send to a process by name, hear what is sent to
    this one, and know which processes are alive."""

    def __init__(self, url: str, name: str) -> None:
        try:
            import redis.asyncio
            import redis.exceptions
        except ImportError as exc:
            raise ValueError(
                f"--bus needs the 'server' extra: pip install 'meja[server]' ({exc})"
            ) from None
        try:
            self._redis: Redis = redis.asyncio.Redis.from_url(url, socket_connect_timeout=2.0)
        except ValueError as exc:
            raise ValueError(f"--bus: {url!r} is not a Redis URL ({exc})") from None
        self.url = url
        self.name = name
        self._failures: tuple[type[BaseException], ...] = (redis.exceptions.RedisError, OSError)
        """What a lost or refusing Redis raises."""
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, handler: Handler) -> None:
        """Listen on this process's channel and start publishing; ValueError in one line when
        Redis cannot be reached."""
        try:
            await self._redis.ping()
        except self._failures as exc:
            raise ValueError(f"--bus: cannot reach Redis at {self.url} ({exc})") from None
        await self._beat_once()
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(_inbox(self.name))
        self._tasks = [
            asyncio.create_task(self._listen(pubsub, handler), name="bus listener"),
            asyncio.create_task(self._publish(), name="bus publisher"),
            asyncio.create_task(self._beat(), name="bus heartbeat"),
        ]

    async def stop(self) -> None:
        """Stop listening and publishing, and say this process is gone."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(*self._failures):
            await self._redis.delete(_alive_key(self.name))
        await self._redis.aclose()

    def send(self, to: str, message: dict[str, Any]) -> None:
        """Hand a message to process to; published in order after those handed over before."""
        self._outbox.put_nowait((_inbox(to), orjson.dumps(message)))

    async def alive(self, names: Iterable[str], *, unknown: bool = False) -> set[str]:
        """Which of the named processes are alive; when Redis cannot say, all of them if
        unknown is True (take nothing from them), none if False (give up what waits on them)."""
        wanted = sorted(set(names))
        if not wanted:
            return set()
        try:
            found = await self._redis.mget([_alive_key(name) for name in wanted])
        except self._failures:
            return set(wanted) if unknown else set()
        return {name for name, value in zip(wanted, found, strict=True) if value is not None}

    async def ping(self) -> None:
        """Raise unless Redis answers."""
        await self._redis.ping()

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        """Hand every message for this process to handler, reconnecting after a failure."""
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except self._failures as exc:
                log.warning("the bus failed (%s); listening again", exc)
                await asyncio.sleep(RETRY_SECONDS)
                with contextlib.suppress(*self._failures):
                    await pubsub.subscribe(_inbox(self.name))
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                handler(orjson.loads(message["data"]))
            except Exception:
                log.exception("a message from the bus could not be handled")

    async def _publish(self) -> None:
        """Publish queued messages in order, all that are waiting in one round trip."""
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            pipe = self._redis.pipeline(transaction=False)
            for channel, data in batch:
                pipe.publish(channel, data)
            try:
                await pipe.execute()
            except self._failures as exc:
                log.warning("the bus lost %d messages: %s", len(batch), exc)
                await asyncio.sleep(RETRY_SECONDS)

    async def _beat(self) -> None:
        """Keep this process's alive key fresh."""
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self._beat_once()
            except self._failures as exc:
                log.warning("the bus did not take this process's heartbeat: %s", exc)

    async def _beat_once(self) -> None:
        await self._redis.set(_alive_key(self.name), b"1", px=int(ALIVE_SECONDS * 1000))
