"""ISMCTS: finds forced wins, is reproducible from its seed, and checks its settings."""

from __future__ import annotations

import gc
import random

import pytest

from meja.bots.heuristic import heuristic_for, search_guide, search_iterations
from meja.bots.ismcts import DEFAULT_ITERATIONS, ISMCTSBot, score_ranks
from meja.bots.registry import make_bot, split_bot_specs
from meja.core import CHANCE, Game, State, load_game
from meja.core.episode import play_episode
from meja.core.game import sample_chance


@pytest.mark.parametrize(("stones", "winning_take"), [(5, 1), (6, 2), (7, 3), (9, 1)])
def test_finds_the_winning_move_in_nim(nim: Game, stones: int, winning_take: int) -> None:
    state = nim.new_state(2, stones=stones)
    bot = ISMCTSBot(iterations=600, rollout_depth=None)
    assert bot.choose(state, 0, random.Random(1)) == winning_take - 1


def _leaves_a_multiple_of_four(state: State) -> list[float]:
    """An exact judge of nim: the seat that just moved wins when a multiple of 4 is left."""
    mover = 1 - state.current_player()
    won = 1.0 if state.stones % 4 == 0 else 0.0
    return [won, 1.0 - won] if mover == 0 else [1.0 - won, won]


@pytest.mark.parametrize(("stones", "winning_take"), [(6, 2), (7, 3), (9, 1)])
def test_one_iteration_plays_the_move_the_evaluation_likes_best(
    nim: Game, stones: int, winning_take: int
) -> None:
    state = nim.new_state(2, stones=stones)
    bot = ISMCTSBot(iterations=1, rollout_depth=0, evaluator=_leaves_a_multiple_of_four)
    assert bot.choose(state, 0, random.Random(3)) == winning_take - 1
    assert bot.last.iterations == 1


def _take_one(state: State, player: int, rng: random.Random) -> int:
    """A naive guide that always takes a single stone."""
    return 0


@pytest.mark.parametrize(("bonus", "chosen"), [(0.0, 1), (0.5, 1), (2.0, 0)])
def test_a_guide_bonus_favours_the_guides_move_until_the_evaluation_outweighs_it(
    nim: Game, bonus: float, chosen: int
) -> None:
    state = nim.new_state(2, stones=6)
    bot = ISMCTSBot(
        iterations=1,
        rollout_depth=0,
        evaluator=_leaves_a_multiple_of_four,
        guide=_take_one,
        guide_bonus=bonus,
    )
    assert bot.choose(state, 0, random.Random(3)) == chosen


@pytest.mark.parametrize(
    ("name", "guide"),
    [("peranakan", 0.0), ("te_kuiti", 0.0), ("nasi_lemak", 0.3), ("mooncake", 0.1)],
)
def test_the_default_guide_is_the_games_own_and_a_setting_overrides_it(
    name: str, guide: float
) -> None:
    """The guides docs/bots.md measured: Nasi Lemak's and Mooncake Master's."""
    game = load_game(name)
    default = make_bot("ismcts", game)
    assert isinstance(default, ISMCTSBot)
    assert default.guide_bonus == search_guide(game) == guide
    assert (default.guide is None) == (search_guide(game) == 0)
    custom = make_bot("ismcts:guide=0.2", game)
    assert isinstance(custom, ISMCTSBot) and custom.guide_bonus == 0.2 and custom.guide


@pytest.mark.parametrize(
    ("name", "iterations"),
    [("peranakan", 800), ("te_kuiti", 1600), ("nasi_lemak", 600), ("mooncake", 600)],
)
def test_the_default_budget_is_the_games_own_and_a_setting_overrides_it(
    name: str, iterations: int
) -> None:
    game = load_game(name)
    default = make_bot("ismcts", game)
    assert isinstance(default, ISMCTSBot)
    assert default.iterations == iterations == search_iterations(game, DEFAULT_ITERATIONS)
    custom = make_bot("ismcts:iterations=50", game)
    assert isinstance(custom, ISMCTSBot) and custom.iterations == 50


def _first_step_looks_best(state: State) -> list[float]:
    """A misleading judge of two-step: after one step, step 0 looks far better than step 1."""
    if state.is_terminal():
        return state.returns()
    good = 0.9 if state.steps == [0] else 0.3
    return [good, 1.0 - good]


@pytest.mark.parametrize(("partial", "first_step"), [(0.0, 1), (10.0, 0)])
def test_a_mid_turn_judgement_gives_way_to_the_completed_turn(
    two_step: Game, partial: float, first_step: int
) -> None:
    state = two_step.new_state(2)
    bot = ISMCTSBot(
        iterations=3, rollout_depth=0, evaluator=_first_step_looks_best, partial_weight=partial
    )
    assert bot.choose(state, 0, random.Random(0)) == first_step


def test_search_stops_once_no_other_move_can_catch_up(nim: Game) -> None:
    state = nim.new_state(2, stones=9)
    bot = ISMCTSBot(iterations=400, rollout_depth=0, evaluator=_leaves_a_multiple_of_four)
    assert bot.choose(state, 0, random.Random(5)) == 0
    assert 1 < bot.last.iterations < 400


def test_a_search_pauses_the_cycle_collector_and_leaves_it_as_it_found_it(nim: Game) -> None:
    seen: list[bool] = []

    def judge(state: State) -> list[float]:
        seen.append(gc.isenabled())
        return _leaves_a_multiple_of_four(state)

    bot = ISMCTSBot(iterations=5, rollout_depth=0, evaluator=judge)
    bot.choose(nim.new_state(2, stones=9), 0, random.Random(1))
    assert seen and not any(seen)
    assert gc.isenabled()
    gc.disable()
    try:
        bot.choose(nim.new_state(2, stones=9), 0, random.Random(1))
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("name", "players"), [("peranakan", 4), ("te_kuiti", 2), ("nasi_lemak", 4), ("mooncake", 4)]
)
def test_a_search_leaves_nothing_for_the_cycle_collector(name: str, players: int) -> None:
    """With the collector paused, any reference cycle a search makes (a recursive closure in a
    rule, say) piles up and is walked on someone else's move: Mooncake's matching once cost
    nearly a third of a bot game's processor time that way."""
    state, seat = _midgame(name, players, seed=4, steps=12)
    bot = make_bot("ismcts:iterations=60", load_game(name))
    gc.collect()
    gc.disable()
    try:
        bot.choose(state, seat, random.Random(7))
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_single_legal_move_is_played_without_search(nim: Game) -> None:
    state = nim.new_state(2, stones=1)
    bot = ISMCTSBot(iterations=50)
    assert bot.choose(state, 0, random.Random(0)) == 0
    assert bot.last.iterations == 0


def test_score_ranks_share_the_win_by_current_score(nim: Game) -> None:
    state = nim.new_state(2, stones=3)
    assert score_ranks(state) == [0.5, 0.5]
    state.apply(2)
    assert score_ranks(state) == [1.0, 0.0]


def _midgame(name: str, players: int, seed: int, steps: int) -> tuple[State, int]:
    """A state some random steps into a game, at a decision with several legal moves."""
    game = load_game(name)
    state = game.new_state(players)
    rng = random.Random(seed)
    taken = 0
    while True:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        if taken >= steps and len(state.legal_actions(seat)) > 1:
            return state, seat
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        taken += 1


@pytest.mark.parametrize("name", ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"])
def test_same_seed_same_choice_and_always_legal(name: str) -> None:
    state, seat = _midgame(name, 2, seed=4, steps=12)
    before = state.position()
    bot = make_bot("ismcts:iterations=60", load_game(name))
    first = bot.choose(state, seat, random.Random(7))
    assert first in state.legal_actions(seat)
    assert bot.choose(state, seat, random.Random(7)) == first
    assert state.position() == before, "searching must not change the real state"


SEARCHED = {
    ("te_kuiti", 2): [(50, 400), (17, 327), (136, 371), (136, 294)],
    ("peranakan", 2): [(0, 200), (9, 200), (34, 105), (4, 180)],
    ("peranakan", 4): [(0, 200), (9, 200), (34, 105), (0, 200)],
    ("nasi_lemak", 2): [(8, 137), (8, 154), (8, 130), (8, 133)],
    ("nasi_lemak", 4): [(8, 166), (5, 105), (27, 106), (39, 111)],
    ("mooncake", 2): [(0, 105), (4, 119), (78, 193), (501, 200)],
    ("mooncake", 4): [(5, 147), (3, 154), (2, 108), (0, 104)],
}
"""The bot's move and iterations at the first decisions of a seeded heuristic game, at the budget
it had then, as the pure Python search chose them before the search was compiled."""
BUDGET_BEFORE = {"te_kuiti": 400, "peranakan": 200, "nasi_lemak": 200, "mooncake": 200}
GUIDE_BEFORE = {"te_kuiti": 0.0, "peranakan": 0.0, "nasi_lemak": 0.3, "mooncake": 0.0}
"""The lean on the heuristic's move each game's search had then (Mooncake's came later)."""


@pytest.mark.parametrize(("name", "players"), sorted(SEARCHED))
def test_a_seeded_search_makes_the_same_choices_on_every_build(name: str, players: int) -> None:
    """A seeded search decides alike compiled or pure, and as it did before it was compiled."""
    game = load_game(name)
    heuristic = heuristic_for(game)
    spec = f"ismcts:iterations={BUDGET_BEFORE[name]},guide={GUIDE_BEFORE[name]:g},moves=all"
    bot = make_bot(spec, game)
    assert isinstance(bot, ISMCTSBot)
    searched: list[tuple[int, int]] = []

    def search_then_heuristic(state: State, seat: int, rng: random.Random) -> int:
        if len(state.legal_actions(seat)) > 1 and len(searched) < len(SEARCHED[name, players]):
            chosen = bot.choose(state, seat, random.Random(f"bot:{len(searched)}"))
            searched.append((chosen, bot.last.iterations))
        return heuristic(state, seat, rng)

    policies = [search_then_heuristic] * players
    play_episode(game.new_state(players), policies, random.Random(f"rec:{name}:{players}"))
    assert searched == SEARCHED[name, players]


def test_a_time_budget_runs_until_it_is_spent() -> None:
    state, seat = _midgame("peranakan", 2, seed=2, steps=5)
    bot = make_bot("ismcts:seconds=0.05", load_game("peranakan"))
    assert bot.choose(state, seat, random.Random(0)) in state.legal_actions(seat)
    assert isinstance(bot, ISMCTSBot) and bot.last.iterations >= 1


def test_heuristic_rollouts_and_score_evaluation_can_be_chosen() -> None:
    game = load_game("mooncake")
    state, seat = _midgame("mooncake", 2, seed=3, steps=8)
    for spec in ("ismcts:iterations=8,rollout=heuristic,depth=3", "ismcts:iterations=8,eval=score"):
        assert make_bot(spec, game).choose(state, seat, random.Random(1)) in state.legal_actions(
            seat
        )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "iterations must be at least 1"),
        ("ismcts:iterations=many", "iterations must be a number"),
        ("ismcts:speed=9", "unknown setting 'speed'"),
        ("ismcts:rollout=smart", "rollout must be random or heuristic"),
        ("ismcts:eval=magic", "eval must be heuristic or score"),
        ("ismcts:seconds=-1", "seconds must be a finite number above 0"),
        ("ismcts:seconds=inf", "seconds must be a finite number above 0"),
        ("ismcts:seconds=nan", "seconds must be a finite number above 0"),
        ("ismcts:c=-1", "c must be a finite number, 0 or more"),
        ("ismcts:c=nan", "c must be a finite number, 0 or more"),
        ("ismcts:prior=-2", "prior must be a finite number, 0 or more"),
        ("ismcts:prior=inf", "prior must be a finite number, 0 or more"),
        ("ismcts:partial=-1", "partial must be a finite number, 0 or more"),
        ("ismcts:partial=nan", "partial must be a finite number, 0 or more"),
        ("ismcts:guide=-0.1", "guide must be a finite number, 0 or more"),
        ("ismcts:guide=nan", "guide must be a finite number, 0 or more"),
        ("ismcts:guide=inf", "guide must be a finite number, 0 or more"),
        ("ismcts:iterations", "expected key=value"),
        ("random:depth=3", "takes no settings"),
        ("alphazero", "unknown bot 'alphazero'"),
    ],
)
def test_bad_bot_specs_are_refused_with_a_reason(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, load_game("peranakan"))


def test_bot_lists_keep_settings_with_their_bot() -> None:
    assert split_bot_specs("ismcts:iterations=50,c=1,heuristic,random") == [
        "ismcts:iterations=50,c=1",
        "heuristic",
        "random",
    ]
    with pytest.raises(ValueError, match="empty entry"):
        split_bot_specs("random,,heuristic")
