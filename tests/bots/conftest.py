"""A tiny perfect-information game whose winning moves are known, for checking search."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from meja.core import TERMINAL, Game, State
from meja.core.actions import ActionNames

NIM_NAMES = ActionNames(["take 1", "take 2", "take 3"])
STEP_NAMES = ActionNames(["step 0", "step 1"])


class NimGame(Game):
    """Take 1, 2 or 3 stones in turn; whoever takes the last stone wins."""

    name = "nim"
    title = "Nim"

    def new_state(self, num_players: int, **options: Any) -> NimState:
        state = NimState(self, num_players, dict(options))
        state.stones = int(options.get("stones", 5))
        return state

    def num_actions(self, num_players: int) -> int:
        return 3

    def max_game_length(self, num_players: int) -> int:
        return 30

    def from_position(self, data: Mapping[str, Any]) -> NimState:
        return self.new_state(2, stones=data["stones"])


class NimState(State):
    """Stones left and whose turn it is; action a takes a + 1 stones."""

    stones = 0
    to_move = 0

    def current_player(self) -> int:
        return TERMINAL if self.stones == 0 else self.to_move

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player() if player is None else player
        if seat != self.current_player() or seat < 0:
            return []
        return list(range(min(3, self.stones)))

    def _apply(self, action: int, player: int) -> None:
        self.stones -= action + 1
        self.to_move = 1 - player

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def winners(self) -> list[int]:
        return [1 - self.to_move] if self.stones == 0 else []

    def clone(self) -> NimState:
        copy = NimState(self.game, self.num_players, self.options, self.history)
        copy.stones, copy.to_move = self.stones, self.to_move
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move}

    def position(self) -> dict[str, Any]:
        return self.view(None)

    def _names(self, seat: int) -> ActionNames:
        return NIM_NAMES


@pytest.fixture
def nim() -> NimGame:
    return NimGame()


class TwoStepGame(Game):
    """Seat 0 takes two steps in one turn and wins only by stepping 1 then 1."""

    name = "two_step"
    title = "Two steps"

    def new_state(self, num_players: int, **options: Any) -> TwoStepState:
        return TwoStepState(self, num_players, dict(options))

    def num_actions(self, num_players: int) -> int:
        return 2

    def max_game_length(self, num_players: int) -> int:
        return 2

    def from_position(self, data: Mapping[str, Any]) -> TwoStepState:
        state = self.new_state(2)
        state.steps = list(data["steps"])
        return state


class TwoStepState(State):
    """The steps seat 0 has taken; the turn, and the game, end after two."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.steps: list[int] = []

    def current_player(self) -> int:
        return TERMINAL if len(self.steps) == 2 else 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        return [] if self.is_terminal() or player == 1 else [0, 1]

    def _apply(self, action: int, player: int) -> None:
        self.steps.append(action)

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def winners(self) -> list[int]:
        return [0] if self.steps == [1, 1] else [1]

    def clone(self) -> TwoStepState:
        copy = TwoStepState(self.game, self.num_players, self.options, self.history)
        copy.steps = list(self.steps)
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        return {"steps": list(self.steps)}

    def position(self) -> dict[str, Any]:
        return self.view(None)

    def _names(self, seat: int) -> ActionNames:
        return STEP_NAMES


@pytest.fixture
def two_step() -> TwoStepGame:
    return TwoStepGame()
