"""What each seat and the spectator is told of a step: hidden cards and values stay hidden.

Hands, the draw pile and the Nasi Lemak pile are face down; made Nasi Lemak cards lie face down
too, seen only by their owner until the game ends. Everything else happens at the table in the
open (N3, N6, N7, N10, N11), so it is named to everyone.
"""

from __future__ import annotations

from typing import Any

from meja.core import CHANCE
from meja.core.told import Told, told_all
from meja.games.nasi_lemak import NasiLemakState

CARD_WORDS = ("rice", "egg", "peanuts", "sambal", "cucumber", "fan", "swatter", "pack")
"""Names of cards a hidden step may be about; the Officer and the Thief are played in the open."""


def _step(state: NasiLemakState, move: str) -> tuple[int, int]:
    """The player to act and the action move names for it."""
    player = state.current_player()
    return player, state.str_to_action(move, player)


def _told(state: NasiLemakState, move: str, viewer: int | None) -> Told:
    player, action = _step(state, move)
    return state.told(player, action, viewer)


def _words(told: Told) -> tuple[str, dict[str, Any]]:
    return told.text, dict(told.record)


def _hides_the_card(told: Told) -> bool:
    return told.action is None and not any(word in told.text.lower() for word in CARD_WORDS)


def _named_to_everyone(state: NasiLemakState, move: str) -> bool:
    """Every seat and the spectator is told this exact step, in the same words."""
    player, action = _step(state, move)
    told = told_all(state, player, action)
    return all((t.text, t.action) == (told[0].text, action) for t in told)


# --- the value of a made Nasi Lemak card ----------------------------------------------------


def test_a_made_packs_value_is_told_alike_to_everyone_but_its_maker(
    table: Any, five: dict[str, int]
) -> None:
    """Rulebook, Make Nasi Lemak: the card goes face down "without revealing the number"."""
    state = table.play(table.state(hands=[five, {}, {}]), "make nasi lemak")
    for viewer in (1, 2, None):
        one, two = (_told(state, value, viewer) for value in ("1 pack", "2 packs"))
        assert _words(one) == _words(two)
        assert _hides_the_card(one)
        assert "{0}" in one.text
    assert _told(state, "2 packs", 0).text == "{0}'s new Nasi Lemak card showed 2 packs."
    assert _told(state, "2 packs", 0).reveals


def test_a_made_packs_value_is_not_named_when_the_pile_holds_one_value(
    table: Any, five: dict[str, int]
) -> None:
    """A forced value must read as any other: the last card of the pile is a one-pack card."""
    rows = [
        table.cards([1, 1, 1]),
        table.cards([1, 1, 1, 1, 2, 2, 2], flies=(4, 5, 6)),
        table.cards([2, 2, 2, 2], flies=(2, 3)),
    ]
    state = table.state(hands=[five, {}, {}], nasi_lemak=rows, nasi_lemak_pile={"1": 1})
    table.play(state, "make nasi lemak")
    assert table.outcomes(state) == {"1 pack": 1.0}
    unforced = table.play(table.state(hands=[five, {}, {}]), "make nasi lemak")
    for viewer in (1, 2, None):
        told = _told(state, "1 pack", viewer)
        assert _words(told) == _words(_told(unforced, "1 pack", viewer))
        assert _hides_the_card(told)


def test_a_winning_packs_value_is_named_to_everyone_as_every_card_turns_face_up(
    table: Any, five: dict[str, int]
) -> None:
    """N4: five fly-free packs end the game at once, and then every Nasi Lemak card is shown."""
    state = table.state(hands=[five, {}, {}], nasi_lemak=[table.cards([2, 1]), [], []])
    table.play(state, "make nasi lemak")
    assert _named_to_everyone(state, "2 packs")
    assert all(told.reveals for told in told_all(state, *_step(state, "2 packs")))
    hidden = _told(state, "1 pack", 1)
    assert _hides_the_card(hidden)


# --- cards taken from a hand ----------------------------------------------------------------


def test_an_officers_take_is_named_only_to_the_officer_and_the_examined_seat_N9(
    table: Any,
) -> None:
    """N9: the examined hand and the cards taken are seen by the Officer and its owner alone."""
    told = {}
    for victim in ({"rice": 2, "egg": 1}, {"rice": 2}):
        state = table.state(hands=[{"officer": 1}, victim, {"sambal": 2}])
        table.play(state, "play officer", "examine seat 1", "take rice")
        for viewer in (0, 1):
            assert _told(state, "take rice", viewer).text == (
                "{0} played the Officer on {1} and took 2 Rice."
            )
        told[tuple(victim)] = [_told(state, "take rice", viewer) for viewer in (2, None)]
    forced, free = told[("rice",)], told[("rice", "egg")]  # the last pick: free or not
    assert [_words(t) for t in forced] == [_words(t) for t in free]
    assert all(_hides_the_card(t) and "{1}" in t.text for t in forced)


def test_a_spectator_is_not_told_which_card_an_officer_took_in_a_two_player_game_N9(
    table: Any,
) -> None:
    """N9: with two seats the robbed player is the only other one; the spectator still is not."""
    for victim in ({"rice": 1, "egg": 1}, {"rice": 2}):
        state = table.state(2, hands=[{"officer": 1}, victim])
        table.play(state, "play officer", "examine seat 1")
        assert _hides_the_card(_told(state, "take rice", None))
        assert _told(state, "take rice", 1).action is not None


def test_a_third_seat_is_not_told_which_card_an_officer_took_N9(table: Any) -> None:
    for victim in ({"rice": 1, "egg": 1}, {"rice": 2}):
        state = table.state(hands=[{"officer": 1}, victim, {"sambal": 2}])
        table.play(state, "play officer", "examine seat 1")
        assert _hides_the_card(_told(state, "take rice", 2))
        assert _hides_the_card(_told(state, "take rice", None))


def test_only_the_officer_learns_something_from_examining_a_hand_N9(table: Any) -> None:
    state = table.state(hands=[{"officer": 1}, {"rice": 2}, {"sambal": 2}])
    table.play(state, "play officer")
    assert _named_to_everyone(state, "examine seat 1")
    reveals = [told.reveals for told in told_all(state, *_step(state, "examine seat 1"))]
    assert reveals == [True, False, False, False]


def test_a_thiefs_steal_is_named_only_to_the_thief_and_the_victim_N9(table: Any) -> None:
    """N9: the Thief takes a random card; only the thief and the victim see which."""
    state = table.state(hands=[{"thief": 1}, {"rice": 2}, {"egg": 1, "sambal": 1}])
    table.play(state, "play thief")
    assert table.outcomes(state) == {"steal rice": 1.0}
    for viewer in (0, 1):
        assert _told(state, "steal rice", viewer).text == "{0} stole 1 Rice from {1}."
    free = table.play(
        table.state(hands=[{"thief": 1}, {"rice": 1, "egg": 1}, {"sambal": 1}]), "play thief"
    )
    for viewer in (2, None):
        told = _told(state, "steal rice", viewer)
        assert _hides_the_card(told) and "{0}" in told.text and "{1}" in told.text
        assert _words(told) == _words(_told(free, "steal egg", viewer))


def test_a_draw_is_named_only_to_the_drawer_even_from_a_one_kind_pile(
    table: Any, remaining: Any
) -> None:
    """Hands and the draw pile are face down: a draw shows the card to the drawer alone."""
    state = table.state(hands=[{}, remaining({"rice": 2}), {}], draw_pile={"rice": 2})
    table.play(state, "end turn")
    assert table.outcomes(state) == {"rice": 1.0}
    draws = told_all(state, CHANCE, _step(state, "rice")[1])
    assert (draws[1].text, draws[1].reveals) == ("{1} drew 1 Rice.", True)
    free = table.play(table.state(hands=[{}, {}, {}]), "end turn")
    for viewer in (0, 2, None):
        told = draws[viewer if viewer is not None else 3]
        assert _hides_the_card(told) and not told.reveals
        assert _words(told) == _words(_told(free, "egg", viewer))


def test_a_dealt_card_is_named_only_to_the_seat_dealt_to(table: Any) -> None:
    state = table.game.new_state(3)
    assert state.deal_seat == 0
    assert _told(state, "rice", 0).action is not None
    for viewer in (1, 2, None):
        assert _hides_the_card(_told(state, "rice", viewer))
        assert _words(_told(state, "rice", viewer)) == _words(_told(state, "fan", viewer))


# --- what the table sees is named to everyone ----------------------------------------------


def test_a_suppliers_announcement_is_named_to_everyone_N7(table: Any) -> None:
    """N7: the ingredient is announced aloud, and the hand-overs are made in the open."""
    state = table.state(hands=[{"supplier": 1}, {"egg": 1}, {"sambal": 1}])
    assert _named_to_everyone(state, "play supplier")
    table.play(state, "play supplier")
    assert _named_to_everyone(state, "announce egg")
    assert all(told.reveals for told in told_all(state, *_step(state, "announce egg")))


def test_where_a_fly_lands_is_named_to_everyone_N10(table: Any) -> None:
    rows = [[], table.cards([1, 2]), table.cards([2])]
    state = table.state(hands=[{"fly": 1}, {}, {}], nasi_lemak=rows)
    assert _named_to_everyone(state, "play fly")
    table.play(state, "play fly")
    assert _named_to_everyone(state, "fly to seat 1 card 1")


def test_a_fans_move_and_a_swat_are_named_to_everyone_N11(table: Any) -> None:
    rows = [table.cards([1, 1], flies=(0, 1)), table.cards([2]), []]
    state = table.state(hands=[{"fan": 1, "swatter": 1}, {}, {}], nasi_lemak=rows)
    assert _named_to_everyone(state, "swat card 1")
    assert _named_to_everyone(state, "fan from card 0")
    table.play(state, "fan from card 0")
    assert _named_to_everyone(state, "fly to seat 1 card 0")


def test_a_swat_or_a_fan_that_may_win_reveals_to_the_others_N4(table: Any) -> None:
    """N4: freeing a card may give five packs, which ends the game with every card face up."""
    rows = [table.cards([2, 2, 1], flies=(2,)), table.cards([2]), []]
    state = table.state(hands=[{"swatter": 1}, {}, {}], nasi_lemak=rows)
    reveals = [told.reveals for told in told_all(state, *_step(state, "swat card 2"))]
    assert reveals == [True, True, True, True]
    rows = [table.cards([1, 1, 1], flies=(2,)), table.cards([2]), []]
    state = table.state(hands=[{"swatter": 1}, {}, {}], nasi_lemak=rows)
    reveals = [told.reveals for told in told_all(state, *_step(state, "swat card 2"))]
    assert reveals == [False, True, True, True]


def test_an_offer_and_its_answer_are_named_to_everyone_N3(table: Any) -> None:
    """N3: offers are exact, binding and made in the open; so is the exchange."""
    state = table.state(hands=[{"rice": 2, "fan": 1}, {"egg": 1}, {"sambal": 1}])
    for move in ("trade", "trade with seat 1", "give rice", "give fan", "ask egg"):
        assert _named_to_everyone(state, move)
        table.play(state, move)
    for move in ("take back fan", "unask egg", "ask egg", "propose"):
        assert _named_to_everyone(state, move)
        table.play(state, move)
    assert _named_to_everyone(state, "accept")
    assert _named_to_everyone(state, "decline")


def test_a_decline_is_told_alike_whether_or_not_the_partner_could_accept_N3(
    table: Any,
) -> None:
    """N3: whether the partner held the cards asked for stays its secret; the decline is public."""
    told = []
    for partner in ({"cucumber": 1, "egg": 1}, {"egg": 2}):
        state = table.state(hands=[{"rice": 1}, partner, {"sambal": 1}])
        table.play(state, "trade", "trade with seat 1", "give rice", "ask cucumber", "propose")
        told.append([_words(t) for t in told_all(state, *_step(state, "decline"))])
        assert _named_to_everyone(state, "decline")
    assert told[0] == told[1]


def test_ending_a_turn_is_told_alike_whether_or_not_it_was_the_only_move_N1(
    table: Any,
) -> None:
    """N1: a player may end the turn at any time; nobody is told whether it had to."""
    told = []
    for card in ("fly", "thief"):
        state = table.state(2, hands=[{card: 1}, {"egg": 1}])
        told.append([_words(t) for t in told_all(state, *_step(state, "end turn"))])
        assert _named_to_everyone(state, "end turn")
    assert told[0] == told[1]


def test_mak_cik_and_a_wholesalers_cards_are_named_to_everyone_N6_N8(table: Any) -> None:
    hand = {"mak_cik": 1, "wholesaler": 1, "rice": 1, "egg": 1, "sambal": 1}
    state = table.state(hands=[hand, {}, {}])
    for move in ("play mak cik", "use rice egg sambal"):
        assert _named_to_everyone(state, move)
        table.play(state, move)
    table.play(state, "1 pack", "play wholesaler")
    for turned in ("fly", "rice", "egg"):
        assert _named_to_everyone(state, turned)
        assert all(told.reveals for told in told_all(state, *_step(state, turned)))
        table.play(state, turned)


def test_the_last_move_before_the_pile_out_end_reveals_every_card_N5(
    table: Any, five: dict[str, int]
) -> None:
    """N5: with the pile empty the game ends with the turn, and every card turns face up."""
    rows = [table.cards([1, 1, 1, 1]), table.cards([1, 1, 1, 1, 2, 2, 2], flies=(4, 5, 6))]
    rows.append(table.cards([2, 2, 2, 2], flies=(2, 3)))
    state = table.state(hands=[five, {}, {}], nasi_lemak=rows, nasi_lemak_pile={})
    assert all(told.reveals for told in told_all(state, *_step(state, "end turn")))
