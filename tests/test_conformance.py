"""Random-play invariants every registered game must satisfy.

MEJA_CONFORMANCE_GAMES sets the number of seeded random games per game (spread over its player
counts; default 2,000). Every step of every game checks the legal actions and chance outcomes.
Every DEEP_EVERY-th game (MEJA_CONFORMANCE_DEEP_EVERY, default 10; 1 checks every game fully),
a random 2% of the other games' steps, and every final state get the full check: components,
action strings, clone equality and independence, position round trip, JSON views that begin with
the shared envelope, a resample that leaves the seat's view unchanged, and refusal of illegal
moves; in the deep games, every action number at every step is checked against legal_actions.
The full check round-trips a random sample of each seat's action strings and resamples one random
seat per step; over thousands of games every action and seat is covered. This keeps each game
near two minutes on two cores.
"""

from __future__ import annotations

import json
import os
import random
from itertools import compress, repeat

import pytest

from meja.core import (
    CHANCE,
    TERMINAL,
    GameRecord,
    IllegalAction,
    NotYourTurn,
    State,
    list_games,
)
from meja.core.game import random_step

GAMES_PER_GAME = int(os.environ.get("MEJA_CONFORMANCE_GAMES", "2000"))
DEEP_EVERY = int(os.environ.get("MEJA_CONFORMANCE_DEEP_EVERY", "10"))
BATCH = 50
PARSED_PER_SEAT = 4
REFUSALS_PER_STATE = 3
SPOT_CHECKS = 0.02
POSITION_FORMAT = 2


def _cases() -> list[pytest.param]:
    """One case per (game, player count, batch of seeds)."""
    cases = []
    for game in list_games():
        counts = list(game.player_counts())
        per_count = -(-GAMES_PER_GAME // len(counts))
        for n in counts:
            for start in range(0, per_count, BATCH):
                seeds = range(start, min(start + BATCH, per_count))
                cases.append(pytest.param(game.name, n, seeds, id=f"{game.name}-{n}p-{start}"))
    return cases


def _check_moves(state: State) -> int:
    """The cheap invariants checked at every step of every game; returns the current player."""
    n = state.num_players
    size = state.game.num_actions(n)
    player = state.current_player()
    assert player in (TERMINAL, CHANCE) or 0 <= player < n
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node with no outcomes"
        actions = [a for a, _ in outcomes]
        assert actions == sorted(set(actions))
        assert all(p > 0 for _, p in outcomes)
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    elif player >= 0:
        active = state.active_players()
        assert active and player == min(active)
        for seat in active:
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} is active with no legal action"
            assert legal == sorted(set(legal))
            assert legal[0] >= 0 and legal[-1] < size
    else:
        assert state.is_terminal()
        assert state.active_players() == []
    return player


def _check_step(state: State, rng: random.Random) -> None:
    """Every invariant of the protocol: moves, components, strings, clones, positions, views."""
    game = state.game
    n = state.num_players
    player = _check_moves(state)
    assert state.check_components() == []
    if player == CHANCE:
        for action, _ in state.chance_outcomes():
            text = state.action_to_str(action, CHANCE)
            assert state.str_to_action(text, CHANCE) == action
    elif player >= 0:
        active = state.active_players()
        for seat in active:
            for action in _sample(state.legal_actions(seat), rng):
                text = state.action_to_str(action, seat)
                assert state.str_to_action(text, seat) == action, text
        for seat in range(n):
            if seat not in active:
                assert state.legal_actions(seat) == []

    copy = state.clone()
    assert copy == state
    assert copy.history == state.history
    assert game.from_position(json.loads(json.dumps(state.position()))) == state

    views = [state.view(seat) for seat in range(n)]
    for viewer, view in zip([None, *range(n)], [state.view(None), *views], strict=True):
        assert json.loads(json.dumps(view)) == view
        _check_envelope(state, view)
        assert view["seat"] == viewer
    position = state.position()
    _check_envelope(state, position)
    assert position["format"] == POSITION_FORMAT
    seat = rng.randrange(n)
    other = state.resample(seat, rng)
    assert other.view(seat) == views[seat], f"resample changed what seat {seat} sees"
    assert other.current_player() == player


def _check_envelope(state: State, data: dict[str, object]) -> None:
    """Every view and position starts with the same fields, named alike in every game."""
    assert data["num_players"] == state.num_players
    assert data["to_move"] == state.current_player()
    assert isinstance(data["phase"], str) and data["phase"]
    turn = data["turn"]
    assert isinstance(turn, int) and turn >= 0


def _check_legality_everywhere(state: State, rng: random.Random) -> None:
    """The cheap legality test refuses exactly the actions legal_actions() leaves out, for every
    action number, so a game's two statements of its rules cannot drift apart. check() is that
    test with its refusal: a seeded sample of refusals (REFUSALS_PER_STATE per seat) must raise
    IllegalAction with the game's message, and a sample of the legal actions must name the
    seat. (_check_refusals tries the numbers outside the range.)"""
    size = state.game.num_actions(state.num_players)
    player = state.current_player()
    if player == CHANCE:
        possible = [a for a, _ in state.chance_outcomes()]
        numbers = range(max(size, possible[-1]) + 1)
        assert list(compress(numbers, map(state._is_possible_outcome, numbers))) == possible
        for action in _sample(possible, rng):
            assert state.check(action, CHANCE) == CHANCE
        for action in _refused(numbers, set(possible), rng):
            assert "not a possible outcome" in _refusal(state, action, CHANCE)
        return
    numbers = range(size)
    for seat in state.active_players():
        legal = state.legal_actions(seat)
        cheap = list(compress(numbers, map(state._is_legal, numbers, repeat(seat))))
        assert cheap == legal, f"the cheap legality test disagrees with legal_actions({seat})"
        for action in _sample(legal, rng):
            assert state.check(action, seat) == seat
        for action in _refused(numbers, set(legal), rng):
            assert _refusal(state, action, seat) == state._illegal_message(action, seat)


def _refused(numbers: range, allowed: set[int], rng: random.Random) -> list[int]:
    """Up to REFUSALS_PER_STATE action numbers outside allowed, drawn from a seeded sample."""
    drawn = rng.sample(numbers, min(len(numbers), 4 * REFUSALS_PER_STATE))
    return [a for a in drawn if a not in allowed][:REFUSALS_PER_STATE]


def _refusal(state: State, action: int, seat: int) -> str:
    """The message check() refuses action with; a test failure if it is not IllegalAction."""
    try:
        state.check(action, seat)
    except IllegalAction as refusal:
        message = str(refusal)
        assert message, f"action {action} of seat {seat} is refused without a word"
        return message
    pytest.fail(f"action {action} of seat {seat} is accepted but not legal")


def _sample(actions: list[int], rng: random.Random) -> list[int]:
    """A few actions whose strings are round-tripped this step; every action over a run."""
    if len(actions) <= PARSED_PER_SEAT:
        return actions
    return rng.sample(actions, PARSED_PER_SEAT)


def _check_refusals(state: State, rng: random.Random) -> None:
    """An illegal action or a wrong seat raises IllegalAction and changes nothing."""
    before = state.clone()
    size = state.game.num_actions(state.num_players)
    player = state.current_player()
    if player >= 0:
        legal = set(state.legal_actions(player))
        illegal = [a for a in (rng.randrange(size), -1, size) if a not in legal]
        for action in illegal:
            with pytest.raises(IllegalAction):
                state.apply(action, player)
        idle = [s for s in range(state.num_players) if s not in state.active_players()]
        if idle:
            with pytest.raises(NotYourTurn):
                state.apply(state.legal_actions(player)[0], idle[0])
    elif player == CHANCE:
        with pytest.raises(IllegalAction):
            state.apply(-1, CHANCE)
        with pytest.raises(NotYourTurn):
            state.apply(0, 0)
    assert state == before and state.history == before.history


@pytest.mark.parametrize(("name", "num_players", "seeds"), _cases())
def test_random_games_keep_every_invariant(name: str, num_players: int, seeds: range) -> None:
    from meja.core import load_game

    game = load_game(name)
    limit = game.max_game_length(num_players)
    for seed in seeds:
        rng = random.Random(seed * 1_000 + num_players)
        sampler = random.Random(f"refusals {seed} {num_players}")
        state = game.new_state(num_players)
        deep = seed % DEEP_EVERY == 0
        while not state.is_terminal():
            _check_moves(state)
            if not (deep or rng.random() < SPOT_CHECKS):
                seat, action = random_step(state, rng)
                state.apply(action, seat)
                assert len(state.history) <= limit, f"game longer than {limit} steps"
                continue
            _check_step(state, rng)
            _check_refusals(state, rng)
            if deep:
                _check_legality_everywhere(state, sampler)
            before = state.clone()
            seat, action = random_step(state, rng)
            state.apply(action, seat)
            probe = before.clone()
            probe.apply(action, seat)
            assert probe == state, "clone is not independent or apply is not deterministic"
            assert probe.history == state.history
            assert len(state.history) <= limit, f"game longer than {limit} steps"
        _check_step(state, rng)

        returns = state.returns()
        assert len(returns) == num_players
        if state.winners():
            assert abs(sum(returns) - 1.0) < 1e-9
            assert all(0 <= w < num_players for w in state.winners())
        else:
            assert num_players == 1 and returns == [0.0]

        record = GameRecord.from_json(GameRecord.from_state(state).to_json())
        replayed = record.replay(game=game)
        assert replayed == state
        assert replayed.history == state.history
        assert [replayed.view(p) for p in range(num_players)] == [
            state.view(p) for p in range(num_players)
        ]
        assert str(replayed) == str(state)


UNDO_GAMES = max(1, GAMES_PER_GAME // 1000)
"""Seeded random games per game and player count for the take-back rule: judging the mover
replays the game from its start, so a game costs its length squared."""


@pytest.mark.parametrize(
    ("name", "num_players"),
    [
        pytest.param(game.name, n, id=f"{game.name}-{n}p")
        for game in list_games()
        for n in game.player_counts()
    ],
)
def test_a_seat_takes_back_exactly_its_own_last_step_while_nothing_has_shown(
    name: str, num_players: int
) -> None:
    """After every step, each seat may take back exactly its own last step, while it is still
    active and the step told no viewer anything new; taking it back gives the state before it,
    view for view. Each game's tests/games/<game>/test_undo.py says which moves that is."""
    from meja.core import load_game
    from meja.core.told import told_all, viewers

    game = load_game(name)
    for seed in range(UNDO_GAMES):
        rng = random.Random(seed * 1_000 + num_players)
        state = game.new_state(num_players)
        while not state.is_terminal():
            before = state.clone()
            seat, action = random_step(state, rng)
            reveals = any(told.reveals for told in told_all(state, seat, action))
            state.apply(action, seat)
            still = seat in state.active_players()
            for p in range(num_players):
                may = p == seat and still and not reveals
                assert state.undoable(p) == may, f"seed {seed}, step {len(state.history)}, seat {p}"
            if seat >= 0 and still and not reveals:
                undone = state.undone(seat)
                assert undone == before and undone.history == before.history
                assert all(undone.view(v) == before.view(v) for v in viewers(num_players))


def test_every_game_is_registered_with_its_facts() -> None:
    games = list_games()
    assert games, "no game is registered"
    for game in games:
        assert game.name and game.title
        assert 1 <= game.min_players <= game.max_players
        for n in game.player_counts():
            assert game.num_actions(n) > 0
            assert game.max_game_length(n) > 0
