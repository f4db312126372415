"""Mooncake Master observations: bounds, relative seats, own tiles, hidden parts and options."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import numpy as np
import pytest

from meja.core.game import random_step
from meja.env.encoders.mooncake import FEATURES, NUM_FEATURES, MooncakeEncoder
from meja.games.mooncake import GAME, MooncakeState
from meja.games.mooncake.actions import CHOICES, PLACE_BASE
from meja.games.mooncake.tables import CODE_TO_TILE, NUM_TILE_TYPES, SLOT_INDEX, SLOTS

PLAYER_COUNTS = (2, 3, 4, 5, 6)
REVEALS = ("together", "open")


def encoder(state: MooncakeState, seat: int) -> MooncakeEncoder:
    """The encoder of seat for this game's player count and options."""
    return MooncakeEncoder(state.num_players, state.options, seat)


def part(enc: MooncakeEncoder, obs: np.ndarray, name: str) -> np.ndarray:
    """The numbers of field name in obs."""
    return obs[enc.layout.slice(name)]


def board_row(enc: MooncakeEncoder, obs: np.ndarray, relative: int) -> np.ndarray:
    """One relative seat's slots, as a (slot, feature) table."""
    board = part(enc, obs, "boards").reshape(enc.num_players, SLOTS, NUM_FEATURES)
    return np.asarray(board[relative])


def play_until(
    num_players: int, done: Callable[[MooncakeState], bool], seed: int = 1, **options: Any
) -> MooncakeState:
    """A seeded random game played until done holds."""
    rng = random.Random(seed)
    state = GAME.new_state(num_players, **options)
    while not done(state):
        seat, action = random_step(state, rng)
        state.apply(action, seat)
    return state


def phase(name: str, round_number: int = 1, turn: int = 1) -> Callable[[MooncakeState], bool]:
    """Whether the game is in that phase of that round and turn."""

    def reached(state: MooncakeState) -> bool:
        view = state.view(None)
        return (view["phase"], view["round"], view["turn_in_round"]) == (name, round_number, turn)

    return reached


def random_states(num_players: int, games: int, **options: Any) -> list[MooncakeState]:
    """Every state of a few seeded random games, terminal ones included."""
    states: list[MooncakeState] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new_state(num_players, **options)
        states.append(cast("MooncakeState", state.clone()))
        while not state.is_terminal():
            seat, action = random_step(state, rng)
            state.apply(action, seat)
            states.append(cast("MooncakeState", state.clone()))
    return states


@pytest.mark.parametrize("reveal", REVEALS)
@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_every_observation_lies_within_its_fields_bounds(num_players: int, reveal: str) -> None:
    options = GAME.resolve_options(num_players, {"placement_reveal": reveal})
    layout = MooncakeEncoder.fields(num_players, options)
    encoders = [MooncakeEncoder(num_players, options, seat) for seat in range(num_players)]
    for state in random_states(num_players, 3, placement_reveal=reveal):
        for enc in encoders:
            assert [f for f in enc.layout.fields] == list(layout.fields)
            obs = enc.observe(state.view(enc.seat))
            assert obs.shape == (layout.size,) and obs.dtype == np.float32
            for field in layout.fields:
                values = obs[layout.slice(field.name)]
                assert values.min() >= 0.0, field.name
                assert values.max() <= field.high, (field.name, values.max(), field.high)


def test_layout_size_grows_with_the_player_count_only() -> None:
    sizes = {n: MooncakeEncoder.fields(n, GAME.resolve_options(n, {})).size for n in PLAYER_COUNTS}
    per_seat = sizes[3] - sizes[2]
    assert all(sizes[n + 1] - sizes[n] == per_seat for n in range(2, 6))
    open_layout = MooncakeEncoder.fields(4, GAME.resolve_options(4, {"placement_reveal": "open"}))
    assert open_layout.size == sizes[4]


def test_own_hand_is_in_the_hand_field_in_sorted_order() -> None:
    state = play_until(3, phase("choose"))
    enc = encoder(state, 1)
    obs = enc.observe(state.view(1))
    hand = [CODE_TO_TILE[code] for code in state.view(1)["hand"]]
    one_hot = part(enc, obs, "hand").reshape(3, NUM_TILE_TYPES)
    assert [int(row.argmax()) for row in one_hot] == hand and one_hot.sum() == 3
    features = part(enc, obs, "hand_features").reshape(3, NUM_FEATURES)
    assert (features == FEATURES[hand]).all()


def test_an_opponents_board_is_under_its_relative_seat() -> None:
    state = play_until(3, phase("choose", 1, 3))
    boards = state.view(1)["boards"]
    assert all(any(board) for board in boards)
    enc = encoder(state, 1)
    obs = enc.observe(state.view(1))
    for seat, relative in ((1, 0), (2, 1), (0, 2)):
        tiles = [-1 if code is None else CODE_TO_TILE[code] for code in boards[seat]]
        assert (board_row(enc, obs, relative) == FEATURES[tiles]).all()


def test_scores_and_the_seat_to_move_are_relative_to_the_observer() -> None:
    state = play_until(4, lambda s: s.is_terminal(), seed=3)
    view = state.view(2)
    enc = encoder(state, 2)
    obs = enc.observe(view)
    festive = view["festive"]
    assert len(set(festive)) > 1
    assert list(part(enc, obs, "festive")) == [festive[s] for s in (2, 3, 0, 1)]
    tastes = part(enc, obs, "tastes").reshape(3, 4)
    assert tastes.tolist() == [[t[s] for s in (2, 3, 0, 1)] for t in view["tastes"]]
    choosing = play_until(4, phase("choose"))
    obs = enc.observe(choosing.view(2))
    assert choosing.view(2)["to_move"] == 0
    assert list(part(enc, obs, "to_move")) == [0, 0, 1, 0]
    assert list(part(enc, obs, "active")) == [1, 1, 1, 1]


def test_phase_round_turn_and_customers_are_one_hot() -> None:
    state = play_until(2, phase("place", 2))
    enc = encoder(state, 0)
    obs = enc.observe(state.view(0))
    view = state.view(0)
    assert list(part(enc, obs, "phase")) == [0, 0, 0, 1, 0]
    assert list(part(enc, obs, "round")) == [0, 1, 0]
    assert part(enc, obs, "turn_in_round")[view["turn_in_round"] - 1] == 1
    assert part(enc, obs, "turn_in_round").sum() == 1
    shown = part(enc, obs, "customers")
    assert sorted(int(i) + 1 for i in np.flatnonzero(shown)) == sorted(view["customers"])


def test_a_committed_choice_is_shown_to_its_seat_only() -> None:
    state = play_until(3, phase("choose"))
    before = [encoder(state, seat).observe(state.view(seat)) for seat in range(3)]
    hand = state.view(0)["hand"]
    action = 4
    state.apply(action, 0)
    mine = encoder(state, 0)
    obs = mine.observe(state.view(0))
    assert part(mine, obs, "choice").sum() == 1
    shown = int(part(mine, obs, "choice").argmax())
    assert [hand[i] for i in CHOICES[shown]] == [hand[i] for i in CHOICES[action]]
    for seat in (1, 2):
        enc = encoder(state, seat)
        after = enc.observe(state.view(seat))
        changed = {
            f.name
            for f in enc.layout.fields
            if (part(enc, after, f.name) != part(enc, before[seat], f.name)).any()
        }
        assert changed == {"active", "to_move"}
        assert part(enc, after, "choice").sum() == 0


def test_received_and_passed_tiles_are_shown_while_placing() -> None:
    state = play_until(3, phase("place"))
    view = state.view(0)
    enc = encoder(state, 0)
    obs = enc.observe(view)
    received = part(enc, obs, "received").reshape(2, NUM_TILE_TYPES)
    passed = part(enc, obs, "passed").reshape(2, NUM_TILE_TYPES)
    got = [view["received"]["from_left"], view["received"]["from_right"]]
    gave = [view["passed"]["left"], view["passed"]["right"]]
    assert [int(r.argmax()) for r in received] == [CODE_TO_TILE[c] for c in got]
    assert [int(r.argmax()) for r in passed] == [CODE_TO_TILE[c] for c in gave]
    assert received.sum() == 2 and passed.sum() == 2


def test_own_placements_this_turn_are_in_own_pending_and_own_board() -> None:
    state = play_until(3, phase("place"))
    tile = CODE_TO_TILE[state.view(0)["hand"][0]]
    state.apply(PLACE_BASE + tile * SLOTS + SLOT_INDEX["2SW"], 0)
    enc = encoder(state, 0)
    obs = enc.observe(state.view(0))
    assert np.flatnonzero(part(enc, obs, "own_pending")).tolist() == [SLOT_INDEX["2SW"]]
    assert (board_row(enc, obs, 0)[SLOT_INDEX["2SW"]] == FEATURES[tile]).all()


@pytest.mark.parametrize(("reveal", "shown"), [("together", False), ("open", True)])
def test_an_opponents_placement_shows_only_when_placements_are_open(
    reveal: str, shown: bool
) -> None:
    state = play_until(3, phase("place"), placement_reveal=reveal)
    assert 1 in state.active_players()
    enc = encoder(state, 0)
    before = enc.observe(state.view(0))
    tile = CODE_TO_TILE[state.view(1)["hand"][0]]
    state.apply(PLACE_BASE + tile * SLOTS + SLOT_INDEX["1NE"], 1)
    after = enc.observe(state.view(0))
    slot = board_row(enc, after, 1)[SLOT_INDEX["1NE"]]
    assert bool((slot == FEATURES[tile]).all()) is shown
    assert (board_row(enc, before, 1)[SLOT_INDEX["1NE"]] == 0).all()


@pytest.mark.parametrize("reveal", REVEALS)
@pytest.mark.parametrize("num_players", (2, 3, 6))
def test_hidden_parts_do_not_change_the_observation(num_players: int, reveal: str) -> None:
    rng = random.Random(7)
    differed = 0
    for state in random_states(num_players, 2, placement_reveal=reveal)[::3]:
        for seat in range(num_players):
            enc = encoder(state, seat)
            other = state.resample(seat, rng)
            differed += other.position() != state.position()
            assert (enc.observe(other.view(seat)) == enc.observe(state.view(seat))).all()
    assert differed > 0


def test_unseen_counts_the_pool_others_hands_and_hidden_placements() -> None:
    state = play_until(4, lambda s: phase("place", 2)(s) and sum(s.view(None)["hand_sizes"]) < 9)
    view = state.view(3)
    enc = encoder(state, 3)
    unseen = part(enc, enc.observe(view), "unseen")
    hidden = list(state._pool)
    for seat in range(3):
        for tile in state.coming_tiles()[seat]:
            hidden[tile] += 1
        for slot in state.position()["pending"][seat]:
            hidden[state.boards()[seat][SLOT_INDEX[slot]]] += 1
    assert any(state.position()["pending"][seat] for seat in range(3))
    assert unseen.tolist() == hidden


def test_options_are_written_as_flags() -> None:
    state = play_until(
        2,
        phase("choose"),
        placement_reveal="open",
        half_yolk_bonus="cakes_with_yolk",
        all_tied_taste="lowest",
    )
    enc = encoder(state, 0)
    obs = enc.observe(state.view(0))
    assert list(part(enc, obs, "placement_open")) == [1]
    assert list(part(enc, obs, "half_yolk_bonus")) == [0, 1]
    assert list(part(enc, obs, "all_tied_taste")) == [0, 0, 1]


def test_the_encoder_keeps_no_memory_the_view_lacks() -> None:
    assert MooncakeEncoder.remembers is False
    states = random_states(3, 1)
    used = encoder(states[0], 1)
    for state in states:
        obs = used.observe(state.view(1))
    assert (encoder(states[-1], 1).observe(states[-1].view(1)) == obs).all()
