"""The episode runner: who moves, which generator each draw comes from, and what it reports."""

from __future__ import annotations

import math
import random

import pytest

from meja.core import CHANCE, Game, State, list_games
from meja.core.episode import (
    GameResult,
    play_episode,
    play_random,
    random_policy,
    wilson_interval,
)
from meja.core.game import random_step


def test_the_step_callback_sees_every_step_before_it_is_applied(race: Game) -> None:
    seen: list[tuple[int, int, int]] = []

    def record(state: State, seat: int, action: int) -> None:
        seen.append((len(state.history), seat, action))

    episode = play_episode(race.new_state(2), [random_policy] * 2, random.Random(4), on_step=record)
    assert [(step, seat, action) for step, (seat, action) in enumerate(episode.state.history)] == (
        seen
    )
    assert seen[0][1] == CHANCE and episode.steps == len(seen)


def test_the_result_counts_moves_per_seat_and_reads_the_final_state(race: Game) -> None:
    episode = play_episode(race.new_state(2), [random_policy] * 2, random.Random(8))
    state = episode.state
    assert state.is_terminal()
    by_seat = [sum(1 for player, _ in state.history if player == seat) for seat in range(2)]
    assert list(episode.decisions) == by_seat and episode.moves == sum(by_seat)
    assert episode.steps == episode.moves + 1
    assert episode.winners == tuple(state.winners()) and len(episode.winners) == 1
    assert episode.returns == tuple(state.returns()) and sum(episode.returns) == 1.0


def test_each_seat_draws_from_its_own_generator_and_chance_from_the_table(race: Game) -> None:
    used: dict[int, set[int]] = {0: set(), 1: set()}

    def policy(state: State, seat: int, rng: random.Random) -> int:
        used[seat].add(id(rng))
        return 0

    table, seats = random.Random(1), [random.Random(2), random.Random(3)]
    episode = play_episode(race.new_state(2), [policy, policy], table, seat_rngs=seats)
    assert used == {0: {id(seats[0])}, 1: {id(seats[1])}}
    first = episode.state.history[0]
    assert first == (CHANCE, 0 if random.Random(1).random() < 0.5 else 1)


def test_a_game_that_outruns_its_bound_is_stopped(race: Game) -> None:
    with pytest.raises(RuntimeError, match="did not end within 3 steps"):
        play_episode(
            race.new_state(2, target=20), [random_policy] * 2, random.Random(0), max_steps=3
        )


@pytest.mark.parametrize("game", list_games(), ids=lambda game: game.name)
def test_random_episodes_draw_exactly_as_random_steps(game: Game) -> None:
    for players in sorted({game.min_players, game.max_players}):
        for seed in range(3):
            expected = game.new_state(players)
            rng = random.Random(seed)
            while not expected.is_terminal():
                seat, action = random_step(expected, rng)
                expected.apply(action, seat)
            state = play_random(game.new_state(players), random.Random(seed))
            assert state.history == expected.history, (players, seed)


def test_a_game_result_keeps_what_the_episode_found(race: Game) -> None:
    episode = play_episode(race.new_state(2), [random_policy] * 2, random.Random(5))
    result = GameResult.of(episode, 3, 99, ("a", "b"), think_seconds=(0.5, 0.25), lineup=(1, 0))
    assert (result.index, result.seed, result.bots, result.lineup) == (3, 99, ("a", "b"), (1, 0))
    assert result.think_seconds == (0.5, 0.25) and result.winners == episode.winners
    assert (result.scores, result.returns) == (episode.scores, episode.returns)
    moves = (episode.moves, episode.steps, episode.decisions)
    assert (result.moves, result.steps, result.decisions) == moves
    assert result.end == "" and result.stats == {}


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(8, 10, 0.4902, 0.9433), (50, 100, 0.4038, 0.5962), (0, 20, 0.0, 0.1611), (20, 20, 0.8389, 1)],
)
def test_the_wilson_interval_matches_known_values(
    wins: float, games: int, low: float, high: float
) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=5e-4)


def test_the_wilson_interval_is_exact_at_the_edges_and_undefined_without_games() -> None:
    assert wilson_interval(0, 24)[0] == 0.0
    assert wilson_interval(24, 24)[1] == 1.0
    assert all(math.isnan(bound) for bound in wilson_interval(0, 0))


@pytest.mark.parametrize(("low", "high", "default"), [(2, 2, 2), (1, 2, 2), (1, 1, 1), (3, 5, 3)])
def test_the_default_player_count_is_two_where_the_game_allows_it(
    race: Game, low: int, high: int, default: int
) -> None:
    game = type("Sized", (type(race),), {"min_players": low, "max_players": high})()
    assert game.default_players() == default
