"""The cakes a round was scored on stay in sight until the next step (M4, M5): every seat and
the spectator see them as the table does, though the tiles are already back in the pool."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meja.core import CHANCE, InvalidPosition
from meja.core.game import random_step
from meja.core.told import viewers
from meja.games.mooncake import GAME, MooncakeState
from meja.games.mooncake.actions import PLACE_BASE
from meja.games.mooncake.tables import SLOTS, TILE_CODES
from meja.games.mooncake.text import render_seat

EMPTY = [None] * 12


def board(text: str) -> list[str | None]:
    """A board written slot by slot (1NE 1SE 1SW 1NW 2NE ... 3NW), '.' for empty."""
    return [None if code == "." else code for code in text.split()]


# Round 1, turn 4 of a 2-player game: each seat has one tile left to place (in its 3NW).
SEAT0 = "L-> L-< LN LS  RNN RSS RNS RNS  G- G- GN ."
SEAT1 = "R-> L-< R- L-  G-> G-< GN> GS<  LNN LSS RN ."
SCORED = [board(SEAT0[:-1] + "GS"), board(SEAT1[:-1] + "RS")]


def last_placements(**options: Any) -> MooncakeState:
    data = GAME.new_state(2, **options).position()
    data.update(
        phase="place",
        turn_in_round=4,
        customers=[10],
        boards=[board(SEAT0), board(SEAT1)],
        pending=[["3SE", "3SW"], ["3NE", "3SE"]],
        hands=[["GS"], ["RS"]],
        received=[["GN", "GS"], ["LNN", "RS"]],
    )
    return GAME.from_position(data)


def scored(**options: Any) -> MooncakeState:
    """Round 1 just scored: the next step is round 2's customer."""
    state = last_placements(**options)
    state.apply(state.str_to_action("place GS at 3NW", 0), 0)
    state.apply(state.str_to_action("place RS at 3NW", 1), 1)
    return state


def at_round_end(num_players: int, seed: int, rounds: int = 1) -> MooncakeState:
    """A random game just after its given number of rounds were scored."""
    rng = random.Random(seed)
    state = GAME.new_state(num_players)
    while len(state.view(None)["tastes"]) < rounds:
        player, action = random_step(state, rng)
        state.apply(action, player)
    return state


@pytest.mark.parametrize("reveal", ["together", "open"])
def test_every_viewer_sees_the_cakes_as_scored_though_the_boards_are_cleared_M5(
    reveal: str,
) -> None:
    """The last tile placed (hidden until then, M4) is among them, and so is every other."""
    state = scored(placement_reveal=reveal)
    for viewer in viewers(2):
        view = state.view(viewer)
        assert view["boards"] == [EMPTY, EMPTY] and view["pool_size"] == 72
        assert view["scored_round"] == {"round": 1, "boards": SCORED}
        assert view["tastes"] == [list(state._tastes[0])]


def test_the_scored_cakes_are_gone_after_the_next_step_M5() -> None:
    state = scored()
    before = state.clone()
    state.apply(state.chance_outcomes()[0][0], CHANCE)
    for viewer in viewers(2):
        assert state.view(viewer)["scored_round"] is None
        assert before.view(viewer)["scored_round"] is not None


@pytest.mark.parametrize("num_players", [3, 6])
def test_the_scored_cakes_are_every_seats_whole_board_for_every_viewer_M5(
    num_players: int,
) -> None:
    """Before its last placement every other seat's cakes, seen by viewer 0 or hidden, and the
    last tile held make exactly the cakes every viewer then sees scored."""
    rng = random.Random(num_players)
    state = GAME.new_state(num_players)
    while state.view(None)["turn_in_round"] != 4 or state.view(None)["phase"] != "place":
        player, action = random_step(state, rng)
        state.apply(action, player)
    while sum(state.view(None)["hand_sizes"]) != 1:
        player, action = random_step(state, rng)
        state.apply(action, player)
    whole = [board[:] for board in state.boards()]
    (seat,) = state.active_players()
    (action,) = state.legal_actions(seat)
    tile, slot = divmod(action - PLACE_BASE, SLOTS)
    whole[seat][slot] = tile
    state.apply(action, seat)
    shown = [state.view(viewer)["scored_round"] for viewer in viewers(num_players)]
    assert all(view == shown[0] for view in shown)
    assert shown[0] == {"round": 1, "boards": [[TILE_CODES[t] for t in row] for row in whole]}


def test_the_last_round_leaves_its_cakes_on_the_boards_so_nothing_more_is_kept_M5() -> None:
    state = at_round_end(2, seed=4, rounds=3)
    assert state.is_terminal()
    view = state.view(None)
    assert view["scored_round"] is None and all(None not in row for row in view["boards"])


def test_a_scored_round_position_round_trips_and_an_older_one_still_loads() -> None:
    state = scored()
    data = json.loads(json.dumps(state.position()))
    assert data["scored_round"] == {"boards": SCORED}
    copy = GAME.from_position(data)
    assert copy == state and str(copy) == str(state)
    assert [copy.view(v) for v in viewers(2)] == [state.view(v) for v in viewers(2)]
    older = GAME.from_position({k: v for k, v in data.items() if k != "scored_round"})
    assert older.view(None)["scored_round"] is None and older != state
    assert GAME.from_position({**data, "scored_round": None}) == older


@pytest.mark.parametrize("num_players", [2, 5])
def test_a_random_game_round_trips_while_its_cakes_are_scored(num_players: int) -> None:
    for rounds in (1, 2):
        state = at_round_end(num_players, seed=rounds, rounds=rounds)
        assert state.view(None)["scored_round"]["round"] == rounds
        copy = GAME.from_position(json.loads(json.dumps(state.position())))
        assert copy == state and copy.view(0) == state.view(0)


def test_bad_scored_cakes_are_refused_naming_the_field() -> None:
    good = json.loads(json.dumps(scored().position()))

    def bad(value: Any, message: str, **fields: Any) -> None:
        with pytest.raises(InvalidPosition, match=message):
            GAME.from_position({**good, **fields, "scored_round": value})

    boards = good["scored_round"]["boards"]
    bad([SCORED], r"scored_round: expected null or an object with boards")
    bad({"boards": boards, "round": 1}, r"scored_round: expected the key boards")
    bad({"boards": boards[:1]}, r"scored_round.boards: expected 2 entries")
    bad({"boards": [["XYZ", *boards[0][1:]], boards[1]]}, r"scored_round.boards\[0\]\[0\]: 'XYZ'")
    bad({"boards": [boards[0], [None, *boards[1][1:]]]}, r"scored_round.boards\[1\]: 1 empty")
    twice = "scored_round.boards: 2 LN tiles are in play, the box holds 1"
    bad({"boards": [boards[0], boards[0]]}, twice)
    bad({"boards": [boards[1], boards[0]]}, r"scored_round: its cakes taste \[\d+, \d+\]")
    sold = [[None, None, None], [None, None, 10]]
    bad({"boards": boards}, r"scored_round: its cakes sell to", served=[sold])
    draw = {"phase": "draw", "hands": [["LN"], []], "customers": [10, 1]}
    bad({"boards": boards}, r"scored_round: only as a new round begins", **draw)
    first = {"round": 1, "tastes": [], "served": [], "customers": []}
    bad({"boards": boards}, r"scored_round: only as a new round begins", **first)


def test_the_text_of_the_state_and_of_a_view_draw_the_scored_cakes() -> None:
    state = scored()
    lines = str(state).splitlines()
    start = lines.index("round 1 scored, in sight until the next step:")
    assert lines[start + 1 : start + 4] == [
        "  seat 0",
        "    LS     L->    | RNS    RNN    | GS     G-",
        "    LN     L-<    | RNS    RSS    | GN     G-",
    ]
    text = render_seat(state, 1)
    assert "Round 1 as scored, until the next step:" in text
    assert "  you: taste " in text and "    LS     L->    | RNS    RNN    | GS     G-" in text
