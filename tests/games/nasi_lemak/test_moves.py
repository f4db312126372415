"""Making Nasi Lemak and every action card, each as the rulebook and the readings say."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from meja.core import IllegalAction
from meja.games.nasi_lemak.actions import FLY, MAKE
from meja.games.nasi_lemak.components import ACTION, CARD_TYPES, INGREDIENT


def test_make_nasi_lemak_spends_one_of_each_ingredient_for_the_top_card(
    table: Any, five: dict[str, int]
) -> None:
    """Make Nasi Lemak: discard the five ingredients, take the top card face down."""
    state = table.state(hands=[{**five, "rice": 2}, {}, {}])
    table.play(state, "make nasi lemak")
    assert table.outcomes(state) == {"1 pack": 8 / 15, "2 packs": 7 / 15}
    table.play(state, "2 packs")
    mine = state.view(0)
    assert mine["hand"] == {"rice": 1}
    assert mine["seats"][0]["nasi_lemak"] == [2]
    assert mine["discard_pile"] == five
    assert mine["moves_left"] == 2
    assert state.view(1)["seats"][0]["nasi_lemak"] == [None]


def test_make_needs_all_five_different_ingredients(table: Any) -> None:
    state = table.state(hands=[{"rice": 3, "egg": 1, "peanuts": 1, "sambal": 1}, {}, {}])
    assert "make nasi lemak" not in table.legal(state)
    with pytest.raises(IllegalAction, match="you lack cucumber"):
        state.apply(MAKE, 0)
    assert state.view(0)["hand"] == {"rice": 3, "egg": 1, "peanuts": 1, "sambal": 1}


def test_nasi_lemak_cards_lie_side_by_side_in_the_order_made(
    table: Any, five: dict[str, int]
) -> None:
    hand = {key: 2 for key in five}
    state = table.state(hands=[hand, {}, {}])
    table.play(state, "make nasi lemak", "1 pack", "make nasi lemak", "2 packs")
    assert state.view(0)["seats"][0]["nasi_lemak"] == [1, 2]


def test_mak_cik_makes_a_nasi_lemak_from_three_different_ingredients(table: Any) -> None:
    """N8: one move, discarding the card and three different ingredients."""
    hand = {"mak_cik": 1, "rice": 1, "egg": 1, "sambal": 2}
    state = table.state(hands=[hand, {}, {}])
    table.play(state, "play mak cik")
    assert table.legal(state) == ["use rice egg sambal"]
    table.play(state, "use rice egg sambal", "1 pack")
    view = state.view(0)
    assert view["hand"] == {"sambal": 1}
    assert view["discard_pile"] == {"rice": 1, "egg": 1, "sambal": 1, "mak_cik": 1}
    assert view["seats"][0]["nasi_lemak"] == [1]
    assert view["moves_left"] == 2


def test_mak_cik_needs_three_different_ingredients(table: Any) -> None:
    state = table.state(hands=[{"mak_cik": 1, "rice": 3, "egg": 2}, {}, {}])
    assert "play mak cik" not in table.legal(state)
    with pytest.raises(IllegalAction, match="no three different ingredients"):
        table.play(state, "play mak cik")


def test_wholesaler_keeps_only_the_revealed_ingredients(table: Any) -> None:
    """N6: reveal three cards in the open; ingredients to the hand, the rest discarded."""
    state = table.state(hands=[{"wholesaler": 1}, {}, {}])
    table.play(state, "play wholesaler", "rice")
    assert state.view(2)["revealed"] == {"rice": 1}
    table.play(state, "thief", "egg")
    view = state.view(0)
    assert view["hand"] == {"rice": 1, "egg": 1}
    assert view["discard_pile"] == {"wholesaler": 1, "thief": 1}
    assert view["revealed"] == {}
    assert view["moves_left"] == 2
    assert state.view(1)["seats"][0]["known"] == {"rice": 1, "egg": 1}


INGREDIENT_KEYS = [card.key for card in CARD_TYPES if card.kind == INGREDIENT]
ACTION_KEYS = [card.key for card in CARD_TYPES if card.kind == ACTION]
"""The rulebook's 5 ingredients and 8 action cards, the Fan and Fly Swatter among them."""


@pytest.mark.parametrize(
    "turned_up",
    [("rice", card, "egg") for card in ACTION_KEYS]
    + [("fan", "swatter", "fly"), ("sambal", "peanuts", "cucumber")],
)
def test_the_wholesaler_keeps_the_ingredients_and_discards_every_other_card_N6(
    table: Any, turned_up: tuple[str, str, str]
) -> None:
    """N6: of the three cards turned up, only the ingredients go to the hand; every action card,
    the tradable Fan and Fly Swatter too, goes to the discard pile."""
    state = table.state(hands=[{"wholesaler": 1}, {}, {}])
    table.play(state, "play wholesaler", *(key.replace("_", " ") for key in turned_up))
    kept = Counter(key for key in turned_up if key in INGREDIENT_KEYS)
    spent = Counter(key for key in turned_up if key not in INGREDIENT_KEYS)
    view = state.view(0)
    assert view["hand"] == dict(kept)
    assert view["discard_pile"] == dict(spent + Counter(wholesaler=1))
    assert view["revealed"] == {}
    assert view["moves_left"] == 2


def test_wholesaler_reshuffles_the_discard_pile_when_the_draw_pile_runs_short(
    table: Any, remaining: Any
) -> None:
    """N6, N12: the discard pile (with the played Wholesaler) continues the reveal."""
    hands = [{"wholesaler": 1}, {"swatter": 2}, {}]
    discard = remaining(*hands, {"egg": 1})
    state = table.state(hands=hands, draw_pile={"egg": 1}, discard_pile=discard)
    table.play(state, "play wholesaler", "egg")
    view = state.view(None)
    assert view["draw_pile"] == sum(discard.values()) + 1
    assert view["discard_pile"] == {}
    assert table.outcomes(state)["wholesaler"] == pytest.approx(3 / view["draw_pile"])
    table.play(state, "rice", "wholesaler")
    assert state.view(0)["hand"] == {"egg": 1, "rice": 1}
    assert state.view(0)["discard_pile"] == {"wholesaler": 1}


def test_action_cards_turned_up_last_stay_out_of_the_draw_pile_they_emptied_N6_N12(
    table: Any, remaining: Any
) -> None:
    """N6, N12: the third card turned up empties the draw pile, which is refilled from the
    discard pile that moment; the Officer turned up is discarded after, so it is not in it."""
    draw = {"egg": 1, "rice": 1, "officer": 1}
    discard = {"sambal": 2}
    hands = [{"wholesaler": 1}, remaining(draw, discard, {"wholesaler": 1}), {}]
    state = table.state(hands=hands, draw_pile=draw, discard_pile=discard)
    table.play(state, "play wholesaler", "egg", "rice", "officer")
    view = state.view(2)
    assert (view["draw_pile"], view["discard_pile"]) == (3, {"officer": 1})
    table.play(state, "end turn")
    assert table.outcomes(state) == pytest.approx({"sambal": 2 / 3, "wholesaler": 1 / 3})


def test_supplier_takes_every_card_of_the_named_ingredient(table: Any) -> None:
    """N7: every other player hands over all cards of the announced ingredient."""
    state = table.state(hands=[{"supplier": 1}, {"peanuts": 2, "rice": 1}, {"peanuts": 1}])
    table.play(state, "play supplier")
    assert len(table.legal(state)) == 5
    table.play(state, "announce peanuts")
    assert state.view(0)["hand"] == {"peanuts": 3}
    assert state.view(1)["hand"] == {"rice": 1}
    assert state.view(2)["hand"] == {}
    assert state.view(2)["seats"][0]["known"] == {"peanuts": 3}


def test_supplier_announcing_an_ingredient_no_one_has_still_spends_the_move(
    table: Any,
) -> None:
    """N7: no re-announcing; the card and the move are used."""
    state = table.state(hands=[{"supplier": 1}, {"rice": 2}, {"egg": 1}])
    table.play(state, "play supplier", "announce cucumber")
    view = state.view(0)
    assert view["phase"] == "main"
    assert view["moves_left"] == 2
    assert view["discard_pile"] == {"supplier": 1}
    assert "announce rice" not in table.legal(state)


def test_officer_examines_one_hand_privately_and_takes_two_cards(table: Any) -> None:
    """N9: the hand is shown only to the Officer's player, who picks any two cards."""
    hands = [{"officer": 1}, {"rice": 1, "thief": 1, "fan": 1}, {"egg": 2}]
    state = table.state(hands=hands, nasi_lemak=[[], table.cards([2]), []])
    table.play(state, "play officer")
    assert table.legal(state) == ["examine seat 1", "examine seat 2"]
    table.play(state, "examine seat 1")
    assert state.view(0)["seats"][1]["known"] == {"rice": 1, "thief": 1, "fan": 1}
    assert state.view(2)["seats"][1]["known"] == {}
    assert table.legal(state) == ["take rice", "take thief", "take fan"]
    table.play(state, "take thief", "take fan")
    assert state.view(0)["hand"] == {"thief": 1, "fan": 1}
    assert state.view(1)["hand"] == {"rice": 1}
    assert state.view(0)["seats"][1]["known"] == {"rice": 1}
    assert state.view(0)["seats"][1]["nasi_lemak"] == [None]
    assert state.view(0)["moves_left"] == 2


def test_officer_takes_every_card_of_a_hand_smaller_than_two(table: Any) -> None:
    """N9: all the cards when the hand holds fewer than two."""
    state = table.state(hands=[{"officer": 1}, {"egg": 1}, {}])
    table.play(state, "play officer", "examine seat 1", "take egg")
    assert state.view(0)["hand"] == {"egg": 1}
    assert state.view(0)["phase"] == "main"


def test_an_officer_examining_an_empty_hand_takes_nothing_but_spends_card_and_move_N9(
    table: Any,
) -> None:
    """N9: every card when the hand holds fewer than two, so none from an empty hand; the
    Officer is still spent and the move used, and the turn goes on."""
    state = table.state(hands=[{"officer": 1}, {}, {"egg": 2}])
    table.play(state, "play officer", "examine seat 1")
    view = state.view(0)
    assert (view["phase"], view["moves_left"], view["hand"]) == ("main", 2, {})
    assert view["discard_pile"] == {"officer": 1}
    assert state.view(2)["hand"] == {"egg": 2}
    assert table.legal(state) == ["end turn"]


def test_thief_steals_one_random_card_from_every_other_hand(table: Any) -> None:
    """N9: one random card from each other player, clockwise; empty hands are skipped."""
    hands = [{"thief": 1}, {"rice": 3, "egg": 1}, {}, {"fan": 1}]
    state = table.state(4, hands=hands)
    table.play(state, "play thief")
    assert table.outcomes(state) == {"steal rice": 0.75, "steal egg": 0.25}
    table.play(state, "steal egg")
    assert table.outcomes(state) == {"steal fan": 1.0}
    table.play(state, "steal fan")
    assert state.view(0)["hand"] == {"egg": 1, "fan": 1}
    assert state.view(0)["moves_left"] == 2
    assert state.view(2)["seats"][0]["known"] == {}


def test_a_thief_with_every_other_hand_empty_steals_nothing_but_spends_card_and_move_N9(
    table: Any,
) -> None:
    """N9: empty hands are skipped, so with no card in any other hand nothing is stolen, no
    chance event follows, and the Thief and the move are spent."""
    state = table.state(4, hands=[{"thief": 1, "rice": 1}, {}, {}, {}])
    table.play(state, "play thief")
    assert state.current_player() == 0
    view = state.view(0)
    assert (view["phase"], view["moves_left"], view["hand"]) == ("main", 2, {"rice": 1})
    assert view["discard_pile"] == {"thief": 1}
    assert [entry["hand_size"] for entry in view["seats"]] == [1, 0, 0, 0]


def test_a_robbed_player_knows_which_card_the_thief_or_officer_now_holds(table: Any) -> None:
    """N9: the card changes hands in front of its owner, so the owner knows where it went."""
    hands = [{"thief": 1, "officer": 1}, {"rice": 1, "egg": 1}, {"fan": 1}]
    state = table.state(hands=hands)
    table.play(state, "play thief", "steal egg", "steal fan")
    assert state.view(1)["seats"][0]["known"] == {"egg": 1}
    assert state.view(2)["seats"][0]["known"] == {"fan": 1}
    table.play(state, "play officer", "examine seat 1", "take rice")
    assert state.view(1)["seats"][0]["known"] == {"rice": 1, "egg": 1}
    assert state.view(2)["seats"][0]["known"] == {"fan": 1}, "a third seat saw neither card"
    for seat, card in ((1, "egg"), (2, "fan")):
        redrawn = state.resample(seat, random.Random(seat))
        assert card in redrawn.view(0)["hand"], "a redraw keeps what the robbed seat knows"


def test_fly_lands_on_a_fly_free_card_of_an_opponent(table: Any) -> None:
    """N10: the target is a face-down card, chosen blind; a card with a fly does not count."""
    rows = [[], table.cards([2, 1], flies=(0,)), table.cards([2])]
    state = table.state(hands=[{"fly": 1}, {}, {}], nasi_lemak=rows)
    assert state.scores() == [0.0, 1.0, 2.0]
    table.play(state, "play fly")
    assert table.legal(state) == ["fly to seat 1 card 1", "fly to seat 2 card 0"]
    table.play(state, "fly to seat 2 card 0")
    assert state.view(1)["seats"][2]["flies"] == [True]
    assert state.scores() == [0.0, 1.0, 0.0]
    assert state.view(0)["hand"] == {}


def test_fly_cannot_be_played_without_a_target(table: Any) -> None:
    """N10: no fly-free card of an opponent, no Fly."""
    rows = [table.cards([1]), table.cards([2], flies=(0,)), []]
    state = table.state(hands=[{"fly": 1}, {}, {}], nasi_lemak=rows)
    assert "play fly" not in table.legal(state)
    with pytest.raises(IllegalAction, match="no other player has a fly-free"):
        state.apply(FLY, 0)


def test_fan_chases_your_fly_onto_another_players_card(table: Any) -> None:
    """N11: your fly moves to a fly-free card of another player; the Fan is discarded."""
    rows = [table.cards([2], flies=(0,)), table.cards([1]), []]
    state = table.state(hands=[{"fan": 1}, {}, {}], nasi_lemak=rows)
    table.play(state, "fan from card 0")
    assert table.legal(state) == ["fly to seat 1 card 0"]
    table.play(state, "fly to seat 1 card 0")
    assert state.scores() == [2.0, 0.0, 0.0]
    assert state.view(2)["discard_pile"] == {"fan": 1}


def test_fan_needs_a_fly_on_your_own_card(table: Any) -> None:
    rows = [table.cards([2]), table.cards([1]), []]
    state = table.state(hands=[{"fan": 1}, {}, {}], nasi_lemak=rows)
    assert table.legal(state) == ["end turn"]


def test_fly_swatter_kills_the_fly_on_your_card(table: Any) -> None:
    """N11: the fly and the swatter go to the discard pile."""
    rows = [table.cards([1, 2], flies=(1,)), [], []]
    state = table.state(hands=[{"swatter": 1}, {}, {}], nasi_lemak=rows)
    table.play(state, "swat card 1")
    assert state.scores()[0] == 3.0
    assert state.view(1)["discard_pile"] == {"fly": 1, "swatter": 1}


def test_a_card_holds_one_fly_at_most(table: Any) -> None:
    rows = [[], table.cards([2], flies=(0,)), []]
    state = table.state(hands=[{"fly": 1}, {}, {}], nasi_lemak=rows)
    assert "play fly" not in table.legal(state)
