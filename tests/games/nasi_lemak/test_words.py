"""The Nasi Lemak move log in words, as each seat and the spectator reads it, and the end of the
game explained: one sentence per completed move, hidden cards named only to those who see them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.core.told import say
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.games.nasi_lemak.tables import (
    ANNOUNCING,
    EXAMINING,
    FAN_TARGET,
    FLY_TARGET,
    OFFER,
    PARTNER,
    PICK,
    TRIO_CHOICE,
)
from meja.games.nasi_lemak.words import outcome

NAMES = ["Player 1", "Bot 2", "Bot 3"]
SPECTATOR = None
PREPARING = {PARTNER, OFFER, TRIO_CHOICE, ANNOUNCING, EXAMINING, PICK, FLY_TARGET, FAN_TARGET}
"""Phases in which the seat that just stepped has not finished its move."""


def heard(state: NasiLemakState, move: str, viewer: int | None) -> str:
    """What viewer reads in the log of move, the next step, as the table names the seats."""
    player = state.current_player()
    action = state.str_to_action(move, player)
    return say(state.told(player, action, viewer).text, viewer, NAMES)


def heard_by_all(state: NasiLemakState, move: str) -> list[str]:
    """What seats 0, 1, 2 and the spectator read of move."""
    return [heard(state, move, viewer) for viewer in (0, 1, 2, SPECTATOR)]


def quiet(table: Any, state: NasiLemakState, *moves: str) -> None:
    """Play moves that only prepare a move: the log says nothing of them to anyone."""
    for move in moves:
        assert heard_by_all(state, move) == ["", "", "", ""], move
        table.play(state, move)


# --- cards dealt, drawn and taken from a hand ----------------------------------------------------
def test_a_deal_names_the_seven_cards_to_their_seat_and_counts_them_to_the_others() -> None:
    state = GAME.new_state(3)
    for card in ("rice", "rice", "egg", "fan", "thief", "fly"):
        assert heard_by_all(state, card) == ["", "", "", ""]
        state.apply(state.str_to_action(card, CHANCE), CHANCE)
    assert heard(state, "officer", 0) == (
        "The dealer gave you 7 cards: 2 Rice, 1 Egg, 1 Officer, 1 Thief, 1 Fly and 1 Fan."
    )
    assert heard(state, "officer", 1) == "The dealer gave Player 1 7 cards."
    assert heard(state, "officer", SPECTATOR) == "The dealer gave Player 1 7 cards."


def test_a_draw_names_each_card_to_the_drawer_and_the_count_to_the_others(table: Any) -> None:
    state = table.play(table.state(), "end turn")
    assert heard_by_all(state, "rice") == ["", "You drew 1 Rice.", "", ""]
    table.play(state, "rice")
    assert heard_by_all(state, "egg") == [
        "Bot 2 drew 2 cards.",
        "You drew 1 Egg.",
        "Bot 2 drew 2 cards.",
        "Bot 2 drew 2 cards.",
    ]


def test_the_last_card_of_the_pile_is_a_draw_of_one_card(table: Any, remaining: Any) -> None:
    """N12: with the discard pile empty too, the draw stops at the last card there is."""
    state = table.state(hands=[{}, remaining({"rice": 1}), {}], draw_pile={"rice": 1})
    table.play(state, "end turn")
    assert heard(state, "rice", 0) == "Bot 2 drew 1 card."
    assert heard(state, "rice", 1) == "You drew 1 Rice."


def test_an_officers_take_is_named_to_the_officer_and_the_examined_seat_only_N9(
    table: Any,
) -> None:
    state = table.state(hands=[{"officer": 1}, {"rice": 1, "egg": 1, "fan": 1}, {"sambal": 2}])
    quiet(table, state, "play officer", "examine seat 1", "take rice")
    assert heard_by_all(state, "take fan") == [
        "You played the Officer on Bot 2 and took 1 Rice and 1 Fan.",
        "Player 1 played the Officer on you and took 1 Rice and 1 Fan.",
        "Player 1 played the Officer on Bot 2 and took 2 cards.",
        "Player 1 played the Officer on Bot 2 and took 2 cards.",
    ]


def test_a_position_keeps_the_officers_first_card_for_the_words_of_the_second(
    table: Any,
) -> None:
    state = table.state(hands=[{"officer": 1}, {"rice": 1, "egg": 1}, {"sambal": 2}])
    table.play(state, "play officer", "examine seat 1", "take rice")
    position = state.position()
    assert position["officer_took"] == "rice"
    loaded = GAME.from_position(position)
    assert loaded == state
    assert heard(loaded, "take egg", 1) == (
        "Player 1 played the Officer on you and took 1 Rice and 1 Egg."
    )


def test_an_officer_on_a_one_card_hand_takes_it_in_one_step_N9(table: Any) -> None:
    state = table.state(hands=[{"officer": 1}, {"egg": 1}, {"sambal": 2}])
    quiet(table, state, "play officer", "examine seat 1")
    assert heard(state, "take egg", 1) == "Player 1 played the Officer on you and took 1 Egg."
    assert heard(state, "take egg", 2) == "Player 1 played the Officer on Bot 2 and took 1 card."


def test_an_officer_on_an_empty_hand_is_said_at_once_N9(table: Any) -> None:
    state = table.state(hands=[{"officer": 1}, {}, {"sambal": 2}])
    quiet(table, state, "play officer")
    assert heard(state, "examine seat 1", 2) == (
        "Player 1 played the Officer on Bot 2, whose hand was empty."
    )


def test_a_thiefs_catch_is_named_to_the_thief_and_the_victim_only_N9(table: Any) -> None:
    state = table.state(hands=[{"thief": 1}, {"rice": 1}, {"egg": 1}])
    assert heard(state, "play thief", 1) == "Player 1 played the Thief."
    table.play(state, "play thief")
    assert heard_by_all(state, "steal rice") == [
        "You stole 1 Rice from Bot 2.",
        "Player 1 stole 1 Rice from you.",
        "Player 1 stole a card from Bot 2.",
        "Player 1 stole a card from Bot 2.",
    ]


def test_a_thief_with_nobody_to_rob_is_still_spent_N9(table: Any) -> None:
    state = table.state(hands=[{"thief": 1}, {}, {}])
    assert heard(state, "play thief", 0) == (
        "You played the Thief, but nobody had a card to steal."
    )


# --- Nasi Lemak cards ----------------------------------------------------------------------------
def test_a_made_nasi_lemak_shows_its_packs_to_its_maker_only(
    table: Any, five: dict[str, int]
) -> None:
    """Rulebook, Make Nasi Lemak: the card goes face down without revealing the number."""
    state = table.state(hands=[five, {}, {}])
    assert heard(state, "make nasi lemak", 1) == "Player 1 made a Nasi Lemak."
    table.play(state, "make nasi lemak")
    assert heard_by_all(state, "2 packs") == [
        "Your new Nasi Lemak card showed 2 packs.",
        "Player 1 kept the new Nasi Lemak card face down.",
        "Player 1 kept the new Nasi Lemak card face down.",
        "Player 1 kept the new Nasi Lemak card face down.",
    ]


def test_a_winning_nasi_lemak_card_is_named_to_everyone_N4(
    table: Any, five: dict[str, int]
) -> None:
    state = table.state(hands=[five, {}, {}], nasi_lemak=[table.cards([2, 1]), [], []])
    table.play(state, "make nasi lemak")
    assert heard(state, "2 packs", 1) == "Player 1's new Nasi Lemak card showed 2 packs."


def test_mak_cik_is_said_with_its_three_ingredients_N8(table: Any) -> None:
    state = table.state(hands=[{"mak_cik": 1, "rice": 1, "egg": 1, "sambal": 1}, {}, {}])
    quiet(table, state, "play mak cik")
    assert heard(state, "use rice egg sambal", 2) == (
        "Player 1 played Mak Cik Nasi Lemak with Rice, Egg and Anchovies Sambal."
    )


def test_a_fly_names_the_card_it_lands_on_N10(table: Any) -> None:
    rows = [[], table.cards([1, 2]), table.cards([2])]
    state = table.state(hands=[{"fly": 1}, {}, {}], nasi_lemak=rows)
    quiet(table, state, "play fly")
    assert heard(state, "fly to seat 1 card 1", 1) == (
        "Player 1 put a Fly on your second Nasi Lemak card."
    )
    assert heard(state, "fly to seat 1 card 1", 2) == (
        "Player 1 put a Fly on Bot 2's second Nasi Lemak card."
    )


def test_a_fan_names_where_the_fly_came_from_and_went_N11(table: Any) -> None:
    rows = [table.cards([1, 1], flies=(0, 1)), table.cards([2]), []]
    state = table.state(hands=[{"fan": 1}, {}, {}], nasi_lemak=rows)
    quiet(table, state, "fan from card 0")
    assert heard(state, "fly to seat 1 card 0", 0) == (
        "You fanned the Fly from your first Nasi Lemak card onto Bot 2's first."
    )
    assert heard(state, "fly to seat 1 card 0", 1) == (
        "Player 1 fanned the Fly from Player 1's first Nasi Lemak card onto your first."
    )


def test_a_swat_names_the_card_it_freed_N11(table: Any) -> None:
    rows = [table.cards([1, 1], flies=(0, 1)), table.cards([2]), []]
    state = table.state(hands=[{"swatter": 1}, {}, {}], nasi_lemak=rows)
    assert heard(state, "swat card 1", 0) == "You swatted the Fly on your second Nasi Lemak card."
    assert heard(state, "swat card 1", SPECTATOR) == (
        "Player 1 swatted the Fly on Player 1's second Nasi Lemak card."
    )


# --- cards played in the open --------------------------------------------------------------------
def test_a_wholesalers_cards_and_what_it_kept_are_said_once_all_are_up_N6(table: Any) -> None:
    state = table.state(hands=[{"wholesaler": 1}, {}, {}])
    assert heard(state, "play wholesaler", 1) == "Player 1 played the Wholesaler."
    table.play(state, "play wholesaler")
    quiet(table, state, "fly", "rice")
    assert heard(state, "egg", 0) == (
        "Your Wholesaler turned up 1 Rice, 1 Egg and 1 Fly, and you kept 1 Rice and 1 Egg."
    )
    assert heard(state, "egg", 2) == (
        "Player 1's Wholesaler turned up 1 Rice, 1 Egg and 1 Fly, and Player 1 kept 1 Rice and"
        " 1 Egg."
    )


def test_a_wholesaler_that_turns_up_no_ingredient_keeps_nothing_N6(table: Any) -> None:
    state = table.play(table.state(hands=[{"wholesaler": 1}, {}, {}]), "play wholesaler")
    table.play(state, "fly", "fly")
    assert heard(state, "thief", 1) == (
        "Player 1's Wholesaler turned up 1 Thief and 2 Flies, and none was an ingredient."
    )


def test_a_suppliers_ingredient_and_the_hand_overs_are_said_to_everyone_N7(table: Any) -> None:
    state = table.state(hands=[{"supplier": 1}, {"egg": 2}, {"egg": 1}])
    quiet(table, state, "play supplier")
    assert heard(state, "announce egg", 0) == (
        "You played the Supplier and named Egg: 2 from Bot 2 and 1 from Bot 3."
    )
    assert heard(state, "announce egg", 1) == (
        "Player 1 played the Supplier and named Egg: 2 from you and 1 from Bot 3."
    )
    assert heard(state, "announce sambal", SPECTATOR) == (
        "Player 1 played the Supplier and named Anchovies Sambal, but nobody had any."
    )


# --- trades and the turn -------------------------------------------------------------------------
def _offered(table: Any) -> NasiLemakState:
    """Player 1 has put 2 Rice and 1 Anchovies Sambal for 1 Egg to Bot 2, not yet proposed."""
    state = table.state(hands=[{"rice": 2, "sambal": 1}, {"egg": 1}, {}])
    moves = ("trade", "trade with seat 1", "give rice", "give rice", "give sambal", "ask egg")
    quiet(table, state, *moves)
    return state


def test_an_offer_is_one_sentence_when_it_is_proposed_N3(table: Any) -> None:
    state = _offered(table)
    assert heard_by_all(state, "propose") == [
        "You offered Bot 2 2 Rice and 1 Anchovies Sambal for 1 Egg.",
        "Player 1 offered you 2 Rice and 1 Anchovies Sambal for 1 Egg.",
        "Player 1 offered Bot 2 2 Rice and 1 Anchovies Sambal for 1 Egg.",
        "Player 1 offered Bot 2 2 Rice and 1 Anchovies Sambal for 1 Egg.",
    ]


def test_a_gift_offers_nothing_for_the_cards_asked_N3(table: Any) -> None:
    """N3 option min_trade_cards=0: one side of an offer may be empty."""
    state = table.state(hands=[{"rice": 1}, {"egg": 1}, {}], options={"min_trade_cards": 0})
    quiet(table, state, "trade", "trade with seat 1", "ask egg")
    assert heard(state, "propose", 1) == "Player 1 offered you nothing for 1 Egg."


def test_the_answer_to_an_offer_is_one_sentence_N3(table: Any) -> None:
    state = table.play(_offered(table), "propose")
    assert heard(state, "accept", 0) == "Bot 2 accepted your offer."
    assert heard(state, "accept", 1) == "You accepted Player 1's offer."
    assert heard(state, "decline", 2) == "Bot 2 turned down Player 1's offer."


def test_a_called_off_trade_names_the_partner_once_one_was_chosen(table: Any) -> None:
    state = _offered(table)
    assert heard(state, "cancel trade", 1) == "Player 1 called off the trade with you."
    choosing = table.play(table.state(hands=[{"rice": 1}, {"egg": 1}, {}]), "trade")
    assert heard(choosing, "cancel trade", 2) == "Player 1 called off a trade."


def test_ending_the_turn_and_a_random_start_are_said(table: Any) -> None:
    assert heard(table.state(), "end turn", 1) == "Player 1 ended the turn."
    state = GAME.new_state(3, start_player="random")
    assert heard(state, "1", 1) == "A random draw chose you to start."
    assert heard(state, "1", 0) == "A random draw chose Bot 2 to start."


# --- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("num_players", [2, 3, 6])
def test_every_completed_move_is_one_sentence_for_every_viewer(num_players: int) -> None:
    """A move's steps say nothing until the one that completes it, which says it all: a trade
    is its proposal and its answer, not a line per card."""
    viewers = [*range(num_players), None]
    moves = 0
    for seed in range(15):
        rng = random.Random(seed)
        state = GAME.new_state(num_players)
        said: list[list[str]] = [[] for _ in viewers]
        while not state.is_terminal():
            player, action = random_step(state, rng)
            if player == CHANCE:
                state.apply(action, player)
                continue
            for index, viewer in enumerate(viewers):
                said[index].append(state.told(player, action, viewer).text)
            state.apply(action, player)
            if state.phase in PREPARING and state.current_player() == player:
                continue
            moves += 1
            for texts in said:
                assert all(not text for text in texts[:-1]) and texts[-1], (seed, texts)
            said = [[] for _ in viewers]
    assert moves > 500


# --- the end of the game -------------------------------------------------------------------------
def test_five_fly_free_packs_win_at_once_N4(table: Any, five: dict[str, int]) -> None:
    state = table.state(hands=[five, {}, {}], nasi_lemak=[table.cards([2, 2]), [], []])
    table.play(state, "make nasi lemak", "1 pack")
    assert outcome(state).unit == "fly-free packs"
    assert _lines(state, 1) == ["Player 1 won at once with 5 fly-free packs; 5 end the game."]


PILE_OUT = "The Nasi Lemak pile ran out, so the game ended with that turn."
SIX = ["Player 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6"]


def _pile_out(table: Any, rows: list[list[int]], flies: dict[int, tuple[int, ...]]) -> Any:
    """Six seats hold all fifteen Nasi Lemak cards, and Player 1 ends the turn: the game ends
    (N5)."""
    cards = [table.cards(row, flies=flies.get(q, ())) for q, row in enumerate(rows)]
    state = table.state(6, nasi_lemak=cards, nasi_lemak_pile={})
    table.play(state, "end turn")
    assert state.is_terminal()
    return state


def _lines(state: NasiLemakState, viewer: int | None) -> list[str]:
    return [say(line, viewer, SIX) for line in outcome(state).lines]


def test_the_most_fly_free_packs_win_once_the_pile_is_out_N5(table: Any) -> None:
    rows = [[2, 2], [2, 1], [2, 1], [2, 1], [2, 1, 1], [2, 1, 1, 1]]
    state = _pile_out(table, rows, {4: (1,), 5: (0,)})
    assert _lines(state, 0) == [PILE_OUT, "You won with 4 fly-free packs."]


def test_a_tie_on_packs_goes_to_the_most_fly_free_cards_N5(table: Any) -> None:
    rows = [[2, 2], [2, 1], [2, 1], [2, 1], [2, 1, 1], [2, 1, 1, 1]]
    state = _pile_out(table, rows, {5: (0,)})
    assert state.winners() == [4]
    assert _lines(state, 0) == [
        PILE_OUT,
        "You and Bot 5 tied on 4 fly-free packs; Bot 5 won on fly-free Nasi Lemak cards, 3 to 2.",
    ]


def test_a_tie_on_packs_and_cards_is_a_shared_win_N5(table: Any) -> None:
    rows = [[2, 1, 1], [2, 1], [2, 1], [2, 1], [2, 1, 1], [2, 2, 1]]
    state = _pile_out(table, rows, {5: (0,)})
    assert _lines(state, 4) == [
        PILE_OUT,
        "Player 1 and you tied on 4 fly-free packs and 3 fly-free Nasi Lemak cards and shared"
        " the win.",
    ]


def test_the_round_limit_says_why_the_game_stopped(table: Any) -> None:
    state = table.state(
        options={"max_rounds": 1}, active=2, turn=3, nasi_lemak=[[], [], table.cards([2])]
    )
    table.play(state, "end turn")
    assert _lines(state, 2) == [
        "The game stopped after 1 round.",
        "You won with 2 fly-free packs.",
    ]
