"""The levels a person chooses an opponent by: each stands for one pinned bot spec."""

from __future__ import annotations

import random

import pytest

from meja.bots.heuristic import HeuristicBot, search_iterations
from meja.bots.ismcts import ISMCTSBot
from meja.bots.registry import LEVEL_WORDS, LEVELS, make_bot
from meja.core import CHANCE, list_games, load_game
from meja.core.game import sample_chance

GAMES = [game.name for game in list_games()]


def test_each_level_stands_for_its_pinned_spec_weakest_first() -> None:
    assert LEVELS == {
        "beginner": "heuristic:blunder=0.3",
        "casual": "heuristic",
        "strong": "ismcts",
        "expert": "ismcts:scale=3",
    }
    assert list(LEVEL_WORDS) == list(LEVELS)
    for level, words in LEVEL_WORDS.items():
        assert words.lower().startswith(level), "a level's words begin with its name"


@pytest.mark.parametrize("name", GAMES)
def test_strong_searches_at_its_games_budget_and_expert_three_times_as_long(name: str) -> None:
    game = load_game(name)
    budget = search_iterations(game, 0)
    strong, expert = make_bot("strong", game), make_bot("Expert", game)
    assert isinstance(strong, ISMCTSBot) and isinstance(expert, ISMCTSBot)
    assert (strong.iterations, expert.iterations) == (budget, 3 * budget)
    assert strong.narrow is expert.narrow


@pytest.mark.parametrize("name", GAMES)
def test_casual_plays_the_rules_of_thumb_and_beginner_blunders_three_moves_in_ten(
    name: str,
) -> None:
    game = load_game(name)
    casual, beginner = make_bot("casual", game), make_bot("beginner", game)
    assert isinstance(casual, HeuristicBot) and isinstance(beginner, HeuristicBot)
    assert (casual.blunder, beginner.blunder) == (0.0, 0.3)


def drawn(seed: int, draw: float) -> random.Random:
    """A seeded generator whose random() always gives draw: it decides a beginner's blunders."""
    rng = random.Random(seed)
    rng.random = lambda: draw  # type: ignore[method-assign]
    return rng


def test_a_beginner_plays_the_heuristics_move_unless_it_blunders() -> None:
    game = load_game("peranakan")
    state = game.new_state(2)
    deal = random.Random(1)
    while (seat := state.current_player()) == CHANCE:
        state.apply(sample_chance(state, deal), CHANCE)
    state.apply(state.legal_actions(seat)[0], seat)  # a tile taken: now where it goes, of 25
    while (seat := state.current_player()) == CHANCE:
        state.apply(sample_chance(state, deal), CHANCE)
    casual, beginner = make_bot("casual", game), make_bot("beginner", game)
    legal = state.legal_actions(seat)
    for k in range(20):
        wanted = casual.choose(state, seat, drawn(k, 0.3))
        assert beginner.choose(state, seat, drawn(k, 0.3)) == wanted
        assert beginner.choose(state, seat, drawn(k, 0.29)) == random.Random(k).choice(legal)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown bot 'wizard' (levels: beginner, casual, strong, expert; bots:"),
        ("strong:iterations=9", "strong: a level takes no settings"),
        ("heuristic:blunder=2", "heuristic: blunder must be a number from 0 to 1"),
        ("heuristic:blunder=often", "blunder must be a number"),
        ("heuristic:speed=1", "heuristic: unknown setting 'speed'"),
        ("ismcts:scale=0", "ismcts: scale must be a number above 0"),
        ("ismcts:moves=some", "ismcts: moves must be game or all"),
    ],
)
def test_a_bad_level_or_setting_is_refused_in_one_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        make_bot(spec, load_game("peranakan"))
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
