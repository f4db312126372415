"""Playing single games: reproducible, with each game's end condition and statistics read."""

from __future__ import annotations

import random
from dataclasses import fields
from types import SimpleNamespace

import pytest

from meja.bots import make_bot
from meja.core import CHANCE, Game, load_game
from meja.core.episode import GameResult, play_episode
from meja.core.game import random_step
from meja.core.registry import UNKNOWN_END
from meja.core.spec import Facts
from meja.sim.job import SimJob, make_job
from meja.sim.play import SimulationError, play_game

GAMES = {
    ("peranakan", 3): ({"deck empty", "Kueh supplies empty", "all pawns collected"}, "sets"),
    ("te_kuiti", 2): ({"round 2: fences ran out", "round 2: field revealed"}, "sheep_points"),
    ("nasi_lemak", 3): (
        {"five fly-free Nasi Lemak", "Nasi Lemak pile ran out", "round limit reached"},
        "packs",
    ),
    ("mooncake", 4): ({"3 rounds played"}, "customers_served"),
}


@pytest.mark.parametrize(("name", "players"), list(GAMES), ids=[name for name, _ in GAMES])
def test_every_game_reports_its_end_and_statistics(name: str, players: int) -> None:
    ends, seat_stat = GAMES[(name, players)]
    game = load_game(name)
    job = make_job(game, players, "random", 6, 11, {})
    for index in range(job.games):
        result = play_game(job, index)
        assert set(result.end.split(" + ")) <= ends, result.end
        assert result.stats and len(result.seat_stats[seat_stat]) == players
        assert len(result.scores) == players and result.moves > 0


def test_te_kuiti_round_points_add_up_to_the_scores() -> None:
    job = make_job(load_game("te_kuiti"), 2, "random", 4, 5, {})
    for index in range(job.games):
        result = play_game(job, index)
        for seat in range(2):
            points = result.seat_stats["shepherd_points"][seat]
            points += result.seat_stats["sheep_points"][seat]
            assert points == result.scores[seat]


def test_the_solo_te_kuiti_game_has_its_own_ends() -> None:
    job = make_job(load_game("te_kuiti"), 1, "random", 5, 5, {})
    results = [play_game(job, index) for index in range(job.games)]
    assert all(r.end != UNKNOWN_END and "tiles_removed" in r.stats for r in results)
    assert all(r.returns == (1.0,) or r.returns == (0.0,) for r in results)


@pytest.mark.parametrize(("name", "players"), [("mooncake", 3), ("nasi_lemak", 2)])
def test_a_simulated_game_is_the_runner_with_one_generator_from_the_game_seed(
    name: str, players: int
) -> None:
    game = load_game(name)
    job = make_job(game, players, "heuristic,random", 4, 21, {})
    for index in range(job.games):
        policies = [make_bot(spec, game).choose for spec in job.seat_bots(index)]
        rng = random.Random(job.game_seed(index))
        episode = play_episode(game.new_state(players), policies, rng)
        result = play_game(job, index)
        record = {f.name: getattr(result, f.name) for f in fields(GameResult)}
        plain = GameResult(**{**record, "end": "", "stats": {}, "seat_stats": {}})
        assert plain == GameResult.of(episode, index, job.game_seed(index), job.seat_bots(index))
        assert result.end and result.stats and result.flow is not None


def test_a_game_that_never_ends_is_stopped_at_its_length_bound(
    toy: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(toy), "max_game_length", lambda self, players: 4)
    job = make_job(toy, 2, "random", 1, 3, {})
    with pytest.raises(SimulationError, match="did not end within 4 steps"):
        play_game(job, 0)


def test_the_same_index_gives_the_same_game(toy: Game) -> None:
    job = make_job(toy, 3, "random", 10, 99, {})
    assert play_game(job, 4) == play_game(job, 4)
    assert play_game(job, 4) != play_game(job, 5)


def test_a_game_without_a_spec_still_simulates(toy: Game) -> None:
    job = make_job(toy, 2, "random", 3, 1, {})
    result = play_game(job, 0)
    assert result.end == UNKNOWN_END and result.stats == {}
    assert result.moves == 2 * 3 and result.steps == 3 * 3
    assert sum(result.returns) == pytest.approx(1.0)


def test_facts_that_cannot_be_read_stop_the_run_naming_the_game_and_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(state: object) -> Facts:
        raise KeyError("supply")

    monkeypatch.setattr("meja.sim.play.facts_of", broken)
    job = make_job(load_game("peranakan"), 2, "random", 2, 3, {})
    seed = job.game_seed(1)
    with pytest.raises(SimulationError, match=rf"game 1 \(seed {seed}\) of peranakan .*KeyError"):
        play_game(job, 1)


def test_a_failing_bot_names_the_game_and_seed(toy: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    def bad_bot(spec: str, game: Game) -> SimpleNamespace:
        return SimpleNamespace(choose=lambda state, player, rng: 7)

    monkeypatch.setattr("meja.sim.play.make_bot", bad_bot)
    job = SimJob("toy", 2, ("random", "random"), 3, 1, {"rounds": 3})
    with pytest.raises(SimulationError, match=rf"game 2 \(seed {job.game_seed(2)}\) of toy failed"):
        play_game(job, 2)


@pytest.mark.parametrize("name", ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"])
def test_the_random_bot_draws_exactly_as_rng_choice_so_seeds_keep_their_games(name: str) -> None:
    game = load_game(name)
    state, walk = game.new_state(game.max_players), random.Random(8)
    bot, counts = make_bot("random", game), set()
    while not state.is_terminal():
        seat, action = random_step(state, walk)
        if seat != CHANCE:
            legal = state.legal_actions(seat)
            ours, theirs = random.Random(len(state.history)), random.Random(len(state.history))
            assert [bot.choose(state, seat, ours) for _ in range(5)] == [
                theirs.choice(legal) for _ in range(5)
            ]
            assert ours.getstate() == theirs.getstate()
            counts.add(len(legal))
        state.apply(action, seat)
    assert len(counts) > 3
