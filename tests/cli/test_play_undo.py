"""`meja play`'s undo follows the game's own rule (State.undo_refusal and undone), as the server
and the browser do: it takes back what the game allows, says what in the game's words, and
says why not in words when it may not."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

from rich.console import Console

from meja.bots import make_bot
from meja.commands.play_session import TerminalSession
from meja.core import CHANCE, State, load_game
from meja.core.game import sample_chance
from meja.core.told import viewers


def run_session(state: State, human: int, typed: list[str]) -> tuple[TerminalSession, list[str]]:
    """Play the typed lines as the human at seat human, then leave; the session and its lines."""
    console = Console(file=io.StringIO(), width=2000, highlight=False, color_system=None)
    n = state.num_players
    bots = {seat: make_bot("random", state.game) for seat in range(n) if seat != human}
    lines: Iterator[str] = iter([*typed, "quit"])
    session = TerminalSession(state, human, bots, ["random"] * n, seed=1, console=console)
    session.ask = lambda _prompt: next(lines)
    assert session.run() == 0
    return session, console.file.getvalue().splitlines()


def said(lines: list[str]) -> list[str]:
    """What undo answered, in order."""
    return [line for line in lines if line.startswith(("Taken back", "Cannot take back"))]


def dealt(name: str, num_players: int = 2, seed: int = 1) -> State:
    """A fresh game with its opening chance steps drawn from a seeded generator."""
    state = load_game(name).new_state(num_players)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng), CHANCE)
    return state


def assert_same_game(state: State, other: State) -> None:
    assert state == other and state.history == other.history
    for viewer in viewers(state.num_players):
        assert state.view(viewer) == other.view(viewer)


def test_the_steps_of_a_turn_are_taken_back_by_name_back_to_its_start() -> None:
    """Peranakan's take and Kueh choice have no sentence of their own (the turn's last step says
    the whole turn), so undo names them as the move list does."""
    start = dealt("peranakan")
    typed = ["undo", "take slot4", "kueh tutu", "undo", "undo", "undo"]
    session, lines = run_session(start.clone(), 0, typed)
    assert said(lines) == [
        "Cannot take back: you have not moved yet.",
        "Taken back: take 1 Tutu Kueh.",
        "Taken back: take market 4's tile and 1 Kueh of your choice.",
        "Cannot take back: you have not moved yet.",
    ]
    assert_same_game(session.state, start)


def test_a_move_taken_back_is_said_in_the_games_words() -> None:
    """Te Kuiti's fence taken down for a ram (T3) is a sentence of the log; undo repeats it."""
    state = load_game("te_kuiti").new_state(2)
    for move in ["fence c3n", "fence a1w", "flip a2", "joyful", "flip b2", "ram"]:
        player = state.current_player()
        state.apply(state.str_to_action(move, player), player)
    before = state.clone()
    session, lines = run_session(state, 1, ["remove c3n", "undo"])
    assert "· You took down the fence between c2 and c3 for the ram." in lines
    assert said(lines) == ["Taken back: you took down the fence between c2 and c3 for the ram."]
    assert_same_game(session.state, before)


def test_a_move_that_showed_something_stands_and_undo_says_why() -> None:
    """N9: an Officer's look at a hand is final; undo changes nothing and says so."""
    start = dealt("nasi_lemak", seed=0)
    session, lines = run_session(start, 0, ["play officer", "examine seat 1", "undo"])
    assert said(lines) == [
        "Cannot take back: your last move showed something that was hidden, so it stands."
    ]
    assert [session.state.action_to_str(a, 0) for _, a in session.state.history[-2:]] == [
        "play officer",
        "examine seat 1",
    ]
