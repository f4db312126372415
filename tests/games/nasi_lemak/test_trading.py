"""Trading as a negotiation: offers built card by card, accepted or declined (N2, N3)."""

from __future__ import annotations

from typing import Any

import pytest

from meja.core import IllegalAction, InvalidPosition, NotYourTurn
from meja.games.nasi_lemak import GAME
from meja.games.nasi_lemak.actions import (
    ACCEPT,
    CANCEL_TRADE,
    MOVES,
    PLACE,
    TRADE,
)
from meja.games.nasi_lemak.components import MAX_PLAYERS
from meja.games.nasi_lemak.tables import MAX_TABLE_CARDS


def test_an_accepted_trade_exchanges_the_cards_and_is_a_move(table: Any) -> None:
    """The rulebook's example: A's Cucumber for C's Peanut, accepted by C."""
    state = table.state(hands=[{"cucumber": 1}, {}, {"peanuts": 1}])
    table.play(state, "trade", "trade with seat 2", "give cucumber", "ask peanuts", "propose")
    assert state.current_player() == 2
    assert table.legal(state) == ["accept", "decline"]
    offer = {"give": {"cucumber": 1}, "ask": {"peanuts": 1}, "taken_back": 0}
    assert state.view(1)["offer"] == offer
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


def test_the_declined_offer_cap_is_an_option_N2(table: Any) -> None:
    """N2: max_declined_offers sets the cap; with 1, a single declined offer ends the trading."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}], options={"max_declined_offers": 1})
    table.play(state, "trade", "trade with seat 1", "give rice", "ask egg", "propose", "decline")
    assert "trade" not in table.legal(state)
    with pytest.raises(IllegalAction, match="the 1 declined offer allowed per turn is used up"):
        state.apply(TRADE, 0)


def test_a_declined_offer_cap_of_zero_is_refused_N2() -> None:
    """N2: any offer may be declined, so a cap of 0 would silently forbid every trade."""
    with pytest.raises(ValueError, match=r"^option 'max_declined_offers': 0 is below 1$"):
        GAME.new_state(3, max_declined_offers=0)


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


@pytest.mark.parametrize(
    ("hands", "offer", "after"),
    [
        ([{"rice": 4}, {"egg": 1}], ["give rice"] * 4 + ["ask egg"], [{"egg": 1}, {"rice": 4}]),
        ([{"rice": 1}, {"egg": 4}], ["give rice"] + ["ask egg"] * 4, [{"egg": 4}, {"rice": 1}]),
    ],
    ids=["4-for-1", "1-for-4"],
)
def test_an_offer_is_limited_only_by_the_two_hands_by_default_N3(
    table: Any, hands: list[dict[str, int]], offer: list[str], after: list[dict[str, int]]
) -> None:
    """N3: any counts the hands allow; four rice for one egg is a legal offer."""
    state = table.state(hands=[*hands, {}])
    table.play(state, "trade", "trade with seat 1", *offer)
    assert not any(move.startswith(("give", "ask")) for move in table.legal(state))
    table.play(state, "propose", "accept")
    assert [state.view(0)["hand"], state.view(1)["hand"]] == after


def test_the_offer_card_limit_option_caps_each_side_of_an_offer_N3(table: Any) -> None:
    """N3 option: a host may cap an offer; then a fourth card on a side is refused."""
    options = {"offer_card_limit": 3}
    state = table.state(hands=[{"rice": 4}, {"egg": 4}, {}], options=options)
    table.play(state, "trade", "trade with seat 1", "give rice", "give rice", "give rice")
    assert "give rice" not in table.legal(state)
    with pytest.raises(IllegalAction, match="at most 3 cards on each side"):
        table.play(state, "give rice")
    table.play(state, "ask egg", "ask egg", "ask egg")
    assert not any(move.startswith("ask") for move in table.legal(state))
    with pytest.raises(IllegalAction, match="at most 3 cards on each side"):
        table.play(state, "ask egg")


def test_only_the_active_player_starts_a_trade_with_one_partner(table: Any) -> None:
    """N3: the other players may not trade among themselves."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {"fan": 1}])
    with pytest.raises(NotYourTurn):
        state.apply(TRADE, 1)
    table.play(state, "trade")
    assert table.legal(state) == ["trade with seat 1", "trade with seat 2", "cancel trade"]


def test_a_player_without_cards_cannot_be_asked(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {}, {"egg": 1}])
    table.play(state, "trade")
    assert table.legal(state) == ["trade with seat 2", "cancel trade"]


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
    assert state.view(2)["seats"][0]["known"] == {"cucumber": 1}
    table.play(state, "ask egg", "propose", "accept")
    assert state.view(2)["seats"][0]["known"] == {"egg": 1}
    assert state.view(2)["seats"][1]["known"] == {"cucumber": 1}


def test_a_cancelled_trade_returns_to_the_main_phase_and_counts_as_declined(table: Any) -> None:
    """A trade may be dropped while choosing the partner or building the offer; like a declined
    offer it costs no move but counts toward max_declined_offers, so a turn stays finite (N2)."""
    state = table.state(hands=[{"cucumber": 1}, {}, {"peanuts": 1}])
    table.play(state, "trade")
    assert "cancel trade" in table.legal(state)
    table.play(state, "cancel trade")
    view = state.view(0)
    assert (view["phase"], view["moves_left"], view["declined_offers"]) == ("main", 3, 1)
    table.play(state, "trade", "trade with seat 2", "give cucumber", "ask peanuts", "cancel trade")
    view = state.view(0)
    assert (view["phase"], view["moves_left"], view["declined_offers"]) == ("main", 3, 2)
    assert (view["offer"], view["target"], view["hand"]) == (None, -1, {"cucumber": 1})
    assert state.view(2)["hand"] == {"peanuts": 1}


def test_cancelled_trades_use_up_the_declined_offers_of_the_turn(table: Any) -> None:
    """N2: cancelling cannot be repeated for ever; three cancels end the trading of the turn."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}])
    for _ in range(3):
        table.play(state, "trade", "cancel trade")
    assert "trade" not in table.legal(state)
    with pytest.raises(IllegalAction, match="3 declined offers allowed per turn are used up"):
        state.apply(TRADE, 0)


def test_a_proposed_offer_cannot_be_cancelled(table: Any) -> None:
    """Once proposed, the offer is binding: the partner accepts or declines it (N3)."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give rice", "ask egg", "propose")
    assert "cancel trade" not in table.legal(state)
    with pytest.raises(IllegalAction, match="seat 1 accepts or declines it"):
        state.apply(CANCEL_TRADE, 1)
    table.play(state, "accept")
    with pytest.raises(IllegalAction, match="no trade is being set up"):
        state.str_to_action("cancel trade", 0)


def test_a_card_can_be_taken_back_out_of_the_offer(table: Any) -> None:
    """While building an offer, each card on the give side can be taken back off it."""
    state = table.state(hands=[{"rice": 2, "fan": 1}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1")
    assert not any(move.startswith("take back") for move in table.legal(state))
    table.play(state, "give rice", "give rice", "give fan")
    legal = table.legal(state)
    assert [m for m in legal if m.startswith("take back")] == ["take back rice", "take back fan"]
    table.play(state, "take back rice")
    assert state.view(2)["offer"]["give"] == {"rice": 1, "fan": 1}
    table.play(state, "take back fan", "ask egg", "propose", "accept")
    assert state.view(0)["hand"] == {"rice": 1, "fan": 1, "egg": 1}
    assert state.view(1)["hand"] == {"rice": 1}


def test_a_card_asked_for_can_be_unasked(table: Any) -> None:
    state = table.state(hands=[{"rice": 1}, {"egg": 1, "peanuts": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give rice", "ask egg", "ask peanuts")
    unasks = [m for m in table.legal(state) if m.startswith("unask")]
    assert unasks == ["unask egg", "unask peanuts"]
    table.play(state, "unask egg")
    assert state.view(0)["offer"]["ask"] == {"peanuts": 1}
    with pytest.raises(IllegalAction, match="the offer asks for no egg"):
        table.play(state, "unask egg")
    with pytest.raises(IllegalAction, match="the Thief cannot be traded"):
        state.str_to_action("unask thief")


@pytest.mark.parametrize(("options", "limit"), [({}, 3), ({"offer_card_limit": 2}, 2)])
def test_an_offer_allows_only_so_many_cards_taken_back(
    table: Any, options: dict[str, int], limit: int
) -> None:
    """Taking back is capped so an offer stays finite: three cards an offer without an offer
    cap, as many as the cap with one (N3)."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}], options=options)
    table.play(state, "trade", "trade with seat 1")
    for _ in range(limit):
        table.play(state, "give rice", "take back rice")
    assert state.view(1)["offer"] == {"give": {}, "ask": {}, "taken_back": limit}
    table.play(state, "give rice", "ask egg")
    assert not any(m.startswith(("take back", "unask")) for m in table.legal(state))
    message = f"at most {limit} cards may be taken back out of one offer"
    with pytest.raises(IllegalAction, match=message):
        table.play(state, "take back rice")
    assert "cancel trade" in table.legal(state)
    table.play(state, "cancel trade", "trade", "trade with seat 1", "give rice")
    assert "take back rice" in table.legal(state)


def test_a_card_taken_back_was_still_seen_by_everyone(table: Any) -> None:
    """N3: an offer is made in the open; taking the card back keeps it in the same hand."""
    state = table.state(hands=[{"cucumber": 1}, {"egg": 1}, {}])
    table.play(state, "trade", "trade with seat 1", "give cucumber", "take back cucumber")
    assert state.view(2)["seats"][0]["known"] == {"cucumber": 1}
    table.play(state, "cancel trade")
    assert state.view(1)["seats"][0]["known"] == {"cucumber": 1}


def test_the_trade_editing_moves_come_after_every_older_action() -> None:
    """Saved games keep their meaning: the moves added later are numbered after the others."""
    assert CANCEL_TRADE == PLACE + MAX_PLAYERS * MAX_TABLE_CARDS
    assert MOVES.names[CANCEL_TRADE : CANCEL_TRADE + 2] == ("cancel trade", "take back rice")
    assert MOVES.names[-1] == "unask swatter"
