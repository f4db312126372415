"""The lobby's lists of tables a page at a time: newest first, optionally of one game.

A page is found by its cursor, the sort key of the last table the page before it showed, so a
page costs O(log n + limit) however many tables are open and whatever was added meanwhile.
"""

from __future__ import annotations

import base64
import binascii
from bisect import bisect_left, insort
from collections.abc import Iterator
from typing import Any, Literal

import orjson

from meja.server.protocol import ApiError
from meja.server.room import Room
from meja.server.storage import TableRow

Status = Literal["open", "finished"]
SortKey = tuple[float, str]
"""When the table was created (open) or finished, then its id: unique and ordered."""


def encode_cursor(status: Status, key: SortKey) -> str:
    """An opaque cursor that continues a list after key."""
    text = orjson.dumps([status, key[0], key[1]])
    return base64.urlsafe_b64encode(text).decode().rstrip("=")


def decode_cursor(status: Status, cursor: str) -> SortKey:
    """The key a cursor continues after; bad_request if this server did not give it out."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        data = orjson.loads(base64.urlsafe_b64decode(padded.encode()))
        kind, moment, table_id = data
        if not (isinstance(moment, float | int) and isinstance(table_id, str)):
            raise ValueError(cursor)
    except (ValueError, TypeError, binascii.Error):
        raise ApiError("bad_request", "cursor: not a cursor this server gave out") from None
    if kind != status:
        raise ApiError("bad_request", f"cursor: it continues the {kind} list, not the {status}")
    return (float(moment), table_id)


def open_key(room: Room) -> SortKey:
    """Where an open table sorts: by creation."""
    return (room.table.created_at, room.table.id)


def finished_key(row: TableRow) -> SortKey:
    """Where a finished table sorts: by its end."""
    return (row.finished_at or 0.0, row.id)


class OpenIndex:
    """The sort keys of the open tables, all together and per game, kept in order."""

    def __init__(self) -> None:
        self._keys: dict[str | None, list[SortKey]] = {None: []}

    def add(self, game: str, key: SortKey) -> None:
        """File a table under every list it belongs to."""
        for name in (None, game):
            insort(self._keys.setdefault(name, []), key)

    def remove(self, game: str, key: SortKey) -> None:
        """Take a table out of its lists."""
        for name in (None, game):
            keys = self._keys[name]
            del keys[bisect_left(keys, key)]

    def newest_first(self, game: str | None, after: SortKey | None) -> Iterator[SortKey]:
        """Keys of game's tables (every game's for None) older than after, newest first.

        The lists must not change while this is being read.
        """
        keys = self._keys.get(game, [])
        index = len(keys) if after is None else bisect_left(keys, after)
        for position in range(index - 1, -1, -1):
            yield keys[position]


def listed_open(room: Room) -> dict[str, Any]:
    """A table in play as the lobby shows it."""
    return {
        "id": room.table.id,
        "game": room.game.name,
        "title": room.game.title,
        "num_players": room.table.num_players,
        "seats": [
            {"name": seat.name, "kind": seat.kind, "connected": seat.connections > 0}
            for seat in room.seats
        ],
        "created_at": room.table.created_at,
        "kind": room.table.kind,
        "step": room.position,
    }


def listed_finished(row: TableRow, title: str) -> dict[str, Any]:
    """A finished table as the lobby shows it."""
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "num_players": row.num_players,
        "seats": [{"name": seat.name, "kind": seat.kind} for seat in row.seats],
        "created_at": row.created_at,
        "kind": row.kind,
        "finished_at": row.finished_at,
        "winners": row.winners,
        "ended_early": row.ended_early,
    }
