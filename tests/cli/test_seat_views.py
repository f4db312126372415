"""`meja play` draws the table from the human's seat, never showing what that seat cannot see."""

from __future__ import annotations

import random
import re

import pytest

from meja.commands.play_session import render_table, render_view, table_text
from meja.core import CHANCE, State, load_game
from meja.core.game import sample_chance
from meja.games.peranakan.text import render


def _random_states(name: str, players: int, seed: int, every: int) -> list[State]:
    """Every every-th state of a seeded random game."""
    game = load_game(name)
    state = game.new_state(players)
    rng = random.Random(seed)
    states = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
        else:
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        if len(state.history) % every == 0:
            states.append(state.clone())
    return states


def test_te_kuiti_shows_face_down_tiles_as_unknown_even_once_seen() -> None:
    states = _random_states("te_kuiti", 2, seed=3, every=5)
    seen_down = 0
    for state in states:
        text = render_view(state, 0)
        assert text == render_view(state, 1), "both players see the same field"
        assert not re.search(r"\b[a-z]{2}[ ^>v<*]", text.split("\n", 3)[3]), text
        seen_down += sum(
            1 for cell, tile in enumerate(state.tiles) if tile >= 0 and state.down >> cell & 1
        )
    assert seen_down, "the game must have turned seen tiles back face down"


def test_mooncake_shows_only_the_seats_own_hand_and_choice() -> None:
    checked = 0
    for state in _random_states("mooncake", 3, seed=4, every=3):
        view = state.view(1)
        text = render_view(state, 1)
        assert "you:" in text and "seat 0:" in text
        assert ("Your hand: " + (" ".join(view["hand"]) or "-")) in text
        if state.view(0)["hand"] != view["hand"] and state.view(0)["hand"]:
            checked += 1
            others = " ".join(state.view(0)["hand"])
            assert f"Your hand: {others}\n" not in text + "\n"
    assert checked


def test_peranakan_hides_nothing_but_the_deck_order() -> None:
    for state in _random_states("peranakan", 3, seed=5, every=17):
        assert render_view(state, 2) == render(state)
        assert "deck" in render_view(state, 2)


@pytest.mark.parametrize(
    ("name", "players"), [("mooncake", 3), ("nasi_lemak", 4), ("peranakan", 3), ("te_kuiti", 2)]
)
def test_the_table_in_words_shows_a_seat_only_what_its_view_holds(name: str, players: int) -> None:
    """The words `meja play` prints (table, moves, prompt) are the same in every world the
    seat cannot tell from this one: resample(seat) redraws all that is hidden from it."""
    text = table_text(load_game(name).new_state(players))
    assert text is not None
    compared = 0
    for state in _random_states(name, players, seed=6, every=4):
        for seat in range(players):
            world = state.resample(seat, random.Random(len(state.history)))
            assert render_table(world, seat) == render_table(state, seat)
            legal = state.legal_actions(seat)
            assert world.legal_actions(seat) == legal
            words = [text.move_words(state, seat, action) for action in legal]
            assert [text.move_words(world, seat, action) for action in legal] == words
            if legal:
                assert text.prompt(world, seat) == text.prompt(state, seat)
            compared += 1
    assert compared
