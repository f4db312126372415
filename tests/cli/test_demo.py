"""`meja demo GAME`: a whole bot game a person can watch, told in the spectator's words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from tests.cli.plain_words import engine_codes

from meja.cli import main
from meja.commands import demo
from meja.core.episode import Episode

GAMES = ("peranakan", "te_kuiti", "nasi_lemak", "mooncake")


@dataclass
class Demo:
    """One `meja demo` run, its printout cut into the parts the demo prints in order."""

    code: int
    out: str
    err: str
    episode: Episode | None

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    @property
    def steps(self) -> list[str]:
        """The sentences told of each step."""
        return [line for line in self.lines if line.startswith("· ")]

    @property
    def told(self) -> list[str]:
        """Every line the demo words itself: who plays, the steps and the result."""
        parts = self.out.rstrip("\n").split("\n\n")
        return [*parts[0].splitlines(), *(parts[-1].splitlines() if len(parts) > 1 else [])]

    @property
    def board(self) -> list[str]:
        """The final table: between the last step and the result, set apart by blank lines."""
        parts = self.out.split("\n\n")
        return parts[-2].splitlines() if len(parts) >= 3 else []

    @property
    def result(self) -> list[str]:
        """The lines after the final table."""
        return self.out.rstrip("\n").split("\n\n")[-1].splitlines()


RunDemo = Callable[..., "Demo"]


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every pause the demo takes, recorded instead of waited; stdout is never a terminal."""
    calls: list[float] = []
    monkeypatch.setattr(demo, "sleep", calls.append, raising=False)
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    return calls


@pytest.fixture
def run_demo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, sleeps: list[float]
) -> RunDemo:
    """`meja demo ARGS` in this process, with the episode it played."""
    played: list[Episode] = []
    real = getattr(demo, "play_episode", None)

    def recording(*args: Any, **kwargs: Any) -> Episode:
        assert real is not None
        played.append(real(*args, **kwargs))
        return played[-1]

    if real is not None:
        monkeypatch.setattr(demo, "play_episode", recording)

    def run(*args: str) -> Demo:
        played.clear()
        try:
            code = main(["demo", *args])
        except SystemExit as exc:
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return Demo(code, captured.out, captured.err, played[-1] if played else None)

    return run


def _codes(game: str, lines: list[str]) -> list[tuple[str, list[str]]]:
    """Each line with engine codes in it, and the codes."""
    return [(line, found) for line in lines if (found := engine_codes(game, line))]


@pytest.mark.parametrize("game", GAMES)
def test_every_step_and_the_result_are_told_in_words(game: str, run_demo: RunDemo) -> None:
    """What the demo itself says (who plays, each step, who won) has no engine codes."""
    shown = run_demo(game, "--pace", "0", "--seed", "4")
    assert shown.code == 0, shown.err
    coded = _codes(game, shown.told)
    assert coded == [], "\n".join(f"{found}: {line}" for line, found in coded[:10])
    assert len(shown.steps) >= 20 and "Bot 1" in shown.out and "Bot 2" in shown.out


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_demo_is_in_words(game: str, run_demo: RunDemo) -> None:
    """Every printed line, the final board from the game's terminal renderer among them."""
    shown = run_demo(game, "--pace", "0", "--seed", "4")
    assert shown.code == 0, shown.err
    assert shown.board, "no final table between the steps and the result"
    coded = _codes(game, shown.lines)
    assert coded == [], "\n".join(f"{found}: {line}" for line, found in coded)


@pytest.mark.parametrize("game", GAMES)
def test_the_closing_lines_name_the_winner_in_words(game: str, run_demo: RunDemo) -> None:
    shown = run_demo(game, "--pace", "0", "--seed", "4")
    assert shown.code == 0 and shown.episode is not None, shown.err
    said = " ".join(shown.result)
    assert not re.search(r"[Ww]inners?: \d|[Ss]eat \d", said), shown.result
    winners = [f"Bot {seat + 1}" for seat in shown.episode.winners]
    assert winners
    for name in winners:
        assert name in said
    assert re.search(r"\bwon\b|shared the win|a draw", said), shown.result
    assert shown.result[0].startswith("Game over. ")
    assert all(f"for Bot {n}" in shown.result[0] for n in (1, 2)), "every seat's score, by name"


@pytest.mark.parametrize(
    ("game", "seed", "words"),
    [
        (
            "mooncake",
            5,
            "Bot 1 and Bot 2 tied on 5 Festive Points; Bot 1 won on last round's Taste",
        ),
        ("peranakan", 7, "Bot 1 and Bot 2 tied on 9 sets; Bot 1 won on Kueh collected, 46 to 42."),
        ("te_kuiti", 3, "Bot 1 and Bot 2 tied on 21 points, a draw"),
    ],
)
def test_a_tie_says_how_it_was_broken(game: str, seed: int, words: str, run_demo: RunDemo) -> None:
    shown = run_demo(game, "--pace", "0", "--seed", str(seed))
    assert shown.code == 0, shown.err
    assert any(words in line for line in shown.result), shown.result


def test_a_lost_solo_game_says_why(run_demo: RunDemo) -> None:
    shown = run_demo("te_kuiti", "--players", "1", "--bots", "random", "--pace", "0", "--seed", "2")
    assert shown.code == 0, shown.err
    assert shown.result == [
        "Game over. Tiles off the field: 17 for Bot 1.",
        "Bot 1 lost: no two of the tiles left open could make a pair.",
    ]


def test_a_pace_waits_after_each_step_told(run_demo: RunDemo, sleeps: list[float]) -> None:
    shown = run_demo("nasi_lemak", "--pace", "0.5", "--seed", "4")
    assert shown.code == 0, shown.err
    assert len(sleeps) == len(shown.steps) >= 20
    assert set(sleeps) == {0.5}
    assert "\x1b" not in shown.out, "a pipe gets plain lines, with no control codes"


def test_the_default_pace_is_readable_and_pace_0_never_waits(
    run_demo: RunDemo, sleeps: list[float]
) -> None:
    watched = run_demo("te_kuiti", "--seed", "2")
    assert watched.code == 0 and set(sleeps) == {0.8}
    sleeps.clear()
    quick = run_demo("te_kuiti", "--seed", "2", "--pace", "0")
    assert quick.code == 0 and sleeps == []
    assert quick.out == watched.out, "the pace changes when lines come, not what they say"


def test_the_same_seed_plays_the_same_game(run_demo: RunDemo) -> None:
    first = run_demo("mooncake", "--pace", "0", "--seed", "11")
    again = run_demo("mooncake", "--pace", "0", "--seed", "11")
    assert first.code == 0 and first.out == again.out


@pytest.mark.parametrize("pace", ["-1", "soon", "nan", "inf"])
def test_a_pace_that_is_not_a_number_of_seconds_is_refused(pace: str, run_demo: RunDemo) -> None:
    shown = run_demo("nasi_lemak", "--pace", pace)
    assert shown.code == 2
    assert shown.err.strip().splitlines() == [
        f"meja: error: argument --pace: expected a number of seconds, 0 or more, got {pace!r}"
    ]


def test_quiet_prints_only_the_final_table_and_the_result(
    run_demo: RunDemo, sleeps: list[float]
) -> None:
    shown = run_demo("peranakan", "--quiet", "--seed", "4")
    assert shown.code == 0, shown.err
    assert shown.steps == [] and sleeps == []
    assert shown.lines[0].startswith("Peranakan: Tiles and Tactics: 2 bots, seed 4.")
    assert shown.board and shown.result[-1].startswith("The game ended when")
    assert any("won" in line for line in shown.result)


def test_bots_are_chosen_by_seat_and_named_as_at_the_web_table(run_demo: RunDemo) -> None:
    shown = run_demo("nasi_lemak", "--players", "3", "--bots", "random,heuristic", "--pace", "0")
    assert shown.code == 0, shown.err
    assert "3 bots" in shown.lines[0]
    assert "Bot 1 (random), Bot 2 (heuristic), Bot 3 (random)." in shown.lines[0]
    assert any("Bot 3" in step for step in shown.steps)
    too_many = run_demo("te_kuiti", "--bots", "random,random,random", "--pace", "0")
    assert too_many.code == 2 and "--bots: 3 bots for 2 players" in too_many.err


def test_the_default_bots_are_the_games_heuristic(run_demo: RunDemo) -> None:
    shown = run_demo("mooncake", "--pace", "0", "--seed", "1")
    assert "Bot 1 (heuristic), Bot 2 (heuristic)." in shown.lines[0]


def test_ctrl_c_while_watching_ends_in_one_line(
    run_demo: RunDemo, sleeps: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(seconds: float) -> None:
        sleeps.append(seconds)
        if len(sleeps) == 5:
            raise KeyboardInterrupt

    monkeypatch.setattr(demo, "sleep", interrupted, raising=False)
    shown = run_demo("nasi_lemak", "--seed", "4", "--players", "3")
    assert shown.code == 130
    assert shown.err == ""
    assert shown.lines[-1] == (
        "Stopped watching; `meja demo nasi_lemak --players 3 --seed 4` plays this game again."
    )
    assert len(shown.steps) == 5 and "Traceback" not in shown.out


def test_a_terminal_sees_the_board_redrawn_with_the_latest_steps(
    run_demo: RunDemo, sleeps: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("LINES", "40")
    shown = run_demo("nasi_lemak", "--seed", "4", "--pace", "0.25")
    assert shown.code == 0, shown.err
    assert len(sleeps) >= 20 and set(sleeps) == {0.25}
    assert "\x1b[" in shown.out, "the board is redrawn in place"
    assert shown.out.count("╭") >= len(sleeps), "one frame of the table for each step told"
    assert "Ctrl-C stops watching." in shown.out
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown.out)
    assert plain.rstrip().splitlines()[-1].startswith("Bot 2 won")
