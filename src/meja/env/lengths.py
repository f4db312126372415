"""The longest game each RL adapter can play, as OpenSpiel's max_game_length and buffer-sizing
tools read it: a bound within ten times the longest of 10,000 random games (docs/rl.md).

Peranakan, Mooncake Master and two-player Te Kuiti take the game's own bound, which the rules
keep tight. A solo Te Kuiti game is bounded by its own turn limit option. Nasi Lemak's rules
allow offers of nearly the whole deck, taken back and declined several times a turn, for up to
max_rounds rounds; no real game comes near that, so the adapters end a Nasi Lemak game at
NASI_LEMAK_STEPS_PER_SEAT steps per seat, as truncated (Gymnasium, PettingZoo) or shared by all
(OpenSpiel).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from meja.core.game import CHANCE, Game, sample_chance
from meja.games.te_kuiti.components import RAM, SHEEP_KINDS, SHEEP_PER_TURN, TILE_TYPES

NASI_LEMAK_STEPS_PER_SEAT = 2_000
"""Steps per seat, chance included, after which an adapter ends a Nasi Lemak game. The longest
of 10,000 random games is at most 560 per seat at any player count (docs/rl.md)."""


def max_game_length(game: Game, num_players: int, options: Mapping[str, Any]) -> int:
    """The most steps (chance included) a game of these options (the game's defaults for those
    not given) runs through an adapter."""
    if game.name == "nasi_lemak":
        return NASI_LEMAK_STEPS_PER_SEAT * num_players
    if game.name == "te_kuiti" and num_players == 1:
        resolved = game.resolve_options(num_players, dict(options))
        return _solo_te_kuiti(int(resolved["solo_turn_limit"]))
    return int(game.max_game_length(num_players))


def truncates(game: Game) -> bool:
    """Whether the adapters may end a game of this title before its rules do."""
    return game.name == "nasi_lemak"


def _solo_te_kuiti(turn_limit: int) -> int:
    """Te Kuiti's solo bound, as the game reckons it (a choice, a tile and perhaps a daisy's turn
    per flip, and each ram's return), with the game's own turn limit rather than the largest the
    option allows."""
    rams = sum(t.count for t in TILE_TYPES if t.kind == RAM)
    specials = sum(t.count for t in TILE_TYPES if t.kind not in SHEEP_KINDS)
    return 3 * (SHEEP_PER_TURN * turn_limit + specials) + rams


def random_game_length(game: Game, num_players: int, seed: int) -> int:
    """Steps (chance included) in one seeded game of uniformly random legal moves, as a random
    agent plays through any adapter; the figure the bounds are measured against."""
    rng = random.Random(seed)
    state = game.new_state(num_players)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
        else:
            state.apply(rng.choice(state.legal_actions(player)), player)
    return len(state.history)
