"""What a table shows: each viewer's state message, the log as each viewer was told it, the
result, and the presence updates; publishing a step sends every socket what it lacks."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from meja.core import State
from meja.core.registry import outcome_of, statistics_of
from meja.core.told import say
from meja.core.undo import may_take_back
from meja.server.connection import Connection, encode
from meja.server.table_parts import (
    Seen,
    TableParts,
)

log = logging.getLogger("meja.server")

PRESENCE_DELAY = 0.05
"""Seconds comings and goings are gathered for before one presence update tells them."""


class TableViews(TableParts):
    """The publish part of a table: messages built per seat and sent to its sockets."""

    def summary(self) -> dict[str, Any]:
        """The public facts of the table, for the lobby and every client."""
        return {
            "id": self.table.id,
            "game": self.game.name,
            "title": self.game.title,
            "num_players": self.table.num_players,
            "options": self.table.options,
            "clock": self.table.clock,
            "pace": self.table.pace,
            "hints": self.table.hints,
            "guided": self.table.guided,
            "private": self.table.private,
            "kind": self.table.kind,
            "move_time": self.table.move_time,
            "ended_early": self.table.ended_early,
            "spectator_chat": self.table.spectator_chat,
            "rematch": self.table.rematch,
            "seats": [seat.public(i) for i, seat in enumerate(self.seats)],
            "step": self.position,
            "finished": self.finished,
            "created_at": self.table.created_at,
            "paused": self._paused_at is not None,
        }

    def log_for(
        self, viewer: int | None, start: int = 0, *, as_told: bool = False
    ) -> list[dict[str, Any]]:
        """The move log from start on, as the game told this viewer; every step named once the
        game is over, unless as_told asks for the words of the time (replays as a seat saw it).

        Each text is a sentence with the seats by their names and the viewer's own as "You", or
        empty for a step whose sense a later sentence carries. named says whether the viewer was
        told exactly which step it was.
        """
        names = [seat.name for seat in self.seats]
        index = self.table.num_players if viewer is None else viewer
        in_full = self.finished and not as_told
        lines = []
        for seq, (player, full, heard) in enumerate(self.log[start:], start):
            if in_full and seq not in self._taken_back and seq not in self._take_backs:
                words = say(full, viewer, names)
                lines.append({"seq": seq, "player": player, "text": words, "named": True})
                continue
            text, named, record = heard[index]
            words = say(text, viewer, names)
            line = {"seq": seq, "player": player, "text": words, "named": named}
            lines.append({**line, "record": dict(record)})
        return lines

    def state_message(self, viewer: int | None, log_start: int = 0) -> dict[str, Any]:
        """Everything viewer is shown now: its view, its legal moves, the log, the result."""
        return {**self._seat_state(viewer, self.summary()), **self._log_part(viewer, log_start)}

    async def stored_state_message(self, viewer: int | None) -> dict[str, Any]:
        """The state message once no step is half done: a step is applied before its
        turn-based deadlines are stored, and an answer must show only what a restart keeps."""
        async with self._lock:
            return self.state_message(viewer)

    def _seen(self, viewer: int | None) -> Seen:
        """What viewer sees now and the moves it may make, computed once per step."""
        state = self.state
        if self._seen_for is not state or self._seen_step != self.position:
            self._seen_for, self._seen_step = state, self.position
            self._seen_now = {}
        seen = self._seen_now.get(viewer)
        if seen is None:
            mine = viewer is not None and viewer in state.active_players()
            actions = state.legal_actions(viewer) if mine else []
            legal = [
                {"action": action, "text": state.action_to_str(action, viewer)}
                for action in actions
            ]
            seen = (state.view(viewer), legal)
            self._seen_now[viewer] = seen
        return seen

    def _seat_state(self, viewer: int | None, summary: dict[str, Any]) -> dict[str, Any]:
        """The state message without the log: the same for every connection of a seat."""
        state = self.state
        view, legal = self._seen(viewer)
        return {
            "type": "state",
            "table": summary,
            "you": viewer,
            "step": self.position,
            "current": state.current_player(),
            "active": state.active_players(),
            "view": view,
            "legal": legal,
            "undo": self.may_undo(viewer),
            "clock": self._clock_remaining(),
            **self._turn_part(viewer),
            "result": self.result_for(state, viewer, at_end=True),
        }

    def may_undo(self, viewer: int | None) -> bool:
        """Whether viewer, a person's seat, may take back its last move now.

        Only the seat that played the history's last step can, so the rules (whose answer may
        replay the game) are asked about that seat alone, once per log position.
        """
        history = self.state.history
        if viewer is None or not history or history[-1][0] != viewer:
            return False
        if self.seats[viewer].kind != "human":
            return False
        position, undoable = self._undo_known
        if position != self.position:
            if self._last_revealed is None:
                undoable = self.state.undoable(viewer)
            else:
                undoable = may_take_back(self.state, viewer, self._last_revealed)
            self._undo_known = (self.position, undoable)
        return undoable

    def result_for(
        self, state: State, viewer: int | None, *, at_end: bool = False
    ) -> dict[str, Any] | None:
        """A finished game's scores and winners, and what decided it in words for viewer; at
        the end of a game its people ended early, that it was, with no winner."""
        if not state.is_terminal():
            if at_end and self.table.ended_early:
                return {
                    "scores": state.scores(),
                    "winners": [],
                    "unit": self._unit(state),
                    "lines": ["The game was ended early: nobody won."],
                    "ended_early": True,
                    "statistics": self._statistics(state),
                }
            return None
        outcome = outcome_of(state)
        names = [seat.name for seat in self.seats]
        return {
            "scores": state.scores(),
            "winners": state.winners(),
            "unit": outcome.unit,
            "lines": [say(line, viewer, names) for line in outcome.lines],
            "statistics": self._statistics(state),
        }

    def _unit(self, state: State) -> str:
        """The scores' unit of a game ended early: a game's words may need its end to say
        more, so where they fail the unit is plain points."""
        try:
            return outcome_of(state).unit
        except Exception:
            return "points"

    def _statistics(self, state: State) -> list[dict[str, Any]]:
        """The game's statistics per player at its end, worked out once (they replay the
        history); a game whose statistics fail gets none, logged."""
        if self._stats is None:
            try:
                self._stats = [row.to_dict() for row in statistics_of(state)]
            except Exception:
                log.exception("table %s: the statistics could not be worked out", self.table.id)
                self._stats = []
        return self._stats

    def _log_part(self, viewer: int | None, start: int) -> dict[str, Any]:
        return {"log_start": start, "log": self.log_for(viewer, start)}

    def _broadcast(self) -> None:
        """Send each connection the state as its seat sees it, and the log entries it lacks:
        one update built and encoded per seat, shared by every socket of that seat that has
        the same log.

        Once the game is over every move may be named, so the whole log is sent again. The views
        are dropped once sent, so they die young: kept until the next step (seconds at a
        person's pace), every one would burden the garbage collector's full scans.
        """
        summary = self.summary()
        updates: dict[tuple[int | None, int], str] = {}
        for conn in list(self.connections):
            start = 0 if self.finished else conn.log_sent
            key = (conn.seat, start)
            text = updates.get(key)
            if text is None:
                message = {
                    **self._seat_state(conn.seat, summary),
                    **self._log_part(conn.seat, start),
                }
                text = updates[key] = encode(message)
            conn.push_text(text)
            conn.log_sent = self.position
        self._seen_now = {}

    def _send_state(self, conn: Connection) -> None:
        """Send one connection the state and the log it lacks, as _broadcast would."""
        start = 0 if self.finished else conn.log_sent
        summary = self.summary()
        message = {**self._seat_state(conn.seat, summary), **self._log_part(conn.seat, start)}
        conn.push_text(encode(message))
        conn.log_sent = self.position

    def presence(self) -> dict[str, Any]:
        """Who is at the table now: each seat's connected flag and how many watch."""
        return {
            "type": "presence",
            "seats": [
                {"seat": index, "connected": seat.connections > 0}
                for index, seat in enumerate(self.seats)
            ],
            "spectators": sum(1 for conn in self.connections if conn.seat is None),
        }

    def _presence_soon(self) -> None:
        """Send a presence update to every connection shortly: comings and goings within
        PRESENCE_DELAY share one update."""
        if self._presence_due is not None:
            return
        loop = asyncio.get_running_loop()
        self._presence_due = loop.call_later(PRESENCE_DELAY, self._send_presence)

    def _send_presence(self) -> None:
        self._presence_due = None
        text = encode(self.presence())
        for conn in list(self.connections):
            conn.push_text(text)
