"""Hidden cards: the reshuffle, what each view holds, and resampling what a seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meja.core.game import random_step
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.games.nasi_lemak.components import CARD_TYPES
from meja.games.nasi_lemak.tables import NUM_TYPES

OTHER_KEYS = {"seat", "hand_size", "nasi_lemak", "flies", "known"}


def test_the_discard_pile_is_reshuffled_the_moment_the_draw_pile_empties_N12(
    table: Any, remaining: Any
) -> None:
    """N12: the last card drawn turns the discard pile into the draw pile at once, so a card
    discarded afterwards stays in the discard pile and cannot be drawn."""
    draw = {"rice": 1, "egg": 1}
    discard = {"sambal": 2, "fly": 1}
    hands = [{}, remaining(draw, discard)]
    state = table.state(2, hands=hands, draw_pile=draw, discard_pile=discard)
    table.play(state, "end turn", "rice", "egg")
    view = state.view(0)
    assert (view["draw_pile"], view["discard_pile"]) == (3, {})
    table.play(state, "play supplier", "announce cucumber")
    assert state.view(0)["discard_pile"] == {"supplier": 1}
    table.play(state, "end turn")
    assert table.outcomes(state) == pytest.approx({"sambal": 2 / 3, "fly": 1 / 3})


def test_cards_discarded_while_both_piles_are_empty_are_the_new_draw_pile_at_once_N12(
    table: Any, remaining: Any, five: dict[str, int]
) -> None:
    """N12: with no discard pile to reshuffle when the draw pile emptied, the next cards
    discarded become the draw pile the moment they are discarded."""
    hands = [five, remaining(five), {}]
    state = table.state(hands=hands, draw_pile={})
    table.play(state, "make nasi lemak")
    view = state.view(2)
    assert (view["draw_pile"], view["discard_pile"]) == (5, {})


def test_a_position_with_a_discard_pile_beside_an_empty_draw_pile_loads_reshuffled_N12(
    table: Any, remaining: Any
) -> None:
    """N12: such a position is read as just after the reshuffle, since the discard pile never
    waits beside an empty draw pile."""
    discard = {"rice": 2, "fly": 1}
    state = table.state(2, hands=[{}, remaining(discard)], draw_pile={}, discard_pile=discard)
    data = state.position()
    assert (data["draw_pile"], data["discard_pile"]) == (discard, {})
    table.play(state, "end turn")
    assert table.outcomes(state) == pytest.approx({"rice": 2 / 3, "fly": 1 / 3})


def test_with_both_piles_empty_a_player_draws_what_exists(table: Any, remaining: Any) -> None:
    """N12: one card left anywhere, so the draw is one card and the turn goes on."""
    hands = [{}, remaining({"egg": 1})]
    state = table.state(2, hands=hands, draw_pile={"egg": 1})
    table.play(state, "end turn", "egg")
    view = state.view(1)
    assert (view["phase"], view["draw_pile"], view["discard_pile"]) == ("main", 0, {})
    assert view["hand"]["egg"] == 10


def test_a_view_shows_the_own_hand_and_values_and_only_sizes_of_the_rest(table: Any) -> None:
    hands = [{"rice": 2, "fan": 1}, {"egg": 1}, {}]
    rows = [table.cards([2]), table.cards([1, 2], flies=(1,)), []]
    state = table.state(hands=hands, nasi_lemak=rows)
    view = state.view(0)
    assert view["hand"] == {"rice": 2, "fan": 1}
    assert view["seats"][0]["nasi_lemak"] == [2]
    other = view["seats"][1]
    assert set(other) == OTHER_KEYS
    assert other == {
        "seat": 1,
        "hand_size": 1,
        "nasi_lemak": [None, None],
        "flies": [False, True],
        "known": {},
    }
    assert isinstance(view["draw_pile"], int)
    spectator = state.view(None)
    assert "hand" not in spectator
    assert all("known" not in entry for entry in spectator["seats"])


def test_resample_redraws_the_hidden_cards_and_keeps_the_view(table: Any) -> None:
    hands = [{"officer": 1}, {"rice": 2, "egg": 1, "fan": 1}, {"sambal": 3}]
    state = table.state(hands=hands)
    table.play(state, "play officer", "examine seat 1", "take fan")
    view = state.view(0)
    rng = random.Random(3)
    seen: set[tuple[int, ...]] = set()
    for _ in range(40):
        other = state.resample(0, rng)
        assert other.view(0) == view
        assert other.check_components() == []
        assert other.hands[NUM_TYPES : 2 * NUM_TYPES] == state.hands[NUM_TYPES : 2 * NUM_TYPES]
        seen.add(tuple(other.hands[2 * NUM_TYPES :]))
    assert len(seen) > 1, "seat 2's unseen hand was never redrawn"


def test_resample_keeps_every_player_below_five_fly_free_packs(table: Any) -> None:
    """N4: a resampled game must not hold a win that would already have ended it."""
    rows = [[], table.cards([1, 1, 1, 1]), table.cards([1, 2])]
    state = table.state(nasi_lemak=rows)
    rng = random.Random(5)
    twos_at_seat_2 = 0
    for _ in range(60):
        other = state.resample(0, rng)
        assert other.nl[1] == [1, 1, 1, 1]
        assert other.check_components() == []
        twos_at_seat_2 += other.nl[2].count(2)
    assert twos_at_seat_2 > 0


def _leaks(state: NasiLemakState, seat: int) -> list[str]:
    """Everything in seat's view that it was never shown, checked against the whole state."""
    view = state.view(seat)
    over = state.is_terminal()
    problems = []
    start = seat * NUM_TYPES
    own = {
        CARD_TYPES[t].key: state.hands[start + t]
        for t in range(NUM_TYPES)
        if state.hands[start + t]
    }
    if view["hand"] != own:
        problems.append("own hand wrong")
    for entry in view["seats"]:
        q = entry["seat"]
        if q == seat:
            continue
        if set(entry) != OTHER_KEYS:
            problems.append(f"seat {q} shows {sorted(entry)}")
        if not over and any(v is not None for v in entry["nasi_lemak"]):
            problems.append(f"seat {q}'s pack values shown")
        for key, count in entry["known"].items():
            held = state.hands[q * NUM_TYPES + [c.key for c in CARD_TYPES].index(key)]
            if count > held:
                problems.append(f"seat {q} said to hold {count} {key}, holds {held}")
    return problems


def test_no_view_ever_holds_a_card_its_seat_was_not_shown() -> None:
    """Random games: views match a leak list from the state and survive every resample."""
    rng = random.Random(11)
    for seed in range(15):
        state = GAME.new_state(2 + seed % 5)
        game_rng = random.Random(seed)
        step = 0
        while True:
            if step % 7 == 0 or state.is_terminal():
                for seat in range(state.num_players):
                    assert _leaks(state, seat) == []
                    view = state.view(seat)
                    legal = state.legal_actions(seat)
                    for _ in range(3):
                        other = state.resample(seat, rng)
                        assert other.view(seat) == view
                        assert other.legal_actions(seat) == legal
            if state.is_terminal():
                break
            seat, action = random_step(state, game_rng)
            state.apply(action, seat)
            step += 1
