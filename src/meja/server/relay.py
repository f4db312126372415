"""Any process serves any person: a request or websocket that reaches a process which does not
own its table is relayed over the bus to the process that does (docs/design.md, "Many
processes").

The process the person reached (the front) is a pipe: it passes the socket's messages to the
owner and the owner's back, and an HTTP request whole, with the person's address. The owner
serves a relayed socket exactly as one of its own (a RemoteSocket stands in for the
websocket), so seats, presence, rates and hidden information are decided in one place. When the
owner dies or gives the table up, the front closes the socket with 1012 and the page
reconnects, reaching whichever process serves the table next.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketState

from meja.server.bus import Bus
from meja.server.connection import CLOSE_MOVED
from meja.server.protocol import ApiError

if TYPE_CHECKING:
    from meja.server.lobby import Lobby
    from meja.server.sockets import Socket

log = logging.getLogger("meja.server")

WATCH_SECONDS = 1.0
"""How often the processes at either end of relayed sockets are checked for being alive."""
HTTP_SECONDS = 10.0
"""How long a front waits for the owner's answer to a relayed request."""
RELAYED = b"x-meja-relayed"
"""The header that marks a request relayed by another process: it is never relayed again."""
DROPPED_HEADERS = frozenset({b"x-forwarded-for", RELAYED})
MOVED_TEXT = "the table moved to another server process; reconnecting"
STOPPED = ApiError(
    "moved",
    "the server process of this table stopped; another takes it over within seconds: try again",
    503,
)


class RemoteSocket:
    """The owner's end of a person's websocket held by another process: what the table's socket
    code reads and writes, carried over the bus."""

    def __init__(self, relay: Relay, key: str, front: str, address: str) -> None:
        self.relay = relay
        self.key = key
        self.front = front
        self.scope: Scope = {"type": "websocket", "client": (address, 0), "headers": []}
        self.client_state = WebSocketState.CONNECTED
        self._inbox: asyncio.Queue[str | None] = asyncio.Queue()

    def feed(self, text: str | None) -> None:
        """A message from the person (None: they left)."""
        self._inbox.put_nowait(text)

    async def accept(self) -> None:
        """The front accepted the socket already."""

    async def receive(self) -> Message:
        text = await self._inbox.get()
        if text is None:
            self.client_state = WebSocketState.DISCONNECTED
            return {"type": "websocket.disconnect", "code": 1000}
        return {"type": "websocket.receive", "text": text}

    async def send_text(self, text: str) -> None:
        if self.client_state == WebSocketState.CONNECTED:
            self.relay.bus.send(self.front, {"k": "out", "key": self.key, "d": text})

    async def send_json(self, data: Any) -> None:
        await self.send_text(orjson.dumps(data).decode())

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        if self.client_state == WebSocketState.CONNECTED:
            self.client_state = WebSocketState.DISCONNECTED
            message = {"k": "shut", "key": self.key, "code": code, "reason": reason or ""}
            self.relay.bus.send(self.front, message)


class Relay:
    """Both ends of relaying for this process: pipes for its own people to other owners, and
    the sockets and requests other processes relay to the tables it owns."""

    def __init__(self, bus: Bus, lobby: Lobby) -> None:
        self.bus = bus
        self.lobby = lobby
        self.app: ASGIApp | None = None
        """The whole application, which answers relayed requests as its own."""
        self.serve_socket: Callable[[Any, str], Awaitable[None]] | None = None
        """Serves a relayed socket of a table as the table's own socket code would."""
        self._pipes: dict[str, tuple[str, asyncio.Queue[tuple[Any, ...]]]] = {}
        """Sockets this process relays: their key, the owner, and what the owner sent back."""
        self._remote: dict[str, RemoteSocket] = {}
        """Sockets other processes relay here, by key."""
        self._replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._watcher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Join the bus and watch the processes at the other end of relayed sockets."""
        await self.bus.start(self.heard)
        self._watcher = asyncio.create_task(self._watch(), name="relay watcher")

    async def stop(self) -> None:
        """Close every relayed socket and leave the bus."""
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
        for _, queue in self._pipes.values():
            queue.put_nowait(("shut", CLOSE_MOVED, MOVED_TEXT))
        for remote in self._remote.values():
            remote.feed(None)
        for task in list(self._tasks):
            task.cancel()
        await self.bus.stop()

    # --- what the bus brings -----------------------------------------------------------
    def heard(self, message: dict[str, Any]) -> None:
        """Route a message from another process."""
        kind, key = message.get("k"), str(message.get("key"))
        if kind in ("out", "shut"):
            pipe = self._pipes.get(key)
            if pipe is not None and kind == "out":
                pipe[1].put_nowait(("out", message["d"]))
            elif pipe is not None:
                pipe[1].put_nowait(("shut", message["code"], message["reason"]))
        elif kind == "reply":
            reply = self._replies.pop(key, None)
            if reply is not None and not reply.done():
                reply.set_result(message)
        elif kind == "in":
            remote = self._remote.get(key)
            if remote is not None:
                remote.feed(message["d"])
        elif kind == "gone":
            remote = self._remote.get(key)
            if remote is not None:
                remote.feed(None)
        elif kind == "open":
            front = str(message["from"])
            remote = RemoteSocket(self, key, front, str(message.get("address", "unknown")))
            self._remote[key] = remote
            self._spawn(self._serve_remote(remote, str(message["table"])))
        elif kind == "http":
            self._spawn(self._answer(message))

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- the front's end ---------------------------------------------------------------
    async def pipe_socket(self, ws: Socket, table_id: str, owner: str, address: str) -> None:
        """Relay an accepted websocket of table_id to its owner until either end closes."""
        from meja.server.sockets import receive_text

        if owner not in await self.bus.alive([owner]):
            await ws.send_json(STOPPED.to_dict())
            await ws.close(CLOSE_MOVED, MOVED_TEXT)
            return
        key = secrets.token_hex(8)
        queue: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self._pipes[key] = (owner, queue)
        opening = {"k": "open", "key": key, "from": self.bus.name, "table": table_id}
        self.bus.send(owner, {**opening, "address": address})
        limit = self.lobby.settings.max_message_bytes

        async def inward() -> None:
            while True:
                try:
                    text = await receive_text(ws, limit)
                except ApiError as exc:
                    await ws.send_json(exc.to_dict())
                    continue
                if text is None:
                    queue.put_nowait(("gone",))
                    return
                self.bus.send(owner, {"k": "in", "key": key, "d": text})

        reader = asyncio.create_task(inward())
        try:
            while True:
                item = await queue.get()
                if item[0] == "out":
                    await ws.send_text(item[1])
                    continue
                if item[0] == "shut" and ws.client_state == WebSocketState.CONNECTED:
                    await ws.close(item[1], item[2][:120])
                return
        except Exception:
            return
        finally:
            del self._pipes[key]
            self.bus.send(owner, {"k": "gone", "key": key})
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader

    async def relay_http(
        self, scope: Scope, receive: Receive, send: Send, owner: str, address: str
    ) -> None:
        """Answer a request for a table another process owns with that process's answer."""
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        key = secrets.token_hex(8)
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[key] = reply
        headers = [
            [name.decode("latin-1"), value.decode("latin-1")]
            for name, value in scope["headers"]
            if name not in DROPPED_HEADERS
        ]
        self.bus.send(
            owner,
            {
                "k": "http",
                "key": key,
                "from": self.bus.name,
                "method": scope["method"],
                "scheme": scope.get("scheme", "http"),
                "path": scope["path"],
                "query": scope.get("query_string", b"").decode("latin-1"),
                "headers": headers,
                "body": base64.b64encode(body).decode(),
                "address": address,
            },
        )
        answer = await self._reply_from(owner, key, reply)
        if answer is None:
            self._replies.pop(key, None)
            answer = {
                "status": 503,
                "headers": [["content-type", "application/json"]],
                "body": base64.b64encode(
                    orjson.dumps(
                        ApiError(
                            "moved",
                            "the table's server process did not answer; try again",
                            503,
                        ).to_dict()
                    )
                ).decode(),
            }
        await send(
            {
                "type": "http.response.start",
                "status": answer["status"],
                "headers": [
                    (n.encode("latin-1"), v.encode("latin-1")) for n, v in answer["headers"]
                ],
            }
        )
        await send({"type": "http.response.body", "body": base64.b64decode(answer["body"])})

    async def _reply_from(
        self, owner: str, key: str, reply: asyncio.Future[dict[str, Any]]
    ) -> dict[str, Any] | None:
        """The owner's answer, or None when it does not come in time or the owner dies."""
        deadline = asyncio.get_running_loop().time() + HTTP_SECONDS
        while asyncio.get_running_loop().time() < deadline:
            try:
                async with asyncio.timeout(WATCH_SECONDS):
                    return await asyncio.shield(reply)
            except TimeoutError:
                if owner not in await self.bus.alive([owner]):
                    return None
        return None

    # --- the owner's end ---------------------------------------------------------------
    async def _serve_remote(self, remote: RemoteSocket, table_id: str) -> None:
        """Serve a socket another process relays, as the table's own socket code would."""
        try:
            if self.serve_socket is not None:
                await self.serve_socket(remote, table_id)
        finally:
            self._remote.pop(remote.key, None)
            await remote.close(CLOSE_MOVED, MOVED_TEXT)

    async def _answer(self, message: dict[str, Any]) -> None:
        """Answer a request another process relays, through this process's whole app."""
        status = 500
        headers: list[list[str]] = []
        body = bytearray()
        request = base64.b64decode(message["body"])
        sent = False

        async def receive() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": request, "more_body": False}
            await asyncio.Event().wait()
            return {"type": "http.disconnect"}

        async def send(reply: Message) -> None:
            nonlocal status, headers
            if reply["type"] == "http.response.start":
                status = reply["status"]
                headers = [
                    [name.decode("latin-1"), value.decode("latin-1")]
                    for name, value in reply.get("headers", [])
                ]
            elif reply["type"] == "http.response.body":
                body.extend(reply.get("body", b""))

        scope: Scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": message["method"],
            "scheme": message["scheme"],
            "path": message["path"],
            "raw_path": str(message["path"]).encode(),
            "query_string": str(message["query"]).encode("latin-1"),
            "root_path": "",
            "headers": [
                (name.encode("latin-1"), value.encode("latin-1"))
                for name, value in message["headers"]
            ]
            + [(RELAYED, b"1")],
            "client": (str(message["address"]), 0),
            "server": None,
        }
        if self.app is not None:
            try:
                await self.app(scope, receive, send)
            except Exception:
                log.exception("a relayed request failed")
        self.bus.send(
            str(message["from"]),
            {
                "k": "reply",
                "key": message["key"],
                "status": status,
                "headers": headers,
                "body": base64.b64encode(bytes(body)).decode(),
            },
        )

    # --- both ends ---------------------------------------------------------------------
    async def _watch(self) -> None:
        """Close the relayed sockets whose process at the other end has died: the page of a
        dead owner reconnects, and the socket of a dead front leaves its table."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                owners = {owner for owner, _ in self._pipes.values()}
                fronts = {remote.front for remote in self._remote.values()}
                alive = await self.bus.alive(owners | fronts)
                for owner, queue in list(self._pipes.values()):
                    if owner not in alive:
                        queue.put_nowait(("shut", CLOSE_MOVED, MOVED_TEXT))
                for remote in list(self._remote.values()):
                    if remote.front not in alive:
                        remote.feed(None)
            except Exception:
                log.exception("watching the relayed sockets failed")


class RelayRequests:
    """Middleware: a request for a table another live process serves is answered by that
    process, through the bus."""

    def __init__(self, app: ASGIApp, lobby: Lobby) -> None:
        self.app = app
        self.lobby = lobby

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        relay = self.lobby.relay
        if scope["type"] != "http" or relay is None:
            await self.app(scope, receive, send)
            return
        table_id = _table_of(scope["path"])
        if table_id is None or dict(scope["headers"]).get(RELAYED):
            await self.app(scope, receive, send)
            return
        owner = await self.lobby.where(table_id)
        if owner is None:
            await self.app(scope, receive, send)
            return
        if owner not in await relay.bus.alive([owner]):
            await JSONResponse(STOPPED.to_dict(), status_code=STOPPED.status)(scope, receive, send)
            return
        address = self.lobby.clients.address(scope)
        await relay.relay_http(scope, receive, send, owner, address)


def _table_of(path: str) -> str | None:
    """The table a request path is about: /api/tables/{id} and everything under it."""
    prefix = "/api/tables/"
    if not path.startswith(prefix):
        return None
    table_id = path[len(prefix) :].split("/", 1)[0]
    return table_id or None
