"""`meja play` tells the human each step in exactly the words the game declares for that seat.

The declaration itself is proved against the views by tests/test_told.py; this checks that the
terminal adds nothing and drops nothing: every move of the human and of the bots, and every
chance step the human is told of, appears once, in order, in the sentence State.told gives it.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from meja.bots import make_bot
from meja.commands.play_session import LOG_MARK, TerminalSession
from meja.core import State, list_games
from meja.core.told import say

CASES = [
    pytest.param(game.name, n, human, id=f"{game.name}-{n}p-seat{human}")
    for game in list_games()
    for n in sorted({game.min_players, game.max_players})
    for human in sorted({0, n - 1})
]


def _expected(start: State, history: list[tuple[int, int]], human: int) -> list[str]:
    """The lines the human should read: every sentence its seat is told, in order."""
    state = start.clone()
    names = [f"Bot {seat + 1}" for seat in range(state.num_players)]
    lines = []
    for player, action in history:
        text = state.told(player, action, human).text
        if text:
            lines.append(LOG_MARK + say(text, human, names))
        state.apply(action, player)
    return lines


@pytest.mark.parametrize(("name", "num_players", "human"), CASES)
def test_the_terminal_tells_the_human_exactly_what_the_game_declares(
    name: str, num_players: int, human: int
) -> None:
    from meja.core import load_game

    game = load_game(name)
    start = game.new_state(num_players)
    labels = ["random"] * num_players
    bots = {seat: make_bot("random", game) for seat in range(num_players) if seat != human}
    console = Console(file=io.StringIO(), width=2000, highlight=False, color_system=None)
    rng = random.Random(num_players * 10 + human)
    session = TerminalSession(start.clone(), human, bots, labels, seed=3, console=console)
    session.ask = lambda _prompt: str(rng.randint(1, len(session.state.legal_actions(human))))
    assert session.run() == 0
    assert session.state.is_terminal()
    shown = [line for line in console.file.getvalue().splitlines() if line.startswith(LOG_MARK)]
    assert shown == _expected(start, session.state.history, human)
