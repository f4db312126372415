"""The arena: fair seatings, Wilson intervals, standings, and the `meja arena` command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from meja.bots.arena import ArenaSetup, lineups, play_game, run_games, standings
from meja.bots.registry import make_bot
from meja.cli import main
from meja.core import load_game
from meja.core.episode import GameResult, play_episode, wilson_interval


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (2, 5)])
def test_every_pair_holds_every_seat_equally_often(bots: int, players: int) -> None:
    for a in range(bots):
        for b in range(a + 1, bots):
            pair = [lineup for lineup in lineups(bots, players) if set(lineup) == {a, b}]
            assert pair, f"bots {a} and {b} never meet"
            for seat in range(players):
                held = Counter(lineup[seat] for lineup in pair)
                assert held[a] == held[b], f"seat {seat} favours one bot: {held}"


def test_a_single_bot_plays_itself() -> None:
    assert lineups(1, 3) == [(0, 0, 0)]


def test_standings_count_ties_as_half_a_win_and_average_per_seat() -> None:
    specs = ("a", "b")
    results = [
        _result(0, (0, 1), (1.0, 0.0), (5.0, 3.0), 10, (0.2, 0.0), (4, 5)),
        _result(1, (1, 0), (0.5, 0.5), (4.0, 4.0), 20, (0.0, 0.4), (5, 4)),
    ]
    rows = {row.bot: row for row in standings(specs, results)}
    assert rows["a"].games == 2 and rows["a"].wins == 1.5 and rows["a"].opponent == "b"
    assert rows["a"].mean_score == 4.5 and rows["b"].mean_score == 3.5
    assert rows["a"].mean_length == 15.0
    assert rows["a"].seconds_per_move == pytest.approx(0.6 / 8)


def _result(
    index: int,
    lineup: tuple[int, ...],
    returns: tuple[float, ...],
    scores: tuple[float, ...],
    moves: int,
    think_seconds: tuple[float, ...],
    decisions: tuple[int, ...],
) -> GameResult:
    """A crafted arena game; winners follow from returns."""
    winners = tuple(seat for seat, share in enumerate(returns) if share > 0)
    bots = tuple("ab"[owner] for owner in lineup)
    return GameResult(
        index, 0, bots, scores, returns, winners, moves, moves, decisions, think_seconds, lineup
    )


def test_an_arena_game_is_the_runner_with_a_generator_per_seat_and_one_for_chance() -> None:
    setup = ArenaSetup("mooncake", 3, ("heuristic", "random"), seed=4)
    game = load_game("mooncake")
    for index in range(3):
        lineup = setup.lineups()[index % len(setup.lineups())]
        seeder = random.Random(f"4:{index}")
        chance = random.Random(seeder.getrandbits(64))
        seats = [random.Random(seeder.getrandbits(64)) for _ in range(3)]
        policies = [make_bot(setup.specs[owner], game).choose for owner in lineup]
        episode = play_episode(game.new_state(3), policies, chance, seat_rngs=seats)
        result = play_game(setup, index)
        bots = tuple(setup.specs[owner] for owner in lineup)
        expected = GameResult.of(episode, index, 4, bots, result.think_seconds, lineup)
        assert result == expected and result.steps > result.moves > 0
        assert len(result.think_seconds) == 3 and all(t >= 0 for t in result.think_seconds)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    setup = ArenaSetup("nasi_lemak", 3, ("heuristic", "random"), seed=9)
    alone = run_games(setup, 6, workers=1)
    shared = run_games(setup, 6, workers=2)

    def outcome(r: GameResult) -> tuple[object, ...]:
        return r.index, r.lineup, r.returns, r.scores, r.moves, r.decisions

    assert [outcome(r) for r in alone] == [outcome(r) for r in shared]
    seatings = setup.lineups()
    assert [r.lineup for r in alone] == [seatings[i % len(seatings)] for i in range(6)]


def test_the_arena_command_prints_a_row_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "mooncake", "--bots", "heuristic,random", "--games", "4", "--seed", "3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "4 games, seed 3" in out
    rows = [line for line in out.splitlines() if "heuristic" in line and "random" in line]
    assert len(rows) == 2 and all("%" in row for row in rows)


def test_the_arena_writes_standings_and_games_as_json(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    args = ["arena", "te_kuiti", "--bots", "heuristic,random", "--games", "4", "--seed", "2"]
    assert main([*args, "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    assert (report["game"], report["players"], report["seed"]) == ("te_kuiti", 2, 2)
    assert [row["bot"] for row in report["standings"]] == ["heuristic", "random"]
    heuristic = report["standings"][0]
    wins = sum(
        game["returns"][seat]
        for game in report["games"]
        for seat, bot in enumerate(game["lineup"])
        if bot == 0
    )
    assert heuristic["games"] == len(report["games"]) == 4
    assert heuristic["win_rate"] == pytest.approx(wins / 4)
    assert heuristic["interval"] == pytest.approx(list(wilson_interval(wins, 4)))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "heuristic,wizard"], "unknown bot 'wizard'"),
        (["--out", "/no/such/dir/a.json"], "--out: there is no directory /no/such/dir"),
        (["--games", "0"], "--games must be at least 1"),
        (["--players", "7"], "--players: Mooncake Master is for 2-6 players"),
        (["--bots", "ismcts:iterations=-3"], "iterations must be at least 1"),
        (["--workers", "-1"], "--workers must be 0 or more"),
        (["-o", "colour=red"], "unknown option 'colour'"),
    ],
)
def test_bad_arena_arguments_end_in_one_line(args: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "meja.cli", "arena", "mooncake", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
