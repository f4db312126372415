"""`meja play` driven as a person would: typed lines on stdin, the table read from stdout."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from meja.commands.play_session import LOG_MARK
from meja.core import GameRecord
from meja.games.te_kuiti.words import KIND_NAMES

FIRST_MOVE_FOREVER = "1\n" * 3000


def _play(*args: str, typed: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meja.cli", "play", *args],
        input=typed,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def test_a_whole_te_kuiti_game_with_help_bad_input_and_undo() -> None:
    typed = "help\nrules\nflip z9\n999\nundo\n1\nundo\n1\n1\nundo\n" + FIRST_MOVE_FOREVER
    result = _play("te_kuiti", "--seats", "human,heuristic", "--seed", "5", typed=typed)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "save FILE" in out, "help lists the commands"
    assert "Te Kuiti: the rules as meja plays them" in out
    assert "'flip z9' is not a Te Kuiti move" in out
    assert "No move 999: choose a number from 1 to 60." in out
    assert "Cannot take back: you have not moved yet." in out
    assert "Taken back: put up a fence above a1." in out, "the shepherd's first fence is taken back"
    drawn = "Cannot take back: something was drawn or turned up after your move"
    assert drawn in out, "the fences stand once the sheep player has turned tiles over"
    assert out.count("Cannot take back:") == 2
    assert "Bot 2 turned over" in out
    turned = [line for line in _log(out) if "turned over" in line and "collected" not in line]
    assert turned, "the log says which tiles were turned over"
    shown = [line for line in turned if any(kind in line for kind in KIND_NAMES)]
    assert shown == [], "the log never writes down what a tile left on the field showed"
    assert "Game over. Points: you" in out
    assert "Traceback" not in result.stderr


def _log(out: str) -> list[str]:
    """The move log's sentences among everything the terminal printed."""
    return [line.removeprefix(LOG_MARK) for line in out.splitlines() if line.startswith(LOG_MARK)]


def test_a_whole_mooncake_game_hides_the_bots_choices(tmp_path: Path) -> None:
    saved = tmp_path / "mooncake.json"
    typed = "1\n" * 5 + f"save {saved}\n" + FIRST_MOVE_FOREVER
    result = _play("mooncake", "--seats", "random,human,heuristic", "--seed", "8", typed=typed)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Your move stays hidden from the others until they have all moved." in out
    assert "Bot 1 kept a tile and passed two." in out, "M3: nothing more is told"
    assert re.search(r"Bot [13] kept a (?!tile)", out) is None, "a bot's kept tile is named"
    assert "Game over." in out and out.splitlines()[-1].endswith("Festive Points.")
    record = GameRecord.load(saved)
    assert record.game == "mooncake" and record.num_players == 3
    assert record.replay().game.name == "mooncake"


def test_a_two_player_mooncake_bot_keeps_its_tile_to_itself() -> None:
    """M3 in the terminal: the tile a bot keeps stays face down until placed, and M4: its
    placements are not named before every placement is revealed together."""
    typed = "1\n" * 30 + "quit\n"
    result = _play("mooncake", "--seats", "human,heuristic", "--seed", "3", typed=typed)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    bot_lines = [line for line in _log(out) if line.startswith("Bot 2 ")]
    assert any(line.startswith("Bot 2 placed three tiles") for line in bot_lines), bot_lines
    assert not any(re.match(r"Bot 2 kept a (?!tile)", line) for line in bot_lines), bot_lines
    assert not any(line.startswith("Bot 2 placed a") for line in bot_lines), bot_lines


def test_the_sheep_player_sees_both_unmatched_sheep_before_the_shepherd_moves() -> None:
    """T4a in the terminal: the board after the turn shows both turned tiles, then they go."""
    result = _play(
        "te_kuiti", "--seats", "heuristic,human", "--seed", "4", typed="flip a2\nflip b2\nquit\n"
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    turn = out[out.index("You turned over b2.") :]
    seen = turn[: turn.index("Bot 1 put up two fences")]
    assert "│ 2    Joyful     Angry*        ?" in seen, (
        "both turned sheep face up before the shepherd"
    )
    assert "a2 and b2" in seen and "turn back face down at the next move" in seen
    after = turn[turn.index("Bot 1 put up two fences") :]
    assert "│ 2       ?          ?          ?" in after, (
        "face down again once the shepherd has moved"
    )


def test_quit_and_end_of_input_leave_quietly() -> None:
    for typed in ("quit\n", ""):
        result = _play("peranakan", "--seats", "heuristic,human", "--seed", "1", typed=typed)
        assert result.returncode == 0
        assert "You left the game." in result.stdout


def test_a_move_can_be_typed_by_its_name() -> None:
    typed = "fence c3n\nfence a1w\nquit\n"
    result = _play("te_kuiti", "--seats", "human,random", "--seed", "2", typed=typed)
    assert "You put up two fences: between c2 and c3, and left of a1." in result.stdout


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("human,human", "exactly one seat 'human'"),
        ("random,heuristic", "exactly one seat 'human'"),
        ("human,random,random", "--seats: Te Kuiti is for 1-2 players, not 3"),
        ("human,wizard", "unknown bot 'wizard'"),
    ],
)
def test_bad_seats_end_in_one_line(seats: str, message: str) -> None:
    result = _play("te_kuiti", "--seats", seats, typed="")
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_strong_bot_plays_its_turns_against_a_person() -> None:
    result = _play("peranakan", "--seats", "human,strong", "--seed", "3", typed="1\n1\n1\n" * 4)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "you, Bot 2 (strong)" in out, "the table names the level it plays"
    assert out.count("Bot 2 took") >= 2, "the strong bot played its turns between the person's"
