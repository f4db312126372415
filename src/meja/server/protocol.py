"""The shapes of requests and websocket messages, and the stable error codes the server answers.

Every model forbids unknown fields, so a typo in a client is an error rather than a silent no-op.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from meja.core import GameOver, IllegalAction, NotYourTurn

ERROR_CODES = {
    "bad_json": "the message is not valid JSON",
    "bad_request": "the request does not have the expected fields",
    "too_large": "the message is larger than the server accepts",
    "unknown_table": "there is no table with that id",
    "unknown_game": "there is no game with that name",
    "bad_token": "the seat token is not valid for this table",
    "not_joined": "send a join message first",
    "spectator": "spectators cannot make moves",
    "not_your_turn": NotYourTurn.code,
    "illegal_action": IllegalAction.code,
    "game_over": GameOver.code,
    "stale": "the move was chosen for an earlier step of the game",
    "rate_limited": "too many messages; slow down",
    "not_finished": "the game is still being played",
    "server_busy": "the server has as many tables as it will hold",
    "storage_error": "the move could not be saved; nothing changed",
    "server_error": "the server failed on the request (a bug; it is logged)",
}
"""Every error code, with what it means (documented in docs/web.md)."""

MAX_JSON_DEPTH = 1024
"""Deepest nesting of arrays and objects the server decodes (orjson's own limit), so no message
can exhaust the stack; every real message is a few levels deep."""


class ApiError(Exception):
    """A refused request: an error code, a message for people, and an HTTP status."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_dict(self) -> dict[str, Any]:
        """The JSON body (or websocket message) describing the error."""
        return {"type": "error", "code": self.code, "message": self.message}


def illegal(exc: IllegalAction) -> ApiError:
    """The error for a move the rules refused."""
    return ApiError(exc.code, str(exc), 409)


class _Strict(BaseModel):
    """Unknown fields and type coercion are both refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(_Strict):
    """One seat of a new table: a person, or a bot named as bot_names() lists."""

    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, max_length=40)


OptionValue = bool | int | float | str


class CreateTable(_Strict):
    """The body of POST /api/tables."""

    game: str = Field(max_length=40)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)
    clock: float | None = Field(default=None, gt=0, le=86_400)


class MoveRequest(_Strict):
    """The body of POST /api/tables/{id}/moves."""

    action: int = Field(ge=0)
    step: int | None = Field(default=None, ge=0)


class JoinMessage(_Strict):
    """First websocket message: take a seat with its token, or watch without one."""

    type: Literal["join"]
    token: str | None = Field(default=None, max_length=200)


class MoveMessage(_Strict):
    """Play an action; step, when given, must equal the number of steps played so far."""

    type: Literal["move"]
    action: int = Field(ge=0)
    step: int | None = Field(default=None, ge=0)


class BackMessage(_Strict):
    """The seat's player is back: the bot standing in for them stops."""

    type: Literal["back"]


class PingMessage(_Strict):
    """Keeps a connection alive through proxies; answered with pong."""

    type: Literal["ping"]


ClientMessage = Annotated[
    JoinMessage | MoveMessage | BackMessage | PingMessage, Field(discriminator="type")
]
_client_messages: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def describe_error(error: Mapping[str, Any], where: Sequence[str | int] = ()) -> str:
    """One line naming a problem pydantic found at where (a field path, empty for the whole)."""
    field = ".".join(str(part) for part in where)
    if not field and error["type"] in ("missing", "model_type", "model_attributes_type"):
        return "the body must be a JSON object"
    field = field or "message"
    if error["type"] == "extra_forbidden":
        return f"unknown field {field!r}"
    if error["type"] == "missing":
        return f"missing field {field!r}"
    if error["type"] == "union_tag_invalid":
        return "'type' must be one of join, move, back, ping"
    return f"{field}: {error['msg']}"


def describe_validation(exc: ValidationError) -> str:
    """One line naming the first problem in a message."""
    error = exc.errors()[0]
    return describe_error(error, error["loc"])


def parse_json(text: str | bytes) -> Any:
    """Decode JSON or raise ApiError(bad_json), refusing nesting deeper than MAX_JSON_DEPTH."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        if exc.msg.startswith("depth limit exceeded"):
            reason = f"nested too deeply (at most {MAX_JSON_DEPTH} levels)"
        elif "UTF-8" in exc.msg:
            reason = "not UTF-8 text"
        elif "empty" in exc.msg:
            reason = "there is nothing to decode"
        else:
            reason = exc.msg
        raise ApiError("bad_json", f"malformed JSON: {reason}") from None


def parse_client_message(text: str | bytes) -> ClientMessage:
    """A websocket message from a client, or ApiError."""
    data = parse_json(text)
    if not isinstance(data, dict):
        raise ApiError("bad_request", "a message must be a JSON object")
    try:
        return _client_messages.validate_python(data)
    except ValidationError as exc:
        raise ApiError("bad_request", describe_validation(exc)) from None
