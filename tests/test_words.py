"""Every move-log entry, as every viewer receives it, is a sentence in words.

The server and the terminal show each viewer State.told's text worded by core.told.say, with
seats named as the lobby names them. Over seeded random games of every game and player count,
every entry every seat and the spectator would see is checked: a capitalised sentence, seats by
name and the viewer's own as "you", and none of the engine's codes. That the words give nothing
hidden away is tests/test_told.py's part, which compares the same texts across worlds.
MEJA_WORDS_GAMES sets the games per game and player count (default 40).
"""

from __future__ import annotations

import os
import random
import re

import pytest

from meja.core import list_games, load_game
from meja.core.game import random_step
from meja.core.told import say, viewers

GAMES = int(os.environ.get("MEJA_WORDS_GAMES", "40"))
CODES = re.compile(
    r"[{}_<>]"  # an unworded seat, a rules name, a Mooncake tile code
    r"|\bseat \d|\bSeat \d|\bplayer \d"  # seats counted from 0
    r"|\bslot ?\d|\bChance:|\baction \d"  # Peranakan's market slots, the engine's own names
)


def _names(num_players: int) -> list[str]:
    """Seats as the lobby names them by default: the first a person, the others bots."""
    return ["Player 1", *(f"Bot {seat + 1}" for seat in range(1, num_players))]


def _cases() -> list[pytest.param]:
    return [
        pytest.param(game.name, n, id=f"{game.name}-{n}p")
        for game in list_games()
        for n in game.player_counts()
    ]


def test_say_names_seats_and_the_viewer() -> None:
    names = ["Ana", "Bot 2", "Bot 3"]
    text = "{1} offered {0} 2 Rice for 1 Egg. {0}'s turn; {2}'s pawn moved."
    assert (
        say(text, 0, names) == "Bot 2 offered you 2 Rice for 1 Egg. Your turn; Bot 3's pawn moved."
    )
    assert (
        say(text, 1, names) == "You offered Ana 2 Rice for 1 Egg. Ana's turn; Bot 3's pawn moved."
    )
    assert say(text, None, names).startswith("Bot 2 offered Ana")


@pytest.mark.parametrize(("name", "num_players"), _cases())
def test_every_log_entry_is_a_sentence_in_words(name: str, num_players: int) -> None:
    game = load_game(name)
    names = _names(num_players)
    said = 0
    for seed in range(GAMES):
        rng = random.Random(seed * 100 + num_players)
        state = game.new_state(num_players)
        while not state.is_terminal():
            player, action = random_step(state, rng)
            where = f"{name} {num_players}p seed {seed} step {len(state.history)}"
            for viewer in viewers(num_players):
                text = state.told(player, action, viewer).text
                if not text:
                    continue
                words = say(text, viewer, names)
                said += 1
                assert re.fullmatch(r"[A-Z0-9].*[.!?]", words, re.S), (
                    f"{where}: viewer {viewer} is told {words!r}, not a sentence"
                )
                code = CODES.search(words)
                assert code is None, (
                    f"{where}: viewer {viewer} is told {words!r}, with {code.group()!r} in it"
                )
                if viewer is not None and f"{{{viewer}}}" in text:
                    assert names[viewer] not in words, f"{where}: {words!r} names the viewer"
            state.apply(action, player)
    assert said, f"{name}: no log entry in {GAMES} games"
