"""A table's clocks: move clocks and absence graces of live tables, pauses while nobody is
there, and the deadlines, overdue seats and the people's choices of turn-based tables."""

from __future__ import annotations

import logging
from typing import Any

from meja.server.protocol import TIMEOUT_CHOICES, ApiError
from meja.server.storage import (
    LeaseLost,
)
from meja.server.table_parts import (
    TableParts,
)

log = logging.getLogger("meja.server")


class TableClocks(TableParts):
    """The time part of a table: who runs out of time when, and what then."""

    def _now(self) -> float:
        return self.services.clock()

    def _present(self) -> bool:
        """Whether a person has a socket open at the table: while nobody has, no stand-in
        moves and no clock runs out (bots' own seats and chance still move)."""
        return any(seat.connections > 0 for seat in self.seats if seat.kind == "human")

    def _resume(self) -> bool:
        """A person is back at a paused table: every clock and grace goes on from where it
        stopped, as though the pause had not happened (one that began during the pause, after
        a bot's move, begins now). True if the table was paused."""
        if self._paused_at is None:
            return False
        now = self._now()
        paused = now - self._paused_at
        self._paused_at = None
        for seat in self.seats:
            if seat.turn_started is not None:
                seat.turn_started = min(seat.turn_started + paused, now)
            if seat.left_at is not None:
                seat.left_at = min(seat.left_at + paused, now)
        return True

    def _refresh_turns(self) -> None:
        """Start the clock of every seat that has just become active; stop the others'."""
        active = set(self.state.active_players()) if not self.finished else set()
        now = self._now()
        for index, seat in enumerate(self.seats):
            if index not in active:
                seat.turn_started = None
                seat.overdue_since = None
            elif seat.turn_started is None:
                seat.turn_started = now

    def _deadlines(self) -> dict[int, float]:
        """When each active person of a turn-based table runs out of time, while they have
        some: a seat already overdue, or played by a bot, has none."""
        move_time = self.table.move_time or 0.0
        return {
            index: seat.turn_started + move_time
            for index, seat in enumerate(self.seats)
            if seat.kind == "human"
            and seat.turn_started is not None
            and seat.away is None
            and seat.overdue_since is None
        }

    def _expire_turns(self, now: float) -> bool:
        """Mark the seats whose time ran out as overdue, for the people to choose what then;
        True if any was."""
        changed = False
        for index, deadline in self._deadlines().items():
            if now >= deadline:
                self.seats[index].overdue_since = deadline
                changed = True
        return changed

    def _turns_now(self) -> dict[str, Any]:
        """What the store keeps of a turn-based table's turns: each active person's deadline
        (epoch seconds, also once it has passed) and the seats the people let a bot play."""
        move_time = self.table.move_time or 0.0
        return {
            "deadlines": {
                str(index): seat.turn_started + move_time
                for index, seat in enumerate(self.seats)
                if seat.kind == "human" and seat.turn_started is not None
            },
            "standins": [index for index, seat in enumerate(self.seats) if seat.away == "timeout"],
        }

    def _restore_turns(self) -> None:
        """Set a reloaded turn-based table's clocks from the stored deadlines, so a time that
        ran out while the server was down is found out at once (an active person without a
        stored deadline gets a whole time from now)."""
        stored = self.table.turns or {}
        deadlines = stored.get("deadlines", {})
        standins = stored.get("standins", [])
        move_time = self.table.move_time or 0.0
        active = set(self.state.active_players())
        for index, seat in enumerate(self.seats):
            if seat.kind != "human":
                continue
            if index in standins:
                seat.away = "timeout"
            deadline = deadlines.get(str(index))
            if index in active and isinstance(deadline, int | float):
                seat.turn_started = float(deadline) - move_time
        self._refresh_turns()
        self._expire_turns(self._now())

    async def _save_turns(self) -> None:
        """Store a turn-based table's deadlines and stand-ins when they changed; a failure is
        logged (the table is reloaded with a fresh time for whoever lost a deadline)."""
        if not self.turn_based or self.finished:
            return
        turns = self._turns_now()
        if turns == self._saved_turns:
            return
        try:
            await self._store(None, turns=turns)
        except Exception:
            log.exception("table %s: storing the turns' deadlines failed", self.table.id)
            return
        self._saved_turns = turns

    def _turn_part(self, viewer: int | None) -> dict[str, Any]:
        """A turn-based table's deadlines, the seats whose time ran out, and what a seated
        person may choose about them."""
        if not self.turn_based or self.finished:
            return {}
        overdue = [index for index, seat in enumerate(self.seats) if seat.overdue_since]
        seated = viewer is not None and self.seats[viewer].kind == "human"
        return {
            "deadlines": {str(index): when for index, when in self._deadlines().items()},
            "overdue": overdue,
            "choices": list(TIMEOUT_CHOICES) if overdue and seated else [],
        }

    async def choose_on_timeout(self, chooser: int | None, seat: int, choice: str) -> None:
        """A person at a turn-based table chooses what to do about a seat whose time ran out:
        wait on (its time starts again), let a bot play it (until its person is back), or end
        the game early, with no winner. Stored before anyone is told."""
        if chooser is None:
            raise ApiError("spectator", "only the people at the table choose this", 403)
        if not self.turn_based:
            raise ApiError("not_overdue", "this table is live: no time per move runs out", 409)
        if not 0 <= seat < len(self.seats):
            raise ApiError("bad_request", f"seat: must be between 0 and {len(self.seats) - 1}")
        async with self._lock:
            if self.finished:
                raise ApiError("game_over", "the game is over", 409)
            target = self.seats[seat]
            if target.overdue_since is None:
                raise ApiError("not_overdue", f"{target.name} still has time to move", 409)
            if choice == "end":
                await self._end_early()
                return
            before = (target.turn_started, target.away, target.overdue_since)
            if choice == "wait":
                target.turn_started = self._now()
            else:
                target.away = "timeout"
            target.overdue_since = None
            turns = self._turns_now()
            try:
                await self._store(None, turns=turns)
            except LeaseLost:
                target.turn_started, target.away, target.overdue_since = before
                raise
            except Exception as exc:
                log.exception("table %s: storing a choice on a timeout failed", self.table.id)
                target.turn_started, target.away, target.overdue_since = before
                raise ApiError(
                    "storage_error", "the choice could not be saved; try again", 503
                ) from exc
            self._saved_turns = turns
            self._broadcast()
            self._wake.set()

    async def end_unjoined(self) -> bool:
        """End a table nobody joined in time, as if its people ended it early (no winner);
        False if the game is over or a person is connected after all."""
        async with self._lock:
            if self.finished or any(seat.connections for seat in self.seats):
                return False
            await self._end_early()
            return True

    async def _end_early(self) -> None:
        """End the game now, stored first: finished, no winner, marked ended early."""
        try:
            await self._store(None, finishes=True, winners=(), ended_early=True)
        except LeaseLost:
            raise
        except Exception as exc:
            log.exception("table %s: storing the early end failed", self.table.id)
            raise ApiError("storage_error", "the end could not be saved; try again", 503) from exc
        self.table.ended_early = True
        self.table.finished_at = self._now()
        self.table.winners = []
        self._refresh_turns()
        self._broadcast()
        self._wake.set()

    def _clock_remaining(self) -> dict[str, float]:
        """Seconds left to each active person before a bot moves for them."""
        clock = self.table.clock or self.table.move_time
        if not clock or self.finished:
            return {}
        now = self._paused_at if self._paused_at is not None else self._now()
        return {
            str(index): round(min(clock, max(0.0, seat.turn_started + clock - now)), 1)
            for index, seat in enumerate(self.seats)
            if seat.kind == "human" and seat.away is None and seat.turn_started is not None
        }

    def _next_deadline(self) -> float | None:
        """When the next seat runs out of time or of grace, if ever."""
        settings = self.services.settings
        if self._paused_at is not None:
            return None
        if self.turn_based:
            return min(self._deadlines().values(), default=None)
        times = []
        for seat in self.seats:
            if seat.kind != "human" or seat.away is not None:
                continue
            if self.table.clock and seat.turn_started is not None:
                times.append(seat.turn_started + self.table.clock)
            if seat.left_at is not None:
                times.append(seat.left_at + settings.away_grace)
        return min(times, default=None)

    def give_back(self, seconds: float) -> None:
        """The server was not running for seconds: every running clock and grace goes on as
        though it had stopped meanwhile (a paused table's clocks stand still already)."""
        if self._paused_at is not None or self.finished:
            return
        now = self._now()
        for seat in self.seats:
            if seat.turn_started is not None:
                seat.turn_started = min(seat.turn_started + seconds, now)
            if seat.left_at is not None:
                seat.left_at = min(seat.left_at + seconds, now)
        log.warning("table %s: %.1f s given back after a stall", self.table.id, seconds)
        self._wake.set()

    def _expire(self) -> bool:
        """Mark seats whose clock or grace ran out as away; True if any changed. A stall of
        the server found now is given back first."""
        if self._paused_at is not None:
            return False
        self.services.stalls.check()
        now = self._now()
        if self.turn_based:
            return self._expire_turns(now)
        changed = False
        for seat in self.seats:
            if seat.kind != "human" or seat.away is not None:
                continue
            if (
                self.table.clock
                and seat.turn_started is not None
                and now >= seat.turn_started + self.table.clock
            ):
                seat.away = "clock"
                changed = True
            elif (
                seat.left_at is not None and now >= seat.left_at + self.services.settings.away_grace
            ):
                seat.away = "left"
                seat.left_at = None
                changed = True
        return changed
