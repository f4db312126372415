"""The ASGI application: the HTTP API under /api/, table websockets under /ws/, the client at /."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meja import __version__
from meja.bots import bot_names
from meja.core import Game, IllegalAction, list_games, load_game
from meja.server.components import components_of
from meja.server.config import Settings
from meja.server.lobby import Lobby
from meja.server.protocol import (
    ApiError,
    CreateTable,
    MoveRequest,
    illegal,
    parse_body,
)
from meja.server.room import Room
from meja.server.sockets import table_socket
from meja.server.storage import Storage

WEB_DIR = Path(str(resources.files("meja") / "web"))


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


def _bearer(request: Request) -> str | None:
    """The seat token from an Authorization: Bearer header, if any."""
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("bad_token", "use the header 'Authorization: Bearer SEAT-TOKEN'", 401)
    return token.strip()


def _game_info(game: Game) -> dict[str, Any]:
    """A game's name, title, player counts and options, for the lobby's form."""
    return {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [
            {
                "name": opt.name,
                "default": opt.default,
                "help": opt.help,
                "choices": list(opt.choices),
                "kind": opt.kind.__name__,
                "minimum": opt.minimum,
                "maximum": opt.maximum,
            }
            for opt in game.options
        ],
    }


def _replay_frame(room: Room, step: int, seat: int | None) -> dict[str, Any]:
    """The finished game at one step as seat (or a spectator) saw it and was told of each move."""
    history = room.state.history
    if not 0 <= step <= len(history):
        raise ApiError("bad_request", f"step must be between 0 and {len(history)}")
    if seat is not None and not 0 <= seat < room.table.num_players:
        raise ApiError("bad_request", f"seat must be between 0 and {room.table.num_players - 1}")
    state = room.game.new_state(room.table.num_players, **room.table.options)
    for player, action in history[:step]:
        state.apply(action, player)
    return {
        "type": "replay",
        "table": room.summary(),
        "step": step,
        "total": len(history),
        "you": seat,
        "current": state.current_player(),
        "active": state.active_players(),
        "view": state.view(seat),
        "log": room.log_for(seat, as_told=True)[:step],
        "result": {"scores": state.scores(), "winners": state.winners()}
        if state.is_terminal()
        else None,
    }


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
        where = ".".join(str(part) for part in error["loc"])
        return _error_response(ApiError("bad_request", f"{where}: {error['msg']}"))

    @app.get("/api/games")
    async def games_list() -> list[dict[str, Any]]:
        return [_game_info(game) for game in list_games()]

    @app.get("/api/games/{name}")
    async def game_detail(name: str) -> dict[str, Any]:
        game = lobby.game(name)
        return {**_game_info(game), "components": components_of(game)}

    @app.get("/api/bots")
    async def bots_list() -> dict[str, Any]:
        return {"bots": bot_names(), "standin": list(lobby.services.standin_bots)}

    @app.get("/api/tables")
    async def tables_list() -> dict[str, Any]:
        return {"open": lobby.listing(), "finished": await lobby.recent()}

    @app.post("/api/tables", status_code=201)
    async def tables_create(request: Request) -> dict[str, Any]:
        spec = parse_body(CreateTable, await request.body())
        created = await lobby.create(spec)
        table_id = created.room.table.id
        base = str(request.base_url).rstrip("/")
        return {
            "id": table_id,
            "table": created.room.summary(),
            "watch_url": f"{base}/t/{table_id}",
            "seats": [
                {
                    "seat": index,
                    "name": seat.name,
                    "kind": seat.kind,
                    "token": created.tokens.get(index),
                    "join_url": f"{base}/t/{table_id}#{created.tokens[index]}"
                    if index in created.tokens
                    else None,
                }
                for index, seat in enumerate(created.room.seats)
            ],
        }

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> dict[str, Any]:
        return (await lobby.get(table_id)).summary()

    @app.get("/api/tables/{table_id}/state")
    async def table_state(table_id: str, request: Request) -> dict[str, Any]:
        room = await lobby.get(table_id)
        return room.state_message(room.authenticate(_bearer(request)))

    @app.post("/api/tables/{table_id}/moves")
    async def table_move(table_id: str, request: Request) -> dict[str, Any]:
        room = await lobby.get(table_id)
        token = _bearer(request)
        if token is None:
            raise ApiError("bad_token", "a move needs 'Authorization: Bearer SEAT-TOKEN'", 401)
        seat = room.authenticate(token)
        move = parse_body(MoveRequest, await request.body())
        await room.submit(seat, move.action, move.step)
        return room.state_message(seat)

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> dict[str, Any]:
        room = await lobby.get(table_id)
        if not room.finished:
            raise ApiError("not_finished", "the record is published when the game ends", 409)
        return {
            "game": room.game.name,
            "num_players": room.table.num_players,
            "options": room.table.options,
            "history": [[p, a] for p, a in room.state.history],
            "meja": __version__,
        }

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def table_replay(table_id: str, step: int, seat: int | None = None) -> dict[str, Any]:
        room = await lobby.get(table_id)
        if not room.finished:
            raise ApiError("not_finished", "a game can be replayed once it is over", 409)
        try:
            return _replay_frame(room, step, seat)
        except IllegalAction as exc:
            raise illegal(exc) from None

    @app.websocket("/ws/tables/{table_id}")
    async def table_ws(websocket: WebSocket, table_id: str) -> None:
        await table_socket(websocket, table_id, lobby)

    @app.get("/api/{rest:path}")
    async def api_unknown(rest: str) -> None:
        raise ApiError("not_found", f"no API endpoint /api/{rest}", 404)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_DIR / "table.html")

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app
