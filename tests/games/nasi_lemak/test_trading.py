"""Trading as a negotiation: offers built card by card, accepted or declined (N2, N3)."""

from __future__ import annotations

from typing import Any

import pytest

from meja.core import IllegalAction, InvalidPosition, NotYourTurn
from meja.games.nasi_lemak.actions import ACCEPT, TRADE


def test_an_accepted_trade_exchanges_the_cards_and_is_a_move(table: Any) -> None:
    """The rulebook's example: A's Cucumber for C's Peanut, accepted by C."""
    state = table.state(hands=[{"cucumber": 1}, {}, {"peanuts": 1}])
    table.play(state, "trade", "trade with seat 2", "give cucumber", "ask peanuts", "propose")
    assert state.current_player() == 2
    assert table.legal(state) == ["accept", "decline"]
    assert state.view(1)["offer"] == {"give": {"cucumber": 1}, "ask": {"peanuts": 1}}
    table.play(state, "accept")
    assert state.view(0)["hand"] == {"peanuts": 1}
    assert state.view(2)["hand"] == {"cucumber": 1}
    assert state.view(0)["moves_left"] == 2
    assert state.current_player() == 0


def test_a_declined_trade_is_not_a_move(table: Any) -> None:
    """N2: the move is invalid, so it is not used up."""
    state = table.state(hands=[{"cucumber": 1}, {}, {"peanuts": 1}])
    table.play(state, "trade", "trade with seat 2", "give cucumber", "ask peanuts", "propose")
    table.play(state, "decline")
    view = state.view(0)
    assert view["hand"] == {"cucumber": 1}
    assert (view["moves_left"], view["declined_offers"], view["offer"]) == (3, 1, None)


def test_declined_offers_are_capped_each_turn(table: Any) -> None:
    """N2: after three declined offers no more trades this turn, so a game cannot stall."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}])
    for _ in range(3):
        assert "trade" in table.legal(state)
        table.play(state, "trade", "trade with seat 1", "give rice", "ask egg", "propose")
        table.play(state, "decline")
    assert "trade" not in table.legal(state)
    with pytest.raises(IllegalAction, match="3 declined offers allowed per turn are used up"):
        state.apply(TRADE, 0)


def test_the_declined_offer_cap_is_an_option(table: Any) -> None:
    """N2: max_declined_offers sets the cap; 0 allows no refusal at all."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}], options={"max_declined_offers": 0})
    assert "trade" not in table.legal(state)


def test_action_cards_other_than_fan_and_swatter_cannot_be_traded(table: Any) -> None:
    """N3: only ingredients, the Fan and the Fly Swatter change hands in a trade."""
    state = table.state(hands=[{"thief": 1, "fan": 1, "swatter": 1}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1")
    assert "give fan" in table.legal(state)
    assert "give swatter" in table.legal(state)
    with pytest.raises(IllegalAction, match="the Thief cannot be traded"):
        state.str_to_action("give thief")
    with pytest.raises(IllegalAction, match="the Officer cannot be traded"):
        state.str_to_action("ask officer")


def test_an_offer_of_untradable_cards_is_refused_in_a_position(table: Any) -> None:
    data = table.position(
        hands=[{"thief": 1}, {"egg": 1}, {}],
        phase="offer",
        target=1,
        offer={"give": {"thief": 1}, "ask": {"egg": 1}},
        known=[[1, 0, {"thief": 1}], [2, 0, {"thief": 1}]],
    )
    with pytest.raises(InvalidPosition, match="offer: thief cannot be traded"):
        table.game.from_position(data)


def test_a_two_for_one_offer(table: Any) -> None:
    """N3: any counts; the review confirms a 2-for-1."""
    state = table.state(hands=[{"rice": 2}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give rice", "give rice", "ask egg")
    table.play(state, "propose", "accept")
    assert state.view(0)["hand"] == {"egg": 1}
    assert state.view(1)["hand"] == {"rice": 2}


def test_the_partner_cannot_accept_without_the_cards_asked_for(table: Any) -> None:
    """N3: offers are exact; the answer shows no card the partner lacks."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1, "fan": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give rice", "ask egg", "ask egg", "propose")
    assert table.legal(state) == ["decline"]
    with pytest.raises(IllegalAction, match=r"do not hold the cards asked for \(1 egg\)"):
        state.apply(ACCEPT, 1)


def test_an_offer_asks_for_no_more_cards_than_the_partner_holds(table: Any) -> None:
    state = table.state(hands=[{"rice": 3}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "ask egg")
    assert not any(move.startswith("ask") for move in table.legal(state))


def test_an_offer_holds_at_most_the_card_limit_on_each_side(table: Any) -> None:
    """The offer_card_limit option keeps every offer finite (default three a side)."""
    state = table.state(hands=[{"rice": 5}, {"egg": 5}, {}])
    table.play(state, "trade", "trade with seat 1", "give rice", "give rice", "give rice")
    assert "give rice" not in table.legal(state)
    with pytest.raises(IllegalAction, match="at most 3 cards on each side"):
        table.play(state, "give rice")


def test_only_the_active_player_starts_a_trade_with_one_partner(table: Any) -> None:
    """N3: the other players may not trade among themselves."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {"fan": 1}])
    with pytest.raises(NotYourTurn):
        state.apply(TRADE, 1)
    table.play(state, "trade")
    assert table.legal(state) == ["trade with seat 1", "trade with seat 2"]


def test_a_player_without_cards_cannot_be_asked(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {}, {"egg": 1}])
    table.play(state, "trade")
    assert table.legal(state) == ["trade with seat 2"]


def test_gifts_are_allowed_when_min_trade_cards_is_zero(table: Any) -> None:
    """N3 option: min_trade_cards 0 allows an offer with nothing asked in return."""
    state = table.state(hands=[{"rice": 1}, {}, {}], options={"min_trade_cards": 0})
    table.play(state, "trade", "trade with seat 1", "give rice", "propose", "accept")
    assert state.view(1)["hand"] == {"rice": 1}


def test_an_offer_needs_a_card_on_each_side_by_default(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give rice")
    assert "propose" not in table.legal(state)


def test_offered_cards_are_seen_by_everyone(table: Any) -> None:
    """N3: offers are made in the open, so every seat learns what was offered."""
    state = table.state(hands=[{"cucumber": 2}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give cucumber")
    assert state.view(2)["players"][0]["known"] == {"cucumber": 1}
    table.play(state, "ask egg", "propose", "accept")
    assert state.view(2)["players"][0]["known"] == {"egg": 1}
    assert state.view(2)["players"][1]["known"] == {"cucumber": 1}
