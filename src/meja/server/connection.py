"""One client of a table: its seat, its outgoing queue, and the budget it may send from."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson

CLOSE_MOVED = 1012
"""The close code of a socket whose table moved to another process: pages reconnect."""

CLOSE_POLICY = 1008

MAX_QUEUED = 200
"""A client this far behind is dropped; it reconnects and gets a fresh state."""


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text, as fast as the encoder allows: it runs for every update."""
    return orjson.dumps(message).decode()


class Connection:
    """What the room knows of one websocket: who it is and what it still has to be sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.log_sent = 0
        self.closed = False
        self.close_code = CLOSE_POLICY
        self.close_reason = ""
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()

    def push(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that falls too far behind is closed instead."""
        self.push_text(encode(message))

    def push_text(self, text: str) -> None:
        """Queue a message already encoded, as one update shared by every socket of a seat."""
        if self.closed:
            return
        if self._queue.qsize() >= MAX_QUEUED:
            self.close()
            return
        self._queue.put_nowait(text)

    def close(self, code: int = CLOSE_POLICY, reason: str = "") -> None:
        """Ask the writer to stop after what is already queued, then hang up with code."""
        if not self.closed:
            self.closed = True
            self.close_code, self.close_reason = code, reason
            self._queue.put_nowait(None)

    async def next_message(self) -> str | None:
        """The next message to send as JSON text, or None once the connection should close."""
        return await self._queue.get()


class RateLimit:
    """A token bucket: burst messages at once, then rate per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
