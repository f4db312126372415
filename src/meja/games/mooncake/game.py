"""The Mooncake Master Game: static facts, options for the readings that are choices, factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from meja.core import Game, Option
from meja.games.mooncake import position, scoring
from meja.games.mooncake.actions import NUM_ACTIONS
from meja.games.mooncake.components import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    TILES_PER_TURN,
    TURNS_PER_ROUND,
)
from meja.games.mooncake.state import (
    PLACEMENT_REVEAL_CHOICES,
    REVEAL_TOGETHER,
    MooncakeState,
)


class MooncakeGame(Game):
    """Mooncake Master (Origame, 2019): draw, share and place quarter tiles into 3 mooncakes."""

    name = "mooncake"
    title = "Mooncake Master"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = (
        Option(
            "placement_reveal",
            REVEAL_TOGETHER,
            "when placed tiles become public: 'together' once every seat has placed (M4), "
            "or 'open' at once",
            choices=PLACEMENT_REVEAL_CHOICES,
            label="Placed tiles shown",
            explain="When the other bakers see the tiles you place this turn.",
            choice_labels=("Together, once everyone has placed", "At once, as each is placed"),
        ),
        Option(
            "half_yolk_bonus",
            scoring.BONUS_EVERY_CAKE,
            "which cakes with no unmatched half yolk earn the point: 'every_cake' (M2) or "
            "'cakes_with_yolk'",
            choices=scoring.HALF_YOLK_BONUS_CHOICES,
            label="Half-yolk bonus",
            explain="Which finished cakes with no unmatched half yolk earn the bonus point.",
            choice_labels=("Every cake", "Only cakes with a yolk"),
        ),
        Option(
            "all_tied_taste",
            scoring.ALL_TIED_OTHERS,
            "Festive Points when every player ties on Taste: 'others' gives everyone 1 (M6), "
            "'highest' 2, 'lowest' 0",
            choices=scoring.ALL_TIED_CHOICES,
            label="Festive Points when everyone ties on Taste",
            explain="What each baker earns when all of them end a round with the same Taste.",
            choice_labels=("Everyone gets 1", "Everyone gets 2", "Nobody gets any"),
        ),
    )

    def new_state(self, num_players: int, **options: Any) -> MooncakeState:
        resolved = self.resolve_options(num_players, options)
        return MooncakeState(self, num_players, resolved)

    def num_actions(self, num_players: int) -> int:
        return NUM_ACTIONS

    def max_game_length(self, num_players: int) -> int:
        """Per round: a customer reveal, then per turn draws, one choice each and placements."""
        per_turn = num_players * (2 * TILES_PER_TURN + 1)
        return ROUNDS * (1 + TURNS_PER_ROUND * per_turn)

    def from_position(self, data: Mapping[str, Any]) -> MooncakeState:
        return position.from_position(self, data)


GAME: Final = MooncakeGame()
