"""resample draws only worlds the seat could be in, given everything it has watched.

The view shows the table as it is now; the history shows what the table looked like earlier. A
game that went on past a make, a Fan or a Swatter proves the active player then held fewer than
five fly-free packs (N4, N11). A seat that answered a Supplier holds, until its next turn, only
the cards of that ingredient it was seen to receive since (N7).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from meja.core.game import random_step
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.games.nasi_lemak.components import WIN_PACKS
from meja.games.nasi_lemak.tables import CARD_INDEX, DRAW, NUM_TYPES
from meja.games.nasi_lemak.view import supplied_limits, survived_checks

RICE = CARD_INDEX["rice"]
SAMPLES = 300


def _worlds(state: NasiLemakState, seat: int, count: int = SAMPLES) -> list[NasiLemakState]:
    """count resampled worlds of seat, each checked to keep seat's view and the components."""
    rng = random.Random(7)
    view = state.view(seat)
    worlds = []
    for _ in range(count):
        world = state.resample(seat, rng)
        assert world.view(seat) == view
        assert world.check_components() == []
        worlds.append(world)
    return worlds


def _rows(worlds: list[NasiLemakState], seat: int) -> Counter[tuple[int, ...]]:
    """How often each row of pack values of seat was drawn."""
    return Counter(tuple(world.nl[seat]) for world in worlds)


def _rice(world: NasiLemakState, seat: int) -> int:
    return world.hands[seat * NUM_TYPES + RICE]


BELOW_FIVE_OF_THREE = {(1, 1, 1), (2, 1, 1), (1, 2, 1), (1, 1, 2)}
"""Every row of three cards that shows fewer than five packs."""


def test_a_fly_does_not_hide_that_the_cards_under_it_showed_fewer_than_five_packs_N4(
    table: Any,
) -> None:
    """Seat 1's three cards were all fly-free while the game went on, so at most one shows 2."""
    hands = [{"fly": 1}, {}, {}]
    rows = [[], table.cards([1, 1, 2]), []]
    state = table.play(
        table.state(hands=hands, nasi_lemak=rows), "play fly", "fly to seat 1 card 0"
    )
    worlds = _worlds(state, 0)
    assert all(sum(world.nl[1]) < WIN_PACKS for world in worlds)
    assert set(_rows(worlds, 1)) == BELOW_FIVE_OF_THREE


def test_every_world_below_five_packs_is_drawn_as_often_as_the_deals_that_make_it_N4(
    table: Any,
) -> None:
    """All 15 cards are unseen by seat 0: a row is as likely as the pile orders that deal it.

    Three ones leave 5 ones and 7 twos in the pile (792 orders); one two leaves 6 and 6 (924).
    """
    hands = [{"fly": 1}, {}, {}]
    rows = [[], table.cards([1, 1, 2]), []]
    state = table.play(
        table.state(hands=hands, nasi_lemak=rows), "play fly", "fly to seat 1 card 2"
    )
    counts = _rows(_worlds(state, 0, 3000), 1)
    total = 792 + 3 * 924
    for row in BELOW_FIVE_OF_THREE:
        expected = (792 if row == (1, 1, 1) else 924) / total
        assert abs(counts[row] / 3000 - expected) < 0.04, (row, counts)


def test_a_make_that_does_not_win_shows_the_cards_then_showed_fewer_than_five_packs_N4(
    table: Any,
) -> None:
    """Seat 1 makes its third card and the game goes on; a later Fly on it changes nothing."""
    five = {"rice": 1, "egg": 1, "peanuts": 1, "sambal": 1, "cucumber": 1}
    hands = [{}, five, {"fly": 1}]
    rows = [[], table.cards([1, 1]), []]
    state = table.state(hands=hands, nasi_lemak=rows, active=1)
    table.play(state, "make nasi lemak", "2 packs", "end turn", "rice", "egg")
    table.play(state, "play fly", "fly to seat 1 card 0")
    worlds = _worlds(state, 0)
    assert all(sum(world.nl[1]) < WIN_PACKS for world in worlds)
    assert set(_rows(worlds, 1)) == BELOW_FIVE_OF_THREE


def test_a_fan_that_does_not_win_shows_the_freed_cards_showed_fewer_than_five_packs_N11(
    table: Any,
) -> None:
    """Seat 1 fans its fly away with three cards and the game goes on; then a fly lands again."""
    hands = [{}, {"fan": 1}, {"fly": 1}]
    rows = [[], table.cards([1, 1, 2], flies=(0,)), table.cards([1])]
    state = table.state(hands=hands, nasi_lemak=rows, active=1)
    table.play(state, "fan from card 0", "fly to seat 2 card 0", "end turn", "rice", "egg")
    table.play(state, "play fly", "fly to seat 1 card 1")
    worlds = _worlds(state, 0)
    assert all(sum(world.nl[1]) < WIN_PACKS for world in worlds)
    assert set(_rows(worlds, 1)) == BELOW_FIVE_OF_THREE


def test_a_swat_that_does_not_win_shows_four_cards_of_one_pack_N11(table: Any) -> None:
    """Four fly-free cards without a win are four single packs, whatever lands on them later."""
    hands = [{}, {"swatter": 1}, {"fly": 1}]
    rows = [[], table.cards([1, 1, 1, 1], flies=(3,)), []]
    state = table.state(hands=hands, nasi_lemak=rows, active=1)
    table.play(state, "swat card 3", "end turn", "rice", "egg", "play fly", "fly to seat 1 card 0")
    worlds = _worlds(state, 0)
    assert set(_rows(worlds, 1)) == {(1, 1, 1, 1)}


def test_the_seats_that_answered_a_supplier_hold_none_of_its_ingredient_N7(table: Any) -> None:
    """Everyone handed over all their rice in the open; their unseen cards are not rice."""
    hands = [{"supplier": 1}, {"rice": 2, "egg": 3, "fan": 1}, {"cucumber": 4}]
    state = table.play(table.state(hands=hands), "play supplier", "announce rice")
    worlds = _worlds(state, 0)
    assert all(_rice(world, 1) == _rice(world, 2) == 0 for world in worlds)
    assert len({tuple(world.hands) for world in worlds}) > 1, "the unseen hands were not redrawn"


def test_a_supplier_that_ends_the_turn_leaves_the_next_seat_without_it_until_it_draws_N7(
    table: Any,
) -> None:
    """The Supplier was the last move, so seat 1 is to draw: it has drawn nothing yet."""
    hands = [{"supplier": 1}, {"rice": 2, "egg": 3}, {}]
    state = table.state(hands=hands, moves_left=1)
    table.play(state, "play supplier", "announce rice")
    assert state.phase == DRAW and state.turn_seat == 1
    worlds = _worlds(state, 2)
    assert all(_rice(world, 1) == 0 for world in worlds)
    assert len({tuple(world.hands) for world in worlds}) > 1, "the unseen hands were not redrawn"


def test_an_ingredient_handed_to_a_supplier_may_come_back_with_the_next_draw_N7(
    table: Any,
) -> None:
    """Seat 1 draws two unseen cards on its turn, which may be rice; seat 2 has drawn nothing."""
    hands = [{"supplier": 1}, {"rice": 2, "egg": 3, "fan": 1}, {"cucumber": 4}]
    state = table.play(table.state(hands=hands), "play supplier", "announce rice", "end turn")
    table.play(state, "peanuts", "egg")
    worlds = _worlds(state, 0)
    assert all(_rice(world, 2) == 0 for world in worlds)
    assert {0, 1, 2} <= {_rice(world, 1) for world in worlds}


def test_rice_seen_going_to_a_seat_may_still_be_there_after_an_unseen_theft_N7_N9(
    table: Any,
) -> None:
    """Seat 2 got rice in the open, then seat 1's Thief took a card seat 0 did not see."""
    hands = [
        {"supplier": 1, "rice": 1, "peanuts": 1},
        {"thief": 1, "rice": 1},
        {"egg": 2, "cucumber": 2},
    ]
    state = table.play(table.state(hands=hands), "play supplier", "announce rice")
    table.play(state, "trade", "trade with seat 2", "give rice", "ask egg", "propose", "accept")
    table.play(state, "end turn", "sambal", "egg", "play thief", "steal cucumber", "steal peanuts")
    worlds = _worlds(state, 0)
    assert {_rice(world, 2) for world in worlds} == {0, 1}


def test_rice_the_seats_own_officer_took_back_is_not_there_after_an_unseen_theft_N7_N9(
    table: Any,
) -> None:
    """Seat 0 gave seat 2 its only rice, then took it back with an Officer: seat 2 has none, even
    once seat 1's Thief has left seat 0 unsure which of seat 2's cards remain."""
    hands = [
        {"supplier": 1, "officer": 1, "rice": 1},
        {"thief": 1},
        {"egg": 2, "cucumber": 2, "sambal": 1},
    ]
    state = table.play(table.state(hands=hands), "play supplier", "announce rice")
    table.play(state, "trade", "trade with seat 2", "give rice", "ask egg", "propose", "accept")
    table.play(state, "play officer", "examine seat 2", "take rice", "take egg")
    table.play(state, "sambal", "peanuts", "play thief", "steal cucumber", "steal egg")
    worlds = _worlds(state, 0)
    assert all(_rice(world, 2) == 0 for world in worlds)
    assert len({tuple(world.hands[2 * NUM_TYPES :]) for world in worlds}) > 1


def _possible(state: NasiLemakState, seat: int) -> list[str]:
    """Whatever the true world breaks of what resample keeps to for seat: none must be found."""
    problems = []
    n = state.num_players
    for q, masks in enumerate(survived_checks(state, seat)):
        for mask in masks:
            packs = sum(v for j, v in enumerate(state.nl[q]) if mask >> j & 1)
            if packs >= WIN_PACKS:
                problems.append(f"seat {q} shows {packs} packs on checked cards {mask:b}")
    for q, limits in enumerate(supplied_limits(state, seat)):
        for t, most in limits.items():
            unseen = state.hands[q * NUM_TYPES + t] - state.known[(seat * n + q) * NUM_TYPES + t]
            if not 0 <= unseen <= most:
                problems.append(f"seat {q} holds {unseen} unseen of card {t}, limit {most}")
    return problems


def test_the_true_world_and_every_redrawn_one_keep_to_what_the_history_shows() -> None:
    """Random games: what the history is read to imply holds of the game itself (so no possible
    world is ruled out) and of the worlds resample draws, which keep the seat's view."""
    rng = random.Random(5)
    for seed in range(30):
        state = GAME.new_state(2 + seed % 5)
        game_rng = random.Random(seed)
        while not state.is_terminal():
            where = f"seed {seed} step {len(state.history)}"
            for seat in range(state.num_players):
                assert _possible(state, seat) == [], where
            if rng.random() < 0.1:
                seat = rng.randrange(state.num_players)
                world = state.resample(seat, rng)
                assert world.view(seat) == state.view(seat), where
                assert _possible(world, seat) == [], where
            player, action = random_step(state, game_rng)
            state.apply(action, player)
