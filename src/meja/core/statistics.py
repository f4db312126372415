"""End-of-game statistics: rows of numbers per player, in words, built by each game from its
finished state and its history (games/<game>/statistics.py), for the end screen and replays."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from meja.core.game import State

Number = int | float


@dataclass(frozen=True)
class Statistic:
    """One row of a game's statistics: what it counts, in words, and its value for each seat
    (None where it does not apply to that seat, e.g. points as shepherd in a round spent as
    the sheep player)."""

    label: str
    values: tuple[Number | None, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form: {"label", "values"}."""
        return {"label": self.label, "values": list(self.values)}


def replayed(state: State, history: Sequence[tuple[int, int]]) -> Iterator[tuple[State, int, int]]:
    """Each step of history with the state just before it, replayed from state's start: the
    state yielded is changed by the next step, so read it before going on."""
    now = state.game.new_state(state.num_players, **state.options)
    for player, action in history:
        yield now, player, action
        now.apply(action, player)
