"""Taking a move back in Nasi Lemak: building a trade or aiming a card, until something shows.

A move of several parts is a short sequence of actions by the active player: a trade (`trade`,
`trade with seat 1`, `give egg`, `ask fan`, ... until `propose`, N3), an Officer (`play officer`,
`examine seat 1`, `take egg`, `take peanuts`, N9), a Fly (`play fly`, `fly to seat 1 card 0`,
N10), a Fan (`fan from card 0`, `fly to ...`, N11), a Supplier (`play supplier`,
`announce rice`, N7), a Mak Cik (`play mak cik`, `use ...`, N8). Any of these parts may be taken
back while the player is still to move and nothing has shown since. An Officer's look at a hand,
a Supplier's hand-overs and a fly leaving the player's own card show something (to the Officer,
or to the table), so they stand; a draw, a steal, a Wholesaler's cards and a cooked Nasi Lemak
are chance steps; a proposed offer waits on the other player's answer. When the step may finish
the game's last move, every Nasi Lemak card is turned up (N4, N5), so nothing may be taken back.
"""

from __future__ import annotations

import os
import random

import pytest
from tests.undo_cases import assert_same_game, random_game

from meja.core import CHANCE, State
from meja.core.game import sample_chance
from meja.core.told import told_all
from meja.games.nasi_lemak import GAME

GAMES_PER_COUNT = max(2, int(os.environ.get("MEJA_CONFORMANCE_GAMES", "2000")) // 500)
"""Seeded random games per player count: a few, since judging the mover replays the game and
Nasi Lemak's games are long."""

SHOWN = "your last move showed something that was hidden, so it stands"

MAY_BE_TAKEN_BACK = {
    "trade",
    "trade with",
    "give",
    "ask",
    "take back",
    "unask",
    "cancel",
    "play officer",
    "take",
    "play supplier",
    "play mak cik",
    "play fly",
    "fly to",
    "fan",
}
"""The parts of a move that show nothing and leave the player to move (the Officer's picks,
`take`, come after the look at the hand, which stands)."""

NEVER_TAKEN_BACK = {
    "examine",
    "announce",
    "swat",
    "fan to",
    "propose",
    "accept",
    "decline",
    "use",
    "make",
    "play thief",
    "play wholesaler",
    "end",
}
"""What shows something, waits on another player or leads to a chance step."""


def family(state: State, seat: int, action: int) -> str:
    """The kind of a move, from its name: 'give', 'play officer', 'fly to', 'fan to', ..."""
    name = state.action_to_str(action, seat)
    words = name.split()
    if words[0] == "play":
        return name
    if name.startswith(("take back", "trade with")):
        return " ".join(words[:2])
    if words[0] == "fly":
        return "fan to" if state.view(None)["phase"] == "fan_target" else "fly to"
    return words[0]


@pytest.mark.parametrize("num_players", list(GAME.player_counts()))
def test_random_games_take_back_exactly_what_the_rule_allows(num_players: int) -> None:
    """After every step, each seat may take back exactly its own last step, if it is still its
    move and the step revealed nothing to any viewer; which parts of a move that is, by kind."""
    taken_back = set()
    for seed in range(GAMES_PER_COUNT):
        for before, seat, action, after in random_game(GAME, num_players, seed):
            reveals = any(told.reveals for told in told_all(before, seat, action))
            still = seat in after.active_players()
            for p in range(num_players):
                where = f"seed {seed}, step {len(after.history)}, seat {p}"
                assert after.undoable(p) == (p == seat and still and not reveals), where
            if seat == CHANCE:
                continue
            kind = family(before, seat, action)
            assert kind in MAY_BE_TAKEN_BACK | NEVER_TAKEN_BACK, kind
            if after.undoable(seat):
                assert kind in MAY_BE_TAKEN_BACK, kind
                assert_same_game(after.undone(seat), before)
                taken_back.add(kind)
    assert taken_back == MAY_BE_TAKEN_BACK


def test_a_card_put_on_an_offer_may_be_taken_back_but_an_officers_look_may_not() -> None:
    """N3: the offer is built a card at a time, and every step of it may be taken back, the
    last first; that is apart from the game's own `take back egg`, a move that takes a card off
    the offer (and may itself be taken back). N9: the Officer's look at a hand stands, and so
    do the picks before it; the first pick after it may be taken back."""
    state = GAME.new_state(2)
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng), CHANCE)
    start = state.clone()
    steps = ["trade", "trade with seat 1", "give egg", "ask fan", "take back egg"]
    played = [state.clone()]
    for move in steps:
        state.apply(state.str_to_action(move, 0), 0)
        assert state.undoable(0), move
        played.append(state.clone())
    for earlier in reversed(played[:-1]):
        state = state.undone(0)
        assert_same_game(state, earlier)
    assert_same_game(state, start)

    for move in ["play officer", "examine seat 1"]:
        state.apply(state.str_to_action(move, 0), 0)
    assert state.current_player() == 0
    assert state.undo_refusal(0) == SHOWN
    before = state.clone()
    state.apply(state.str_to_action("take egg", 0), 0)
    assert_same_game(state.undone(0), before)
