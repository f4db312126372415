"""Options, positions, action names, refusals, views and text of the Peranakan state."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from meja.core import CHANCE, GameRecord, IllegalAction, InvalidPosition, NotYourTurn
from meja.core.episode import play_random
from meja.core.game import random_step
from meja.games.peranakan import GAME, PeranakanState, text
from meja.games.peranakan.actions import PLAYER_ACTIONS
from meja.games.peranakan.components import (
    KUEH_PER_TYPE,
    KUEH_TYPES,
    PATTERNS,
    PAWN_COLOURS,
    PAWNS_BY_PLAYER_COUNT,
    PAWNS_PER_COLOUR,
    TILE_KINDS,
    TOTAL_TILES,
    WILD,
)

Build = Callable[..., PeranakanState]
Play = Callable[..., PeranakanState]


def test_components_match_the_rulebook_counts() -> None:
    assert TOTAL_TILES == 40
    for pattern in range(len(PATTERNS)):
        assert sum(k.count for k in TILE_KINDS if k.pattern == pattern) == 10
    assert len(KUEH_TYPES) * KUEH_PER_TYPE == 88
    assert len(PAWN_COLOURS) * PAWNS_PER_COLOUR[0] == 20
    assert len(PAWN_COLOURS) * PAWNS_PER_COLOUR[1] == 15
    for nyonyas, babas in PAWNS_BY_PLAYER_COUNT.values():
        assert nyonyas <= PAWNS_PER_COLOUR[0] and babas <= PAWNS_PER_COLOUR[1]


def test_proposed_tiles_show_one_or_two_icons_and_two_wild_tiles_per_pattern() -> None:
    assert all(1 <= len(kind.icons) <= 2 for kind in TILE_KINDS)
    for pattern in range(len(PATTERNS)):
        wild = [k for k in TILE_KINDS if k.pattern == pattern and WILD in k.icons]
        assert sum(k.count for k in wild) == 2


@pytest.mark.parametrize(
    ("players", "options", "named"),
    [
        (2, {"baba_neighbourhood": "hex"}, "baba_neighbourhood"),
        (2, {"nyonya_counts_own_tile": "maybe"}, "nyonya_counts_own_tile"),
        (2, {"baba_counts_own_tile": 3}, "baba_counts_own_tile"),
        (3, {"start_player": 4}, "start_player"),
        (2, {"start_player": "first"}, "start_player"),
        (2, {"colour": "red"}, "colour"),
        (6, {}, "num_players"),
        (1, {}, "num_players"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    players: int, options: dict[str, Any], named: str
) -> None:
    with pytest.raises(ValueError, match=named):
        GAME.new_state(players, **options)


def test_options_accept_text_and_seat_numbers() -> None:
    state = GAME.new_state(3, nyonya_counts_own_tile="false", start_player=2)
    assert state.options["nyonya_counts_own_tile"] is False
    assert state.options["start_player"] == "2"
    assert [opt.name for opt in GAME.options] == [
        "baba_neighbourhood",
        "nyonya_counts_own_tile",
        "baba_counts_own_tile",
        "start_player",
    ]
    defaults = {opt.name: opt.default for opt in GAME.options}
    assert defaults == {
        "baba_neighbourhood": "moore8",
        "nyonya_counts_own_tile": True,
        "baba_counts_own_tile": False,
        "start_player": "0",
    }


def _take_phase(build: Build) -> dict[str, Any]:
    return build(board={"c3": "Ct", "b2": "Bo/Ga"}, pawns=["N0@c3"]).position()


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"board": None}, "the position has no 'board' field"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"board": [". . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]}, "'board'"),
        ({"board": ["Xx . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]}, "'board'"),
        ({"pawns": ["N0@a1"]}, "'pawns'"),
        ({"pawns": ["Q0@c3"]}, "'pawns'"),
        ({"pawns": ["N0@c3", "B1@c3"], "hands": [[3, 3], [4, 2]]}, "'pawns'"),
        ({"market": ["Ct", "Pt", "Po", "Pb", "Pa"]}, "'board'"),
        ({"market": ["Pt", None, "Po", "Pb", "Pa"]}, "'market'"),
        ({"hands": [[4, 3], [4, 3]]}, "'hands'"),
        ({"kueh": [[20, 0, 0, 0], [3, 0, 0, 0]]}, "'kueh'"),
        ({"hands": [[5, 3], [4, 3]]}, "'hands'"),
        ({"kueh": [[0, 0, 0], [0, 0, 0, 0]]}, "'kueh'"),
        ({"phase": "dance"}, "'phase'"),
        ({"turn": 5}, "'turn'"),
        ({"turn": True}, "'turn'"),
        ({"turn_seat": 5}, "'turn_seat'"),
        ({"to_move": 1}, "'to_move'"),
        ({"format": 3}, "'format'"),
        ({"held": "Gt"}, "'held'"),
        ({"options": {"baba_neighbourhood": "hex"}}, "'options'"),
        ({"start": None}, "'start'"),
        ({"wild_left": 2}, "'collecting'"),
    ],
)
def test_bad_positions_are_refused_naming_the_field(
    build: Build, change: dict[str, Any], named: str
) -> None:
    data = _take_phase(build)
    for key, value in change.items():
        if value is None and key == "board":
            del data[key]
        else:
            data[key] = value
    with pytest.raises(InvalidPosition, match=named):
        GAME.from_position(data)


def _collecting(build: Build, **fields: Any) -> PeranakanState:
    """Seat 0 choosing a wild Kueh just after placing c3, with pawns still to collect."""
    return build(
        board={"a1": "Gw", "a2": "Gt", "b1": "Go", "b2": "Gb", "c3": "Ct"},
        market=[None, "Pt", "Po", "Pb", "Pa"],
        phase="collect_kueh",
        taken="deck",
        placed="c3",
        wild_seat=0,
        wild_left=1,
        **fields,
    )


def test_a_pawn_still_to_collect_must_stand_on_a_tile_with_a_filled_area(build: Build) -> None:
    """Only a pawn whose whole area holds tiles collects (P2, P4); it stands on its tile."""
    assert _collecting(build, collecting=["B1@a1"]).position()["collecting"] == ["B1@a1"]
    with pytest.raises(InvalidPosition, match="'collecting': seat 1's pawn stands on the empty"):
        _collecting(build, collecting=["B1@e5"])
    with pytest.raises(InvalidPosition, match="'collecting': N1@c3 cannot collect while its area"):
        _collecting(build, collecting=["N1@c3"])
    with pytest.raises(InvalidPosition, match="'pawns': 2 pawns on 1 tile"):
        _collecting(build, pawns=["N0@a1"], collecting=["B1@a1"])


@pytest.mark.parametrize(
    "fields",
    [{"kueh": [[22, 22, 22, 22], [0, 0, 0, 0]]}, {"retired": [[4, 3], [4, 3]]}],
    ids=["supplies-empty", "every-pawn-collected"],
)
def test_a_turn_cannot_start_once_an_end_trigger_holds_P9(
    build: Build, fields: dict[str, Any]
) -> None:
    """P9: the turn in which a trigger happens is the last one, so no turn starts after it."""
    with pytest.raises(InvalidPosition, match="'phase': an end trigger holds"):
        build(**fields)
    assert build(phase="over", market=[None, "Pt", "Po", "Pb", "Pa"], **fields).is_terminal()


def test_position_is_refused_when_not_an_object() -> None:
    with pytest.raises(InvalidPosition, match="JSON object"):
        GAME.from_position([])  # type: ignore[arg-type]


def test_positions_round_trip_at_every_kind_of_step() -> None:
    """Every phase of a game, chance nodes and wild choices included, rebuilds equal."""
    seen: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_state(2 + seed % 4, start_player="random")
        while not state.is_terminal():
            data = json.loads(json.dumps(state.position()))
            rebuilt = GAME.from_position(data)
            assert rebuilt == state and rebuilt.position() == state.position()
            assert str(rebuilt) == str(state)
            seen.add(data["phase"])
            seat, action = random_step(state, rng)
            state.apply(action, seat)
    assert seen == {"reveal", "start", "take", "choose_kueh", "place", "pawn", "collect_kueh"}


def _first_shape(data: dict[str, Any]) -> dict[str, Any]:
    """A format-2 position written in the first shape: no envelope count, first names."""
    first = {key: value for key, value in data.items() if key not in ("format", "to_move", "turn")}
    first["players"] = first.pop("num_players")
    first["turn"] = first.pop("turn_seat")
    return first


def test_a_position_of_the_first_shape_loads_equal_to_format_2() -> None:
    """Saved games from before the envelope keep loading: the turn count is read from the board."""
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_state(2 + seed % 4, start_player="random")
        while True:
            data = state.position()
            old = GAME.from_position(_first_shape(data))
            assert old == state and old.position() == data
            if state.is_terminal():
                break
            seat, action = random_step(state, rng)
            state.apply(action, seat)
    with pytest.raises(InvalidPosition, match="'players'"):
        GAME.from_position(_first_shape(data) | {"players": 7})


def test_views_and_positions_begin_with_the_envelope_and_count_turns_begun(play: Play) -> None:
    state = GAME.new_state(3, start_player="2")
    envelope = ["num_players", "phase", "to_move", "turn"]
    assert list(state.view(1))[:5] == [*envelope, "seat"]
    assert list(state.position())[:5] == [*envelope, "format"]
    assert (state.view(None)["turn"], state.view(None)["turn_seat"]) == (0, 2)
    play(state, *[f"reveal {name}" for name in ("peacock tutu", "peacock ondeh")])
    play(state, "reveal peacock bahulu", "reveal peacock angku", "reveal peacock wild")
    view = state.view(0)
    assert (view["num_players"], view["turn"], view["turn_seat"], view["to_move"]) == (3, 1, 2, 2)
    play(state, "take slot1", "place c3", "no pawn")
    view = state.view(0)
    assert (view["phase"], view["turn"], view["turn_seat"], view["to_move"]) == ("reveal", 2, 0, -1)


def test_clone_is_independent_and_equal(build: Build, play: Play) -> None:
    state = build(board={"c3": "Ct"})
    copy = state.clone()
    assert copy == state and copy.history == state.history
    play(copy, "take slot1", "place a1")
    assert copy != state
    assert state.position()["board"][0] == ". . . . ."
    assert state.history == []


def test_action_names_parse_back_in_any_case_and_spacing(build: Build, play: Play) -> None:
    state = build()
    names = [state.action_to_str(a) for a in range(GAME.num_actions(2))]
    assert names[:5] == ["take deck", "take slot1", "take slot2", "take slot3", "take slot4"]
    assert names[5:9] == ["kueh tutu", "kueh ondeh", "kueh bahulu", "kueh angku"]
    assert names[9] == "place a1" and names[33] == "place e5"
    assert names[34:] == ["no pawn", "nyonya", "baba"]
    assert len(set(names)) == len(names)
    assert state.str_to_action("  Take   SLOT2 ") == 2
    assert state.str_to_action("3") == 3
    play(state, "take slot2")
    assert state.str_to_action("PLACE C3") == state.str_to_action("place c3")
    with pytest.raises(IllegalAction, match="'fly away' is not a legal move now"):
        state.str_to_action("fly away")


def test_an_illegal_action_says_what_to_choose_instead(build: Build) -> None:
    state = build()
    before = state.clone()
    with pytest.raises(IllegalAction, match="cannot 'place c3' now; choose a market tile: take"):
        state.apply(PLAYER_ACTIONS.names.index("place c3"), 0)
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply(99, 0)
    with pytest.raises(NotYourTurn):
        state.apply(0, 1)
    assert state == before and state.history == []


def test_chance_outcomes_are_named_and_refused_for_players() -> None:
    state = GAME.new_state(2)
    assert state.action_to_str(0, CHANCE) == "reveal ceramics tutu"
    with pytest.raises(NotYourTurn):
        state.apply(0, 0)
    with pytest.raises(IllegalAction):
        state.apply(36, CHANCE)


def test_everything_on_the_table_is_in_every_view(build: Build, play: Play) -> None:
    """No hidden information: views differ only in whose seat they are for."""
    state = play(build(board={"c3": "Ct/Bo"}, pawns=["B1@c3"]), "take slot1")
    views = [state.view(p) for p in (None, 0, 1)]
    assert [v.pop("seat") for v in views] == [None, 0, 1]
    assert views[0] == views[1] == views[2]
    assert views[0]["board"][2] == ". . Ct/Bo . ."
    # The deck, its top included, is every tile not on the board, in slots 2-4 or in hand.
    assert views[0]["held"] is not None and views[0]["deck_size"] == 40 - 2 - 3 - 1
    assert views[0]["to_move"] == 0
    assert state.resample(1, random.Random(0)) == state


def test_terminal_text_shows_board_market_supply_pawns_and_scores(build: Build, play: Play) -> None:
    state = build(board={"c3": "Ct/Bo", "a1": "Gw"}, pawns=["B1@c3"], kueh=[[1, 1, 1, 2], [0] * 4])
    picture = text.render(state)
    for expected in (
        "Seat 0 (green): choose a market tile",
        "slot4",
        "any Kueh (wild)",
        "Ang Ku Kueh (20 left)",
        "butterfly x2",
        "goldfish",
        "B1",
        "Seat 0 (green): sets 1",
    ):
        assert expected in picture
    over = play_random(GAME.new_state(3), random.Random(4))
    assert "Game over. Winner" in text.render(over)


def test_compact_text_is_stable_and_covers_the_whole_state(build: Build) -> None:
    state = build(board={"c3": "Ct/Bo"}, pawns=["B1@c3"])
    lines = str(state).splitlines()
    assert lines[0] == "take turn=0 start=0"
    assert lines[4] == ". . Ct/Bo+B1 . ."
    assert lines[-1] == "seat1 kueh=0/0/0/0 sets=0 hand=N4B2"
    assert str(GAME.from_position(state.position())) == str(state)


def test_a_saved_game_replays_to_the_same_state() -> None:
    state = play_random(GAME.new_state(4, start_player="random"), random.Random(11))
    record = GameRecord.from_json(GameRecord.from_state(state).to_json())
    assert record.replay(game=GAME) == state
    assert len(state.history) <= GAME.max_game_length(4)
