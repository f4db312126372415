"""meja's games through OpenSpiel: loaded by name, played whole by random play and by pyspiel's
own search bots, and always agreeing with meja's rules, returns, views and errors."""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

from meja.bots.heuristics import HEURISTICS
from meja.core.errors import IllegalAction
from meja.core.game import CHANCE
from meja.core.registry import load_game
from meja.env import max_game_length, openspiel
from meja.env.evaluator import HeuristicEvaluator
from meja.env.information import RECENT, information_layout
from meja.env.table import Table

PERFECT = pyspiel.GameType.Information.PERFECT_INFORMATION
IMPERFECT = pyspiel.GameType.Information.IMPERFECT_INFORMATION
EXPECTED_INFORMATION = {
    "peranakan": PERFECT,
    "te_kuiti": PERFECT,
    "nasi_lemak": IMPERFECT,
    "mooncake": IMPERFECT,
}
GAMES = list(EXPECTED_INFORMATION)
HIDDEN = [name for name in GAMES if EXPECTED_INFORMATION[name] == IMPERFECT]
ENDS = [
    (name, count)
    for name in GAMES
    for count in (load_game(name).min_players, load_game(name).max_players)
]


def spiel(name: str, players: int) -> pyspiel.Game:
    """The pyspiel game meja_<name> for players."""
    return pyspiel.load_game(f"meja_{name}(players={players})")


def steps(state: pyspiel.State) -> list[tuple[int, int]]:
    """The (player, action) pairs pyspiel recorded, as meja's history holds them."""
    return [(step.player, step.action) for step in state.full_history()]


def random_step(state: pyspiel.State, rng: random.Random) -> None:
    """One uniformly random step, checking what OpenSpiel relies on at that node."""
    game = state.get_game()
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(prob for _, prob in outcomes) == pytest.approx(1.0, abs=1e-9)
        assert all(0 <= action < game.max_chance_outcomes() for action, _ in outcomes)
        actions, probs = zip(*outcomes, strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
        return
    legal = state.legal_actions()
    assert legal and all(0 <= action < game.num_distinct_actions() for action in legal)
    action = rng.choice(legal)
    player = state.current_player()
    assert state.action_to_string(player, action) == state.meja_state.action_to_str(action, player)
    state.apply_action(action)


def play_out(state: pyspiel.State, rng: random.Random) -> None:
    """Random steps to the end of the game."""
    while not state.is_terminal():
        random_step(state, rng)


def replay(state: pyspiel.State) -> Table:
    """The pyspiel game's history replayed by meja's own rules, on a Table for the encoders."""
    meja_game = load_game(state.get_game().get_type().short_name.removeprefix("meja_"))
    options = state.meja_state.options
    table = Table(meja_game, state.num_players(), **options)
    for player, action in steps(state):
        table.apply(action, player)
    return table


def assert_agrees_with_meja(state: pyspiel.State) -> None:
    """History, returns, views and observations equal those of meja replaying the game."""
    table = replay(state)
    assert steps(state) == table.state.history
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == table.state.returns()
    for seat in range(state.num_players()):
        assert json.loads(state.observation_string(seat)) == table.state.view(seat)
        assert np.array_equal(state.observation_tensor(seat), table.observe(seat))


@pytest.mark.parametrize(("name", "players"), ENDS)
def test_each_game_loads_at_both_ends_of_its_player_range_with_the_facts_declared(
    name: str, players: int
) -> None:
    game = spiel(name, players)
    meja_game = load_game(name)
    kind = game.get_type()
    assert game.num_players() == players
    assert game.num_distinct_actions() == meja_game.num_actions(players)
    assert game.max_game_length() == max_game_length(meja_game, players, {})
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert kind.short_name == f"meja_{name}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == EXPECTED_INFORMATION[name]
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (
        meja_game.min_players,
        meja_game.max_players,
    )
    if players == 1:
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    else:
        assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.utility_sum() == 1.0
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()


@pytest.mark.parametrize("name", GAMES)
def test_players_and_options_default_to_the_games_own(name: str) -> None:
    meja_game = load_game(name)
    game = pyspiel.load_game(f"meja_{name}")
    assert game.num_players() == meja_game.default_players()
    state = game.new_initial_state()
    assert state.meja_state.options == meja_game.resolve_options(game.num_players(), {})


def test_game_options_are_parameters_and_reach_the_rules() -> None:
    game = pyspiel.load_game("meja_mooncake(players=3,placement_reveal=open)")
    assert game.new_initial_state().meja_state.options["placement_reveal"] == "open"
    fixed = pyspiel.load_game("meja_peranakan(players=3,start_player=2)").new_initial_state()
    assert fixed.meja_state.options["start_player"] == "2"
    drawn = pyspiel.load_game("meja_peranakan(players=3,start_player=-1)").new_initial_state()
    assert drawn.meja_state.options["start_player"] == "random"
    assert openspiel.load("peranakan", 3, start_player="random").get_parameters() == (
        drawn.get_game().get_parameters()
    )


@pytest.mark.parametrize(("name", "players"), ENDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_through_pyspiel_agree_with_meja(name: str, players: int, seed: int) -> None:
    state = spiel(name, players).new_initial_state()
    play_out(state, random.Random(seed))
    assert len(steps(state)) <= state.get_game().max_game_length()
    if players > 1:
        assert sum(state.returns()) == pytest.approx(1.0)
    assert_agrees_with_meja(state)


def search_bot(game: pyspiel.Game, seed: int) -> pyspiel.Bot:
    """OpenSpiel's MCTS for a perfect-information game, its ISMCTS otherwise, on a tiny budget."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=8)
    if game.get_type().information == PERFECT:
        return mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


@pytest.mark.parametrize("name", GAMES)
def test_a_search_bot_plays_a_whole_game_against_random_by_the_rules(name: str) -> None:
    game = spiel(name, 2)
    bot = search_bot(game, 5)
    rng = random.Random(5)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            random_step(state, rng)
    assert moves > 0
    assert_agrees_with_meja(state)


def decision_points(name: str, players: int, seed: int, every: int) -> list[pyspiel.State]:
    """Copies of one random game at every every-th decision."""
    state = spiel(name, players).new_initial_state()
    rng = random.Random(seed)
    points: list[pyspiel.State] = []
    decisions = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            decisions += 1
            if decisions % every == 0:
                points.append(state.clone())
        random_step(state, rng)
    return points


@pytest.mark.parametrize("name", HIDDEN)
def test_resampling_redraws_the_hidden_and_keeps_what_the_seat_knows(name: str) -> None:
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    redrawn = 0
    for state in decision_points(name, 3, 2, 15):
        seat = state.current_player()
        for _ in range(3):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            assert world.legal_actions() == state.legal_actions()
            assert world.history() == state.history()
            redrawn += str(world) != str(state)
    assert redrawn > 0


def first_private_chance(state: pyspiel.State, rng: random.Random) -> tuple[list[int], int, int]:
    """Play until a chance step one seat is told and another is not: its outcomes, the seat
    told which it was, and the seat not told."""
    seats = range(state.num_players())
    while True:
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            told = [state.meja_state.told(CHANCE, outcomes[0], seat).action for seat in seats]
            if len(outcomes) > 1 and None in told and any(a is not None for a in told):
                return outcomes, told.index(outcomes[0]), told.index(None)
        random_step(state, rng)


@pytest.mark.parametrize("name", HIDDEN)
def test_an_information_state_holds_what_the_seat_was_told_and_nothing_else(name: str) -> None:
    state = spiel(name, 2).new_initial_state()
    outcomes, knower, other = first_private_chance(state, random.Random(4))
    first, second = state.clone(), state.clone()
    first.apply_action(outcomes[0])
    second.apply_action(outcomes[1])
    assert first.information_state_string(other) == second.information_state_string(other)
    assert first.information_state_string(knower) != second.information_state_string(knower)
    lines = first.information_state_string(other).split("\n")
    assert json.loads(lines[0]) == first.meja_state.view(other)
    assert len(lines) == 1 + len(first.history())


@pytest.mark.parametrize("name", GAMES)
def test_only_imperfect_information_games_show_seats_different_views(name: str) -> None:
    differ = False
    for state in decision_points(name, 3 if name != "te_kuiti" else 2, 6, 10):
        views = [state.meja_state.view(seat) for seat in range(state.num_players())]
        for view in views:
            view.pop("seat", None)
        differ = differ or any(view != views[0] for view in views)
    assert differ == (EXPECTED_INFORMATION[name] == IMPERFECT)


@pytest.mark.parametrize("name", GAMES)
def test_a_perfect_information_state_is_its_view_and_its_history(name: str) -> None:
    state = decision_points(name, 2, 8, 12)[1]
    lines = state.information_state_string(0).split("\n")
    assert json.loads(lines[0]) == state.meja_state.view(0)
    if EXPECTED_INFORMATION[name] == PERFECT:
        assert lines[1:] == [f"{player} {action}" for player, action in steps(state)]


@pytest.mark.parametrize("name", GAMES)
def test_serialized_states_load_back_and_play_on_alike(name: str) -> None:
    state = decision_points(name, 3 if name != "te_kuiti" else 2, 9, 8)[2]
    game, loaded = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state)
    )
    assert str(game) == str(state.get_game())
    again = state.get_game().deserialize_state(state.serialize())
    for twin in (loaded, again):
        assert steps(twin) == steps(state)
        assert str(twin) == str(state)
        for seat in range(state.num_players()):
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
    action = state.legal_actions()[-1]
    state.apply_action(action)
    loaded.apply_action(action)
    assert str(loaded) == str(state)


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_plays_on_without_touching_the_original(name: str) -> None:
    state = spiel(name, 2).new_initial_state()
    rng = random.Random(10)
    for _ in range(40):
        random_step(state, rng)
    before: dict[str, Any] = {
        "history": steps(state),
        "text": str(state),
        "info": [state.information_state_string(seat) for seat in range(2)],
        "obs": [state.observation_tensor(seat) for seat in range(2)],
        "legal": state.legal_actions(),
    }
    twin = state.clone()
    play_out(twin, rng)
    assert twin.is_terminal() and not state.is_terminal()
    assert steps(state) == before["history"]
    assert str(state) == before["text"]
    assert [state.information_state_string(seat) for seat in range(2)] == before["info"]
    assert [state.observation_tensor(seat) for seat in range(2)] == before["obs"]
    assert state.legal_actions() == before["legal"]


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_observation_api_gives_the_tensor_and_the_strings(name: str) -> None:
    state = decision_points(name, 2, 12, 9)[1]
    game = state.get_game()
    observation = make_observation(game)
    information = make_observation(game, INFO_STATE_OBS_TYPE)
    table = replay(state)
    for seat in range(2):
        observation.set_from(state, seat)
        assert np.array_equal(observation.tensor, table.observe(seat))
        assert np.array_equal(observation.tensor, state.observation_tensor(seat))
        assert observation.string_from(state, seat) == state.observation_string(seat)
        assert information.string_from(state, seat) == state.information_state_string(seat)
    assert list(game.observation_tensor_shape()) == [observation.tensor.size]
    assert list(game.information_state_tensor_shape()) == [information.tensor.size]


@pytest.mark.parametrize("name", GAMES)
def test_an_information_state_tensor_is_the_observation_and_the_seats_own_moves(name: str) -> None:
    state = decision_points(name, 2, 4, 7)[2]
    table = replay(state)
    layout = information_layout(table)
    actions = table.num_actions
    for seat in range(2):
        tensor = np.asarray(state.information_state_tensor(seat))
        own = [action for player, action in steps(state) if player == seat]
        assert np.array_equal(tensor[: table.layout.size], table.observe(seat))
        counts = tensor[layout.slice("own_action_counts")]
        assert counts.sum() == len(own) and all(counts[a] >= 1 for a in own)
        recent = tensor[layout.slice("own_recent_actions")].reshape(RECENT, actions)
        assert [int(row.argmax()) for row in recent[: len(own[-RECENT:])]] == own[::-1][:RECENT]
        assert recent.sum() == min(RECENT, len(own))


@pytest.mark.parametrize("name", HIDDEN)
def test_an_information_state_tensor_is_the_same_in_every_world_the_seat_cannot_tell_apart(
    name: str,
) -> None:
    sampler = pyspiel.UniformProbabilitySampler(6, 0.0, 1.0)
    for state in decision_points(name, 3, 6, 11)[:4]:
        seat = state.current_player()
        tensor = state.information_state_tensor(seat)
        for _ in range(3):
            assert (
                state.resample_from_infostate(seat, sampler).information_state_tensor(seat)
                == tensor
            )


@pytest.mark.parametrize("name", HIDDEN)
def test_openspiels_mcts_on_a_game_with_hidden_cards_warns_that_it_sees_them(name: str) -> None:
    game = spiel(name, 2)
    rng = np.random.RandomState(1)
    with pytest.warns(openspiel.HiddenInformationWarning, match="seeing every hidden card"):
        mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng))


@pytest.mark.parametrize("name", GAMES)
def test_mcts_on_a_perfect_information_game_and_ismcts_on_any_game_are_quiet(name: str) -> None:
    game = spiel(name, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        evaluator = HeuristicEvaluator(game)
        if name not in HIDDEN:
            mcts.MCTSBot(game, 2.0, 4, evaluator)
        search_bot(game, 1)


@pytest.mark.parametrize("name", GAMES)
def test_the_heuristic_evaluator_gives_the_games_own_values(name: str) -> None:
    state = decision_points(name, 2, 8, 10)[1]
    evaluator = HeuristicEvaluator(state.get_game())
    values = HEURISTICS[name].values
    assert values is not None
    assert evaluator.evaluate(state).tolist() == values(state.meja_state)
    legal = state.legal_actions()
    assert evaluator.prior(state) == [(action, 1.0 / len(legal)) for action in legal]


def test_the_heuristic_evaluator_refuses_a_game_meja_does_not_have() -> None:
    with pytest.raises(ValueError, match="no meja heuristic evaluates tic_tac_toe"):
        HeuristicEvaluator(pyspiel.load_game("tic_tac_toe"))


def meja_error(call: Any, *args: Any) -> str:
    """The message of the ValueError meja itself raises for call(*args)."""
    with pytest.raises(ValueError) as raised:
        call(*args)
    return str(raised.value)


OUTSIDE = [
    (name, count)
    for name in GAMES
    for count in (load_game(name).min_players - 1, load_game(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), OUTSIDE)
def test_a_player_count_the_game_does_not_take_raises_the_line_meja_raises(
    name: str, players: int
) -> None:
    meja_game = load_game(name)
    message = meja_error(meja_game.resolve_options, players, {})
    with pytest.raises(ValueError) as raised:
        spiel(name, players)
    assert str(raised.value) == message
    assert "\n" not in message
    with pytest.raises(ValueError) as raised:
        openspiel.load(name, players)
    assert str(raised.value) == message


def test_an_unknown_game_or_option_raises_the_line_meja_raises() -> None:
    with pytest.raises(ValueError) as raised:
        openspiel.load("chess")
    assert str(raised.value) == meja_error(load_game, "chess")
    assert "\n" not in str(raised.value)
    mooncake = load_game("mooncake")
    unknown = meja_error(mooncake.resolve_options, 2, {"colour": "red"})
    with pytest.raises(ValueError) as raised:
        openspiel.load("mooncake", 2, colour="red")
    assert str(raised.value) == unknown
    wrong = meja_error(mooncake.resolve_options, 2, {"placement_reveal": "hex"})
    with pytest.raises(ValueError) as raised:
        pyspiel.load_game("meja_mooncake(placement_reveal=hex)")
    assert str(raised.value) == wrong


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_raises_illegal_action_and_changes_nothing(name: str) -> None:
    state = decision_points(name, 2, 13, 5)[0]
    before = (steps(state), str(state))
    size = state.get_game().num_distinct_actions()
    illegal = next(a for a in range(size) if a not in state.legal_actions())
    for action in (illegal, size):
        with pytest.raises(IllegalAction):
            state.apply_action(action)
        assert (steps(state), str(state)) == before
    chance = state.get_game().new_initial_state()
    while not chance.is_chance_node():
        random_step(chance, random.Random(0))
    possible = dict(chance.chance_outcomes())
    impossible = next(
        a for a in range(state.get_game().max_chance_outcomes() + 1) if a not in possible
    )
    with pytest.raises(IllegalAction):
        chance.apply_action(impossible)


def test_a_mooncake_commitment_stays_hidden_from_the_seats_that_choose_after_it() -> None:
    state = spiel("mooncake", 3).new_initial_state()
    rng = random.Random(14)
    while state.is_chance_node() or len(state.meja_state.active_players()) < 3:
        random_step(state, rng)
    seat = state.current_player()
    first, second = state.clone(), state.clone()
    first.apply_action(state.legal_actions()[0])
    second.apply_action(state.legal_actions()[-1])
    assert first.current_player() == second.current_player() == seat + 1
    for later in (seat + 1, seat + 2):
        assert first.information_state_string(later) == second.information_state_string(later)
        assert first.observation_tensor(later) == second.observation_tensor(later)
    assert first.information_state_string(seat) != second.information_state_string(seat)
