"""Replays of finished games, step by step, as any seat or a spectator saw them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from meja.server.api.deps import LobbyDep, RoomDep, SeatDep
from meja.server.api.json_route import JsonRoute
from meja.server.api.models import ReplayFrame
from meja.server.protocol import ApiError

router = APIRouter(prefix="/api/tables", route_class=JsonRoute, tags=["replays"])


@router.get(
    "/{table_id}/replay/{step}", response_model=ReplayFrame, response_model_exclude_unset=True
)
async def table_replay(
    room: RoomDep, lobby: LobbyDep, reader: SeatDep, step: int, seat: int | None = None
) -> dict[str, Any]:
    """The finished game after step moves, as seat (or a spectator) saw it then; with the
    chat up to then for a seat's token (Authorization: Bearer), or for anyone where
    spectators may chat."""
    if not room.finished:
        raise ApiError("not_finished", "a game can be replayed once it is over", 409)
    frame = lobby.replays.frame(room, step, seat)
    if room.may_read_chat(reader):
        frame["chat"] = room.chat_for(reader, upto=step)
    return frame
