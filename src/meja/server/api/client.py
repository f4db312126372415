"""What the browser loads: the lobby and table pages, and each table's websocket."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, WebSocket
from fastapi.responses import FileResponse

from meja.server.api.deps import LobbyDep
from meja.server.sockets import table_socket

WEB_DIR = Path(str(resources.files("meja") / "web"))

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_ws(websocket: WebSocket, table_id: str, lobby: LobbyDep) -> None:
    """Join a table as a seat or a spectator, then play (docs/web.md, Websocket API)."""
    await table_socket(websocket, table_id, lobby)


@router.get("/", include_in_schema=False)
async def index() -> FileResponse:
    """The lobby."""
    return FileResponse(WEB_DIR / "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    """A table; the page reads its id from the address."""
    return FileResponse(WEB_DIR / "table.html")
