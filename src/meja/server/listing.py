"""The lobby's lists of tables a page at a time: newest first, optionally of one game.

A page is found by its cursor, the sort key of the last table the page before it showed, so a
page reads an index from that key on, however many tables there are and whatever was added
meanwhile.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Literal

import orjson

from meja.server.protocol import ApiError
from meja.server.storage import ListedRow, TableRow

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


def open_key(row: ListedRow) -> SortKey:
    """Where an open table sorts: by creation."""
    return (row.created_at, row.id)


def finished_key(row: TableRow) -> SortKey:
    """Where a finished table sorts: by its end."""
    return (row.finished_at or 0.0, row.id)


def listed_open(row: ListedRow, title: str) -> dict[str, Any]:
    """A table in play as the lobby shows it."""
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "num_players": row.num_players,
        "seats": [
            {
                "name": seat.name,
                "kind": seat.kind,
                "bot": seat.bot,
                "connected": bool(row.present >> index & 1),
            }
            for index, seat in enumerate(row.seats)
        ],
        "created_at": row.created_at,
        "kind": row.kind,
        "step": row.position,
    }


def listed_finished(row: TableRow, title: str) -> dict[str, Any]:
    """A finished table as the lobby shows it."""
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "num_players": row.num_players,
        "seats": [{"name": seat.name, "kind": seat.kind, "bot": seat.bot} for seat in row.seats],
        "created_at": row.created_at,
        "kind": row.kind,
        "finished_at": row.finished_at,
        "winners": row.winners,
        "ended_early": row.ended_early,
    }
