"""The Te Kuiti game object: its facts, options and the factories for states and positions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from meja.core.game import Option
from meja.core.start_player import StartPlayerGame, start_player_option
from meja.games.te_kuiti import position
from meja.games.te_kuiti.actions import NUM_ACTIONS
from meja.games.te_kuiti.components import (
    FENCES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RAM,
    ROUNDS,
    SHEEP_KINDS,
    SHEEP_PER_TURN,
    SOLO_TURN_LIMIT,
    SOLO_TURN_LIMIT_MAX,
    TILE_TYPES,
)
from meja.games.te_kuiti.state import TeKuitiState


class TeKuitiGame(StartPlayerGame):
    """Te Kuiti: a shepherd fences in sheep that the other player hunts in pairs; or solo."""

    name = "te_kuiti"
    title = "Te Kuiti"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = (
        Option(
            "out_of_fences",
            "immediate",
            "when the last fence is placed, the round (or solo game) ends at once (T2) "
            "or at the end of the current turn",
            choices=("immediate", "end_of_turn"),
            label="When the last fence is placed",
            explain="How a round, or a solo game, ends once the shepherd has no fences left.",
            choice_labels=("The round ends at once", "The round ends with that turn"),
        ),
        Option(
            "solo_turn_limit",
            SOLO_TURN_LIMIT,
            "solo game only: it is lost after this many turns",
            kind=int,
            minimum=1,
            maximum=SOLO_TURN_LIMIT_MAX,
            label="Solo turn limit",
            explain="In a solo game, the game is lost after this many turns.",
        ),
        start_player_option(MAX_PLAYERS, "T4b"),
    )

    def new_state(self, num_players: int, **options: Any) -> TeKuitiState:
        return TeKuitiState(self, num_players, self.resolve_options(num_players, options))

    def num_actions(self, num_players: int) -> int:
        return NUM_ACTIONS

    def max_game_length(self, num_players: int) -> int:
        """Bounded by the fences (two players, after the draw of a random first shepherd) or by
        the longest turn limit (solo)."""
        rams = sum(t.count for t in TILE_TYPES if t.kind == RAM)
        specials = sum(t.count for t in TILE_TYPES if t.kind not in SHEEP_KINDS)
        sheep = sum(t.count for t in TILE_TYPES if t.kind in SHEEP_KINDS)
        if num_players == 1:
            flips = SHEEP_PER_TURN * SOLO_TURN_LIMIT_MAX + specials
            return 3 * flips + rams  # a flip is a choice, a tile and perhaps a daisy's turn
        placements = FENCES + rams  # every fence a ram returns can be placed again
        sheep_turns = placements + 1
        flips = SHEEP_PER_TURN * sheep_turns + specials
        return 1 + ROUNDS * (placements + 2 * flips + rams + sheep // 2 + sheep_turns)

    def from_position(self, data: Mapping[str, Any]) -> TeKuitiState:
        return position.from_position(self, data)


GAME: Final = TeKuitiGame()
"""The one Te Kuiti game object."""
