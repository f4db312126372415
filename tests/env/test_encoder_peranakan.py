"""The Peranakan observation: bounded field by field, seats relative to the observer, the open
table and the turn in progress written where the layout says, and nothing else."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

from meja.core.game import random_step
from meja.env.encoders.peranakan import PeranakanEncoder
from meja.env.encoding import Layout
from meja.env.table import Table
from meja.games.peranakan import GAME, PeranakanState
from meja.games.peranakan.components import (
    BOARD_COLS,
    BOARD_ROWS,
    COLUMN_LETTERS,
    PAWNS_BY_PLAYER_COUNT,
)
from meja.games.peranakan.tables import (
    CELL_INDEX,
    KIND_BY_CODE,
    KIND_CODES,
    KIND_COUNTS,
    PAWN_LETTERS,
    PHASE_NAMES,
)

PLAYER_COUNTS = range(GAME.min_players, GAME.max_players + 1)
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"baba_neighbourhood": "orthogonal4", "nyonya_counts_own_tile": False},
    {"baba_counts_own_tile": True, "start_player": "random"},
)
TUTU, ONDEH, BAHULU, ANGKU, WILD = range(5)
CERAMICS, BUTTERFLY, GOLDFISH, PEACOCK = range(4)
NYONYA, BABA = range(2)


def encoder_for(state: PeranakanState, seat: int) -> PeranakanEncoder:
    """The encoder of seat for the state's player count and options."""
    return PeranakanEncoder(state.num_players, state.options, seat)


def observe(state: PeranakanState, seat: int) -> tuple[np.ndarray, Layout]:
    """seat's observation of state and the layout to read it by."""
    encoder = encoder_for(state, seat)
    return encoder.observe(state.view(seat)), encoder.layout


def field(obs: np.ndarray, layout: Layout, name: str) -> np.ndarray:
    """The numbers of one field."""
    return obs[layout.slice(name)]


def unused_tiles(used: Sequence[str], count: int) -> list[str]:
    """Tiles not used elsewhere, peacock first, to fill the market."""
    left = {code: KIND_COUNTS[k] for k, code in enumerate(KIND_CODES)}
    for code in used:
        left[code] -= 1
    picked: list[str] = []
    for code in reversed(KIND_CODES):
        while left[code] > 0 and len(picked) < count:
            picked.append(code)
            left[code] -= 1
    return picked


def build(
    *,
    players: int = 3,
    board: Mapping[str, str] | None = None,
    pawns: Sequence[str] = (),
    market: Sequence[str | None] | None = None,
    kueh: Sequence[Sequence[int]] | None = None,
    options: Mapping[str, Any] | None = None,
    phase: str = "take",
    turn_seat: int = 0,
    **fields: Any,
) -> PeranakanState:
    """A state from the fields a test names; hands, deck and supply follow from them."""
    board = dict(board or {})
    tiles = [code for stack in board.values() for code in stack.split("/")]
    if "held" in fields:
        tiles.append(fields["held"])
    market = list(market) if market is not None else unused_tiles(tiles, 5)
    hands = [list(PAWNS_BY_PLAYER_COUNT[players]) for _ in range(players)]
    for token in (*pawns, *fields.get("collecting", ())):
        hands[int(token[1])][PAWN_LETTERS.index(token[0])] -= 1
    rows = [
        " ".join(board.get(f"{col}{row}", ".") for col in COLUMN_LETTERS[:BOARD_COLS])
        for row in range(1, BOARD_ROWS + 1)
    ]
    data: dict[str, Any] = {
        "players": players,
        "options": dict(options or {}),
        "phase": phase,
        "turn": turn_seat,
        "start": 0,
        "market": market,
        "board": rows,
        "pawns": list(pawns),
        "hands": hands,
        "kueh": [list(row) for row in kueh] if kueh else [[0] * 4 for _ in range(players)],
    }
    data.update(fields)
    return GAME.from_position(data)


def random_views(players: int, options: Mapping[str, Any], games: int) -> list[dict[str, Any]]:
    """Every seat's view after every step of seeded random games."""
    views: list[dict[str, Any]] = []
    for seed in range(games):
        state = GAME.new_state(players, **options)
        rng = random.Random(seed * 10 + players)
        while not state.is_terminal():
            player, action = random_step(state, rng)
            state.apply(action, player)
            views.extend(state.view(seat) for seat in range(players))
    return views


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_observation_lies_within_each_fields_bounds(
    players: int, options: dict[str, Any]
) -> None:
    """Over seeded random games, every number is in [0, high] of its field, one-hots hold at
    most one 1, and the vector always has the layout's size."""
    resolved = GAME.resolve_options(players, options)
    layout = PeranakanEncoder.fields(players, resolved)
    encoders = [PeranakanEncoder(players, resolved, seat) for seat in range(players)]
    highs = layout.high()
    one_hots = ("phase", "taken", "placed", "to_move", "turn_seat", "start")
    for view in random_views(players, options, 4):
        obs = encoders[view["seat"]].observe(view)
        assert obs.shape == (layout.size,) and obs.dtype == np.float32
        assert encoders[view["seat"]].layout.size == layout.size
        assert (obs >= 0).all() and (obs <= highs).all(), view
        for name in one_hots:
            assert field(obs, layout, name).sum() <= 1
        assert field(obs, layout, "phase").sum() == 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_layout_depends_only_on_player_count_and_options(players: int) -> None:
    """Every seat and every call gets the same fields, with distinct names and sizes summing up."""
    options = GAME.resolve_options(players, {})
    first = PeranakanEncoder.describe(players, options)
    assert [PeranakanEncoder(players, options, seat).layout.fields for seat in range(players)] == [
        tuple(first)
    ] * players
    assert PeranakanEncoder.fields(players, options).size == sum(f.size for f in first)
    assert all(f.name and f.meaning and f.size > 0 and f.high > 0 for f in first)


def test_own_kueh_and_hand_come_first_then_the_next_seats_in_turn_order() -> None:
    """Seat 1 reads its own Kueh, hand and score first, then seat 2's, then seat 0's."""
    kueh = [[1, 1, 1, 1], [2, 3, 4, 5], [9, 0, 0, 0]]
    state = build(board={"a1": "Ct"}, pawns=["N1@a1"], kueh=kueh)
    obs, layout = observe(state, 1)
    assert field(obs, layout, "kueh").tolist() == [2, 3, 4, 5, 9, 0, 0, 0, 1, 1, 1, 1]
    assert field(obs, layout, "sets").tolist() == [2, 0, 1]
    assert field(obs, layout, "hand_nyonyas").tolist() == [2, 3, 3]
    assert field(obs, layout, "hand_babas").tolist() == [2, 2, 2]
    assert field(obs, layout, "supply").tolist() == [22 - 12, 22 - 4, 22 - 5, 22 - 6]


def test_the_seat_to_move_and_the_turn_seat_are_relative_to_the_observer() -> None:
    """Seat 2 to take, seen by seat 0, is two seats on; the start seat 0 is the observer."""
    state = build(players=4, turn_seat=2)
    obs, layout = observe(state, 0)
    assert field(obs, layout, "to_move").tolist() == [0, 0, 1, 0]
    assert field(obs, layout, "turn_seat").tolist() == [0, 0, 1, 0]
    assert field(obs, layout, "start").tolist() == [1, 0, 0, 0]
    obs, layout = observe(state, 3)
    assert field(obs, layout, "to_move").tolist() == [0, 0, 0, 1]
    assert field(obs, layout, "start").tolist() == [0, 1, 0, 0]


def test_an_opponents_pawn_appears_under_its_relative_seat_kind_and_cell() -> None:
    """Seat 0's Baba on c3, seen by seat 1 of three, lies two seats on, among Babas, at c3."""
    state = build(board={"c3": "Gt", "a1": "Co"}, pawns=["B0@c3", "N1@a1"])
    obs, layout = observe(state, 1)
    pawns = field(obs, layout, "pawns").reshape(3, 2, 25)
    assert pawns[2, BABA, CELL_INDEX["c3"]] == 1
    assert pawns[0, NYONYA, CELL_INDEX["a1"]] == 1
    assert pawns.sum() == 2


def test_two_like_pawns_on_one_stacked_space_count_two() -> None:
    """A seat's two Nyonyas on the same stacked space are written as 2, not 1."""
    state = build(players=2, board={"b2": "Ct/Go"}, pawns=["N1@b2", "N1@b2"])
    obs, layout = observe(state, 0)
    pawns = field(obs, layout, "pawns").reshape(2, 2, 25)
    assert pawns[1, NYONYA, CELL_INDEX["b2"]] == 2
    assert pawns.sum() == 2


def test_a_board_space_shows_its_top_tile_and_whether_it_is_stacked() -> None:
    """a1 holds ceramics angku under butterfly tutu+ondeh: the top tile and the stack show."""
    state = build(board={"a1": "Ca/Bto", "e5": "Pw"})
    obs, layout = observe(state, 0)
    patterns = field(obs, layout, "board_pattern").reshape(25, 4)
    icons = field(obs, layout, "board_icons").reshape(25, 5)
    stacked = field(obs, layout, "board_stacked")
    a1, e5 = CELL_INDEX["a1"], CELL_INDEX["e5"]
    assert patterns[a1].tolist() == [0, 1, 0, 0]
    assert icons[a1].tolist() == [1, 1, 0, 0, 0]
    assert patterns[e5].tolist() == [0, 0, 0, 1] and icons[e5].tolist() == [0, 0, 0, 0, 1]
    assert stacked.tolist() == [1.0 if cell == a1 else 0.0 for cell in range(25)]
    assert patterns.sum() == 2 and icons.sum() == 3


def test_the_market_shows_each_positions_tile() -> None:
    """The deck top and slot1..slot4 each show the pattern and icons of their tile."""
    state = build(board={}, market=["Cb", "Gw", "Pto", "Ba", "Ct"])
    obs, layout = observe(state, 0)
    patterns = field(obs, layout, "market_pattern").reshape(5, 4)
    icons = field(obs, layout, "market_icons").reshape(5, 5)
    assert patterns.argmax(axis=1).tolist() == [CERAMICS, GOLDFISH, PEACOCK, BUTTERFLY, CERAMICS]
    assert icons.tolist() == [
        [0, 0, 1, 0, 0],
        [0, 0, 0, 0, 1],
        [1, 1, 0, 0, 0],
        [0, 0, 0, 1, 0],
        [1, 0, 0, 0, 0],
    ]


def test_the_deck_counts_every_tile_not_seen_on_the_table() -> None:
    """Both wild ceramics tiles seen (one covered) leave none in the deck; the rest add up."""
    state = build(board={"a1": "Cw/Bt", "b1": "Cw"}, market=["Pt", "Po", "Pb", "Pa", "Ct"])
    obs, layout = observe(state, 0)
    deck = field(obs, layout, "deck")
    assert deck[KIND_BY_CODE["Cw"]] == 0 and deck[KIND_BY_CODE["Bt"]] == 0
    assert deck[KIND_BY_CODE["Bw"]] == 2
    assert deck.sum() == 40 - 3 - 5
    assert field(obs, layout, "deck_size").tolist() == [40 - 3 - 4]


def test_a_half_made_turn_shows_the_tile_held_and_the_position_taken() -> None:
    """Between taking slot2 and placing, the held tile and the taken position are written."""
    state = build(
        board={"a1": "Ct"},
        market=["Pt", "Po", None, "Pa", "Ca"],
        phase="place",
        taken="slot2",
        held="Gtb",
    )
    obs, layout = observe(state, 1)
    assert field(obs, layout, "phase")[PHASE_NAMES.index("place")] == 1
    assert field(obs, layout, "taken").tolist() == [0, 0, 1, 0, 0]
    assert field(obs, layout, "held_pattern").tolist() == [0, 0, 1, 0]
    assert field(obs, layout, "held_icons").tolist() == [1, 0, 1, 0, 0]
    assert field(obs, layout, "market_pattern").reshape(5, 4)[2].sum() == 0
    assert field(obs, layout, "placed").sum() == 0


def test_after_placing_the_placed_cell_is_shown_while_a_pawn_is_chosen() -> None:
    """In the pawn phase the cell just filled is marked and nothing is held."""
    state = build(board={"d4": "Bw"}, market=["Pt", "Po", "Pb", "Pa", "Ca"])
    state.apply(state.str_to_action("take slot1", 0), 0)
    state.apply(state.str_to_action("place c2", 0), 0)
    obs, layout = observe(state, 2)
    assert state.view(2)["phase"] == "pawn"
    assert np.flatnonzero(field(obs, layout, "placed")).tolist() == [CELL_INDEX["c2"]]
    assert field(obs, layout, "taken").tolist() == [0, 1, 0, 0, 0]
    assert field(obs, layout, "held_pattern").sum() == 0


def test_a_wild_choice_shows_the_wilds_left_and_the_pawns_still_to_collect() -> None:
    """Seat 0 choosing a wild Kueh with seat 1's Baba still to collect, seen by seat 2."""
    state = build(
        board={"a1": "Gw", "a2": "Gt", "b1": "Go", "b2": "Gb", "c3": "Ct"},
        market=[None, "Pt", "Po", "Pb", "Pa"],
        phase="collect_kueh",
        taken="deck",
        placed="c3",
        wild_seat=0,
        wild_left=1,
        collecting=["B1@a1"],
    )
    obs, layout = observe(state, 2)
    assert field(obs, layout, "wild_left").tolist() == [1]
    assert field(obs, layout, "to_move").tolist() == [0, 1, 0]
    collecting = field(obs, layout, "collecting").reshape(3, 2, 25)
    assert collecting[2, BABA, CELL_INDEX["a1"]] == 1 and collecting.sum() == 1
    assert field(obs, layout, "pawns").sum() == 0


def test_the_options_are_written() -> None:
    """A policy trained across options can tell them apart."""
    state = build(
        options={"baba_neighbourhood": "orthogonal4", "nyonya_counts_own_tile": False},
    )
    obs, layout = observe(state, 0)
    assert field(obs, layout, "options").tolist() == [1, 0, 0]
    obs, layout = observe(build(), 0)
    assert field(obs, layout, "options").tolist() == [0, 1, 0]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seats_see_the_same_table_rotated_to_themselves(players: int) -> None:
    """Two seats' observations of one state differ only by the turn of the seat fields."""
    state = GAME.new_state(players)
    rng = random.Random(players)
    for _ in range(60):
        player, action = random_step(state, rng)
        state.apply(action, player)
    first, layout = observe(state, 0)
    other, _ = observe(state, 1)
    per_seat = {
        "hand_nyonyas": 1,
        "hand_babas": 1,
        "kueh": 4,
        "sets": 1,
        "to_move": 1,
        "turn_seat": 1,
        "start": 1,
        "pawns": 50,
        "collecting": 50,
    }
    for f in layout.fields:
        mine, theirs = field(first, layout, f.name), field(other, layout, f.name)
        if f.name in per_seat:
            width = per_seat[f.name]
            assert np.array_equal(np.roll(mine, -width), theirs), f.name
        else:
            assert np.array_equal(mine, theirs), f.name


def test_the_encoder_needs_no_memory_of_earlier_steps() -> None:
    """Nothing leaves the view, so a fresh encoder reads the same as one that saw every step."""
    table = Table("peranakan", 3)
    table.reset(11)
    assert not PeranakanEncoder.remembers
    rng = random.Random(3)
    for _ in range(80):
        if table.state.is_terminal():
            break
        seat = table.state.current_player()
        table.act(int(rng.choice(np.flatnonzero(table.mask(seat)))))
        for seat in range(3):
            fresh = PeranakanEncoder(3, table.options, seat)
            assert np.array_equal(table.observe(seat), fresh.observe(table.state.view(seat)))
