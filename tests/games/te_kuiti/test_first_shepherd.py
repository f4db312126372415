"""The first shepherd (T4b): "Choose a player to start as the shepherd", as Peranakan's start
player (P13): the host names a seat, seat 0 by default, or it is drawn as a chance event."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from meja.core import CHANCE, GameRecord, InvalidPosition, load_game
from meja.core.game import random_step
from meja.core.told import told_all
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.components import FENCES
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import NUM_CELLS

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]


def _option(game_name: str) -> Any:
    return next(o for o in load_game(game_name).options if o.name == "start_player")


def test_the_first_shepherd_option_is_peranakans_start_player_option_T4b() -> None:
    """Same name, choices, default and help as P13's, citing T4b; seat 0 starts by default."""
    ours, theirs = _option("te_kuiti"), _option("peranakan")
    assert (ours.name, ours.default, ours.kind) == (theirs.name, theirs.default, theirs.kind)
    assert ours.choices == ("random", "0", "1")
    assert ours.help == theirs.help.replace("P13", "T4b")
    assert GAME.resolve_options(2, {})["start_player"] == "0"


@pytest.mark.parametrize(("choice", "seat"), [("0", 0), ("1", 1), (0, 0), (1, 1)])
def test_the_named_seat_is_the_shepherd_of_round_1_and_the_sheep_player_of_round_2_T4b(
    build: Build, play: Play, row_fences: list[str], choice: Any, seat: int
) -> None:
    """T4b, T7: the chosen seat opens round 1 as shepherd, and the roles swap for round 2."""
    state = GAME.new_state(2, start_player=choice)
    assert state.current_player() == seat
    assert state.chance_outcomes() == []
    view = state.view(None)
    assert (view["phase"], view["shepherd"], view["sheep"]) == ("shepherd", seat, 1 - seat)
    assert (state.position()["start"], state.position()["shepherd"]) == (seat, seat)
    last = build(phase="shepherd", fences=row_fences, shepherd=seat, options={"start_player": seat})
    play(last, "fence c1n")
    assert (last.round, last.shepherd, last.current_player()) == (2, 1 - seat, 1 - seat)
    assert last.position()["start"] == seat


def test_by_default_seat_0_is_the_first_shepherd_as_before_T4b() -> None:
    state = GAME.new_state(2)
    assert state.current_player() == 0
    assert state.view(1)["shepherd"] == 0
    assert state.position()["start"] == 0


def test_a_random_first_shepherd_is_a_chance_event_before_any_move_T4b(play: Play) -> None:
    """T4b: each seat equally likely; until the draw no view names a shepherd."""
    state = GAME.new_state(2, start_player="random")
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert [state.action_to_str(a, CHANCE) for a, _ in state.chance_outcomes()] == [
        "start seat 0",
        "start seat 1",
    ]
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert (view["phase"], view["shepherd"], view["sheep"]) == ("start", None, None)
    assert (state.position()["start"], state.position()["shepherd"]) == (None, None)
    assert "the first shepherd is yet to be drawn" in str(state)
    assert [told.text for told in told_all(state, CHANCE, 1)] == [
        "The draw made {1} the first shepherd."
    ] * 3
    play(state, "start seat 1")
    assert state.current_player() == 1
    view = state.view(0)
    assert (view["phase"], view["shepherd"], view["sheep"]) == ("shepherd", 1, 0)
    assert (view["supply"], view["fences"], view["cells"]) == (FENCES, [], ["down"] * NUM_CELLS)
    assert state.position()["start"] == 1


def test_the_solo_game_has_no_shepherd_to_draw_T4b() -> None:
    state = GAME.new_state(1, start_player="random")
    assert state.current_player() == 0
    assert state.phase_name == "flip"
    assert state.position()["start"] == 0


@pytest.mark.parametrize(
    ("players", "choice", "message"),
    [
        (2, "2", r"^option 'start_player': '2' is not one of random, 0, 1$"),
        (2, 2, r"^option 'start_player': '2' is not one of random, 0, 1$"),
        (2, "first", r"^option 'start_player': 'first' is not one of random, 0, 1$"),
        (2, True, r"^option 'start_player': expected str, got True$"),
        (1, "1", r"^option 'start_player': seat 1 does not exist with 1 players$"),
        (1, 1, r"^option 'start_player': seat 1 does not exist with 1 players$"),
    ],
)
def test_a_first_shepherd_that_is_no_seat_is_refused_in_one_line_naming_the_option_T4b(
    players: int, choice: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message) as refused:
        GAME.new_state(players, start_player=choice)
    assert "\n" not in str(refused.value)


def test_a_position_keeps_the_first_shepherd_and_an_old_one_implies_it_T4b(play: Play) -> None:
    drawing = GAME.new_state(2, start_player="random")
    assert GAME.from_position(drawing.position()) == drawing
    state = play(GAME.new_state(2, start_player="random"), "start seat 1", "fence a1n")
    data = state.position()
    assert GAME.from_position(data) == state
    del data["start"]
    assert GAME.from_position(data) == state


def _drawing(**changes: Any) -> dict[str, Any]:
    return dict(GAME.new_state(2, start_player="random").position(), **changes)


def _started(choice: str, **changes: Any) -> dict[str, Any]:
    return dict(GAME.new_state(2, start_player=choice).position(), **changes)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_started("1", phase="start"), r"^phase: 'start' only when start_player='random'"),
        (_drawing(num_players=1), r"^phase: 'start' does not occur with 1 player"),
        (_drawing(shepherd=0), r"^shepherd: null, as is start, until the first shepherd"),
        (_drawing(start=1), r"^shepherd: null, as is start, until the first shepherd"),
        (_drawing(fences=["a1n"], supply=FENCES - 1), r"^phase: 'start' comes before any move"),
        (_drawing(end_of_round=True), r"^phase: 'start' comes before any move"),
        (_started("1", start=0), r"^start: expected 1, as seat 1 is the shepherd in round 1"),
        (_started("1", start=None), r"^start: expected 1"),
        (_started("1", start=True), r"^start: expected 1"),
        (_started("1", shepherd=0, start=0), r"^start: the start_player option makes seat 1"),
        (
            {k: v for k, v in _started("1", shepherd=0).items() if k != "start"},
            r"^shepherd: the start_player option makes seat 1 shepherd first",
        ),
        (_started("0", round=2, round_scores=[[0, 0]]), r"^start: expected 1, as seat 0 is the"),
    ],
)
def test_a_first_shepherd_at_odds_with_the_position_is_refused_naming_the_field_T4b(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidPosition, match=message):
        GAME.from_position(data)


def test_seeded_games_with_a_random_first_shepherd_replay_and_round_trip_T4b() -> None:
    """Over seeded games either seat may be drawn; the game then runs as the drawn seat opens."""
    drawn = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state(2, start_player="random")
        while not state.is_terminal():
            assert GAME.from_position(state.position()) == state
            assert state.check_components() == []
            seat, action = random_step(state, rng)
            state.apply(action, seat)
        first = state.history[0][1]
        drawn.add(first)
        assert state.position()["start"] == first
        assert state.shepherd == 1 - first
        assert GameRecord.from_state(state).replay(game=GAME) == state
    assert drawn == {0, 1}
