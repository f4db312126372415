"""Which moves a seat may make: legal_actions lists them, is_legal tests one by the same rule
phase by phase without building the list, and refusal says why one is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meja.games.peranakan.actions import (
    KUEH_BASE,
    NO_PAWN,
    NUM_ACTIONS,
    PAWN_BASE,
    PLACE_BASE,
    TAKE_BASE,
)
from meja.games.peranakan.components import KUEH_TYPES, PAWN_NAMES
from meja.games.peranakan.tables import (
    CELL_NAMES,
    CHOOSE_KUEH,
    COLLECT_KUEH,
    NUM_KUEH,
    NUM_MARKET,
    PAWN,
    PAWN_KINDS,
    PLACE,
    TAKE,
)
from meja.games.peranakan.text import PHASE_PROMPTS

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState

_TAKE_ALL: Final[tuple[int, ...]] = tuple(range(TAKE_BASE, TAKE_BASE + NUM_MARKET))


def legal_actions(state: PeranakanState, player: int | None = None) -> list[int]:
    """Take any market position; place on a space not yet stacked; no pawn or one left in
    hand; a Kueh type with stock for a wild icon."""
    current = state.current_player()
    if current < 0 or (player is not None and player != current):
        return []
    phase = state.phase
    if phase == PLACE:
        under = state.under
        return [PLACE_BASE + c for c in range(len(under)) if under[c] < 0]
    if phase == TAKE:
        return list(_TAKE_ALL)
    if phase == PAWN:
        base = current * PAWN_KINDS
        actions = [NO_PAWN]
        for kind in range(PAWN_KINDS):
            if state.hand[base + kind]:
                actions.append(PAWN_BASE + kind)
        return actions
    supply = state.supply
    return [KUEH_BASE + t for t in range(NUM_KUEH) if supply[t]]


def is_legal(state: PeranakanState, action: int, seat: int) -> bool:
    """Whether action is in legal_actions(state, seat), seat being the one to act."""
    phase = state.phase
    if type(action) is not int:
        return False
    if phase == PLACE:
        cell = action - PLACE_BASE
        return 0 <= cell < len(state.under) and state.under[cell] < 0
    if phase == TAKE:
        return TAKE_BASE <= action < TAKE_BASE + NUM_MARKET
    if phase == PAWN:
        if action == NO_PAWN:
            return True
        kind = action - PAWN_BASE
        return 0 <= kind < PAWN_KINDS and state.hand[seat * PAWN_KINDS + kind] > 0
    kueh = action - KUEH_BASE
    return 0 <= kueh < NUM_KUEH and state.supply[kueh] > 0


def refusal(state: PeranakanState, action: int, seat: int) -> str:
    """Say why the action is refused, or what the seat was asked to decide instead."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return f"{action!r} is not an action of {state.game.title}"
    phase = state.phase
    cell = action - PLACE_BASE
    if phase == PLACE and 0 <= cell < len(state.under):
        return (
            f"{CELL_NAMES[cell]} has already been stacked on; "
            "a space takes at most one tile on top of another"
        )
    kind = action - PAWN_BASE
    if phase == PAWN and 0 <= kind < PAWN_KINDS:
        return f"seat {seat} has no {PAWN_NAMES[kind]} left to place"
    kueh = action - KUEH_BASE
    if phase in (CHOOSE_KUEH, COLLECT_KUEH) and 0 <= kueh < NUM_KUEH:
        return f"the {KUEH_TYPES[kueh]} supply is empty; choose a Kueh that is left"
    wanted = ", ".join(state.action_to_str(a, seat) for a in legal_actions(state, seat))
    return (
        f"seat {seat} cannot {state.action_to_str(action, seat)!r} now; "
        f"{PHASE_PROMPTS[phase]}: {wanted}"
    )
