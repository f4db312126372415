"""Tables: the lobby's lists, creating one, and a table's summary, state, moves, hints and
record."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request

from meja.core import GameRecord
from meja.server.api.deps import AddressDep, LobbyDep, PlayerDep, RoomDep, SeatDep, TokenDep
from meja.server.api.json_route import JsonRoute
from meja.server.api.models import (
    ChatAnswer,
    ChatLog,
    CreatedTable,
    HintAnswer,
    Record,
    RematchSeat,
    StateMessage,
    TableList,
    TableSummary,
)
from meja.server.listing import decode_cursor, encode_cursor
from meja.server.protocol import (
    ApiError,
    ChatRequest,
    CreateTable,
    MoveRequest,
    TimeoutRequest,
    UndoRequest,
)

router = APIRouter(prefix="/api/tables", route_class=JsonRoute, tags=["tables"])

PAGE = 20
"""Tables a page of the lobby's lists holds unless asked otherwise."""
MAX_PAGE = 100
"""The most tables one page may hold."""


@router.get("", response_model=TableList, response_model_exclude_unset=True)
async def tables_list(
    lobby: LobbyDep,
    status: Literal["open", "finished"] = "open",
    game: Annotated[str | None, Query(max_length=40)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = PAGE,
    cursor: Annotated[str | None, Query(max_length=200)] = None,
) -> dict[str, Any]:
    """Tables in play (status=open) or recently finished, newest first, a page at a time."""
    if game is not None:
        try:
            lobby.game(game)
        except ApiError as exc:
            raise ApiError("bad_request", f"game: {exc.message}") from None
    after = None if cursor is None else decode_cursor(status, cursor)
    if status == "open":
        tables, last = await lobby.open_page(game, after, limit)
    else:
        tables, last = await lobby.finished_page(game, after, limit)
    return {"tables": tables, "next": None if last is None else encode_cursor(status, last)}


@router.post("", status_code=201, response_model=CreatedTable)
async def tables_create(
    spec: CreateTable, request: Request, lobby: LobbyDep, address: AddressDep
) -> dict[str, Any]:
    """Create a table; the answer holds each person's private seat link, shown only here."""
    created = await lobby.create(spec, address)
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


@router.get("/{table_id}", response_model=TableSummary)
async def table_summary(room: RoomDep) -> dict[str, Any]:
    """A table's public facts."""
    return room.summary()


@router.get("/{table_id}/state", response_model=StateMessage, response_model_exclude_unset=True)
async def table_state(room: RoomDep, seat: SeatDep) -> dict[str, Any]:
    """What the token's seat (or, without a token, a spectator) is shown now."""
    return await room.stored_state_message(seat)


@router.post("/{table_id}/moves", response_model=StateMessage, response_model_exclude_unset=True)
async def table_move(move: MoveRequest, room: RoomDep, seat: PlayerDep) -> dict[str, Any]:
    """Play an action for the token's seat; answers the state it leads to."""
    await room.submit(seat, move.action, move.step)
    return await room.stored_state_message(seat)


@router.post("/{table_id}/undo", response_model=StateMessage, response_model_exclude_unset=True)
async def table_undo(request: UndoRequest, room: RoomDep, seat: PlayerDep) -> dict[str, Any]:
    """Take back the token's seat's last move; answers the state it leads to."""
    await room.undo(seat, request.step)
    return await room.stored_state_message(seat)


@router.post("/{table_id}/timeout", response_model=StateMessage, response_model_exclude_unset=True)
async def table_timeout(request: TimeoutRequest, room: RoomDep, seat: PlayerDep) -> dict[str, Any]:
    """At a turn-based table, choose what to do about a seat whose time ran out: "wait" (its
    time starts again), "bot" (a bot plays it until its person is back) or "end" (the game ends
    early, with no winner); answers the state it leads to."""
    await room.choose_on_timeout(seat, request.seat, request.choice)
    return await room.stored_state_message(seat)


@router.post("/{table_id}/chat", response_model=ChatAnswer)
async def table_chat_say(
    body: ChatRequest, request: Request, room: RoomDep, seat: SeatDep, lobby: LobbyDep
) -> dict[str, Any]:
    """Say something at the table as the token's seat (or, where the table allows it, as a
    spectator, without a token): at most 500 characters, 5 messages in 10 seconds."""
    return await room.say(seat, body.text, lobby.clients.address(request.scope))


@router.get("/{table_id}/chat", response_model=ChatLog)
async def table_chat(room: RoomDep, seat: SeatDep) -> dict[str, Any]:
    """The table's whole chat, for a seat's token (or anyone, where spectators may chat)."""
    return {"messages": room.chat_for(seat)}


@router.post("/{table_id}/rematch", response_model=RematchSeat)
async def table_rematch(
    request: Request,
    room: RoomDep,
    seat: PlayerDep,
    token: TokenDep,
    lobby: LobbyDep,
    address: AddressDep,
) -> dict[str, Any]:
    """Play again, once the game is over: the first to ask makes a new table with the same
    seats, bots and options, which the old table then points to; each person who asks gets
    their own seat link there, from their seat's token here."""
    if token is None:
        raise ApiError("bad_token", "play again needs 'Authorization: Bearer SEAT-TOKEN'", 401)
    new, new_token = await lobby.rematch(room, seat, token, address)
    base = str(request.base_url).rstrip("/")
    table_id = new.table.id
    return {
        "id": table_id,
        "watch_url": f"{base}/t/{table_id}",
        "table": new.summary(),
        "seat": seat,
        "token": new_token,
        "join_url": f"{base}/t/{table_id}#{new_token}",
    }


@router.post("/{table_id}/hint", response_model=HintAnswer)
async def table_hint(room: RoomDep, seat: PlayerDep) -> dict[str, Any]:
    """The heuristic bot's move for the token's seat now, and why, in words (not at a table set
    up without hints)."""
    return await room.hint(seat)


@router.get("/{table_id}/record", response_model=Record)
async def table_record(room: RoomDep) -> dict[str, Any]:
    """The finished game as a record: its history as it stands, without moves taken back."""
    if not room.finished:
        raise ApiError("not_finished", "the record is published when the game ends", 409)
    return GameRecord.from_state(room.state).to_dict()
