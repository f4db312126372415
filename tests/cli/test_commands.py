"""The command line: games, rules, random, replay; bad input ends in one line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from meja.cli import main
from meja.commands.play_session import render_view
from meja.core import GameRecord, Told, list_games, load_game
from meja.core.told import replay_told, say


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meja.cli", *args], capture_output=True, text=True, check=False
    )


def test_games_lists_every_game_with_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for game in list_games():
        assert game.name in out and game.title in out
    assert "Peranakan: Tiles and Tactics  (2-5 players)" in out


def test_rules_prints_the_rules_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "peranakan"]) == 0
    assert "P13" in capsys.readouterr().out


def test_random_then_replay_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.json"
    assert main(["random", "peranakan", "--players", "3", "--seed", "7", "--out", str(record)]) == 0
    first = capsys.readouterr().out
    data = json.loads(record.read_text())
    assert data["game"] == "peranakan" and data["num_players"] == 3 and data["history"]
    assert main(["replay", str(record)]) == 0
    replayed = capsys.readouterr().out
    final_table = first.split("\n\n")[0]
    assert final_table in replayed
    assert main(["replay", str(record), "--step", "5", "--moves"]) == 0
    assert "step 5 of" in capsys.readouterr().out


def test_same_seed_gives_the_same_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        assert main(["random", "peranakan", "-p", "4", "-s", "11", "--out", str(path)]) == 0
    assert a.read_text() == b.read_text()


def test_a_hand_corrupted_record_is_refused_with_the_step_number(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    assert main(["random", "peranakan", "--players", "3", "--seed", "7", "--out", str(record)]) == 0
    data = json.loads(record.read_text())
    step = 10
    player, action = data["history"][step - 1]
    data["history"][step - 1] = [player, action + 10_000]
    record.write_text(json.dumps(data))
    result = _run("replay", str(record))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert f"step {step}:" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["random", "chess"], "unknown game 'chess'"),
        (["random", "peranakan", "--players", "9"], "--players: Peranakan"),
        (["random", "peranakan", "--players", "x"], "invalid int value"),
        (["random", "peranakan", "-o", "nope=1"], "unknown option 'nope'"),
        (["replay", "/no/such/file.json"], "no such file"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_end_in_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = _run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_every_command_seats_two_by_default_where_the_game_allows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "solo-or-not.json"
    assert main(["random", "te_kuiti", "--seed", "1", "--out", str(record)]) == 0
    assert GameRecord.load(record).num_players == 2
    assert main(["demo", "te_kuiti", "--seed", "1", "--quiet"]) == 0
    assert "Te Kuiti: 2 bots, seed 1" in capsys.readouterr().out
    arena = tmp_path / "arena.json"
    assert main(["arena", "te_kuiti", "--games", "1", "--seed", "1", "--out", str(arena)]) == 0
    assert json.loads(arena.read_text())["players"] == 2


@pytest.mark.parametrize("command", ["random", "demo", "arena", "simulate"])
def test_zero_players_is_refused_by_every_command(command: str) -> None:
    result = _run(command, "peranakan", "--players", "0")
    assert result.returncode == 2
    assert "--players: Peranakan: Tiles and Tactics is for 2-5 players" in result.stderr


def test_a_file_that_is_not_a_record_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    result = _run("replay", str(bad))
    assert result.returncode == 2 and "not a JSON game record" in result.stderr


def _unfinished_record(tmp_path: Path, steps: int) -> tuple[Path, GameRecord]:
    """A Nasi Lemak game saved mid-way, as `meja play`'s save command leaves it."""
    full = tmp_path / "full.json"
    assert main(["random", "nasi_lemak", "--players", "3", "--seed", "4", "--out", str(full)]) == 0
    record = GameRecord.load(full)
    record.history = record.history[:steps]
    path = tmp_path / "unfinished.json"
    record.save(path)
    return path, record


def test_an_unfinished_game_replays_as_a_spectator_sees_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Saving a game in `meja play` and replaying it must not show the bots' hands."""
    path, record = _unfinished_record(tmp_path, 60)
    capsys.readouterr()
    state = record.replay()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "shown as a spectator sees it" in out
    assert render_view(state, None) in out
    assert str(state) not in out
    assert main(["replay", str(path), "--all"]) == 0
    assert str(state) in capsys.readouterr().out


def test_a_replay_as_a_seat_lists_each_move_as_that_seat_was_told_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, record = _unfinished_record(tmp_path, 60)
    capsys.readouterr()
    assert main(["replay", str(path), "--seat", "1", "--moves"]) == 0
    out = capsys.readouterr().out
    state = record.new_state()
    names = [f"Player {seat + 1}" for seat in range(state.num_players)]
    lines = []
    for index, (player, action) in enumerate(record.history, start=1):
        words = say(state.told(player, action, 1).text, 1, names)
        if words:
            lines.append(f"{index:4}. {words}")
        state.apply(action, player)
    assert [line for line in out.splitlines() if line[:4].strip().isdigit()] == lines
    assert render_view(state, 1) in out
    assert any(t.action is None for t in _told_of_others(record, 1)), "nothing was hidden"
    result = _run("replay", str(path), "--seat", "3")
    assert result.returncode == 2 and "--seat must be between 0 and 2" in result.stderr


def _told_of_others(record: GameRecord, seat: int) -> list[Told]:
    """What seat was told of every step but its own."""
    game = load_game(record.game)
    steps = replay_told(game, record.num_players, record.options, record.history, seat)
    return [told for player, told in steps if player != seat]


def test_output_cut_short_by_head_ends_quietly() -> None:
    """`meja rules peranakan | head -3` shows three lines and no error about a broken pipe."""
    shell = subprocess.run(
        f"{sys.executable} -m meja.cli rules peranakan | head -3",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert len(shell.stdout.splitlines()) == 3
    assert shell.stderr == ""
