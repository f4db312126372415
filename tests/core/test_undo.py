"""Taking a move back (State.undoable, undo_refusal, undone): the rule on a tiny game.

A seat may take back its own moves, one at a time, while it is still its turn and nothing has
been revealed since: no chance step, no other seat's step, and no step that tells any viewer
(a seat or the spectator) something it could not know before. The state it gets back is exactly
the game with the shorter history.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from meja.core import CHANCE, TERMINAL, Game, IllegalAction, Option, State, Told
from meja.core.actions import ActionNames
from meja.core.told import plainly, viewers

ADD, PEEK, SHOW, HAND_OVER, PASS = range(5)
MOVES = ActionNames(["add", "peek", "show", "hand over", "pass"])
DRAWS = ActionNames(["draw low", "draw high"])


class TurnGame(Game):
    """Two seats take turns of several moves: add a point, peek at a hidden card (told to the
    mover as revealing), show it to the spectators (told to the spectator as revealing), then
    hand over the turn directly or pass it through a chance draw. The first to 'target' wins."""

    name = "turns"
    title = "Turns"
    min_players = 2
    max_players = 2
    options = (Option("target", 6, "the points that win", kind=int, minimum=2, maximum=50),)

    def new_state(self, num_players: int, **options: Any) -> TurnState:
        state = TurnState(self, num_players, self.resolve_options(num_players, options))
        state.points = [0, 0]
        state.drawn = []
        state.to_move = 0
        state.next_seat = 0
        return state

    def num_actions(self, num_players: int) -> int:
        return len(MOVES.names)

    def max_game_length(self, num_players: int) -> int:
        return 500

    def from_position(self, data: Mapping[str, Any]) -> TurnState:
        state = self.new_state(2)
        state.points = list(data["points"])
        state.drawn = list(data["drawn"])
        state.to_move = data["to_move"]
        state.next_seat = data["next_seat"]
        return state


class TurnState(State):
    """Each seat's points, the cards drawn so far and whose move it is."""

    _compared = ("points", "drawn", "to_move", "next_seat")
    points: list[int]
    drawn: list[int]
    to_move: int
    next_seat: int

    def current_player(self) -> int:
        return TERMINAL if max(self.points) >= self.options["target"] else self.to_move

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player() if player is None else player
        return list(range(len(MOVES.names))) if seat == self.current_player() >= 0 else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if self.current_player() == CHANCE else []

    def _apply(self, action: int, player: int) -> None:
        if player == CHANCE:
            self.drawn.append(action)
            self.to_move = self.next_seat
        elif action == ADD:
            self.points[player] += 1
        elif action == HAND_OVER:
            self.to_move = 1 - player
        elif action == PASS:
            self.to_move = CHANCE
            self.next_seat = 1 - player

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        reveals = (
            player == CHANCE
            or (action == PEEK and viewer == player)
            or (action == SHOW and viewer is None)
        )
        return Told(plainly(self, player, action), {"action": action}, reveals)

    def clone(self) -> TurnState:
        copy = TurnState(self.game, self.num_players, self.options, self.history)
        copy.points, copy.drawn = self.points[:], self.drawn[:]
        copy.to_move, copy.next_seat = self.to_move, self.next_seat
        return copy

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        return [seat for seat in range(2) if self.points[seat] >= self.options["target"]]

    def view(self, player: int | None) -> dict[str, Any]:
        return {"seat": player, "points": self.points[:], "to_move": self.current_player()}

    def position(self) -> dict[str, Any]:
        return {
            "points": self.points[:],
            "drawn": self.drawn[:],
            "to_move": self.to_move,
            "next_seat": self.next_seat,
        }

    def _names(self, seat: int) -> ActionNames:
        return DRAWS if seat == CHANCE else MOVES


GAME = TurnGame()


def played(*steps: tuple[int, int]) -> TurnState:
    """A fresh game with these (seat, action) steps applied."""
    state = GAME.new_state(2)
    for player, action in steps:
        state.apply(action, player)
    return state


def assert_refused(state: State, seat: int, reason: str) -> None:
    """seat may not take back its last move, for this reason, and asking changes nothing."""
    before = state.clone()
    history = list(state.history)
    assert state.undo_refusal(seat) == reason
    assert not state.undoable(seat)
    with pytest.raises(IllegalAction) as refused:
        state.undone(seat)
    assert str(refused.value) == f"cannot take back: {reason}"
    assert state == before and state.history == history


def assert_same_game(state: State, other: State) -> None:
    """Two states of the same game: equal fields, history and every viewer's view."""
    assert state == other
    assert state.history == other.history
    for viewer in viewers(state.num_players):
        assert state.view(viewer) == other.view(viewer)


def test_a_seat_that_has_not_moved_has_nothing_to_take_back() -> None:
    state = played()
    assert_refused(state, 0, "you have not moved yet")
    assert_refused(state, 1, "you have not moved yet")
    state = played((0, ADD), (0, PASS), (CHANCE, 1))
    assert_refused(state, 1, "you have not moved yet")


def test_a_run_of_own_moves_is_taken_back_one_at_a_time() -> None:
    steps = [(0, ADD), (0, ADD), (0, HAND_OVER), (1, ADD), (1, ADD), (1, ADD)]
    state = played(*steps)
    original = state.clone()
    for left in (5, 4, 3):
        assert state.undoable(1) and state.undo_refusal(1) is None
        shorter = state.undone(1)
        assert_same_game(shorter, played(*steps[:left]))
        state = shorter
    assert_refused(state, 1, "you have not moved yet")
    assert_same_game(original, played(*steps))


def test_the_state_taken_back_to_is_a_new_state() -> None:
    state = played((0, ADD), (0, ADD))
    shorter = state.undone(0)
    shorter.apply(ADD, 0)
    shorter.apply(ADD, 0)
    assert state.points == [2, 0] and shorter.points == [3, 0]


def test_another_players_move_makes_yours_final() -> None:
    state = played((0, ADD), (0, HAND_OVER))
    assert_refused(state, 0, "your turn has ended")
    assert_refused(state, 1, "you have not moved yet")
    state.apply(ADD, 1)
    assert_refused(state, 0, "another player has moved since")
    assert_same_game(state.undone(1), played((0, ADD), (0, HAND_OVER)))


def test_a_chance_step_after_your_move_makes_it_final() -> None:
    state = played((0, ADD), (0, PASS))
    assert state.current_player() == CHANCE
    assert_refused(state, 0, "your turn has ended")
    state.apply(0, CHANCE)
    reason = "something was drawn or turned up after your move, so it stands"
    assert_refused(state, 0, reason)


def test_your_turn_can_come_back_round_without_a_step_between() -> None:
    """Only what happened since the move counts: a seat whose turn was handed back to it with
    no other step between takes back its moves as long as it holds the turn and none revealed."""
    state = played((0, ADD), (0, HAND_OVER), (1, HAND_OVER), (0, ADD))
    assert_same_game(state.undone(0), played((0, ADD), (0, HAND_OVER), (1, HAND_OVER)))
    assert_refused(state.undone(0), 0, "another player has moved since")


@pytest.mark.parametrize(
    ("revealing", "viewer"), [(PEEK, 0), (SHOW, None)], ids=["to-the-mover", "to-the-spectator"]
)
def test_a_move_that_reveals_to_any_viewer_stands(revealing: int, viewer: int | None) -> None:
    state = played((0, ADD), (0, revealing))
    assert state.told(0, revealing, viewer).reveals
    reason = "your last move showed something that was hidden, so it stands"
    assert_refused(state, 0, reason)
    state.apply(ADD, 0)
    assert_same_game(state.undone(0), played((0, ADD), (0, revealing)))
    assert_refused(state.undone(0), 0, reason)


def test_a_move_told_to_no_one_as_revealing_may_be_taken_back() -> None:
    state = played((0, ADD), (0, HAND_OVER), (1, ADD), (1, ADD))
    assert all(not state.told(1, ADD, viewer).reveals for viewer in viewers(2))
    assert_same_game(state.undone(1), played((0, ADD), (0, HAND_OVER), (1, ADD)))


def test_nothing_is_taken_back_once_the_game_is_over() -> None:
    state = played(*[(0, ADD)] * 6)
    assert state.is_terminal()
    assert_refused(state, 0, "the game is over")
    assert_refused(state, 1, "the game is over")


def test_a_game_set_up_from_a_position_keeps_its_moves() -> None:
    """A loaded position has no history to replay, so the moves made after it stand."""
    data = {"points": [2, 3], "drawn": [1], "to_move": 0, "next_seat": 0}
    state = GAME.from_position(data)
    assert_refused(state, 0, "you have not moved yet")
    state.apply(ADD, 0)
    reason = "this game was set up from a position, so its moves cannot be taken back"
    assert_refused(state, 0, reason)
    # A step a fresh game would refuse (here: seat 0 moving before the first draw) is no error.
    state = GAME.from_position({**data, "to_move": CHANCE})
    state.apply(1, CHANCE)
    state.apply(HAND_OVER, 0)
    state.apply(ADD, 1)
    assert_refused(state, 1, reason)


def test_only_the_seat_that_played_last_costs_a_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusals of every other seat are read from the history alone; the server asks
    undoable for every seat after every step."""
    from meja.core import undo

    state = played((0, ADD), (0, HAND_OVER), (1, ADD))

    def no_replay(state: State, steps: int) -> State:
        raise AssertionError("replayed the game to judge a seat that did not play last")

    monkeypatch.setattr(undo, "_replayed", no_replay)
    assert state.undo_refusal(0) == "another player has moved since"
    with pytest.raises(AssertionError):
        state.undo_refusal(1)


@pytest.mark.parametrize("name", ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"])
def test_the_servers_quick_judgement_agrees_with_the_rules_replay(name: str) -> None:
    """may_take_back, given what the last step told its viewers, answers as undoable() does
    after every step of a seeded random game, for every seat."""
    from meja.core import load_game
    from meja.core.game import random_step
    from meja.core.told import told_all
    from meja.core.undo import may_take_back

    game = load_game(name)
    rng = random.Random(7)
    state = game.new_state(game.default_players())
    while not state.is_terminal():
        seat, action = random_step(state, rng)
        revealed = any(told.reveals for told in told_all(state, seat, action))
        state.apply(action, seat)
        for p in range(state.num_players):
            assert may_take_back(state, p, revealed) == state.undoable(p), (len(state.history), p)
