"""The websocket of a table: join with a seat token (or none to watch), then send moves,
take-backs, the table's pace and requests for hints.

Bad input earns an error message and changes nothing; only a forged token, an unknown table or
a client that keeps flooding after being told is disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from meja.server.clients import origin_refusal
from meja.server.config import Settings
from meja.server.connection import CLOSE_MOVED, Connection, RateLimit
from meja.server.lobby import Elsewhere, Lobby
from meja.server.metrics import Metrics
from meja.server.protocol import (
    ApiError,
    BackMessage,
    ChatMessage,
    HintMessage,
    JoinMessage,
    MoveMessage,
    PaceMessage,
    PingMessage,
    TimeoutMessage,
    UndoMessage,
    parse_client_message,
)
from meja.server.relay import RemoteSocket
from meja.server.room import Room

log = logging.getLogger("meja.server")


class Socket(Protocol):
    """What serving a table's client needs of its socket: a websocket, or the owner's end of
    one relayed by another process (relay.RemoteSocket)."""

    scope: Any
    client_state: WebSocketState

    async def accept(self) -> None: ...

    async def receive(self) -> Any: ...

    async def send_text(self, data: str) -> None: ...

    async def send_json(self, data: Any) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


CLOSE_UNKNOWN_TABLE = 4404
CLOSE_BAD_TOKEN = 4403
CLOSE_POLICY = 1008
CLOSE_TRY_LATER = 1013
FLOOD_STRIKES = 100
"""Messages refused for rate before the connection is closed."""


def _too_many(settings: Settings, outcome: str) -> ApiError:
    """The refusal of a message over the budget, naming the budget and who sets it."""
    return ApiError(
        "rate_limited",
        f"more than {settings.message_rate:g} messages a second (bursts of "
        f"{settings.message_burst}, meja serve --message-rate/--message-burst); {outcome}",
    )


async def receive_text(ws: Socket, limit: int) -> str | None:
    """The next text message, None when the client has gone; ApiError for oversized ones."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    data = message.get("text")
    if data is None:
        raw = message.get("bytes") or b""
        if len(raw) > limit:
            raise ApiError("too_large", f"messages are limited to {limit} bytes")
        try:
            data = raw.decode()
        except UnicodeDecodeError:
            raise ApiError("bad_json", "malformed JSON: not UTF-8 text") from None
    if len(data.encode()) > limit:
        raise ApiError("too_large", f"messages are limited to {limit} bytes")
    return data


async def _close(ws: Socket, error: ApiError, code: int, metrics: Metrics) -> None:
    """Tell the client why, then hang up."""
    metrics.refused(error.code)
    with contextlib.suppress(Exception):
        await ws.send_json(error.to_dict())
        await ws.close(code)


async def _refuse(ws: Socket, code: str, text: str, close_code: int, metrics: Metrics) -> None:
    """Accept only to say why not, in a message and in the close frame's reason."""
    metrics.refused(code)
    with contextlib.suppress(Exception):
        await ws.accept()
        await ws.send_json(ApiError(code, text).to_dict())
        await ws.close(close_code, reason=text.encode()[:123].decode(errors="ignore"))


async def _join(ws: Socket, room: Room, settings: Settings) -> Connection | None:
    """Wait for the join message and authenticate it, by a deadline that no message resets and
    with the same flood limit as after joining."""
    metrics = room.services.metrics
    deadline = asyncio.get_running_loop().time() + settings.join_timeout
    budget = RateLimit(settings.message_rate, settings.message_burst)
    strikes = 0
    while True:
        try:
            async with asyncio.timeout_at(deadline):
                text = await receive_text(ws, settings.max_message_bytes)
            if text is None:
                return None
            if not budget.allow():
                strikes += 1
                if strikes >= FLOOD_STRIKES:
                    await _close(ws, _too_many(settings, "goodbye"), CLOSE_POLICY, metrics)
                    return None
                raise _too_many(settings, "this one was ignored")
            message = parse_client_message(text)
            if not isinstance(message, JoinMessage):
                raise ApiError("not_joined", "send a join message first")
            return Connection(room.authenticate(message.token))
        except TimeoutError:
            error = ApiError("not_joined", "no join message was sent")
            await _close(ws, error, CLOSE_POLICY, metrics)
            return None
        except ApiError as exc:
            if exc.code == "bad_token":
                await _close(ws, exc, CLOSE_BAD_TOKEN, metrics)
                return None
            metrics.refused(exc.code)
            await ws.send_json(exc.to_dict())


async def _write(ws: Socket, conn: Connection) -> None:
    """Send queued messages until the connection is closed."""
    while (text := await conn.next_message()) is not None:
        await ws.send_text(text)
    if ws.client_state == WebSocketState.CONNECTED:
        await ws.close(conn.close_code, conn.close_reason)


async def _read(ws: Socket, room: Room, conn: Connection, lobby: Lobby) -> None:
    """Handle the client's messages until it leaves or is closed for flooding."""
    settings = lobby.settings
    metrics = lobby.services.metrics
    budget = RateLimit(settings.message_rate, settings.message_burst)
    strikes = 0
    address = lobby.clients.address(ws.scope)
    while not conn.closed:
        try:
            text = await receive_text(ws, settings.max_message_bytes)
            if text is None:
                return
            if not budget.allow():
                strikes += 1
                if strikes >= FLOOD_STRIKES:
                    metrics.refused("rate_limited")
                    conn.push(_too_many(settings, "goodbye").to_dict())
                    conn.close()
                    return
                raise _too_many(settings, "this one was ignored")
            message = parse_client_message(text)
            if isinstance(message, MoveMessage):
                await room.submit(conn.seat, message.action, message.step)
            elif isinstance(message, UndoMessage):
                await room.undo(conn.seat, message.step)
            elif isinstance(message, PaceMessage):
                await room.set_pace(conn.seat, message.pace)
            elif isinstance(message, BackMessage):
                if conn.seat is None:
                    raise ApiError("spectator", "spectators have no seat to come back to", 403)
                await room.come_back(conn.seat)
            elif isinstance(message, HintMessage):
                conn.push(await room.hint(conn.seat))
            elif isinstance(message, TimeoutMessage):
                await room.choose_on_timeout(conn.seat, message.seat, message.choice)
            elif isinstance(message, ChatMessage):
                await room.say(conn.seat, message.text, address)
            elif isinstance(message, PingMessage):
                conn.push({"type": "pong"})
            else:
                raise ApiError("bad_request", "already joined")
        except ApiError as exc:
            metrics.refused(exc.code)
            conn.push(exc.to_dict())
        except (WebSocketDisconnect, asyncio.CancelledError):
            raise
        except Exception:
            log.exception("table %s: a message could not be handled", room.table.id)
            metrics.refused("server_error")
            conn.push(ApiError("server_error", "the server failed on that message").to_dict())


async def table_socket(ws: WebSocket, table_id: str, lobby: Lobby) -> None:
    """Serve one client of a table from join to goodbye, if its page's origin may connect
    and its address is within its share of connections."""
    clients = lobby.clients
    metrics = lobby.services.metrics
    address = clients.address(ws.scope)
    foreign = origin_refusal(ws.scope, lobby.settings.allowed_origins)
    if foreign is not None:
        text = clients.refused(address, "origin", foreign)
        await _refuse(ws, "bad_origin", text, CLOSE_POLICY, metrics)
        return
    too_many = clients.open_socket(address)
    if too_many is not None:
        await _refuse(ws, "too_many_connections", too_many, CLOSE_TRY_LATER, metrics)
        return
    try:
        await _serve(ws, table_id, lobby)
    finally:
        clients.close_socket(address)


async def _serve(ws: Socket, table_id: str, lobby: Lobby) -> None:
    """Serve one counted client of a table from join to goodbye."""
    await ws.accept()
    try:
        room = await lobby.get(table_id)
    except Elsewhere as exc:
        if lobby.relay is not None and not isinstance(ws, RemoteSocket):
            address = lobby.clients.address(ws.scope)
            await lobby.relay.pipe_socket(ws, table_id, exc.owner, address)
        else:
            await _close(ws, exc, CLOSE_MOVED, lobby.services.metrics)
        return
    except ApiError as exc:
        await _close(ws, exc, CLOSE_UNKNOWN_TABLE, lobby.services.metrics)
        return
    try:
        conn = await _join(ws, room, lobby.settings)
    except WebSocketDisconnect:
        return
    if conn is None:
        return
    lobby.joined(room, conn.seat)
    await room.attach(conn)
    writer = asyncio.create_task(_write(ws, conn))
    try:
        await _read(ws, room, conn, lobby)
    except WebSocketDisconnect:
        pass
    finally:
        conn.close()
        await room.detach(conn)
        with contextlib.suppress(Exception):
            await writer


async def serve_relayed(ws: RemoteSocket, table_id: str, lobby: Lobby) -> None:
    """Serve a socket another process relays here: its page's origin and its address's share
    of sockets were checked where it arrived."""
    await _serve(ws, table_id, lobby)
