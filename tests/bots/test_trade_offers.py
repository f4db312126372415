"""Nasi Lemak bots trade the way a person at the table would take seriously: a few whole offers
a turn, each giving a spare ingredient for a missing one (docs/bots.md, Trades)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meja.bots.heuristics.nasi_lemak import OFFERS_PER_TURN
from meja.bots.registry import LEVELS, make_bot
from meja.core import CHANCE, TERMINAL, load_game
from meja.core.game import sample_chance
from meja.games.nasi_lemak.actions import DECLINE, PROPOSE
from meja.games.nasi_lemak.components import MOVES_PER_TURN
from meja.games.nasi_lemak.state import NasiLemakState
from meja.games.nasi_lemak.tables import INGREDIENTS, span


def _offers(level: str, players: int, seed: int) -> tuple[Counter[tuple[int, int]], ...]:
    """Play a seeded game of level against casual bots; count each turn's offers (all, and
    declined ones) of the level's seats, and check every offer a searching seat makes."""
    game = load_game("nasi_lemak")
    state = game.new_state(players)
    assert isinstance(state, NasiLemakState)
    bots = [make_bot(level if seat % 2 == 0 else "casual", game) for seat in range(players)]
    rng = random.Random(seed)
    made: Counter[tuple[int, int]] = Counter()
    declined: Counter[tuple[int, int]] = Counter()
    proposed: tuple[int, int] | None = None
    while (seat := state.current_player()) != TERMINAL:
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        action = bots[seat].choose(state, seat, rng)
        if action == PROPOSE and seat % 2 == 0:
            proposed = (state.turn, seat)
            made[proposed] += 1
            if LEVELS[level].startswith("ismcts"):
                _check_whole_offer(state, seat)
        elif proposed is not None and seat != proposed[1]:
            declined[proposed] += action == DECLINE
            proposed = None
        state.apply(action, seat)
    return made, declined


def _check_whole_offer(state: NasiLemakState, seat: int) -> None:
    """A searching bot's offer gives one spare ingredient and asks one it lacks."""
    hand = state.hands[span(seat)]
    given = [t for t in range(len(hand)) if state.give[t]]
    asked = [t for t in range(len(hand)) if state.ask[t]]
    assert sum(state.give) == sum(state.ask) == 1, "one card each way"
    assert given[0] in INGREDIENTS and hand[given[0]] >= 2, "the card given is a spare ingredient"
    assert asked[0] in INGREDIENTS and hand[asked[0]] == 0, "the card asked is one it lacks"


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("players", [2, 4])
def test_a_bot_has_at_most_two_offers_declined_a_turn(level: str, players: int) -> None:
    made: Counter[tuple[int, int]] = Counter()
    declined: Counter[tuple[int, int]] = Counter()
    for seed in range(3 if players == 2 else 1):
        game_made, game_declined = _offers(level, players, seed)
        made.update({(seed, *key): n for key, n in game_made.items()})
        declined.update({(seed, *key): n for key, n in game_declined.items()})
    assert max(declined.values(), default=0) <= OFFERS_PER_TURN
    assert max(made.values(), default=0) <= OFFERS_PER_TURN + MOVES_PER_TURN
