"""What every game's hints share: the rest of a turn as the heuristic would play it, and words.

Explainers are handed a world drawn by resample from the hinted seat's view, so they cannot read
what the seat does not know; each reads only the seat's own cards and what lies on the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeVar, cast

from meja.bots.heuristics.heuristic import Choose
from meja.core import State

Explain = Callable[[State, int, int, Choose], tuple[str, str]]
"""A game's explainer: (world, seat, action, the heuristic's choose) -> (move, why), each in
words with seats written {n} for core.told.say."""

TURN_STEPS: Final = 8
"""The most own steps a turn's plan follows after the hinted one."""

TIE_SEED: Final = 0x6D656A61
"""Seeds the generator the heuristic breaks ties with, afresh for every choice of a hint: the
rest of a turn that a hint foresees is then exactly what the next hints will say."""


def ties() -> random.Random:
    """A fresh generator for the heuristic's ties."""
    return random.Random(TIE_SEED)


S = TypeVar("S", bound=State)


def plan(world: S, seat: int, action: int, choose: Choose) -> tuple[list[int], S]:
    """The hinted action and the steps the heuristic would take after it while the seat keeps
    the turn (no other seat and no chance in between), and the state they lead to."""
    state = cast(S, world.clone())
    state.apply(action, seat)
    steps = [action]
    while len(steps) <= TURN_STEPS and not state.is_terminal():
        if state.current_player() != seat or state.active_players() != [seat]:
            break
        step = choose(state, seat, ties())
        state.apply(step, seat)
        steps.append(step)
    return steps, state


def listed(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    parts = [part for part in parts if part]
    if len(parts) < 2:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def counted(count: int, one: str, many: str | None = None) -> str:
    """ "1 tile", "3 tiles" (many: the plural when it is not one + s)."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def sentence(text: str) -> str:
    """text with a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
