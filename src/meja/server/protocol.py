"""The shapes of requests and websocket messages, and the stable error codes the server answers.

Every model forbids unknown fields, so a typo in a client is an error rather than a silent no-op.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Final, Literal

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
    "bad_name": "a seat name holds a control or text-direction character, or is reserved",
    "not_joined": "send a join message first",
    "spectator": "spectators cannot make moves",
    "not_your_turn": NotYourTurn.code,
    "cannot_undo": "the move cannot be taken back now",
    "no_hints": "this table gives no hints",
    "illegal_action": IllegalAction.code,
    "game_over": GameOver.code,
    "stale": "the move was chosen for an earlier step of the game",
    "rate_limited": "too many messages; slow down",
    "not_finished": "the game is still being played",
    "not_overdue": "the seat still has time to move, or the table is not turn-based",
    "server_busy": "the server has as many tables as it will hold",
    "storage_error": "the move could not be saved; nothing changed",
    "server_error": "the server failed on the request (a bug; it is logged)",
}
"""Every error code, with what it means (documented in docs/web.md)."""

TableKind = Literal["live", "turn_based"]
"""A live table plays while its people are there; a turn-based one waits days for each move."""

MIN_MOVE_TIME: Final = 3600.0
"""The least time per move of a turn-based table: an hour."""
MAX_MOVE_TIME: Final = 7 * 86400.0
"""The most time per move of a turn-based table: a week."""
DEFAULT_MOVE_TIME: Final = 86400.0
"""A turn-based table's time per move when its request gives none: a day."""

TIMEOUT_CHOICES: Final = ("wait", "bot", "end")
"""What the people of a turn-based table may do about a seat whose time ran out."""

Pace = Literal["relaxed", "normal", "fast"]
"""How fast a table's pages show its steps, one after another."""

PACES: Final[dict[Pace, float]] = {"relaxed": 1.5, "normal": 0.8, "fast": 0.3}
"""Each pace and the seconds a step stays on screen at it (published in GET /api/limits)."""

DEFAULT_PACE: Final = "normal"
"""The pace of a table created without one, or stored before tables had one."""

MAX_SEED: Final = 2**53
"""The largest chance seed a guided table may be given (a JSON number stays exact below it)."""

GUIDED_SEED: Final = 2026
"""The seed a guided table draws chance from when none is given and its game has none below."""

GUIDED_SEEDS: Final[dict[str, int]] = {
    "mooncake": 2026,
    "nasi_lemak": 3,
    "peranakan": 12,
    "te_kuiti": 5,
}
"""Each game's guided first game, the same for everyone: seeds under which a player who follows
every hint wins a close game against the heuristic bot, as the bots play now (docs/web.md)."""

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
    pace: Pace = DEFAULT_PACE
    hints: bool = True
    """Whether a seated person may ask the heuristic bot for a hint (docs/web.md, Hints)."""
    guided: bool = False
    """A guided first game ("Learn to play"): hints always on, shown at each decision, and
    chance drawn from a fixed seed."""
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    """The fixed seed a guided table draws chance from (its game's GUIDED_SEEDS when not given)."""
    kind: TableKind = "live"
    """live (people play together now) or turn_based (each person has move_time to move)."""
    move_time: float | None = None
    """A turn-based table's seconds per move, from an hour to a week (a day when not given)."""
    spectator_chat: bool = False
    """Whether spectators may read and write the table's chat (seated people always may)."""
    private: bool | None = None
    """Left out of the lobby's lists, reached only by its links; by default a table is private
    when it seats people, each invited by link, and bots (every table of people today)."""


class TimeoutRequest(_Strict):
    """The body of POST /api/tables/{id}/timeout: what to do about a seat whose time ran out."""

    seat: int = Field(ge=0)
    choice: Literal["wait", "bot", "end"]


class ChatRequest(_Strict):
    """The body of POST /api/tables/{id}/chat."""

    text: str = Field(max_length=2000)


class MoveRequest(_Strict):
    """The body of POST /api/tables/{id}/moves."""

    action: int = Field(ge=0)
    step: int | None = Field(default=None, ge=0)


class UndoRequest(_Strict):
    """The body of POST /api/tables/{id}/undo."""

    step: int | None = Field(default=None, ge=0)


class JoinMessage(_Strict):
    """First websocket message: take a seat with its token, or watch without one."""

    type: Literal["join"]
    token: str | None = Field(default=None, max_length=200)


class MoveMessage(_Strict):
    """Play an action; step, when given, is the log position the move was chosen at (a move
    chosen before the moves the seat may make last changed is refused as stale)."""

    type: Literal["move"]
    action: int = Field(ge=0)
    step: int | None = Field(default=None, ge=0)


class UndoMessage(_Strict):
    """Take back the seat's last move; step, when given, is checked as a move's is."""

    type: Literal["undo"]
    step: int | None = Field(default=None, ge=0)


class PaceMessage(_Strict):
    """Set how fast every page of the table shows its steps."""

    type: Literal["pace"]
    pace: Pace


class BackMessage(_Strict):
    """The seat's player is back: the bot standing in for them stops."""

    type: Literal["back"]


class HintMessage(_Strict):
    """Ask for a hint: the heuristic bot's move for this seat now, and why, in words."""

    type: Literal["hint"]


class TimeoutMessage(_Strict):
    """At a turn-based table, what to do about a seat whose time ran out: wait on, let a bot
    play it, or end the game."""

    type: Literal["timeout"]
    seat: int = Field(ge=0)
    choice: Literal["wait", "bot", "end"]


class ChatMessage(_Strict):
    """Say something at the table: plain text, shown as text."""

    type: Literal["chat"]
    text: str = Field(max_length=2000)


class PingMessage(_Strict):
    """Keeps a connection alive through proxies; answered with pong."""

    type: Literal["ping"]


ClientMessage = Annotated[
    JoinMessage
    | MoveMessage
    | UndoMessage
    | PaceMessage
    | BackMessage
    | HintMessage
    | TimeoutMessage
    | ChatMessage
    | PingMessage,
    Field(discriminator="type"),
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
        return "'type' must be one of join, move, undo, pace, back, hint, timeout, chat, ping"
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
