"""How `meja serve` runs under uvicorn: a websocket transport whose refusal of an oversized
message reaches the client, and the open-file limit raised for many connections."""

from __future__ import annotations

import logging
import resource
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger("meja.server")

LINGER = 2.0
"""Seconds a connection closed for a protocol fault keeps reading (and dropping) what the
client still sends, so its close frame is read rather than lost to a TCP reset."""

MOST_OPEN_FILES = 1 << 20
"""The soft limit asked for when the hard one is unlimited."""


class LingeringWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's websockets transport, except that a message over ws_max_size (however many
    fragments it came in) is answered 1009 and the connection drained before it closes:
    closing at once with unread data makes the kernel send a reset, and the client sees 1006
    without the reason."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._failed = False

    def handle_parser_exception(self) -> None:
        if self._failed:
            return
        self._failed = True
        assert self.conn.close_sent is not None
        close = self.conn.close_sent
        self.queue.put_nowait(
            {"type": "websocket.disconnect", "code": close.code, "reason": close.reason}
        )
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        loop = self.transport.get_extra_info("loop") or _running_loop()
        self.close_timer = loop.call_later(LINGER, self.transport.close)


def _running_loop() -> Any:
    import asyncio

    return asyncio.get_running_loop()


def raise_open_files() -> int:
    """Raise the soft open-file limit to the hard one, so each connection's socket fits; the
    limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_OPEN_FILES if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError) as exc:
            log.warning("the open-file limit stays at %d: %s", soft, exc)
    return int(soft)
