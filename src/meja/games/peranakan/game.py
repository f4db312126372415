"""The Peranakan Game: its facts, options (the readings that are choices) and factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from meja.core.game import Option
from meja.core.start_player import StartPlayerGame, start_player_option
from meja.games.peranakan import position
from meja.games.peranakan.actions import NUM_ACTIONS
from meja.games.peranakan.components import (
    KUEH_PER_TYPE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAWNS_BY_PLAYER_COUNT,
    TILE_KINDS,
    TOTAL_TILES,
)
from meja.games.peranakan.state import PeranakanState
from meja.games.peranakan.tables import (
    NEIGHBOURHOODS,
    NUM_CELLS,
    NUM_KUEH,
    NUM_MARKET,
    REVEAL,
)

STEPS_PER_TURN: Final = 4
"""Reveal, take, place and pawn; wild Kueh choices are counted separately."""


class PeranakanGame(StartPlayerGame):
    """Peranakan: Tiles and Tactics, for 2-5 players."""

    name: ClassVar[str] = "peranakan"
    title: ClassVar[str] = "Peranakan: Tiles and Tactics"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "baba_neighbourhood",
            "moore8",
            "spaces that must be filled around a Baba: all 8 around him or the 4 beside him (P1)",
            choices=tuple(NEIGHBOURHOODS),
            label="Spaces a Baba needs filled",
            explain="Which spaces around a Baba must hold tiles before he collects.",
            choice_labels=("All 8 around him", "The 4 beside him"),
        ),
        Option(
            "nyonya_counts_own_tile",
            True,
            "a Nyonya also collects from the tile she stands on (P3)",
            kind=bool,
            label="A Nyonya collects from her own tile",
            explain="Whether the tile a Nyonya stands on counts toward what she collects.",
        ),
        Option(
            "baba_counts_own_tile",
            False,
            "a Baba also collects from the tile he stands on (P3)",
            kind=bool,
            label="A Baba collects from his own tile",
            explain="Whether the tile a Baba stands on counts toward what he collects.",
        ),
        start_player_option(MAX_PLAYERS, "P13"),
    )

    def new_state(self, num_players: int, **options: Any) -> PeranakanState:
        """Shuffled deck, empty market (filled by chance), full supplies, pawns in hand."""
        resolved = self.resolve_options(num_players, options)
        state = PeranakanState(self, num_players, resolved)
        state.phase = REVEAL
        state.start = -1 if state.random_start else int(resolved["start_player"])
        state.turn_seat = max(state.start, 0)
        state.market = [-1] * NUM_MARKET
        state.deck = [kind.count for kind in TILE_KINDS]
        state.deck_left = TOTAL_TILES
        state.top = [-1] * NUM_CELLS
        state.under = [-1] * NUM_CELLS
        state.pawns = []
        state.hand = list(PAWNS_BY_PLAYER_COUNT[num_players]) * num_players
        state.retired = [0] * len(state.hand)
        state.supply = [KUEH_PER_TYPE] * NUM_KUEH
        state.kueh = [0] * (NUM_KUEH * num_players)
        state.held = state.taken = state.placed = state.wild_seat = state.gained = -1
        state.due = ()
        state.wild_left = 0
        return state

    def num_actions(self, num_players: int) -> int:
        return NUM_ACTIONS

    def max_game_length(self, num_players: int) -> int:
        """Setup reveals and start draw, the fixed steps of each turn, one wild choice per Kueh."""
        turns = TOTAL_TILES - (NUM_MARKET - 1)
        setup = NUM_MARKET + 1
        return setup + STEPS_PER_TURN * turns + NUM_KUEH * KUEH_PER_TYPE

    def from_position(self, data: Mapping[str, Any]) -> PeranakanState:
        return position.from_position(self, data)


GAME: Final = PeranakanGame()
