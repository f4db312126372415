"""Peranakan heuristic: take tiles whose Kueh complete sets, put pawns where lines nearly fill.

Everything in Peranakan is on the table, so the heuristic reads the state directly. It judges a
whole turn (tile, wild Kueh, space, pawn) by the Kueh each seat holds, weighted toward its
scarcest type, plus what its waiting Nyonyas and Babas are likely to collect.
"""

from __future__ import annotations

import math
import random
from typing import Final, cast

from meja.bots.heuristics.heuristic import Heuristic
from meja.bots.heuristics.lookahead import best_action
from meja.bots.heuristics.values import win_shares
from meja.core import State
from meja.games.peranakan.components import TOTAL_TILES
from meja.games.peranakan.state import PeranakanState
from meja.games.peranakan.tables import KIND_FIXED, KIND_WILDS, LINE_OTHERS, NUM_MARKET

KUEH_WEIGHTS: Final[tuple[float, ...]] = (10.0, 4.0, 1.5, 0.5)
"""Worth of one Kueh of a seat's scarcest type, second scarcest, and so on."""

PAWN_IN_HAND: Final = 2.5
"""Worth of an unplaced pawn while the deck still has many turns in it."""

PAWN_TURNS: Final = 12
"""Turns left in the deck below which an unplaced pawn is worth less, in proportion."""

PER_ICON: Final = 2.5
"""Worth of one Kueh icon a waiting pawn would collect once its lines fill."""

RIVAL_WEIGHT: Final = 0.8
"""How much the strongest rival's position counts against one's own."""

FULL_DECK: Final = TOTAL_TILES - (NUM_MARKET - 1)
"""Tiles in the deck when the game starts (its top tile included): all but the market's."""

TEMPERATURE: Final = 8.0
"""Worth gap (a little under one set) that makes a seat e times likelier to win."""


def kueh_value(counts: list[int]) -> float:
    """Sets are made of the scarcest type, so each Kueh is worth more the scarcer its type."""
    value = 0.0
    for weight, count in zip(KUEH_WEIGHTS, sorted(counts), strict=True):
        value += weight * count
    return value


def board_outlook(state: PeranakanState, seat: int, turns_left: int) -> float:
    """What seat's pawns on the board are likely to bring in before the end."""
    total = 0.0
    for cell, owner, kind in state.pawns:
        if owner != seat:
            continue
        cells = LINE_OTHERS[cell] if kind == 0 else state.neighbours[cell]
        missing = 0
        for x in cells:
            if state.top[x] < 0:
                missing += 1
        if missing > turns_left:
            continue
        icons = 0
        for t in state.matching_tiles(cell, kind):
            icons += len(KIND_FIXED[t]) + KIND_WILDS[t]
        filled = 1.0 - missing / len(cells)
        total += PER_ICON * icons * (0.3 + 0.7 * filled * filled)
    return total


def unplaced(state: PeranakanState, seat: int) -> int:
    """Seat's pawns still in hand."""
    return state.hand[seat * 2] + state.hand[seat * 2 + 1]


def pawn_outlook(state: PeranakanState, seat: int) -> float:
    """What seat's pawns on the board and in hand are likely to bring in before the end."""
    turns_left = state.deck_size()
    in_hand = unplaced(state, seat) * PAWN_IN_HAND * min(1.0, turns_left / PAWN_TURNS)
    return board_outlook(state, seat, turns_left) + in_hand


def seat_worths(state: State) -> list[float]:
    """Each seat's Kueh and pawn outlook."""
    game = cast(PeranakanState, state)
    return [
        kueh_value(game.kueh_of(seat)) + pawn_outlook(game, seat)
        for seat in range(game.num_players)
    ]


FEATURES: Final[tuple[str, ...]] = (
    "scarcest kueh",
    "second scarcest",
    "third scarcest",
    "most kueh",
    "scarcest, late",
    "second scarcest, late",
    "pawn outlook",
    "pawns in hand, early",
)
"""What features() gives for each seat, in order; "late" is the share of the deck gone."""

WEIGHTS: Final[tuple[float, ...]] = (
    KUEH_WEIGHTS[0] / TEMPERATURE,
    KUEH_WEIGHTS[1] / TEMPERATURE,
    KUEH_WEIGHTS[2] / TEMPERATURE,
    KUEH_WEIGHTS[3] / TEMPERATURE,
    0.0,
    0.0,
    1 / TEMPERATURE,
    PAWN_IN_HAND / TEMPERATURE,
)
"""The hand-set worths over features(): the same shares as values()."""


def features(state: State) -> list[list[float]]:
    """Each seat's Kueh by scarcity, its scarcest two again weighted by how far the deck has
    run (sets decide at the end), and its pawns' outlook, for scripts/fit_values.py."""
    game = cast(PeranakanState, state)
    turns_left = game.deck_size()
    late = 1.0 - turns_left / FULL_DECK
    rows: list[list[float]] = []
    for seat in range(game.num_players):
        counts = sorted(game.kueh_of(seat))
        rows.append(
            [
                float(counts[0]),
                float(counts[1]),
                float(counts[2]),
                float(counts[3]),
                counts[0] * late,
                counts[1] * late,
                board_outlook(game, seat, turns_left),
                unplaced(game, seat) * min(1.0, turns_left / PAWN_TURNS),
            ]
        )
    return rows


def values(state: State) -> list[float]:
    """Estimated win shares, for search to judge positions it does not play out."""
    return win_shares(seat_worths(state), TEMPERATURE)


def evaluate(state: State, player: int) -> float:
    """Own Kueh and pawn outlook against the strongest rival's."""
    worth = seat_worths(state)
    rival = -math.inf
    for seat, w in enumerate(worth):
        if seat != player and w > rival:
            rival = w
    return worth[player] - RIVAL_WEIGHT * rival


def choose(state: State, player: int, rng: random.Random) -> int:
    """The first step of the best-looking whole turn."""
    return best_action(state, player, evaluate, rng, depth=4)


HEURISTIC: Final = Heuristic(
    choose=choose,
    values=values,
    # Four times the bot's own 200: the compiled search runs over four times as many iterations
    # a second as the pure Python one that budget was set for (docs/bots.md).
    search_iterations=800,
)
"""Search does not lean toward the heuristic's move."""
