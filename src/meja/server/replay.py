"""Replays of finished games, served without replaying from move 0 on every request.

Each replay keeps a checkpoint every few steps (built once, as far as anyone has looked) and the
frames it served last, so a step forward from a frame just served costs one move, a step back
costs nothing, and a jump costs at most one checkpoint's spacing of moves. Only a few replays are
kept, so their memory stays bounded however many games are watched.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from meja.core import State
from meja.server.protocol import ApiError
from meja.server.room import Room

MAX_CHECKPOINTS = 32
"""Checkpoints a replay keeps at most; long games space them further apart."""
MIN_SPACING = 8
"""Steps between checkpoints at least, so short games keep few states."""
RECENT_FRAMES = 4
"""States of recently served steps a replay keeps."""
REPLAYS_KEPT = 8
"""Replays kept at once; the least recently used one is dropped."""


class Replay:
    """The states of one finished game's steps, rebuilt on demand from its history."""

    def __init__(self, start: Callable[[], State], history: Sequence[tuple[int, int]]) -> None:
        self.history = list(history)
        self.spacing = max(MIN_SPACING, -(-len(self.history) // MAX_CHECKPOINTS))
        self._checkpoints: list[State] = [start()]
        self._recent: OrderedDict[int, State] = OrderedDict()

    @property
    def states_kept(self) -> int:
        """States held in memory now: checkpoints and recent frames."""
        return len(self._checkpoints) + len(self._recent)

    def state_at(self, step: int) -> State:
        """The state after step moves; shared, so the caller must not change it."""
        state = self._recent.get(step)
        if state is None:
            state = self._build(step)
            self._remember(step, state)
        self._recent.move_to_end(step)
        return state

    def _build(self, step: int) -> State:
        """A state at step: a checkpoint, one move on from the previous step if it is at hand,
        or the moves from the checkpoint below (keeping the step before too, for a step back)."""
        index, offset = divmod(step, self.spacing)
        if offset == 0 and index < len(self._checkpoints):
            return self._checkpoints[index]
        before = self._recent.get(step - 1)
        if before is None:
            self._extend_checkpoints(index)
            if offset == 0:
                return self._checkpoints[index]
            before = self._checkpoints[index]
            if offset > 1:
                before = self._advanced(before, index * self.spacing, step - 1)
                self._remember(step - 1, before)
        return self._advanced(before, step - 1, step)

    def _extend_checkpoints(self, index: int) -> None:
        """Build every checkpoint up to index that is not built yet."""
        while len(self._checkpoints) <= index:
            last = len(self._checkpoints) - 1
            start, end = last * self.spacing, (last + 1) * self.spacing
            self._checkpoints.append(self._advanced(self._checkpoints[last], start, end))

    def _advanced(self, state: State, start: int, end: int) -> State:
        """A copy of state (at step start) with the moves up to step end applied."""
        copy = state.clone()
        for player, action in self.history[start:end]:
            copy.apply(action, player)
        return copy

    def _remember(self, step: int, state: State) -> None:
        self._recent[step] = state
        self._recent.move_to_end(step)
        while len(self._recent) > RECENT_FRAMES:
            self._recent.popitem(last=False)


@dataclass
class _Watched:
    """A finished room's replay and the logs built for it, one per viewer who asked."""

    room: Room
    replay: Replay
    logs: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """The whole log as seat (or a spectator) was told it at the time, built once."""
        log = self.logs.get(seat)
        if log is None:
            log = self.logs[seat] = self.room.log_for(seat, as_told=True)
        return log


class Replays:
    """The replays of recently watched finished tables, and the frames they answer."""

    def __init__(self, kept: int = REPLAYS_KEPT) -> None:
        self.kept = kept
        self._watched: OrderedDict[str, _Watched] = OrderedDict()

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._watched

    def frame(self, room: Room, step: int, seat: int | None) -> dict[str, Any]:
        """The finished game at step as seat (or a spectator) saw it and was told of each move."""
        total, players = len(room.state.history), room.table.num_players
        if not 0 <= step <= total:
            raise ApiError("bad_request", f"step must be between 0 and {total}")
        if seat is not None and not 0 <= seat < players:
            raise ApiError("bad_request", f"seat must be between 0 and {players - 1}")
        watched = self._watched_of(room)
        state = watched.replay.state_at(step)
        return {
            "type": "replay",
            "table": room.summary(),
            "step": step,
            "total": total,
            "you": seat,
            "current": state.current_player(),
            "active": state.active_players(),
            "view": state.view(seat),
            "log": watched.log(seat)[:step],
            "result": room.result_for(state, seat),
        }

    def _watched_of(self, room: Room) -> _Watched:
        """The room's replay, made on first use; a room reloaded since gets a new one."""
        watched = self._watched.get(room.table.id)
        if watched is None or watched.room is not room:
            table = room.table
            replay = Replay(
                lambda: room.game.new_state(table.num_players, **table.options), room.state.history
            )
            watched = self._watched[table.id] = _Watched(room, replay)
        self._watched.move_to_end(room.table.id)
        while len(self._watched) > self.kept:
            self._watched.popitem(last=False)
        return watched
