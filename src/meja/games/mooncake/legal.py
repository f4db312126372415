"""What a seat may do now: legal_actions lists it and is_legal tests one action by the same rule.

While choosing, a seat picks one of its hand's distinct keep/pass choices; while placing, any
tile in hand goes into any empty slot of its own board (tiles never move once placed).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING, Final, cast

from meja.games.mooncake.actions import CHOICES, NUM_ACTIONS, PLACE_BASE
from meja.games.mooncake.components import TILES_PER_TURN
from meja.games.mooncake.tables import CHOOSE, PLACE, SLOT_NAMES, SLOTS, TILE_CODES

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState


def choice_actions(hand: Sequence[int], pairwise: bool) -> tuple[int, ...]:
    """The distinct keep/pass choices of a hand (duplicate tiles give one choice): a full hand's
    are fixed by which of its tiles are equal, so they are read from CHOICE_PATTERNS."""
    if len(hand) != TILES_PER_TURN:
        return distinct_choices(hand, pairwise)
    first, second, third = hand[0], hand[1], hand[2]
    return CHOICE_PATTERNS[
        (first == second) + 2 * (second == third) + 4 * (first == third) + 8 * pairwise
    ]


def distinct_choices(hand: Sequence[int], pairwise: bool) -> tuple[int, ...]:
    """choice_actions, worked out afresh.

    With 2 players (pairwise) both passed tiles go to the opponent, so only the kept tile matters.
    """
    seen: set[tuple[int, ...]] = set()
    out: list[int] = []
    for action, (keep, left, right) in enumerate(CHOICES):
        passed = (hand[left], hand[right])
        key = (hand[keep], *sorted(passed)) if pairwise else (hand[keep], *passed)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return tuple(out)


def _choice_patterns() -> tuple[tuple[int, ...], ...]:
    """distinct_choices of a hand by which of its tiles are equal and whether play is pairwise,
    indexed as choice_actions reads them; () where no hand has that pattern."""
    table: list[tuple[int, ...]] = [()] * 16
    for hand in product(range(TILES_PER_TURN), repeat=TILES_PER_TURN):
        first, second, third = hand
        for pairwise in (False, True):
            pattern = (first == second) + 2 * (second == third) + 4 * (first == third)
            table[pattern + 8 * pairwise] = distinct_choices(hand, pairwise)
    return tuple(table)


CHOICE_PATTERNS: Final = _choice_patterns()

ACTION_OBJECTS: Final[tuple[object, ...]] = tuple(range(NUM_ACTIONS))
"""Every action number made once: a move list takes these rather than making each number anew."""


def legal_actions(state: MooncakeState, seat: int) -> list[int]:
    """Sorted legal actions of seat; [] for a seat that may not act (or no seat at all)."""
    if not 0 <= seat < state.num_players:
        return []
    hand = state.hands[seat]
    if state.phase == CHOOSE:
        if state._choices[seat] >= 0:
            return []
        return list(choice_actions(hand, state._pairwise))
    if state.phase != PLACE or not hand:
        return []
    base = seat * SLOTS
    boards = state._boards
    empty = [slot for slot in range(SLOTS) if boards[base + slot] < 0]
    numbers = ACTION_OBJECTS
    out: list[object] = []
    previous = -1
    for tile in hand:
        if tile != previous:
            start = PLACE_BASE + tile * SLOTS
            for slot in empty:
                out.append(numbers[start + slot])
            previous = tile
    return cast(list[int], out)


def is_legal(state: MooncakeState, action: int, seat: int) -> bool:
    """Whether action is in legal_actions(state, seat), without building the list."""
    if type(action) is not int:
        return False
    if state.phase == CHOOSE:
        return state._choices[seat] < 0 and action in choice_actions(
            state.hands[seat], state._pairwise
        )
    if state.phase != PLACE or not PLACE_BASE <= action < NUM_ACTIONS:
        return False
    place = action - PLACE_BASE
    return place // SLOTS in state.hands[seat] and state._boards[seat * SLOTS + place % SLOTS] < 0


def refusal(state: MooncakeState, action: int, seat: int) -> str:
    """Why seat may not play action (a number in the action space) now."""
    if state.phase == CHOOSE:
        options = "; ".join(state.action_to_str(a, seat) for a in legal_actions(state, seat))
        return (
            f"seat {seat} must choose which tile to keep and which to pass "
            f"({options}), not {state.action_to_str(action, seat)}"
        )
    if action < PLACE_BASE:
        return f"seat {seat} must place a tile now; the keep/pass choice is already made"
    tile, slot = divmod(action - PLACE_BASE, SLOTS)
    if tile not in state.hands[seat]:
        hand = " ".join(TILE_CODES[t] for t in state.hands[seat])
        return f"seat {seat} has no {TILE_CODES[tile]} tile to place (hand: {hand})"
    return f"slot {SLOT_NAMES[slot]} of seat {seat} already holds a tile; tiles never move"
