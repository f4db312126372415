"""What routes are handed: the lobby, the table named in the path, and the seat a token opens."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from starlette.requests import HTTPConnection

from meja.server.lobby import Lobby
from meja.server.protocol import ApiError
from meja.server.room import Room


def get_lobby(connection: HTTPConnection) -> Lobby:
    """The app's lobby, for HTTP requests and websockets alike."""
    lobby: Lobby = connection.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(get_lobby)]


async def get_room(table_id: str, lobby: LobbyDep) -> Room:
    """The table of the path, or ApiError(unknown_table)."""
    return await lobby.get(table_id)


RoomDep = Annotated[Room, Depends(get_room)]


def bearer_token(
    authorization: Annotated[
        str | None, Header(description="`Bearer SEAT-TOKEN` to act as that seat")
    ] = None,
) -> str | None:
    """The seat token from an Authorization: Bearer header, if any."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("bad_token", "use the header 'Authorization: Bearer SEAT-TOKEN'", 401)
    return token.strip()


TokenDep = Annotated[str | None, Depends(bearer_token)]


def get_seat(room: RoomDep, token: TokenDep, lobby: LobbyDep) -> int | None:
    """The seat the token opens at this table; None (a spectator) without one."""
    seat = room.authenticate(token)
    lobby.joined(room, seat)
    return seat


SeatDep = Annotated[int | None, Depends(get_seat)]


def get_player(room: RoomDep, token: TokenDep, lobby: LobbyDep) -> int:
    """The seat of a request that must come from a player."""
    seat = None if token is None else room.authenticate(token)
    if seat is None:
        raise ApiError("bad_token", "a move needs 'Authorization: Bearer SEAT-TOKEN'", 401)
    lobby.joined(room, seat)
    return seat


def client_address(connection: HTTPConnection, lobby: LobbyDep) -> str:
    """The client's address, read through a trusted proxy only."""
    return lobby.clients.address(connection.scope)


AddressDep = Annotated[str, Depends(client_address)]


PlayerDep = Annotated[int, Depends(get_player)]
