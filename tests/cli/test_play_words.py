"""`meja play` speaks as the browser table does: seats by name, pieces and moves in words.

Whole games are played through the terminal as a person would (typed lines on stdin), and
everything printed is read with plain_words: no engine code, no seat counted from 0, no
"(s)" plural, and every count agrees with its noun.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from tests.cli.plain_words import engine_codes, wrong_plurals


def _play(*args: str, typed: str) -> str:
    """What `meja play` prints for the typed lines; it must end cleanly."""
    result = subprocess.run(
        [sys.executable, "-m", "meja.cli", "play", *args],
        input=typed,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def _unreadable(game: str, out: str) -> list[tuple[str, list[str]]]:
    """Each printed line that holds engine codes or a wrong plural, with what it holds."""
    found = []
    for line in out.splitlines():
        bad = engine_codes(game, line) + wrong_plurals(line)
        if bad:
            found.append((line, bad))
    return found


WHOLE_GAMES = [
    ("mooncake", "human,heuristic", "1\n"),
    ("mooncake", "human,random,random,random,random,random", "1\n"),
    ("peranakan", "human,random", "1\n"),
    ("peranakan", "random,random,human,random,random", "1\n"),
    ("te_kuiti", "human,random", "1\n"),
    ("te_kuiti", "human", "1\n"),
    ("nasi_lemak", "human,random", "2\n1\n"),
    ("nasi_lemak", "random,human,random,random,random,random", "2\n1\n"),
]


@pytest.mark.parametrize(
    ("game", "seats", "pattern"),
    WHOLE_GAMES,
    ids=[f"{game}-{seats.count(',') + 1}p" for game, seats, _ in WHOLE_GAMES],
)
def test_a_whole_game_is_told_in_words(game: str, seats: str, pattern: str) -> None:
    out = _play(game, "--seats", seats, "--seed", "3", typed="legend\n" + pattern * 2500)
    assert "Game over." in out
    assert _unreadable(game, out) == []
    assert not re.search(r"(?m)^\s*[Ss]eat \d+> ", out), "the prompt names the seat by number"
    assert "Your turn" in out, "the prompt says whose turn it is in words"


def test_nasi_lemak_counts_moves_in_english() -> None:
    out = _play("nasi_lemak", "--seats", "human,heuristic", "--seed", "3", typed="2\n1\n" * 2500)
    assert "3 moves left" in out
    assert "1 move left" in out
    assert "move(s)" not in out


def test_the_move_list_and_the_table_speak_in_words() -> None:
    out = _play("mooncake", "--seats", "human,heuristic", "--seed", "3", typed="1\nquit\n")
    assert "Keep the Lotus quarter with 2 hazelnuts" in out
    assert "cake 1, top right" in out
    assert "Nut Critic" in out, "a customer goes by the name on its card"
    assert "Bot 2:" in out and "seat 1" not in out
    out = _play("peranakan", "--seats", "human,heuristic", "--seed", "3", typed="quit\n")
    assert "market 1" in out and "Ang Ku Kueh" in out and "Nyonya" in out
    out = _play("te_kuiti", "--seats", "human,heuristic", "--seed", "3", typed="quit\n")
    assert "above a1" in out and "between a1 and a2" in out
    out = _play("nasi_lemak", "--seats", "human,heuristic", "--seed", "3", typed="quit\n")
    assert "Anchovies Sambal" in out and "Thieves" in out


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("mooncake", ("hazelnut", "watermelon seed", "half yolk")),
        ("peranakan", ("Nyonya", "Baba", "stacked")),
        ("te_kuiti", ("face down", "fence", "enclosed")),
        ("nasi_lemak", ("face down", "Fly")),
    ],
)
def test_the_legend_explains_the_board(game: str, words: tuple[str, ...]) -> None:
    out = _play(game, "--seats", "human,random", "--seed", "1", typed="legend\nquit\n")
    legend = out[out.index("Legend") :]
    for word in words:
        assert word in legend


@pytest.mark.parametrize(
    ("game", "typed", "said"),
    [
        (
            "mooncake",
            "keep LNN, pass R- R-\nplace LNN at 1NE\nquit\n",
            "You kept a Lotus quarter with 2 hazelnuts",
        ),
        ("peranakan", "take slot1\nplace c3\nno pawn\nquit\n", "laid it on c3"),
        ("te_kuiti", "fence c3n\nfence a1w\nquit\n", "between c2 and c3, and left of a1"),
        ("nasi_lemak", "end turn\nquit\n", "You ended the turn."),
    ],
)
def test_moves_may_still_be_typed_by_their_old_names(game: str, typed: str, said: str) -> None:
    out = _play(game, "--seats", "human,heuristic", "--seed", "3", typed=typed)
    assert said in out
