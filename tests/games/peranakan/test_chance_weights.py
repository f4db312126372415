"""Chance comes in the rulebook's proportions: a tile turned up from the deck is drawn by the
number of such tiles left of the 40 printed, and the start seat (P13) is drawn evenly.

The counts are written out here from the sources, not read from the game's components: the
rulebook's components list (40 tiles, 4 patterns of 10) and, for the Kueh icons each tile shows,
the readings' tile list (readings 1(c), PROPOSED, the same 10 tiles in every pattern).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.games.peranakan import GAME, PeranakanState

PATTERNS = {"ceramics": "C", "butterfly": "B", "goldfish": "G", "peacock": "P"}
"""Rulebook: 4 patterns, 10 tiles each."""
TILES_PER_PATTERN = 10
TILES = 40
KUEH = {"tutu": "t", "ondeh": "o", "bahulu": "b", "angku": "a", "wild": "w"}
ICONS_PER_PATTERN = ("t", "o", "b", "a", "to", "ba", "tb", "oa", "w", "w")
"""Readings 1(c) tiles_per_pattern: each type alone, four pairs, and two wild tiles."""

DECK = Counter(letter + icons for letter in PATTERNS.values() for icons in ICONS_PER_PATTERN)
"""The 40 tiles by code (pattern letter, then icon letters), as the sources count them."""


def _code(name: str) -> str:
    """The tile code of a reveal outcome named "reveal ceramics tutu+ondeh"."""
    _, pattern, icons = name.split()
    return PATTERNS[pattern] + "".join(KUEH[icon] for icon in icons.split("+"))


def _out(state: PeranakanState) -> Counter[str]:
    """Tiles no longer in the deck: on the board (tops and covered), in the market, in hand."""
    position = state.position()
    out: Counter[str] = Counter()
    for row in position["board"]:
        for space in row.split():
            if space != ".":
                out.update(space.split("/"))
    out.update(code for code in position["market"] if code)
    if position.get("held"):
        out[position["held"]] += 1
    return out


def _weights(state: PeranakanState) -> dict[str, float]:
    """The pending chance event as {outcome name: probability}."""
    return {state.action_to_str(a, CHANCE): p for a, p in state.chance_outcomes()}


def test_the_sources_count_forty_tiles_ten_of_each_pattern() -> None:
    assert sum(DECK.values()) == TILES
    for letter in PATTERNS.values():
        assert sum(n for code, n in DECK.items() if code[0] == letter) == TILES_PER_PATTERN


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_first_tile_is_drawn_from_all_forty_by_their_counts(players: int) -> None:
    state = GAME.new_state(players)
    assert state.current_player() == CHANCE
    weights = _weights(state)
    assert {_code(name): p for name, p in weights.items()} == {
        code: pytest.approx(count / TILES) for code, count in DECK.items()
    }
    assert weights["reveal peacock wild"] == pytest.approx(2 / 40)
    assert weights["reveal goldfish tutu+bahulu"] == pytest.approx(1 / 40)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_draw_weighs_the_tiles_left_in_the_deck_and_the_start_seat_evenly(
    players: int,
) -> None:
    """At every chance step of seeded random games, each tile kind's chance is its printed count
    less the copies out of the deck, over the tiles left; the random start seat is 1/n each."""
    for seed in range(2):
        rng = random.Random(seed * 1_000 + players)
        state = GAME.new_state(players, start_player="random")
        starts = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                weights = _weights(state)
                if state.position()["phase"] == "start":
                    starts += 1
                    assert weights == {
                        f"start seat {seat}": pytest.approx(1 / players) for seat in range(players)
                    }
                else:
                    left = DECK - _out(state)
                    assert sum(left.values()) == state.deck_size()
                    assert {_code(name): p for name, p in weights.items()} == {
                        code: pytest.approx(n / left.total()) for code, n in left.items()
                    }
            seat, action = random_step(state, rng)
            state.apply(action, seat)
        assert starts == 1
