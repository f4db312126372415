"""The shapes of the API's answers, as the OpenAPI page at /api/docs shows them.

A game's view of the board is the game's own JSON (`State.view`), so it stays a free-form object
inside a typed envelope. Routes whose answers leave some keys out (a log entry of a finished game
has no `record`) are declared with `response_model_exclude_unset`, so an answer carries exactly
the keys it was built with.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

OptionValue = bool | int | float | str
Number = int | float
"""Scores and limits stay ints when they are ints, as the games and settings give them."""


class OptionInfo(BaseModel):
    """A rule option of a game, for the lobby's form."""

    name: str
    default: OptionValue
    help: str
    choices: list[OptionValue]
    kind: str = Field(description="the Python type of the value: bool, int, float or str")
    minimum: Number | None
    maximum: Number | None
    label: str = Field(description="the option in words, for players")
    choice_labels: list[str] = Field(description="each of choices in words, in the same order")
    explain: str = Field(description="one line for players (help has the rule labels)")


class TypicalLength(BaseModel):
    """How long a game usually runs at one player count, from simulated games."""

    players: int
    turns: int = Field(description="moves each player makes, median")
    minutes: int = Field(description="minutes at a person's pace")


class GameInfo(BaseModel):
    """A game's name, title, player counts, options, description and typical length."""

    name: str
    title: str
    min_players: int
    max_players: int
    blurb: str = Field(description="two sentences for a newcomer; empty if the game has none")
    lengths: list[TypicalLength] = Field(
        description="by player count, for the counts measured (scripts/game_lengths.py)"
    )
    options: list[OptionInfo]


class GameDetail(GameInfo):
    """A game with its printed components, for drawing, and the version of their shape."""

    components: dict[str, Any]
    drawing_version: int


class BotList(BaseModel):
    """Bot kinds a seat may use, and the bots that play for absent players, best first."""

    bots: list[str]
    standin: list[str]


class Limits(BaseModel):
    """What this server allows, and how full it is now (docs/web.md, Limits)."""

    max_tables: int = Field(description="open tables the server holds at most (--max-tables)")
    full: bool = Field(description="whether a new table would be refused now")
    bot_seconds: Number = Field(description="most seconds a searching bot thinks (--bot-seconds)")
    bot_iterations: int = Field(description="most iterations of a searching bot (--bot-iterations)")
    message_rate: Number = Field(description="websocket messages a second (--message-rate)")
    message_burst: int = Field(description="messages at once before the rate (--message-burst)")
    message_bytes: int = Field(description="largest websocket message")
    body_bytes: int = Field(description="largest HTTP request body")


class SeatInfo(BaseModel):
    """A seat as everyone at the table may know it."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    bot: str | None
    connected: bool
    away: Literal["left", "clock"] | None


class TableSummary(BaseModel):
    """The public facts of a table."""

    id: str
    game: str
    title: str
    num_players: int
    options: dict[str, OptionValue]
    clock: Number | None
    seats: list[SeatInfo]
    step: int
    finished: bool
    created_at: float


class SeatLink(BaseModel):
    """A seat of a new table with its private link (bots have none)."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    token: str | None
    join_url: str | None


class CreatedTable(BaseModel):
    """The answer to creating a table; tokens are shown here only."""

    id: str
    table: TableSummary
    watch_url: str
    seats: list[SeatLink]


class ListedSeat(BaseModel):
    """A seat as the lobby lists it; `connected` only for tables in play."""

    name: str
    kind: Literal["human", "bot"]
    connected: bool | None = None


class ListedTable(BaseModel):
    """A table as the lobby lists it: `step` for tables in play, `finished_at` and `winners`
    for the others."""

    id: str
    game: str
    title: str
    num_players: int
    seats: list[ListedSeat]
    created_at: float
    step: int | None = None
    finished_at: float | None = None
    winners: list[int] | None = Field(
        None,
        description="the winning seats of a finished game ([] when nobody won); null when "
        "the store holds no winners for it and its moves could not be replayed",
    )


class TableList(BaseModel):
    """A page of tables, newest first; `next` is the cursor of the following page."""

    tables: list[ListedTable]
    next: str | None


class Record(BaseModel):
    """A finished game as a record (`meja replay` and `GameRecord` read it)."""

    game: str
    num_players: int
    options: dict[str, Any]
    history: list[tuple[int, int]]
    meja: str


class LogLine(BaseModel):
    """One step of the log, as the game told the viewer of it."""

    seq: int
    player: int
    text: str
    named: bool
    record: dict[str, Any] | None = None


class LegalMove(BaseModel):
    """A move the viewer may make now."""

    action: int
    text: str


class Result(BaseModel):
    """The final scores, the winning seats, the scores' unit and what decided the game."""

    scores: list[Number]
    winners: list[int]
    unit: str
    lines: list[str]


class StateMessage(BaseModel):
    """Everything a seat (or a spectator) is shown now; the same as the websocket's state."""

    type: Literal["state"]
    table: TableSummary
    you: int | None
    step: int
    current: int
    active: list[int]
    view: dict[str, Any] = Field(description="the game's State.view for this seat")
    legal: list[LegalMove]
    clock: dict[str, float]
    log_start: int
    log: list[LogLine]
    result: Result | None


class ReplayFrame(BaseModel):
    """A finished game at one step, as a seat (or a spectator) saw it then."""

    type: Literal["replay"]
    table: TableSummary
    step: int
    total: int
    you: int | None
    current: int
    active: list[int]
    view: dict[str, Any] = Field(description="the game's State.view at that step")
    log: list[LogLine]
    result: Result | None
