"""What each seat and the spectator is told of a Te Kuiti step.

Every move (fence, removal, flip, collection, end of turn) is made in the open and named to all.
A chance step is told by its cell alone, never by the face it turned up or the side its daisy
faces: both players see the face on the board while it lies face up (T4a), and the log must
not become a memory aid for tiles gone back face down. The draw of a random first shepherd
(T4b) hides nothing, so it is named to all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.game import CHANCE
from meja.core.told import Told, public
from meja.games.te_kuiti.actions import COLLECT, FLIP
from meja.games.te_kuiti.tables import CELL_NAMES

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState


def told(state: TeKuitiState, player: int, action: int) -> Told:
    """The same for every viewer: the board shows all seats and the spectator the same."""
    if player == CHANCE:
        if state.start < 0:
            return public(state, player, action, reveals=True)
        return chance(state)
    return move(state, player, action)


def chance(state: TeKuitiState) -> Told:
    """A tile turned up, or a solo daisy tile oriented (T9): its cell, never its face."""
    cell = CELL_NAMES[state.pending]
    unseen = state.tiles[state.pending] < 0  # else its tile is known and only its side is drawn
    words = f"turned up {cell}" if unseen else f"oriented the daisy on {cell}"
    return Told(words, {"action": None, "cell": cell}, reveals=True)


def move(state: TeKuitiState, player: int, action: int) -> Told:
    """A move by name; flipping a tile seen before shows its face at once, with no chance step."""
    named = public(state, player, action)
    if FLIP <= action < COLLECT and state.tiles[action - FLIP] >= 0:
        return Told(named.text, named.record, reveals=True)
    return named
