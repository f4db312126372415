"""The Nasi Lemak observation: within its bounds, seats counted from the observer, and blind to
what the seat may not see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from meja.core.game import random_step
from meja.env.encoders.nasi_lemak import NasiLemakEncoder
from meja.env.encoding import Encoder
from meja.env.table import Table
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.games.nasi_lemak.tables import (
    CARD_INDEX,
    INGREDIENTS,
    KEYS,
    MAX_TABLE_CARDS,
    PHASE_NAMES,
    TRADABLE,
    K,
)

PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)
GAMES_PER_COUNT = 4
MAX_STEPS = 1500


def _state(num_players: int = 3, **fields: Any) -> NasiLemakState:
    """A main-phase position of seat 0's first turn; fields override any part of it."""
    data: dict[str, Any] = {
        "num_players": num_players,
        "phase": "main",
        "active": 0,
        "turn": 1,
        "hands": [{} for _ in range(num_players)],
        "draw_pile": "rest",
        "nasi_lemak_pile": "rest",
        "nasi_lemak": [[] for _ in range(num_players)],
    }
    data.update(fields)
    return GAME.from_position(data)


def _play(state: NasiLemakState, *moves: str) -> NasiLemakState:
    """Apply each move by its string, for whoever must act."""
    for move in moves:
        seat = state.current_player()
        state.apply(state.str_to_action(move, seat), seat)
    return state


def _encoder(state: NasiLemakState, seat: int) -> NasiLemakEncoder:
    return NasiLemakEncoder(state.num_players, state.options, seat)


def _field(state: NasiLemakState, seat: int, name: str) -> np.ndarray:
    """Field name of seat's observation of state."""
    encoder = _encoder(state, seat)
    return encoder.observe(state.view(seat))[encoder.layout.slice(name)]


def _random_game(num_players: int, seed: int) -> Iterator[tuple[NasiLemakState, list[Encoder]]]:
    """Each state of a seeded random game, chance included, with every seat's encoder told of
    every step so far."""
    rng = random.Random(seed)
    state = GAME.new_state(num_players)
    encoders = [_encoder(state, seat) for seat in range(num_players)]
    yield state, encoders
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        player, action = random_step(state, rng)
        for encoder in encoders:
            encoder.remember(player, state.told(player, action, encoder.seat))
        state.apply(action, player)
        yield state, encoders


def _table(state: NasiLemakState) -> Table:
    """A Table playing from state, every seat's memory empty."""
    table = Table("nasi_lemak", state.num_players)
    table.state = state
    return table


def _act(table: Table, *moves: str) -> None:
    """The seat to move plays each move by its string; chance is drawn by the Table."""
    for move in moves:
        state = table.state
        table.act(state.str_to_action(move, state.current_player()))


def _supplied_out(obs: np.ndarray, table: Table, relative: int) -> list[float]:
    """The seat_supplied_out bits of the other seat relative seats on, by ingredient."""
    part = obs[table.layout.slice("seat_supplied_out")].reshape(-1, len(INGREDIENTS))
    return list(part[relative - 1])


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_every_observation_lies_within_each_fields_bounds_at_every_step(num_players: int) -> None:
    options = GAME.new_state(num_players).options
    layout = NasiLemakEncoder.fields(num_players, options)
    for seed in range(GAMES_PER_COUNT):
        for state, encoders in _random_game(num_players, seed):
            for seat, encoder in enumerate(encoders):
                obs = encoder.observe(state.view(seat))
                assert obs.shape == (layout.size,)
                assert obs.dtype == np.float32
                for field in layout.fields:
                    part = obs[layout.slice(field.name)]
                    assert part.min() >= 0.0, field.name
                    assert part.max() <= field.high, (field.name, part.max(), field.high)
    assert [f.name for f in NasiLemakEncoder.fields(num_players, options).fields] == [
        f.name for f in layout.fields
    ]


def test_every_field_has_a_name_a_positive_size_and_a_meaning() -> None:
    for num_players in PLAYER_COUNTS:
        options = GAME.new_state(num_players).options
        for field in NasiLemakEncoder.describe(num_players, options):
            assert field.size > 0 and field.high > 0 and field.meaning, field.name


def test_the_offer_caps_set_the_bounds_of_the_offer_fields() -> None:
    options = dict(GAME.new_state(3).options, offer_card_limit=2)
    layout = NasiLemakEncoder.fields(3, options)
    assert layout.field("offer_ask").high == 2
    assert layout.field("offer_give").high == 2
    assert layout.field("offer_taken_back").high == 2


def test_own_hand_counts_are_in_the_hand_field() -> None:
    state = _state(hands=[{"rice": 2, "fly": 1}, {"egg": 3}, {}])
    hand = _field(state, 0, "hand")
    assert hand[CARD_INDEX["rice"]] == 2 and hand[CARD_INDEX["fly"]] == 1
    assert hand.sum() == 3
    assert _field(state, 1, "hand")[CARD_INDEX["egg"]] == 3


def test_seats_are_counted_from_the_observer_in_turn_order() -> None:
    state = _state(4, hands=[{"rice": 1}, {"egg": 2}, {"peanuts": 3}, {"sambal": 4}])
    assert list(_field(state, 0, "seat_hand_size")) == [1, 2, 3, 4]
    assert list(_field(state, 2, "seat_hand_size")) == [3, 4, 1, 2]
    assert list(_field(state, 2, "active")) == [0, 0, 1, 0]
    assert list(_field(state, 3, "to_move")) == [0, 1, 0, 0]
    assert list(_field(state, 2, "seat")) == [0, 0, 1, 0], "actions name absolute seats"


def test_cards_seen_on_an_offer_are_known_under_the_offerers_relative_seat() -> None:
    state = _state(4, hands=[{"egg": 2}, {"rice": 1}, {}, {}])
    _play(state, "trade", "trade with seat 1", "give egg", "give egg")
    known = _field(state, 2, "seat_known").reshape(3, K)
    # Seat 0 is two seats after seat 2: the second row of the others.
    assert known[1][CARD_INDEX["egg"]] == 2
    assert known.sum() == 2


def test_the_offer_being_built_shows_its_partner_and_both_sides() -> None:
    state = _state(3, hands=[{"egg": 2, "fan": 1}, {"rice": 1}, {}])
    _play(state, "trade", "trade with seat 1", "give egg", "give fan", "ask rice")
    give = _field(state, 2, "offer_give")
    ask = _field(state, 2, "offer_ask")
    assert give[TRADABLE.index(CARD_INDEX["egg"])] == 1
    assert give[TRADABLE.index(CARD_INDEX["fan"])] == 1
    assert ask[TRADABLE.index(CARD_INDEX["rice"])] == 1 and ask.sum() == 1
    assert list(_field(state, 2, "target")) == [0, 0, 1]
    assert _field(state, 2, "phase")[PHASE_NAMES.index("offer")] == 1
    _play(state, "propose")
    assert list(_field(state, 1, "to_move")) == [1, 0, 0]


def test_a_fan_in_progress_shows_the_card_its_fly_is_lifted_from() -> None:
    nl = [[{"packs": 1, "fly": False}, {"packs": 2, "fly": True}], [{"packs": 1, "fly": False}], []]
    state = _state(hands=[{"fan": 1}, {}, {}], nasi_lemak=nl)
    _play(state, "fan from card 1")
    assert list(_field(state, 0, "fan_from")[:2]) == [0, 1]


def test_an_officer_keeps_the_examined_hand_known_while_it_picks_and_after() -> None:
    state = _state(hands=[{"officer": 1}, {}, {"rice": 1, "egg": 1, "thief": 1}])
    _play(state, "play officer", "examine seat 2", "take rice")
    assert _field(state, 0, "takes_left")[0] == 1
    assert list(_field(state, 0, "target")) == [0, 0, 1]
    known = _field(state, 0, "seat_known").reshape(2, K)[1]
    assert known[CARD_INDEX["egg"]] == 1 and known[CARD_INDEX["thief"]] == 1
    assert known.sum() == 2
    _play(state, "take egg", "end turn")
    later = _field(state, 0, "seat_known").reshape(2, K)[1]
    assert later[CARD_INDEX["thief"]] == 1 and later.sum() == 1


def test_nasi_lemak_cards_show_their_packs_to_their_owner_alone() -> None:
    nl = [[{"packs": 2, "fly": False}, {"packs": 1, "fly": True}], [], []]
    state = _state(nasi_lemak=nl)
    for seat, relative in ((0, 0), (1, 2), (2, 1)):
        made = _field(state, seat, "seat_card_made").reshape(3, MAX_TABLE_CARDS)
        fly = _field(state, seat, "seat_card_fly").reshape(3, MAX_TABLE_CARDS)
        assert list(made[relative][:3]) == [1, 1, 0]
        assert list(fly[relative][:3]) == [0, 1, 0]
        assert _field(state, seat, "seat_cards")[relative] == 2
        assert _field(state, seat, "seat_fly_free_cards")[relative] == 1
    packs = _field(state, 0, "seat_card_packs").reshape(3, MAX_TABLE_CARDS)
    assert list(packs[0][:2]) == [2, 1]
    assert _field(state, 0, "seat_shown_fly_free_packs")[0] == 2
    assert not _field(state, 1, "seat_card_packs").any()
    assert not _field(state, 1, "seat_shown_fly_free_packs").any()


def test_a_supplier_just_played_shows_the_ingredient_and_who_handed_it_over() -> None:
    state = _state(hands=[{"supplier": 1}, {"rice": 2}, {"rice": 1}])
    _play(state, "play supplier", "announce rice")
    assert _field(state, 1, "just_seen_card")[0] == 1
    assert list(_field(state, 1, "just_seen_seat")) == [0, 0, 1]
    assert _field(state, 1, "just_seen_announced")[INGREDIENTS.index(CARD_INDEX["rice"])] == 1
    assert list(_field(state, 1, "just_seen_handed_over")) == [2, 1, 0]


def test_the_end_scores_and_winners_are_shown_once_the_game_is_over() -> None:
    nl = [[{"packs": 2, "fly": False}, {"packs": 2, "fly": False}], [], []]
    state = _state(
        hands=[{key: 1 for key in (KEYS[t] for t in INGREDIENTS)}, {}, {}], nasi_lemak=nl
    )
    _play(state, "make nasi lemak", "1 pack")
    assert state.is_terminal()
    assert _field(state, 1, "end")[0] == 1
    assert list(_field(state, 1, "scores")) == [0, 0, 5]
    assert list(_field(state, 1, "winners")) == [0, 0, 1]
    packs = _field(state, 1, "seat_card_packs").reshape(3, MAX_TABLE_CARDS)
    assert list(packs[2][:3]) == [2, 2, 1]


@pytest.mark.parametrize("num_players", [2, 4, 6])
def test_what_the_seat_cannot_see_does_not_change_its_observation(num_players: int) -> None:
    rng = random.Random(num_players)
    checked = 0
    redealt = 0
    for step, (state, encoders) in enumerate(_random_game(num_players, seed=num_players)):
        if state.is_terminal() or step % 10:
            continue
        for seat, encoder in enumerate(encoders):
            world = state.resample(seat, rng)
            assert np.array_equal(
                encoder.observe(state.view(seat)), encoder.observe(world.view(seat))
            )
            checked += 1
            redealt += world.hands != state.hands
    assert checked > 20 and redealt > 10


RICE = INGREDIENTS.index(CARD_INDEX["rice"])


def _supplier_played(num_players: int = 3) -> Table:
    """Seat 0 has played a Supplier naming rice: seat 1 handed over its two, seat 2 had none."""
    hands = [{"supplier": 1}, {"rice": 2, "egg": 1}, {"egg": 1}]
    table = _table(_state(num_players, hands=hands))
    _act(table, "play supplier", "announce rice")
    return table


def test_a_supplier_marks_every_other_hand_as_holding_no_unseen_ingredient() -> None:
    table = _supplier_played()
    obs = table.observe(2)
    assert _supplied_out(obs, table, 2) == [float(i == RICE) for i in range(len(INGREDIENTS))]
    assert not any(_supplied_out(obs, table, 1)), "the Supplier itself is not marked"
    assert _supplied_out(table.observe(0), table, 1)[RICE] == 1
    assert _supplied_out(table.observe(0), table, 2)[RICE] == 1


def test_the_mark_outlives_the_supplier_step_and_ends_with_the_seats_own_draw() -> None:
    table = _supplier_played()
    _act(table, "trade", "trade with seat 1", "give rice", "ask egg", "propose", "accept")
    assert table.state.view(2)["just_seen"] is None
    assert _supplied_out(table.observe(2), table, 2)[RICE] == 1
    _act(table, "end turn")
    assert table.state.turn_seat == 1
    assert not any(_supplied_out(table.observe(2), table, 2))
    assert _supplied_out(table.observe(0), table, 2)[RICE] == 1, "seat 2 has not drawn yet"


def test_a_cloned_table_keeps_its_own_memory() -> None:
    table = _supplier_played()
    twin = table.clone()
    _act(table, "end turn")
    assert not any(_supplied_out(table.observe(0), table, 1))
    assert _supplied_out(twin.observe(0), twin, 1)[RICE] == 1
    copied = twin.encoders[0].copy()
    for encoder in twin.encoders:
        encoder.forget()
    assert not any(_supplied_out(twin.observe(0), twin, 1))
    assert _supplied_out(copied.observe(twin.state.view(0)), twin, 1)[RICE] == 1
