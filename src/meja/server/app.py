"""The ASGI application: the HTTP API under /api/, table websockets under /ws/, the client at /."""

from __future__ import annotations

import functools
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from prometheus_client import CollectorRegistry
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meja import __version__
from meja.core import Game, load_game
from meja.server.api import client, health, replays, tables
from meja.server.api import games as game_routes
from meja.server.config import Settings
from meja.server.lobby import Lobby
from meja.server.metrics import LobbyCollector, Metrics
from meja.server.protocol import ApiError, describe_error
from meja.server.relay import RelayRequests
from meja.server.rules_page import router as rules_router
from meja.server.sockets import serve_relayed
from meja.server.storage import Storage

PARAMETER_SOURCES = ("body", "query", "path", "header")
"""Where FastAPI says a bad parameter came from; messages name the parameter alone."""


class BodyLimit:
    """Refuse request bodies over a size with 413, without reading them whole."""

    def __init__(self, app: ASGIApp, limit: int, metrics: Metrics) -> None:
        self.app = app
        self.limit = limit
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(scope, receive, send)
            return
        seen = 0

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise ApiError("too_large", self._text(), 413)
            return message

        await self.app(scope, counting_receive, send)

    def _text(self) -> str:
        return f"request bodies are limited to {self.limit} bytes"

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = _error_response(ApiError("too_large", self._text(), 413), self.metrics)
        await response(scope, receive, send)


WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})

STYLE_HASHES = ("sha256-OgCbPcfQORN/OTs5HAHModLPDTgfHMMVxNpIZo6wJ60=",)
"""The <style> elements the pages' scripts draw, by the hash of their text: Te Kuiti's board
(TRANSIT_STYLE in web/js/games/te_kuiti.js; tests/server/test_fair_server.py checks it)."""

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    f"style-src-elem 'self' {' '.join(repr(h) for h in STYLE_HASHES)}; "
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The Content-Security-Policy of every answer: the pages load scripts, styles and images and
connect only to their own origin, no inline script runs, and no other site may frame them.
Inline, only the <style> elements of STYLE_HASHES and style attributes are allowed (the pages'
scripts colour a seat's dot with one; no hash can name a colour worked out at run time)."""

DOCS_CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = (
    f"default-src 'self'; script-src 'self' {DOCS_CDN} 'unsafe-inline'; "
    f"style-src 'self' {DOCS_CDN}; img-src 'self' data: https://fastapi.tiangolo.com; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'"
)
"""The interactive API docs (only with --api-docs): FastAPI's page loads Swagger UI from a CDN
and starts it with an inline script."""


def _is_json(content_type: str) -> bool:
    """Whether a Content-Type names JSON (application/json, or a +json type)."""
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (
        kind.startswith("application/") and kind.endswith("+json")
    )


class Guards:
    """What every HTTP request meets first: headers of a bounded size, write bodies in JSON
    only (so a cross-site form or text/plain fetch changes nothing), and the security headers
    on every answer."""

    def __init__(self, app: ASGIApp, settings: Settings, metrics: Metrics) -> None:
        self.app = app
        self.header_bytes = settings.max_header_bytes
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        policy = DOCS_POLICY if scope["path"] == "/api/docs" else PAGE_POLICY

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name not in SECURITY_HEADER_NAMES
                ]
                headers += [
                    (b"content-security-policy", policy.encode()),
                    (b"x-frame-options", b"DENY"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        if refusal is not None:
            await _error_response(refusal, self.metrics)(scope, receive, secured)
            return
        await self.app(scope, receive, secured)

    def _refusal(self, scope: Scope) -> ApiError | None:
        headers = scope["headers"]
        size = sum(len(name) + len(value) + 4 for name, value in headers)
        if size > self.header_bytes:
            return ApiError(
                "too_large", f"request headers are limited to {self.header_bytes} bytes", 431
            )
        if scope["method"] not in WRITES:
            return None
        found = dict(headers)
        content_type = found.get(b"content-type", b"").decode("latin-1")
        length = found.get(b"content-length", b"0").strip()
        has_body = b"transfer-encoding" in found or length not in (b"", b"0")
        if (content_type or has_body) and not _is_json(content_type):
            return ApiError(
                "unsupported_media_type",
                f"request bodies must be JSON (Content-Type: application/json), "
                f"not {content_type[:60] or 'untyped'}",
                415,
            )
        return None


SECURITY_HEADER_NAMES = frozenset(
    {b"content-security-policy", b"x-frame-options", b"x-content-type-options", b"referrer-policy"}
)


def _error_response(error: ApiError, metrics: Metrics) -> JSONResponse:
    """The answer to a refused request, counted by its code."""
    metrics.refused(error.code)
    return JSONResponse(error.to_dict(), status_code=error.status)


def _add_error_handlers(app: FastAPI, metrics: Metrics) -> None:
    """Every refusal, FastAPI's own included, answers in the one documented error shape."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return _error_response(exc, metrics)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        return _error_response(ApiError(code, str(exc.detail), exc.status_code), metrics)

    @app.exception_handler(Exception)
    async def server_error(_request: Request, _exc: Exception) -> JSONResponse:
        error = ApiError("server_error", "the server failed on the request", 500)
        return _error_response(error, metrics)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        error = exc.errors()[0]
        where = list(error["loc"])
        if where and where[0] in PARAMETER_SOURCES:
            where = where[1:]
        return _error_response(ApiError("bad_request", describe_error(error, where)), metrics)


def create_app(
    settings: Settings | None = None,
    storage: Storage | None = None,
    games: Callable[[str], Game] = load_game,
    clock: Callable[[], float] = time.time,
) -> FastAPI:
    """The application; the store is opened now so that a bad database URL fails at once.
    clock gives the time (tests pass one they move by hand). Its metrics have a registry of
    their own, so two apps in one process count apart."""
    settings = settings or Settings()
    lobby = Lobby(settings, storage, games, clock)
    metrics = Metrics(CollectorRegistry())
    metrics.registry.register(LobbyCollector(lobby))
    lobby.services.metrics = metrics

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        try:
            yield
        finally:
            await lobby.stop()

    app = FastAPI(
        title="meja",
        version=__version__,
        lifespan=lifespan,
        docs_url="/api/docs" if settings.api_docs else None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.lobby = lobby
    app.state.metrics = metrics
    app.state.readiness = health.Readiness(
        lobby.storage, lobby.services.db_executor, None if lobby.relay is None else lobby.relay.bus
    )
    if lobby.relay is not None:
        lobby.relay.app = app
        lobby.relay.serve_socket = functools.partial(serve_relayed, lobby=lobby)
    app.add_middleware(RelayRequests, lobby=lobby)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, metrics=metrics)
    app.add_middleware(Guards, settings=settings, metrics=metrics)
    _add_error_handlers(app, metrics)
    routers = (
        game_routes.router,
        tables.router,
        replays.router,
        client.router,
        rules_router,
        health.router,
    )
    for router in routers:
        app.include_router(router)

    @app.get("/api/{rest:path}", include_in_schema=False)
    async def api_unknown(rest: str) -> None:
        raise ApiError("not_found", f"no API endpoint /api/{rest}", 404)

    app.mount("/static", StaticFiles(directory=client.WEB_DIR), name="static")
    return app
