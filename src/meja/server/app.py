"""The ASGI application: the HTTP API under /api/, table websockets under /ws/, the client at /."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meja import __version__
from meja.core import Game, load_game
from meja.server.api import client, replays, tables
from meja.server.api import games as game_routes
from meja.server.config import Settings
from meja.server.lobby import Lobby
from meja.server.protocol import ApiError, describe_error
from meja.server.rules_page import router as rules_router
from meja.server.storage import Storage

PARAMETER_SOURCES = ("body", "query", "path", "header")
"""Where FastAPI says a bad parameter came from; messages name the parameter alone."""


class BodyLimit:
    """Refuse request bodies over a size with 413, without reading them whole."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

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
        response = _error_response(ApiError("too_large", self._text(), 413))
        await response(scope, receive, send)


def _error_response(error: ApiError) -> JSONResponse:
    return JSONResponse(error.to_dict(), status_code=error.status)


def _add_error_handlers(app: FastAPI) -> None:
    """Every refusal, FastAPI's own included, answers in the one documented error shape."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return _error_response(exc)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        return _error_response(ApiError(code, str(exc.detail), exc.status_code))

    @app.exception_handler(Exception)
    async def server_error(_request: Request, _exc: Exception) -> JSONResponse:
        return _error_response(ApiError("server_error", "the server failed on the request", 500))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        error = exc.errors()[0]
        where = list(error["loc"])
        if where and where[0] in PARAMETER_SOURCES:
            where = where[1:]
        return _error_response(ApiError("bad_request", describe_error(error, where)))


def create_app(
    settings: Settings | None = None,
    storage: Storage | None = None,
    games: Callable[[str], Game] = load_game,
) -> FastAPI:
    """The application; the store is opened now so that a bad database URL fails at once."""
    settings = settings or Settings()
    lobby = Lobby(settings, storage, games)

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
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.lobby = lobby
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    _add_error_handlers(app)
    routers = (game_routes.router, tables.router, replays.router, client.router, rules_router)
    for router in routers:
        app.include_router(router)

    @app.get("/api/{rest:path}", include_in_schema=False)
    async def api_unknown(rest: str) -> None:
        raise ApiError("not_found", f"no API endpoint /api/{rest}", 404)

    app.mount("/static", StaticFiles(directory=client.WEB_DIR), name="static")
    return app
