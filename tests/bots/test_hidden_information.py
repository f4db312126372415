"""Bots see only what their seat may see.

Each check takes a real state and a redraw of it from resample(seat): the two differ only in what
that seat cannot see (their views are equal). A bot given either, with the same seed, must make
the same choice; a bot that peeked at hidden cards or tiles would sometimes choose differently.

A searching bot draws its own worlds with resample, so its choice can match only where the game
redraws both states identically from one seed; search is checked at those points.
"""

from __future__ import annotations

import random

import pytest

from meja.bots.registry import make_bot
from meja.core import CHANCE, State, list_games
from meja.core.game import sample_chance

BOTS = ("heuristic", "beginner", "ismcts:iterations=40")
READS_ONE_WORLD = ("heuristic", "beginner")
"""Bots that choose from the state they are given, without drawing worlds of their own."""
CHECKS_PER_GAME = 8
REDRAWS = 2


def _decision_points(name: str, players: int, seed: int) -> list[tuple[State, int]]:
    """States along a random game where a seat must choose among several moves."""
    game = next(g for g in list_games() if g.name == name)
    state = game.new_state(players)
    rng = random.Random(seed)
    points: list[tuple[State, int]] = []
    step = 0
    while not state.is_terminal() and len(points) < CHECKS_PER_GAME:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        legal = state.legal_actions(seat)
        step += 1
        if len(legal) > 1 and step % 9 == 0:
            points.append((state.clone(), seat))
        state.apply(rng.choice(legal), seat)
    return points


def _same_redraws(state: State, other: State, seat: int) -> bool:
    """Whether resample draws the same world from both states for the same seed."""
    return all(
        state.resample(seat, random.Random(k)).position()
        == other.resample(seat, random.Random(k)).position()
        for k in range(2)
    )


CASES = [
    pytest.param(game.name, n, id=f"{game.name}-{n}p")
    for game in list_games()
    for n in sorted({max(2, game.min_players), min(4, game.max_players)})
]


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("spec", BOTS)
def test_a_bot_chooses_the_same_whatever_it_cannot_see(name: str, players: int, spec: str) -> None:
    checked = 0
    for state, seat in _decision_points(name, players, seed=11):
        bot = make_bot(spec, state.game)
        expected = bot.choose(state, seat, random.Random(5))
        for redraw in range(REDRAWS):
            other = state.resample(seat, random.Random(100 + redraw))
            assert other.view(seat) == state.view(seat)
            if spec not in READS_ONE_WORLD and not _same_redraws(state, other, seat):
                continue
            checked += 1
            chosen = bot.choose(other, seat, random.Random(5))
            assert chosen == expected, (
                f"{spec} at step {len(state.history)} chose {state.action_to_str(expected, seat)}"
                f" but {state.action_to_str(chosen, seat)} after hidden information was redrawn"
            )
    assert checked >= CHECKS_PER_GAME // 2, f"only {checked} decisions could be checked"
