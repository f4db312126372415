"""Replays of finished games, served without replaying from move 0 on every request.

A replay steps through the table's log as it was played, take-backs included. Each replay keeps
a checkpoint every few steps (built once, as far as anyone has looked) and the frames it served
last, so a step forward from a frame just served costs one move, a step back (or a take-back)
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
from meja.server.storage import TAKE_BACK

MAX_CHECKPOINTS = 32
"""Checkpoints a replay keeps at most; long games space them further apart."""
MIN_SPACING = 8
"""Steps between checkpoints at least, so short games keep few states."""
RECENT_FRAMES = 4
"""States of recently served steps a replay keeps."""
REPLAYS_KEPT = 8
"""Replays kept at once; the least recently used one is dropped."""


class Replay:
    """The states of one finished game at every position of its log, rebuilt on demand.

    The log holds moves and take-backs. Each move makes a node (named by the position it was
    played at plus one) whose parent is the node before it; a take-back returns to the parent
    of the node it leaves. So the state at any position is the start with the moves on its
    node's path applied, and a game without take-backs is one straight path.
    """

    def __init__(self, start: Callable[[], State], entries: Sequence[tuple[int, int]]) -> None:
        self.entries = list(entries)
        self._node_at = [0]
        self._parent = [-1] * (len(self.entries) + 1)
        self._depth = [0] * (len(self.entries) + 1)
        for index, (_, action) in enumerate(self.entries):
            here = self._node_at[-1]
            if action == TAKE_BACK:
                if here == 0:
                    raise ValueError(f"log entry {index}: there is no move to take back")
                self._node_at.append(self._parent[here])
            else:
                node = index + 1
                self._parent[node], self._depth[node] = here, self._depth[here] + 1
                self._node_at.append(node)
        self.spacing = max(MIN_SPACING, -(-max(self._depth) // MAX_CHECKPOINTS))
        self._checkpoints: dict[int, State] = {0: start()}
        self._recent: OrderedDict[int, State] = OrderedDict()

    @property
    def states_kept(self) -> int:
        """States held in memory now: checkpoints and recent frames."""
        return len(self._checkpoints) + len(self._recent)

    def state_at(self, step: int) -> State:
        """The state after the log's first step entries; shared, so the caller must not
        change it."""
        node = self._node_at[step]
        state = self._recent.get(node)
        if state is None:
            state = self._build(node)
            self._remember(node, state)
        self._recent.move_to_end(node)
        return state

    def _build(self, node: int) -> State:
        """A node's state: a checkpoint, one move on from its parent if that is at hand, or
        the moves from the checkpoint above it (keeping its parent too, for a step back)."""
        offset = self._depth[node] % self.spacing
        if offset == 0 and node in self._checkpoints:
            return self._checkpoints[node]
        parent = self._parent[node]
        before = self._recent.get(parent)
        if before is None:
            anchor = self._ancestor(node, offset)
            self._checkpoint(anchor)
            if offset == 0:
                return self._checkpoints[node]
            before = self._checkpoints[anchor]
            if offset > 1:
                before = self._advanced(before, anchor, parent)
                self._remember(parent, before)
        return self._advanced(before, parent, node)

    def _ancestor(self, node: int, up: int) -> int:
        """The node up moves above node."""
        for _ in range(up):
            node = self._parent[node]
        return node

    def _checkpoint(self, node: int) -> None:
        """Build the checkpoint at node (its depth a multiple of the spacing) and every one
        above it that is not built yet."""
        missing = []
        while node not in self._checkpoints:
            missing.append(node)
            node = self._ancestor(node, self.spacing)
        for below in reversed(missing):
            self._checkpoints[below] = self._advanced(self._checkpoints[node], node, below)
            node = below

    def _advanced(self, state: State, start: int, end: int) -> State:
        """A copy of state (at node start) with the moves down to node end applied."""
        path = []
        while end != start:
            path.append(self.entries[end - 1])
            end = self._parent[end]
        copy = state.clone()
        for player, action in reversed(path):
            copy.apply(action, player)
        return copy

    def _remember(self, node: int, state: State) -> None:
        self._recent[node] = state
        self._recent.move_to_end(node)
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
        """The finished game at step (a log position: take-backs count) as seat (or a
        spectator) saw it and was told of each move."""
        total, players = room.position, room.table.num_players
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
            "result": room.result_for(state, seat, at_end=step == total),
        }

    def _watched_of(self, room: Room) -> _Watched:
        """The room's replay, made on first use; a room reloaded since gets a new one."""
        watched = self._watched.get(room.table.id)
        if watched is None or watched.room is not room:
            table = room.table
            replay = Replay(
                lambda: room.game.new_state(table.num_players, **table.options), room.entries()
            )
            watched = self._watched[table.id] = _Watched(room, replay)
        self._watched.move_to_end(room.table.id)
        while len(self._watched) > self.kept:
            self._watched.popitem(last=False)
        return watched
