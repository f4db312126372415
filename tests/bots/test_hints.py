"""Hints: the heuristic's move for a seat from worlds drawn from its view, said in words.

A hint must not depend on what the seat cannot see: two states with the same view for the seat
(the real one and a redraw of it by resample) give the same hint, move and words, from the same
generator. Its words are a person's words, never the engine's codes, and the rest of a turn a
hint foresees is what the next hints of that turn say.
"""

from __future__ import annotations

import random
import re

import pytest
from tests.cli.plain_words import engine_codes

from meja.bots.heuristic import HeuristicBot
from meja.bots.hints import Hint, hint, offers_hints
from meja.core import CHANCE, State, load_game
from meja.core.game import sample_chance
from meja.core.told import say

GAMES = ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"]
NAMES = ["Mei", "Ah Kow", "Siti", "Ravi"]
CASES = [
    pytest.param(game, players, id=f"{game}-{players}p")
    for game, players in [
        ("peranakan", 2),
        ("peranakan", 3),
        ("te_kuiti", 2),
        ("nasi_lemak", 2),
        ("nasi_lemak", 4),
        ("mooncake", 2),
        ("mooncake", 3),
    ]
]


def _decisions(game: str, players: int, seed: int, every: int = 1, most: int = 40):
    """(state, seat) at decisions of a seeded game of heuristic bots, every few decisions."""
    rules = load_game(game)
    state = rules.new_state(players)
    rng = random.Random(seed)
    bot = HeuristicBot(rules)
    found = 0
    step = 0
    while not state.is_terminal() and found < most:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        seat = state.active_players()[0]
        step += 1
        if step % every == 0 and len(state.legal_actions(seat)) > 1:
            found += 1
            yield state.clone(), seat
        state.apply(bot.choose(state, seat, random.Random(step)), seat)


def _said(found: Hint, seat: int, players: int) -> str:
    return f"{say(found.move, seat, NAMES[:players])}. {say(found.why, seat, NAMES[:players])}"


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_hint_is_the_same_whatever_the_seat_cannot_see(game: str, players: int) -> None:
    checked = 0
    for state, seat in _decisions(game, players, seed=3, every=3, most=12):
        expected = hint(state, seat, random.Random(5))
        for redraw in range(2):
            other = state.resample(seat, random.Random(100 + redraw))
            assert other.view(seat) == state.view(seat)
            assert hint(other, seat, random.Random(5)) == expected, (
                f"{game} at step {len(state.history)}: the hint changed when what seat {seat} "
                "cannot see was redrawn"
            )
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_hint_is_a_legal_move_in_plain_words(game: str, players: int) -> None:
    said = 0
    for state, seat in _decisions(game, players, seed=7, every=1, most=45):
        found = hint(state, seat, random.Random(said))
        assert found.action in state.legal_actions(seat)
        words = _said(found, seat, players)
        assert engine_codes(game, words) == [], words
        assert "{" not in words and "  " not in words, words
        move, why = (say(text, seat, NAMES[:players]) for text in (found.move, found.why))
        assert move[0].isupper() and not move.endswith("."), move
        assert re.fullmatch(r"[A-Z].*\.", why), why
        said += 1
    assert said >= 30


@pytest.mark.parametrize(
    ("game", "foreseen", "next_move"),
    [
        (
            "peranakan",
            r"Then (?:lay|stack) it on ([a-e][1-5])",
            r"(?:Lay|Stack) .* on ([a-e][1-5])$",
        ),
        ("te_kuiti", r"With your next fence (.*?), ", r"Put up a fence (.*)$"),
    ],
)
def test_the_rest_of_a_turn_a_hint_foresees_is_what_the_next_hint_says(
    game: str, foreseen: str, next_move: str
) -> None:
    rules = load_game(game)
    state = rules.new_state(2)
    rng = random.Random(11)
    bot = HeuristicBot(rules)
    compared = 0
    expected: str | None = None
    while not state.is_terminal() and compared < 12:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        seat = state.current_player()
        if seat != 0:
            state.apply(bot.choose(state, seat, rng), seat)
            continue
        found = hint(state, 0, random.Random(len(state.history)))
        said = re.match(next_move, found.move)
        if expected is not None and said:
            assert said.group(1) == expected, f"foresaw {expected}, then hinted {found.move}"
            compared += 1
        ahead = re.search(foreseen, found.why)
        expected = ahead.group(1) if ahead else None
        state.apply(found.action, 0)
    assert compared >= 5


def test_only_a_seat_with_a_move_gets_a_hint() -> None:
    state = _first_turn("peranakan")
    with pytest.raises(ValueError, match="no move to make"):
        hint(state, 1, random.Random(1))
    assert all(offers_hints(load_game(game)) for game in GAMES)


def _first_turn(game: str) -> State:
    state = load_game(game).new_state(2)
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng), CHANCE)
    return state
