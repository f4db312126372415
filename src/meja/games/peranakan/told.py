"""What each viewer learns of a step: the same sentence and facts for every seat and the spectator.

Peranakan has no hidden information (docs/rules/peranakan.md, "Information"): every move is made
in the open and the tile the deck turns up (P8) lies face up for the whole table. Only the step
that completes a turn or a wild Kueh choice has a sentence (words.py); the steps before it only
prepare it. The board renderer marks a turn's space from its "cell".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.game import CHANCE
from meja.core.told import Told
from meja.games.peranakan import words
from meja.games.peranakan.actions import PLACE_BASE
from meja.games.peranakan.tables import CELL_NAMES, COLLECT_KUEH, PAWN, PAWN_KINDS, PLACE, REVEAL

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState


def told(state: PeranakanState, player: int, action: int, viewer: int | None) -> Told:
    """One step as every viewer is told it, read from the state before it."""
    phase = state.phase
    if player == CHANCE:
        text = words.revealed(state, action) if phase == REVEAL else words.started(action)
        return Told(text, {"action": action}, True)
    if phase == PAWN:
        return Told(words.turn(state, action), {"action": action, "cell": CELL_NAMES[state.placed]})
    if phase == PLACE:
        base = state.turn_seat * PAWN_KINDS
        last = not any(state.hand[base : base + PAWN_KINDS])
        text = words.turn(state, action) if last else ""
        return Told(text, {"action": action, "cell": CELL_NAMES[action - PLACE_BASE]})
    if phase == COLLECT_KUEH:
        return Told(words.choice(state, action), {"action": action})
    return Told("", {"action": action})
