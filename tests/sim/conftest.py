"""A tiny simultaneous game with chance, and helpers to run jobs of it without the registry."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from meja.core import CHANCE, TERMINAL, Game, InvalidPosition, Option, State, load_game
from meja.core.actions import ActionNames
from meja.core.episode import GameResult

ROLL_NAMES = ActionNames([f"seat {seat} rolls" for seat in range(4)])
PICK_NAMES = ActionNames([f"pick {action}" for action in range(3)])


class ToyGame(Game):
    """Each round every seat secretly picks 0-2 points, then a die gives one seat a bonus point."""

    name = "toy"
    title = "Toy Rounds"
    min_players = 2
    max_players = 3
    options = (Option("rounds", 3, "rounds to play", kind=int, minimum=1, maximum=9),)

    def new_state(self, num_players: int, **options: Any) -> ToyState:
        return ToyState(self, num_players, self.resolve_options(num_players, options))

    def num_actions(self, num_players: int) -> int:
        return 3

    def max_game_length(self, num_players: int) -> int:
        return 9 * (num_players + 1)

    def from_position(self, data: Mapping[str, Any]) -> ToyState:
        raise InvalidPosition("the toy game has no positions")


class ToyState(State):
    """Points so far, this round's hidden picks, and the round number."""

    def __init__(self, game: Game, num_players: int, options: dict[str, Any]) -> None:
        super().__init__(game, num_players, options)
        self.round = 0
        self.points = [0] * num_players
        self.picks: dict[int, int] = {}

    def current_player(self) -> int:
        if self.round >= self.options["rounds"]:
            return TERMINAL
        if len(self.picks) == self.num_players:
            return CHANCE
        return min(self.active_players())

    def active_players(self) -> list[int]:
        if self.round >= self.options["rounds"] or len(self.picks) == self.num_players:
            return []
        return [seat for seat in range(self.num_players) if seat not in self.picks]

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player() if player is None else player
        return [0, 1, 2] if seat in self.active_players() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        return [(seat, 1 / self.num_players) for seat in range(self.num_players)]

    def _apply(self, action: int, player: int) -> None:
        if player != CHANCE:
            self.picks[player] = action
            return
        for seat, pick in self.picks.items():
            self.points[seat] += pick
        self.points[action] += 1
        self.picks = {}
        self.round += 1

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [seat for seat, p in enumerate(self.points) if p == best]

    def clone(self) -> ToyState:
        copy = ToyState(self.game, self.num_players, self.options)
        copy.history = list(self.history)
        copy.round, copy.points, copy.picks = self.round, list(self.points), dict(self.picks)
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        return {"round": self.round, "points": list(self.points), "picked": sorted(self.picks)}

    def position(self) -> dict[str, Any]:
        return {"round": self.round, "points": list(self.points), "picks": dict(self.picks)}

    def _names(self, seat: int) -> ActionNames:
        return ROLL_NAMES if seat == CHANCE else PICK_NAMES


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ToyGame:
    """The toy game, findable by name in this process (worker processes do not see it)."""
    game = ToyGame()

    def load(name: str) -> Game:
        return game if name == "toy" else load_game(name)

    monkeypatch.setattr("meja.sim.job.load_game", load)
    return game


MakeResult = Callable[..., GameResult]


@pytest.fixture
def make_result() -> MakeResult:
    """Build crafted results for statistics tests."""
    return crafted_result


def crafted_result(
    index: int,
    returns: tuple[float, ...],
    *,
    bots: tuple[str, ...] | None = None,
    scores: tuple[float, ...] | None = None,
    moves: int = 10,
    end: str = "end",
    stats: dict[str, float] | None = None,
    seat_stats: dict[str, tuple[float, ...]] | None = None,
) -> GameResult:
    """A crafted result: winners follow from returns, scores default to returns."""
    return GameResult(
        index=index,
        seed=index,
        bots=bots or tuple("random" for _ in returns),
        scores=scores or returns,
        returns=returns,
        winners=tuple(seat for seat, share in enumerate(returns) if share > 0),
        moves=moves,
        steps=moves + 1,
        end=end,
        stats=stats or {},
        seat_stats=seat_stats or {},
    )


class InterruptAfter:
    """A listener that presses Ctrl-C (a real SIGINT) once some games have finished."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.seen = 0
        self.stopped = False

    def start(self, total: int) -> None:
        self.total = total

    def advance(self, games: int) -> None:
        self.seen += games
        if self.seen >= self.games:
            signal.raise_signal(signal.SIGINT)

    def stop(self) -> None:
        self.stopped = True


@pytest.fixture
def interrupt_after() -> Iterator[Callable[[int], InterruptAfter]]:
    """Listeners that press Ctrl-C, with Ctrl-C raising KeyboardInterrupt during the test."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield InterruptAfter
    signal.signal(signal.SIGINT, previous)
