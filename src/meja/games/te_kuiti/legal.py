"""Which moves are legal: the list from the field's masks, the same rule as a cheap bit test for
one action, and the words that explain a refusal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meja.games.te_kuiti.actions import (
    ACTION_NAMES,
    COLLECT,
    END_TURN,
    FLIP,
    PAIR_ACTION,
    PAIRS,
    PLACE,
    REMOVE,
)
from meja.games.te_kuiti.components import SHEEP_PER_TURN
from meja.games.te_kuiti.tables import (
    ALL_EDGES,
    BONUS,
    CELL_GROUPS,
    CELL_NAMES,
    COLLECTING,
    EDGE_GROUPS,
    EDGE_NAMES,
    FLIPPING,
    NUM_CELLS,
    NUM_EDGES,
    PAD_BIT,
    RAM_CHOICE,
    SHEPHERD_TURN,
    TILE_KIND,
    bit_lister,
    list_cells,
)

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState

list_places: Final = bit_lister(range(PLACE, PLACE + NUM_EDGES), EDGE_GROUPS)
list_removes: Final = bit_lister(range(REMOVE, REMOVE + NUM_EDGES), EDGE_GROUPS)
list_flips: Final = bit_lister(range(FLIP, FLIP + NUM_CELLS), CELL_GROUPS)


def legal_actions(state: TeKuitiState, player: int | None = None) -> list[int]:
    """Fences on free edges, fences to remove, open face-down tiles to flip, visible pairs."""
    mover = state.movers[state.phase]
    if mover < 0 or (player is not None and player != mover):
        return []
    phase = state.phase
    if phase in (SHEPHERD_TURN, BONUS):
        return list_places(ALL_EDGES & ~state.fences)
    if phase == RAM_CHOICE:
        return list_removes(state.fences)
    if phase == FLIPPING:
        actions = list_flips(state.down & ~state.enclosed)
        if state.endgame:
            actions += pair_actions(state)
        return actions
    return [*pair_actions(state), END_TURN]


def pair_actions(state: TeKuitiState) -> list[int]:
    """Collect actions for every visible, non-enclosed matching pair (end-of-round mode)."""
    visible = state.present & ~state.down & ~state.enclosed
    if not visible:
        return []
    by_kind: dict[int, list[int]] = {}
    for cell in list_cells(visible):
        by_kind.setdefault(TILE_KIND[state.tiles[cell]], []).append(cell)
    actions = [
        PAIR_ACTION[(a, b)]
        for cells in by_kind.values()
        for i, a in enumerate(cells)
        for b in cells[i + 1 :]
    ]
    actions.sort()
    return actions


def can_collect(state: TeKuitiState, a: int, b: int) -> bool:
    """Whether cells a and b show matching sheep, face up and not enclosed."""
    visible = state.present & ~state.down & ~state.enclosed
    return (
        bool(visible & PAD_BIT[a])
        and bool(visible & PAD_BIT[b])
        and TILE_KIND[state.tiles[a]] == TILE_KIND[state.tiles[b]]
    )


def is_legal(state: TeKuitiState, action: int, seat: int) -> bool:
    """legal_actions' rule for one action of seat, checked to be the one to move, by bit tests
    alone."""
    if not isinstance(action, int):
        return False
    phase = state.phase
    if phase in (SHEPHERD_TURN, BONUS):
        return PLACE <= action < REMOVE and not state.fences >> (action - PLACE) & 1
    if phase == RAM_CHOICE:
        return REMOVE <= action < FLIP and bool(state.fences >> (action - REMOVE) & 1)
    if FLIP <= action < COLLECT:
        return phase == FLIPPING and bool(state.down & ~state.enclosed & PAD_BIT[action - FLIP])
    if COLLECT <= action < END_TURN:
        return state.endgame and can_collect(state, *PAIRS[action - COLLECT])
    return action == END_TURN and phase == COLLECTING


def refusal(state: TeKuitiState, action: int, seat: int) -> str:
    """Why a valid action number is refused now, naming the rule (and a move that fits); the
    words are the same for any seat, as only the seat to move is asked."""
    name = ACTION_NAMES[action]
    phase = state.phase
    if phase in (SHEPHERD_TURN, BONUS):
        if action < REMOVE:
            return f"{name}: edge {EDGE_NAMES[action - PLACE]} already has a fence"
        return f"{name}: the shepherd must place a fence now (e.g. 'fence c3n')"
    if phase == RAM_CHOICE:
        if REMOVE <= action < FLIP:
            return f"{name}: there is no fence on {EDGE_NAMES[action - REMOVE]}"
        return f"{name}: a ram was flipped; choose a fence to remove first"
    if FLIP <= action < COLLECT:
        cell = action - FLIP
        bit = PAD_BIT[cell]
        where = CELL_NAMES[cell]
        if phase == COLLECTING:
            return f"{name}: the flips of this turn are over; collect pairs or end the turn"
        if not state.present & bit:
            return f"{name}: the tile on {where} has left the field"
        if state.enclosed & bit:
            return f"{name}: {where} is enclosed and cannot be flipped"
        return f"{name}: {where} is already face up"
    if COLLECT <= action < END_TURN:
        if not state.endgame:
            return f"{name}: pairs are chosen only in the end-of-round mode"
        return f"{name}: these are not two face-up, non-enclosed, matching sheep"
    if action == END_TURN:
        return f"{name}: keep flipping until {SHEEP_PER_TURN} sheep are revealed"
    return f"{name}: it is time to flip a tile (e.g. 'flip c3')"
