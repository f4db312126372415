"""The pieces a table in play is made of: the services every table shares, its seats, the
entries of its log, and what the parts of a Room (room.py) read of one another."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from meja.bots import Bot, make_bot
from meja.core import Game, State
from meja.core.told import told_all, told_in_full
from meja.server.bot_lanes import BotLanes
from meja.server.chat import ChatLimit
from meja.server.config import Settings
from meja.server.connection import Connection
from meja.server.group_commit import GroupCommit
from meja.server.metrics import Metrics
from meja.server.stalls import Stalls
from meja.server.storage import (
    ChatRow,
    Storage,
    TableRow,
)

log = logging.getLogger("meja.server")

Seen = tuple[dict[str, Any], list[dict[str, Any]]]
"""A viewer's view and its legal moves with their names."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat token: enough to check it, useless to steal."""
    return hashlib.sha256(token.encode()).hexdigest()


def standin_for(game: Game, preference: tuple[str, ...]) -> Bot:
    """The first bot of preference that can play game (random plays every game)."""
    for spec in preference:
        try:
            return make_bot(spec, game)
        except ValueError:
            continue
    return make_bot("random", game)


@dataclass
class Services:
    """What every room shares: the store, the threads that do slow work, the settings."""

    storage: Storage
    settings: Settings
    db_executor: Executor
    bot_executor: Executor
    standin_bots: tuple[str, ...]
    """Bots that may play for absent players, best first; the first that suits the game plays."""
    commits: GroupCommit
    """Writes every table's moves, many to a commit."""
    clock: Callable[[], float] = time.time
    """The time now, in seconds since the epoch: clocks, graces and stored deadlines read it
    (tests give a clock they move by hand)."""
    lost: Callable[[str], None] = lambda _table_id: None
    """Told the id of a table another process took over: its room must go."""
    metrics: Metrics = field(default_factory=Metrics)
    """The counters the server's /metrics shows; the app gives its own."""
    stalls: Stalls = field(init=False)
    """Gives every table's clocks back the time the server itself was not running."""
    bots: BotLanes = field(init=False)
    """Bot time shared between tables: a quick lane, and a search lane taken in turn."""

    def __post_init__(self) -> None:
        self.stalls = Stalls(self.clock)
        self.bots = BotLanes(self.bot_executor, self.settings.bot_threads)


Heard = tuple[str, bool, tuple[tuple[str, Any], ...]]
"""What one viewer was told of a step: its sentence (seats as {n}), whether the step was named to
it, the record."""

Step = tuple[int, str, tuple[Heard, ...]]
"""One entry of the log as the room keeps it: the player, the step's sentence in full (told to
everyone once the game is over), and what each seat, then the spectator, heard of it. Plain
tuples of plain values, which the garbage collector stops tracking: a busy server keeps hundreds
of thousands, and scanning them all would pause every table."""

TOOK_BACK = "{n} took back a move."
"""The log's sentence for a take-back, the same for every viewer: it says no more of the move
taken back than the line that told it."""


def make_step(before: State, player: int, action: int) -> tuple[Step, int, bool]:
    """The step of player's action from state before, the mask of viewers told exactly which
    step it was (bit n is the spectator), and whether it told any viewer something new."""
    told = told_all(before, player, action)
    heard = tuple((each.text, each.action is not None, tuple(each.record.items())) for each in told)
    seen_by = sum(1 << index for index, each in enumerate(told) if each.action is not None)
    revealed = any(each.reveals for each in told)
    return (player, told_in_full(before, player, action).text, heard), seen_by, revealed


def take_back_step(player: int, undid: int, num_players: int) -> Step:
    """The log entry of player taking back the move of log entry undid: told to every viewer
    alike, with the entry it strikes out."""
    text = TOOK_BACK.replace("{n}", f"{{{player}}}")
    heard: Heard = (text, True, (("undo", True), ("undid", undid)))
    return (player, text, (heard,) * (num_players + 1))


@dataclass
class SeatState:
    """A seat's setup plus what the room knows of its player right now."""

    kind: str
    name: str
    bot: str | None
    token_hash: str | None
    connections: int = 0
    away: str | None = None
    left_at: float | None = None
    turn_started: float | None = None
    overdue_since: float | None = None
    """At a turn-based table, when the seat's time to move ran out, until the people choose."""
    changed_at: int = 0
    """The log position at which the moves this seat may make last changed; older moves are
    stale."""
    seen: bytes | None = None
    """The seat's moves since changed_at, encoded: bytes cost the garbage collector nothing."""
    bot_instance: Bot | None = field(default=None, repr=False)

    def public(self, index: int) -> dict[str, Any]:
        """What everyone at the table may know about the seat."""
        return {
            "seat": index,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "connected": self.connections > 0,
            "away": self.away,
            "overdue": self.overdue_since is not None,
        }


class TableParts:
    """What every part of a table reads: the table's row, game, shared services, state, log,
    seats and connections, set up by Room.__init__. The parts (views, clocks, driver, talk) are
    mixed into Room and work on the same table under its one lock."""

    table: TableRow
    game: Game
    services: Services
    state: State
    log: list[Step]
    seats: list[SeatState]
    connections: set[Connection]
    chat: list[ChatRow]
    turn_based: bool
    epoch: int | None
    last_busy: float
    idle_looks: int
    _lock: asyncio.Lock
    _wake: asyncio.Event
    _standing: list[int]
    _taken_back: dict[int, tuple[int, int]]
    _take_backs: dict[int, int]
    _rng: random.Random
    _chance_rng: random.Random
    _standin: Bot
    _seen_for: State | None
    _seen_step: int
    _seen_now: dict[int | None, Seen]
    _undo_known: tuple[int, bool]
    _hints: dict[int, tuple[int, asyncio.Future[Any]]]
    _chat_limit: ChatLimit
    _chat_lock: asyncio.Lock
    _stats: list[dict[str, Any]] | None
    _saved_turns: dict[str, Any] | None
    _paused_at: float | None
    _presence_due: asyncio.TimerHandle | None
    _last_revealed: bool | None
    _stored_present: int
