"""A tiny two-player game with a chance step, so core can be tested without a real game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from meja.core import CHANCE, TERMINAL, Game, InvalidPosition, Option, State
from meja.core.actions import ActionNames

START_NAMES = ActionNames(["seat 0 starts", "seat 1 starts"])
ADD_NAMES = ActionNames(["add 1", "add 2"])

TARGET = 7


class RaceGame(Game):
    """Players alternately add 1 or 2 to a total; a coin decides who starts; reaching 7 wins."""

    name = "race"
    title = "Race to Seven"
    min_players = 2
    max_players = 2
    options = (
        Option("target", TARGET, "the total that wins", kind=int, minimum=2, maximum=20),
        Option("start", "coin", "who starts", choices=("coin", "first")),
    )

    def new_state(self, num_players: int, **options: Any) -> RaceState:
        resolved = self.resolve_options(num_players, options)
        state = RaceState(self, num_players, resolved)
        state.to_move = CHANCE if resolved["start"] == "coin" else 0
        return state

    def num_actions(self, num_players: int) -> int:
        return 2

    def max_game_length(self, num_players: int) -> int:
        return 25

    def from_position(self, data: Mapping[str, Any]) -> RaceState:
        if not isinstance(data.get("total"), int):
            raise InvalidPosition("total: expected an integer")
        state = self.new_state(2, **data.get("options", {}))
        state.total = data["total"]
        state.to_move = data["to_move"]
        return state


class RaceState(State):
    """Total so far and whose move it is."""

    total = 0
    to_move = 0

    def current_player(self) -> int:
        return TERMINAL if self.total >= self.options["target"] else self.to_move

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player() if player is None else player
        return [0, 1] if seat == self.current_player() and seat >= 0 else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if self.to_move == CHANCE else []

    def _apply(self, action: int, player: int) -> None:
        if player == CHANCE:
            self.to_move = action
            return
        self.total += action + 1
        self.last = player
        self.to_move = 1 - player

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def winners(self) -> list[int]:
        return [1 - self.to_move] if self.is_terminal() else []

    def clone(self) -> RaceState:
        copy = RaceState(self.game, self.num_players, self.options, self.history)
        copy.total, copy.to_move = self.total, self.to_move
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        return {"total": self.total, "to_move": self.to_move}

    def position(self) -> dict[str, Any]:
        return {"total": self.total, "to_move": self.to_move, "options": self.options}

    def _names(self, seat: int) -> ActionNames:
        return START_NAMES if seat == CHANCE else ADD_NAMES

    def __str__(self) -> str:
        return f"total {self.total}, to move {self.to_move}"


@pytest.fixture
def race() -> RaceGame:
    return RaceGame()
