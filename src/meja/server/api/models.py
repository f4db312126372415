"""The shapes of the API's answers, as the OpenAPI page at /api/docs shows them.

A game's view of the board is the game's own JSON (`State.view`), so it stays a free-form object
inside a typed envelope. Routes whose answers leave some keys out (a log entry of a finished game
has no `record`) are declared with `response_model_exclude_unset`, so an answer carries exactly
the keys it was built with.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from meja.server.protocol import Pace

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
    turns: int = Field(
        description="turns each player takes, median; a turn as the game's rulebook counts it"
    )
    minutes: int = Field(description="minutes at a person's pace, from the moves of the game")


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


class BotLevel(BaseModel):
    """A level a person picks an opponent by, its words and the bot spec it stands for."""

    name: str
    words: str
    spec: str


class BotList(BaseModel):
    """Bot kinds a seat may use, the levels people choose from (weakest first), and the bots
    that play for absent players, best first."""

    bots: list[str]
    levels: list[BotLevel]
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
    paces: dict[str, float] = Field(
        description="each pace a table may have and the seconds a step stays on screen at it"
    )
    chat_chars: int = Field(500, description="the longest chat message, in characters")
    chat_messages: int = Field(5, description="chat messages a sender may send in chat_seconds")
    chat_seconds: float = Field(10.0, description="the window chat_messages are counted over")
    move_time: dict[str, float] = Field(
        default_factory=dict,
        description="a turn-based table's seconds per move: min, max and default",
    )
    searching_bots_per_client: int = Field(
        description="searching bots one client address may seat at its unfinished tables"
        " (--searching-bots-per-client)"
    )
    tables_per_client: int = Field(
        description="unfinished tables one client address may have made (--tables-per-client)"
    )
    unjoined_expiry: Number = Field(
        description="seconds a table waits for its first person before it ends (--unjoined-expiry)"
    )
    sockets_per_client: int = Field(
        description="websockets one client address may hold open at once (--sockets-per-client)"
    )
    joins_per_minute: int = Field(
        description="websockets one client address may open in a minute (--joins-per-minute)"
    )
    header_bytes: int = Field(description="largest total size of an HTTP request's headers")


class SeatInfo(BaseModel):
    """A seat as everyone at the table may know it."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    bot: str | None
    connected: bool
    away: Literal["left", "clock", "timeout"] | None = Field(
        description="why a stand-in bot plays for the seat: its person left, their move clock "
        "ran out, or the people of a turn-based table let a bot play it"
    )
    overdue: bool = Field(
        False, description="at a turn-based table: the seat's time to move ran out"
    )


class TableSummary(BaseModel):
    """The public facts of a table."""

    id: str
    game: str
    title: str
    num_players: int
    options: dict[str, OptionValue]
    clock: Number | None
    pace: Pace = Field(
        description="how fast pages show the table's steps (seconds in GET /api/limits)"
    )
    seats: list[SeatInfo]
    step: int = Field(description="entries in the table's log: moves and take-backs")
    finished: bool
    created_at: float
    hints: bool = Field(True, description="whether seated people may ask for hints")
    guided: bool = Field(False, description="a guided first game: a hint at every decision")
    private: bool = Field(False, description="left out of the lobby's lists: only links reach it")
    kind: Literal["live", "turn_based"] = "live"
    move_time: Number | None = Field(
        None, description="a turn-based table's seconds per move (an hour to 7 days)"
    )
    ended_early: bool = Field(
        False, description="its people ended the game before its end; nobody won"
    )
    spectator_chat: bool = Field(False, description="spectators may read and write the chat")
    rematch: str | None = Field(
        None, description="the table made to play again, once someone asked (POST .../rematch)"
    )
    paused: bool = Field(
        False,
        description="no person has the table open: no stand-in plays and no clock runs out",
    )


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
    """A seat as the lobby lists it: a bot seat with its level or spec; `connected` only for
    tables in play."""

    name: str
    kind: Literal["human", "bot"]
    bot: str | None = None
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
    kind: Literal["live", "turn_based"] = "live"
    step: int | None = None
    finished_at: float | None = None
    ended_early: bool | None = Field(
        None, description="a finished game its people ended early, with no winner"
    )
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


class StatisticRow(BaseModel):
    """One row of a finished game's statistics: what it counts, and its value for each seat."""

    label: str
    values: list[Number | None]


class Result(BaseModel):
    """The final scores, the winning seats, the scores' unit and what decided the game."""

    scores: list[Number]
    winners: list[int]
    unit: str
    lines: list[str]
    ended_early: bool = Field(False, description="the people ended the game; nobody won")
    statistics: list[StatisticRow] = Field(
        default_factory=list,
        description="the game's statistics per player: rows of a label and a value per seat "
        "(null where the row does not apply to that seat)",
    )


class StateMessage(BaseModel):
    """Everything a seat (or a spectator) is shown now; the same as the websocket's state."""

    type: Literal["state"]
    table: TableSummary
    you: int | None
    step: int = Field(description="entries in the table's log: moves and take-backs")
    current: int
    active: list[int]
    view: dict[str, Any] = Field(description="the game's State.view for this seat")
    legal: list[LegalMove]
    undo: bool = Field(description="whether this seat may take back its last move now")
    clock: dict[str, float]
    deadlines: dict[str, float] | None = Field(
        None,
        description="turn-based tables: when each active person's time runs out (epoch seconds)",
    )
    overdue: list[int] | None = Field(
        None, description="turn-based tables: the seats whose time ran out, for a choice"
    )
    choices: list[Literal["wait", "bot", "end"]] | None = Field(
        None, description="what this seat may choose about the overdue seats (POST .../timeout)"
    )
    log_start: int
    log: list[LogLine]
    result: Result | None


class HintAnswer(BaseModel):
    """A hint: the heuristic bot's move for the seat and why, in words, for the seat alone."""

    type: Literal["hint"]
    step: int = Field(description="the table's step the hint is for")
    action: int = Field(description="the move suggested, one of the seat's legal actions")
    move: str = Field(description="the move in words")
    why: str = Field(description="why, in words")


class RematchSeat(BaseModel):
    """The asker's seat at the table made to play again: their own new link."""

    id: str = Field(description="the new table")
    watch_url: str
    table: TableSummary
    seat: int = Field(description="the asker's seat there: the same as at the old table")
    token: str = Field(description="the asker's new seat token, the same each time they ask")
    join_url: str


class ChatLine(BaseModel):
    """One message of a table's chat: plain text, to be shown as text, never as markup."""

    seq: int = Field(description="its place in the table's chat")
    seat: int | None = Field(description="the sender's seat; null for a spectator")
    name: str = Field(description="the sender's name then ('Spectator' for a spectator)")
    text: str = Field(description="at most 500 characters of plain text")
    step: int = Field(description="the table's step when it was sent")
    at: float = Field(description="when it was sent, in seconds since the epoch")


class ChatAnswer(BaseModel):
    """A message that was stored and sent to the table."""

    type: Literal["chat"]
    message: ChatLine


class ChatLog(BaseModel):
    """The whole chat of a table, in order."""

    messages: list[ChatLine]


class ReplayFrame(BaseModel):
    """A finished game at one step, as a seat (or a spectator) saw it then."""

    type: Literal["replay"]
    table: TableSummary
    step: int = Field(description="a position in the table's log; take-backs count")
    total: int = Field(description="entries in the whole log")
    you: int | None
    current: int
    active: list[int]
    view: dict[str, Any] = Field(description="the game's State.view at that step")
    log: list[LogLine]
    result: Result | None
    chat: list[ChatLine] | None = Field(
        None,
        description="the chat up to this step, for a seat's token (or anyone, where spectators "
        "may chat)",
    )
