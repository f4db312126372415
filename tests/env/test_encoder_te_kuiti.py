"""The Te Kuiti observation: what each number means, its bounds, and what a seat remembers.

Researchers rely on a fixed layout whose every number lies in [0, high], on seats written from the
observer's side, and on an observation that remembers the face of every tile the seat saw turned
up and then back this round (T4a), even when it was turned back before the seat's next decision.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from meja.core.game import CHANCE, random_step
from meja.env.encoders.te_kuiti import CELL_RUN, NUM_TILES, TeKuitiEncoder, face_run
from meja.env.encoding import Encoder
from meja.env.table import Table
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.actions import FLIP
from meja.games.te_kuiti.components import SIDES
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import (
    CELL_INDEX,
    CELL_NAMES,
    EDGE_INDEX,
    NUM_CELLS,
    PHASE_NAMES,
    TILE_NAMES,
)

CONFIGS: tuple[tuple[int, dict[str, Any]], ...] = (
    (1, {}),
    (1, {"out_of_fences": "end_of_turn", "solo_turn_limit": 6}),
    (2, {}),
    (2, {"out_of_fences": "end_of_turn", "start_player": "random"}),
)


def encoders(state: TeKuitiState) -> list[TeKuitiEncoder]:
    """One encoder per seat of state's game."""
    return [TeKuitiEncoder(state.num_players, state.options, s) for s in range(state.num_players)]


def step(state: TeKuitiState, seats: list[TeKuitiEncoder], player: int, action: int) -> None:
    """Tell every seat of the step as the Table does, apply it, and show the view after a reveal."""
    told = [state.told(player, action, encoder.seat) for encoder in seats]
    for encoder, news in zip(seats, told, strict=True):
        encoder.remember(player, news)
    state.apply(action, player)
    for encoder, news in zip(seats, told, strict=True):
        if news.reveals:
            encoder.glimpse(state.view(encoder.seat))


def play(state: TeKuitiState, seats: list[TeKuitiEncoder], *moves: str) -> None:
    """Moves and chance outcomes by name, for whoever is to act."""
    for move in moves:
        player = state.current_player()
        step(state, seats, player, state.str_to_action(move, player))


def part(encoder: Encoder, obs: np.ndarray, name: str) -> np.ndarray:
    """The numbers of one field."""
    return obs[encoder.layout.slice(name)]


def cell(encoder: Encoder, obs: np.ndarray, name: str) -> np.ndarray:
    """One cell's run: down, gone, tile type one-hot, daisy side one-hot."""
    start = CELL_INDEX[name] * CELL_RUN
    return part(encoder, obs, "cells")[start : start + CELL_RUN]


def remembered(encoder: Encoder, obs: np.ndarray, name: str) -> np.ndarray:
    """One cell's memory: the tile type one-hot, then (solo) the daisy side one-hot."""
    run = face_run(encoder.num_players)
    start = CELL_INDEX[name] * run
    return part(encoder, obs, "remembered")[start : start + run]


def face(encoder: Encoder, text: str) -> np.ndarray:
    """The memory run of a face as a view writes it: "<tile>[ <daisy side>]"."""
    run = np.zeros(face_run(encoder.num_players), dtype=np.float32)
    tile, *side = text.split()
    run[TILE_NAMES.index(tile)] = 1
    if side:
        run[NUM_TILES + SIDES.index(side[0])] = 1
    return run


def observe(state: TeKuitiState, encoder: TeKuitiEncoder) -> np.ndarray:
    return encoder.observe(state.view(encoder.seat))


def drive(table: Table, *moves: str) -> None:
    """Moves and chance outcomes by name through the Table, for whoever is to act; no seat
    observes on the way."""
    for move in moves:
        state = table.state
        player = state.current_player()
        table.apply(state.str_to_action(move, player), player)


def two_player(**options: Any) -> tuple[TeKuitiState, list[TeKuitiEncoder]]:
    state = GAME.new_state(2, **options)
    return state, encoders(state)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_observation_lies_within_its_fields_bounds_in_random_games(
    players: int, options: Mapping[str, Any]
) -> None:
    """Field by field in [0, high], of the layout's size, the layout fixed by count and options."""
    layout = TeKuitiEncoder.fields(players, GAME.resolve_options(players, options))
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_state(players, **options)
        seats = encoders(state)
        while True:
            for encoder in seats:
                assert encoder.layout.fields == layout.fields
                obs = observe(state, encoder)
                assert obs.shape == (layout.size,) and obs.dtype == np.float32
                for field in layout.fields:
                    values = obs[layout.slice(field.name)]
                    assert values.min() >= 0 and values.max() <= field.high, (field, values)
            if state.is_terminal():
                break
            step(state, seats, *random_step(state, rng))


def test_a_tile_turned_up_shows_its_type_in_its_cell_to_both_seats() -> None:
    state, seats = two_player()
    play(state, seats, "fence a1n", "fence a1w", "flip c3", "joyful")
    for encoder in seats:
        obs = observe(state, encoder)
        run = cell(encoder, obs, "c3")
        assert run[2 + TILE_NAMES.index("joyful")] == 1 and run.sum() == 1
        assert part(encoder, obs, "revealed")[CELL_INDEX["c3"]] == 1
        assert cell(encoder, obs, "a1")[0] == 1  # still face down


def test_a_solo_daisy_shows_the_side_it_faces() -> None:
    state = GAME.new_state(1)
    seats = encoders(state)
    play(state, seats, "flip b2", "sleepy_daisy", "daisy east")
    encoder = seats[0]
    obs = observe(state, encoder)
    run = cell(encoder, obs, "b2")
    assert run[2 + TILE_NAMES.index("sleepy_daisy")] == 1
    assert run[2 + NUM_TILES + SIDES.index("east")] == 1
    assert part(encoder, obs, "fences")[EDGE_INDEX["c2w"]] == 1  # b2's east side


def test_solo_turns_left_count_down_to_the_limit() -> None:
    state = GAME.new_state(1, solo_turn_limit=5)
    seats = encoders(state)
    encoder = seats[0]
    assert part(encoder, observe(state, encoder), "turns_left")[0] == 4
    play(state, seats, "flip a1", "joyful", "flip a2", "timid")
    assert part(encoder, observe(state, encoder), "turns_left")[0] == 3


def test_roles_and_the_seat_to_move_are_written_from_the_observers_side() -> None:
    state, seats = two_player(start_player="1")
    shepherd, sheep = seats[1], seats[0]
    obs = observe(state, shepherd)
    assert list(part(shepherd, obs, "shepherd")) == [1, 0]
    assert list(part(shepherd, obs, "sheep")) == [0, 1]
    assert list(part(shepherd, obs, "to_move")) == [1, 0]
    obs = observe(state, sheep)
    assert list(part(sheep, obs, "shepherd")) == [0, 1]
    assert list(part(sheep, obs, "sheep")) == [1, 0]
    assert list(part(sheep, obs, "to_move")) == [0, 1]
    assert part(sheep, obs, "phase")[PHASE_NAMES.index("shepherd")] == 1


def test_a_collected_pair_scores_under_the_sheep_players_relative_seat() -> None:
    state, seats = two_player()
    play(state, seats, "fence a1n", "fence a1w", "flip c3", "joyful", "flip d4", "joyful_daisy")
    shepherd, sheep = seats
    assert list(part(sheep, observe(state, sheep), "scores")) == [2, 0]
    assert list(part(shepherd, observe(state, shepherd), "scores")) == [0, 2]
    removed = part(sheep, observe(state, sheep), "removed")
    assert removed[TILE_NAMES.index("joyful")] == 1
    assert removed[TILE_NAMES.index("joyful_daisy")] == 1
    assert cell(sheep, observe(state, sheep), "c3")[1] == 1  # gone


def test_the_shepherds_half_made_turn_shows_one_fence_up_and_one_to_place() -> None:
    state, seats = two_player()
    play(state, seats, "fence b2n")
    encoder = seats[0]
    obs = observe(state, encoder)
    assert part(encoder, obs, "fences_to_place")[0] == 1
    assert part(encoder, obs, "supply")[0] == 29
    fences = part(encoder, obs, "fences")
    assert fences[EDGE_INDEX["b2n"]] == 1 and fences.sum() == 1


def test_the_sheep_players_first_sheep_of_the_turn_is_shown_as_revealed() -> None:
    state, seats = two_player()
    play(state, seats, "fence a1n", "fence a1w", "flip e5", "angry")
    encoder = seats[1]
    revealed = part(encoder, observe(state, encoder), "revealed")
    assert revealed[CELL_INDEX["e5"]] == 1 and revealed.sum() == 1


def test_a_ram_waits_for_its_fence_choice_in_the_ram_phase() -> None:
    state, seats = two_player()
    play(state, seats, "fence a1n", "fence a1w", "flip e5", "ram")
    encoder = seats[1]
    obs = observe(state, encoder)
    assert part(encoder, obs, "phase")[PHASE_NAMES.index("ram")] == 1
    assert part(encoder, obs, "removed")[TILE_NAMES.index("ram")] == 1


def test_turned_back_tiles_show_their_faces_until_the_next_action_then_only_as_seen() -> None:
    state, seats = two_player()
    play(state, seats, "fence a1n", "fence a1w", "flip c3", "joyful", "flip d4", "sleepy")
    for encoder in seats:
        obs = observe(state, encoder)
        assert part(encoder, obs, "turning_back")[CELL_INDEX["c3"]] == 1
        assert cell(encoder, obs, "d4")[2 + TILE_NAMES.index("sleepy")] == 1
    play(state, seats, "fence e5s")
    for encoder in seats:
        obs = observe(state, encoder)
        assert cell(encoder, obs, "c3")[0] == 1 and cell(encoder, obs, "c3").sum() == 1
        seen = part(encoder, obs, "seen")
        assert seen[CELL_INDEX["c3"]] == 1 and seen[CELL_INDEX["d4"]] == 1 and seen.sum() == 2


def test_faces_turned_back_before_the_seats_next_decision_stay_in_its_observation() -> None:
    """Two Tables that differ only in two faces now hidden: the views agree, the memories don't."""
    first, second = Table("te_kuiti", 2), Table("te_kuiti", 2)
    for table, faces in ((first, ("joyful", "sleepy")), (second, ("timid", "angry"))):
        table.reset(seed=1)
        drive(table, "fence a1n", "fence a1w", "flip c3", faces[0], "flip d4", faces[1])
        table.act(table.state.str_to_action("fence e5s", 0))
    for seat in (0, 1):
        assert first.state.view(seat) == second.state.view(seat)
        a, b = first.observe(seat), second.observe(seat)
        encoder = first.encoders[seat]
        assert cell(encoder, a, "c3")[0] == 1 and cell(encoder, a, "d4")[0] == 1  # face down
        assert np.array_equal(remembered(encoder, a, "c3"), face(encoder, "joyful"))
        assert np.array_equal(remembered(encoder, a, "d4"), face(encoder, "sleepy"))
        assert np.array_equal(remembered(encoder, b, "c3"), face(encoder, "timid"))
        assert np.array_equal(remembered(encoder, b, "d4"), face(encoder, "angry"))
        assert part(encoder, a, "remembered").sum() == 2
        assert not np.array_equal(a, b)


def test_a_seeded_game_keeps_the_faces_of_unmatched_sheep_turned_back() -> None:
    """In a real game the sheep player's mismatch is turned back inside one act; both seats,
    observing only afterwards, still know both faces."""
    table = Table("te_kuiti", 2)
    table.reset(seed=3)
    rng = random.Random(3)
    checked = 0
    while not table.state.is_terminal() and checked < 3:
        state = table.state
        table.act(rng.choice(state.legal_actions()))
        shown = table.state.view(None)
        if len(shown["turning_back"]) != 2:
            continue
        faces = {name: shown["cells"][CELL_INDEX[name]] for name in shown["turning_back"]}
        state = table.state
        table.act(rng.choice(state.legal_actions()))
        for seat in (0, 1):
            view = table.state.view(seat)
            obs = table.observe(seat)
            encoder = table.encoders[seat]
            for name, text in faces.items():
                assert view["cells"][CELL_INDEX[name]] == "down"
                assert np.array_equal(remembered(encoder, obs, name), face(encoder, text))
        checked += 1
    assert checked == 3


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_memory_holds_every_face_seen_this_round_on_the_tiles_now_face_down(
    players: int, options: Mapping[str, Any]
) -> None:
    """After every step: the face each face-down cell showed when last in sight this round, and
    nothing for the rest (face up, gone, or never seen; a new round starts blank)."""
    for seed in range(3):
        table = Table("te_kuiti", players, **options)
        table.reset(seed=seed)
        rng = random.Random(seed)
        faces: dict[str, str] = {}
        number = 0
        while not table.state.is_terminal():
            seat, action = random_step(table.state, rng)
            table.act(action, None if seat == CHANCE else seat)
            shown = table.state.view(None)
            if shown["round"] != number:
                faces, number = {}, shown["round"]
            for name, text in zip(CELL_NAMES, shown["cells"], strict=True):
                if text not in ("down", "gone"):
                    faces[name] = text
            for encoder in table.encoders:
                obs = table.observe(encoder.seat)
                for name, text in zip(CELL_NAMES, shown["cells"], strict=True):
                    expected = np.zeros(face_run(players), dtype=np.float32)
                    if text == "down" and name in faces:
                        expected = face(encoder, faces[name])
                    assert np.array_equal(remembered(encoder, obs, name), expected), name


def test_a_seat_that_observes_every_step_remembers_the_faces_without_a_glimpse() -> None:
    """A caller that never calls glimpse but looks after every step keeps the same memory."""
    state = GAME.new_state(2)
    seats = encoders(state)
    for move in ("fence a1n", "fence a1w", "flip c3", "joyful", "flip d4", "sleepy", "fence e5s"):
        player = state.current_player()
        action = state.str_to_action(move, player)
        for encoder in seats:
            encoder.remember(player, state.told(player, action, encoder.seat))
        state.apply(action, player)
        for encoder in seats:
            observe(state, encoder)
    for encoder in seats:
        obs = observe(state, encoder)
        assert np.array_equal(remembered(encoder, obs, "c3"), face(encoder, "joyful"))
        assert np.array_equal(remembered(encoder, obs, "d4"), face(encoder, "sleepy"))


def test_a_solo_daisy_turned_back_is_remembered_with_the_side_it_faces() -> None:
    state = GAME.new_state(1)
    seats = encoders(state)
    play(state, seats, "flip b2", "sleepy_daisy", "daisy east", "flip c3", "joyful", "flip a1")
    encoder = seats[0]
    obs = observe(state, encoder)
    assert cell(encoder, obs, "b2")[0] == 1
    assert np.array_equal(remembered(encoder, obs, "b2"), face(encoder, "sleepy_daisy east"))
    assert np.array_equal(remembered(encoder, obs, "c3"), face(encoder, "joyful"))
    assert part(encoder, obs, "remembered").sum() == 3  # b2's type and side, c3's type


def test_a_copy_keeps_its_own_memory_and_forget_clears_it() -> None:
    state, seats = two_player()
    play(state, seats, "fence a1n", "fence a1w", "flip c3", "joyful")
    encoder = seats[1]
    twin = encoder.copy()
    play(state, seats, "flip d4", "sleepy", "fence e5s")
    view = state.view(1)
    obs = encoder.observe(view)
    assert part(encoder, obs, "seen").sum() == 2
    assert part(encoder, obs, "remembered").sum() == 2
    obs = twin.observe(view)
    assert part(twin, obs, "seen").sum() == 1
    assert np.array_equal(remembered(twin, obs, "c3"), face(twin, "joyful"))
    assert part(twin, obs, "remembered").sum() == 1
    encoder.forget()
    obs = encoder.observe(view)
    assert part(encoder, obs, "seen").sum() == 0 and part(encoder, obs, "remembered").sum() == 0


def test_the_table_remembers_the_cells_flipped_in_the_current_round_only() -> None:
    table = Table("te_kuiti", 2)
    table.reset(seed=7)
    rng = random.Random(7)
    flipped: dict[int, set[int]] = {1: set(), 2: set()}
    while not table.state.is_terminal():
        state = table.state
        action = rng.choice(state.legal_actions())
        if FLIP <= action < FLIP + NUM_CELLS:
            flipped[state.view(None)["round"]].add(action - FLIP)
        table.act(action)
        number = table.state.view(0)["round"]
        for seat in (0, 1):
            seen = part(table.encoders[seat], table.observe(seat), "seen")
            assert set(np.flatnonzero(seen).tolist()) == flipped[number]
    assert flipped[2] and flipped[1] - flipped[2]
