"""The move log must not tell a viewer, by naming a move or by not naming it, anything hidden.

Whether a move is named is itself seen by every viewer (the entry is there, with words or with
None), so the decision may depend only on what that viewer can see: two positions a viewer
cannot tell apart must give it the same decision. These tests build such pairs of Nasi Lemak
positions that differ only in a hand the viewer cannot see.
"""

from __future__ import annotations

import random
from typing import Any

from meja.core import State
from meja.games.nasi_lemak import GAME, NasiLemakState
from meja.server.visibility import seen_by, viewer_bit


def _state(num_players: int, hands: list[dict[str, int]], **fields: Any) -> NasiLemakState:
    """A main-phase Nasi Lemak position of seat 0's first turn with the given hands."""
    data: dict[str, Any] = {
        "num_players": num_players,
        "phase": "main",
        "active": 0,
        "turn": 1,
        "hands": hands,
        "draw_pile": "rest",
        "nasi_lemak_pile": "rest",
        "nasi_lemak": [[] for _ in range(num_players)],
    }
    data.update(fields)
    return GAME.from_position(data)


def _play(state: State, *moves: str) -> State:
    """Apply moves by name for whoever must act."""
    for move in moves:
        seat = state.current_player()
        state.apply(state.str_to_action(move, seat), seat)
    return state


def _mask(before: State, move: str) -> tuple[int, int]:
    """The mover and the seen_by mask of the move named move from before."""
    player = before.current_player()
    action = before.str_to_action(move, player)
    after = before.clone()
    after.apply(action, player)
    return player, seen_by(before, player, action, after, random.Random(7))


def _told(mask: int, viewer: int | None, num_players: int) -> bool:
    return bool(mask & viewer_bit(viewer, num_players))


def test_a_declined_offer_is_named_alike_whether_or_not_the_partner_could_accept() -> None:
    """N3 offers are exact: whether the partner held the cards asked for stays its secret.

    Seat 2 and a spectator see the same table in both positions, so the log must treat the
    decline the same: naming it only when it was not forced would say the partner held a
    cucumber.
    """
    decisions = []
    for partner in ({"cucumber": 1, "egg": 1}, {"egg": 2}):
        state = _state(3, [{"rice": 1}, partner, {"sambal": 1}])
        _play(state, "trade", "trade with seat 1", "give rice", "ask cucumber", "propose")
        assert state.view(2)["phase"] == "response"
        views = (state.view(2), state.view(None))
        player, mask = _mask(state, "decline")
        assert player == 1
        decisions.append((views, _told(mask, 2, 3), _told(mask, None, 3)))
    (views_a, *told_a), (views_b, *told_b) = decisions
    assert views_a == views_b, "the two positions must look the same to seat 2 and spectators"
    assert told_a == told_b == [True, True], "a decline is public: the offer went back unmade"


def test_ending_a_turn_is_named_alike_whether_or_not_it_was_the_only_move() -> None:
    """N1: a player may end the turn at any time; the log must not say whether it had to.

    With a Fly and no Nasi Lemak card on the table ending the turn is forced; with a Thief it
    is not. Seat 1 cannot tell the two hands apart.
    """
    decisions = []
    for card in ("fly", "thief"):
        state = _state(2, [{card: 1}, {"egg": 1}])
        view = state.view(1)
        _player, mask = _mask(state, "end turn")
        decisions.append((view, _told(mask, 1, 2), _told(mask, None, 2)))
    assert decisions[0][0] == decisions[1][0]
    assert decisions[0][1:] == decisions[1][1:] == (True, True)


def test_a_spectator_is_not_told_which_card_an_officer_took_in_a_two_player_game() -> None:
    """N9: only the Officer and the player examined see the hand and the cards taken.

    In a two-player game the player robbed is the only other seat; that it may be told must not
    carry the card over to a spectator, whether or not the Officer had a choice.
    """
    for victim in ({"rice": 1, "egg": 1}, {"rice": 2}):
        state = _state(2, [{"officer": 1}, victim])
        _play(state, "play officer", "examine seat 1")
        player, mask = _mask(state, "take rice")
        assert player == 0
        assert not _told(mask, None, 2), f"a spectator was told 'take rice' from {victim}"


def test_a_third_seat_is_not_told_which_card_an_officer_took() -> None:
    """N9: a seat that was not examined never learns the cards taken, forced or not."""
    for victim in ({"rice": 1, "egg": 1}, {"rice": 2}):
        state = _state(3, [{"officer": 1}, victim, {"sambal": 2}])
        _play(state, "play officer", "examine seat 1")
        _player, mask = _mask(state, "take rice")
        assert not _told(mask, 2, 3)
        assert not _told(mask, None, 3)


def test_public_moves_are_still_named_to_everyone() -> None:
    """The fix must not hide what the table saw: an offer's cards and a Supplier's name (N7)."""
    state = _state(3, [{"rice": 1, "supplier": 1}, {"egg": 1}, {"sambal": 1}])
    _play(state, "trade", "trade with seat 1")
    _player, mask = _mask(state, "give rice")
    assert all(_told(mask, viewer, 3) for viewer in (1, 2, None))
    _play(state, "give rice", "ask egg", "propose", "accept", "play supplier")
    _player, mask = _mask(state, "announce rice")
    assert all(_told(mask, viewer, 3) for viewer in (1, 2, None))
