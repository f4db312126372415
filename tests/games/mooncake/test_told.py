"""What each seat and the spectator is told of a step: drawn, kept and placed tiles stay hidden
from those who cannot see them (M3, M4), and what the table sees is named to everyone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meja.core import CHANCE, State
from meja.core.game import random_step
from meja.core.told import viewers
from meja.games.mooncake import GAME, MooncakeState
from meja.games.mooncake.actions import PLACE_BASE
from meja.games.mooncake.tables import CODE_TO_TILE, SLOTS, TILE_CODES
from meja.games.mooncake.words import TILES, listed

OPEN = {"placement_reveal": "open", "half_yolk_bonus": "every_cake", "all_tied_taste": "others"}


def board(text: str) -> list[str | None]:
    """A board written slot by slot (1NE 1SE 1SW 1NW 2NE ... 3NW), '.' for empty."""
    return [None if code == "." else code for code in text.split()]


def setup(num_players: int, **fields: Any) -> MooncakeState:
    """A state from a fresh game's position with some fields replaced."""
    data = GAME.new_state(num_players).position()
    data.update(fields)
    return GAME.from_position(data)


def choosing(hands: list[list[str]], **fields: Any) -> MooncakeState:
    """Turn 1 of round 1 with every seat holding its 3 drawn tiles."""
    return setup(len(hands), phase="choose", customers=[1], hands=hands, **fields)


def choose(state: MooncakeState, seat: int, text: str) -> int:
    action = state.str_to_action(text, seat)
    assert state.action_to_str(action, seat) == text
    return action


def texts(state: MooncakeState, seat: int, viewer: int | None) -> set[str]:
    """The words viewer is told of each move seat may make here."""
    return {state.told(seat, action, viewer).text for action in state.legal_actions(seat)}


def told_pair(
    state: State, player: int, action: int, viewer: int | None
) -> tuple[str, dict[str, Any]]:
    told = state.told(player, action, viewer)
    return told.text, dict(told.record)


def test_a_draw_names_the_tile_to_the_drawer_only() -> None:
    """Tiles are drawn face down: others learn only whose hand grew."""
    state = setup(3, phase="draw", customers=[4], hands=[["LNN", "RSS", "G-"], ["LN"], []])
    for tile, _ in state.chance_outcomes():
        drawer = state.told(CHANCE, tile, 1)
        assert drawer.action == tile and drawer.reveals
        for viewer in (0, 2, None):
            told = state.told(CHANCE, tile, viewer)
            assert (told.text, dict(told.record)) == ("", {"action": None, "seat": 1})
            assert not told.reveals


def test_a_customer_is_turned_face_up_for_everyone_M7() -> None:
    state = GAME.new_state(3)
    customer = state.chance_outcomes()[0][0]
    for viewer in viewers(3):
        told = state.told(CHANCE, customer, viewer)
        assert told.action == customer and told.reveals
        assert told.text == state.told(CHANCE, customer, None).text


def test_a_choice_tells_others_nothing_until_every_seat_has_chosen_M3() -> None:
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]])
    for viewer in (1, 2, None):
        assert texts(state, 0, viewer) == {"{0} kept a tile and passed two."}
        assert not any(state.told(0, a, viewer).reveals for a in state.legal_actions(0))
    action = choose(state, 0, "keep LNN, left RSS, right G-")
    assert state.told(0, action, 0).action == action
    assert not state.told(0, action, 0).reveals


def test_a_kept_tile_is_not_named_to_the_opponent_who_receives_the_other_two_M3() -> None:
    """With 2 players both passed tiles reach the opponent, so those two are named to it (they
    are in its hand at once); the kept tile stays face down until placed."""
    state = choosing([["LNN", "LSS", "G-"], ["LN", "RNS", "RSS"]])
    state.apply(choose(state, 0, "keep LNN, pass LSS G-"), 0)
    for text, passed in (
        ("keep LN, pass RSS RNS", "RSS RNS"),
        ("keep RSS, pass LN RNS", "LN RNS"),
        ("keep RNS, pass LN RSS", "LN RSS"),
    ):
        action = choose(state, 1, text)
        told = state.told(1, action, 0)
        tiles = sorted(CODE_TO_TILE[code] for code in passed.split())
        words = listed([TILES[tile] for tile in tiles])
        assert told.text == f"{{1}} kept a tile and passed {{0}} {words}."
        assert told.action is None and told.reveals
        after = state.clone()
        after.apply(action, 1)
        got = after.view(0)["received"]
        assert sorted(passed.split()) == sorted(got.values())
        assert told.record["received"] == got
        assert state.told(1, action, 1).action == action
        assert (
            state.told(1, action, None).text
            == "{1} kept a tile and passed two; every passed tile was handed over."
        )


def test_the_delivery_names_to_each_seat_only_the_tiles_it_receives_M3() -> None:
    """The last choice delivers every passed tile at once: each seat is told the two it gets."""
    state = choosing(
        [["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"], ["L-", "LS", "RNS"]]
    )
    state.apply(choose(state, 0, "keep LNN, left RSS, right G-"), 0)
    state.apply(choose(state, 1, "keep LN, left RS, right G->"), 1)
    state.apply(choose(state, 3, "keep L-, left LS, right RNS"), 3)
    action = choose(state, 2, "keep RN, left R-, right GS")
    got = "{2} kept a tile and passed two; {%d} got %s from {%d} and %s from {%d}."
    expected = {
        0: got % (0, TILES[CODE_TO_TILE["G->"]], 1, TILES[CODE_TO_TILE["LS"]], 3),
        1: got % (1, TILES[CODE_TO_TILE["GS"]], 2, TILES[CODE_TO_TILE["RSS"]], 0),
        3: got % (3, TILES[CODE_TO_TILE["G-"]], 0, TILES[CODE_TO_TILE["R-"]], 2),
    }
    after = state.clone()
    after.apply(action, 2)
    for viewer, text in expected.items():
        told = state.told(2, action, viewer)
        assert (told.text, told.action, told.reveals) == (text, None, True)
        assert told.record["received"] == after.view(viewer)["received"]
    assert state.told(2, action, 2).action == action and state.told(2, action, 2).reveals
    spectator = state.told(2, action, None)
    assert spectator.text == "{2} kept a tile and passed two; every passed tile was handed over."
    assert not spectator.reveals


def test_a_placement_is_hidden_from_others_until_every_seat_has_placed_M4() -> None:
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"]])
    state.apply(0, 0)
    state.apply(0, 1)
    for viewer in (1, None):
        assert texts(state, 0, viewer) == {""}, "the first of three placements says nothing"
        assert not any(state.told(0, a, viewer).action for a in state.legal_actions(0))
        assert not any(state.told(0, a, viewer).reveals for a in state.legal_actions(0))
    action = state.str_to_action("place LNN at 2SW", 0)
    assert state.told(0, action, 0).action == action


def test_the_last_placement_of_a_turn_reveals_every_placement_but_not_their_order_M4() -> None:
    """Seat 1 placed G- and LN this turn and has RS left: others see the three tiles appear at
    once, so they are told that all is revealed, not which tile came last."""
    seat0 = board("GN GS L- . " + ". " * 8)
    fields: dict[str, Any] = {"phase": "place", "turn_in_round": 1, "customers": [10]}
    fields["received"] = [["GN", "GS"], ["LN", "RS"]]
    one = setup(
        2,
        boards=[seat0, board(". " * 4 + "G- LN . . " + ". " * 4)],
        pending=[["1NE", "1SE", "1SW"], ["2NE", "2SE"]],
        hands=[[], ["RS"]],
        **fields,
    )
    other = setup(
        2,
        boards=[seat0, board(". " * 4 + "G- . RS . " + ". " * 4)],
        pending=[["1NE", "1SE", "1SW"], ["2NE", "2SW"]],
        hands=[[], ["LN"]],
        **fields,
    )
    first = one.str_to_action("place RS at 2SW", 1)
    second = other.str_to_action("place LN at 2SE", 1)
    for viewer in (0, None):
        a, b = one.clone(), other.clone()
        a.apply(first, 1)
        b.apply(second, 1)
        assert a.view(viewer) == b.view(viewer)
        told = one.told(1, first, viewer)
        assert told.text == (
            "{1} placed three tiles; every tile placed this turn was turned face up."
        )
        assert told_pair(one, 1, first, viewer) == told_pair(other, 1, second, viewer)
        assert told.reveals
    mover = one.told(1, first, 1)
    assert (mover.action, mover.reveals) == (first, True)
    assert TILES[CODE_TO_TILE["RS"]] in mover.text


def test_open_placements_are_named_to_everyone_at_once_M4() -> None:
    """Option placement_reveal='open': a tile is face up as soon as it is placed."""
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]], options=OPEN)
    for seat in range(3):
        state.apply(0, seat)
    action = state.str_to_action("place LNN at 1NE", 0)
    for viewer in viewers(3):
        told = state.told(0, action, viewer)
        assert told.action == action
        assert told.reveals == (viewer != 0)


def test_the_last_open_placement_of_a_round_stays_in_sight_while_it_is_scored_M4_M5() -> None:
    """2 players, open placements, seed 0: seat 1's last tile of round 1 is one it kept, never
    shown to seat 0 (M3); scoring clears the boards (M5), yet the cakes stay in sight as scored,
    so two different last tiles, here and in a world redrawn for seat 0, look different to it."""
    rng = random.Random(0)
    state = GAME.new_state(2, **OPEN)
    while len(state.history) < 56:
        player, action = random_step(state, rng)
        state.apply(action, player)
    world = state.resample(0, random.Random(3))
    seen = []
    for position, code in ((state, "R->"), (world, "L->")):
        (action,) = position.legal_actions(1)
        tile, slot = divmod(action - PLACE_BASE, SLOTS)
        assert TILE_CODES[tile] == code
        assert TILES[tile] in position.told(1, action, 0).text
        seen.append((seen_after(position, 1, action, 0), slot, code))
    assert seen[0][0] != seen[1][0]
    for view, slot, code in seen:
        assert view["scored_round"]["boards"][1][slot] == code


@pytest.mark.parametrize("num_players", range(2, 7))
def test_open_placements_are_told_alike_exactly_when_they_look_alike_M4(num_players: int) -> None:
    """The check of tests/test_told.py for the 'open' option, which that test does not play:
    steps a viewer cannot tell apart, here or in a redrawn world, are told to it alike, and a
    step told as revealing nothing leaves what the viewer sees determined. The cakes a round
    is scored on are in the view (M5), so the last placement of a round is checked too."""
    for seed in range(4):
        rng = random.Random(seed * 10 + num_players)
        state = GAME.new_state(num_players, **OPEN)
        while not state.is_terminal():
            player, action = random_step(state, rng)
            if player != CHANCE and rng.random() < 0.1:
                for viewer in viewers(num_players):
                    check_told_alike(state, player, action, viewer, rng)
            state.apply(action, player)


def check_told_alike(
    state: MooncakeState, player: int, action: int, viewer: int | None, rng: random.Random
) -> None:
    seen = seen_after(state, player, action, viewer)
    told = told_pair(state, player, action, viewer)
    reveals = state.told(player, action, viewer).reveals
    drawn_for = rng.randrange(state.num_players) if viewer is None else viewer
    for world in (state, state.resample(drawn_for, rng)):
        for other in world.legal_actions(player):
            if seen_after(world, player, other, viewer) == seen:
                assert told_pair(world, player, other, viewer) == told
            elif other == action:
                assert reveals, f"{told[0]!r} to {viewer} changes what it sees"


def seen_after(
    world: MooncakeState, player: int, action: int, viewer: int | None
) -> dict[str, Any]:
    """The viewer's view after the step."""
    branch = world.clone()
    branch.apply(action, player)
    return branch.view(viewer)
