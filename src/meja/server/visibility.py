"""Which viewers may be told what a move was: those whose view tells it apart from other moves.

A seat's move is named to another viewer only when that viewer's view after it differs from the
view after every alternative the mover had, so the name says nothing the board does not show. A
forced move (no alternative) is named only to its mover, since whether it was forced may itself
be hidden. Chance events are named to no one while the game lasts: their outcome shows in the
views of those who may see it, and a log that kept it would remember for them what the table
has since turned face down (Te Kuiti is a memory game).

Viewers are seats 0..n-1 and the spectator, kept as one bit each (bit n is the spectator).
"""

from __future__ import annotations

import json
from typing import Any

from meja.core import CHANCE, State

MAX_ALTERNATIVES = 64
"""How many other moves are compared; larger choices are thinned evenly, always keeping
both neighbours of the move, where moves that differ only in a hidden detail usually sit."""


def viewers(num_players: int) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(num_players), None]


def viewer_bit(viewer: int | None, num_players: int) -> int:
    """The bit of a viewer in a seen_by mask."""
    return 1 << (num_players if viewer is None else viewer)


def _alternatives(before: State, player: int, action: int) -> list[int]:
    """The other moves the mover could have made, thinned to at most MAX_ALTERNATIVES."""
    others = [a for a in before.legal_actions(player) if a != action]
    if len(others) <= MAX_ALTERNATIVES:
        return others
    below = [a for a in others if a < action][-1:]
    above = [a for a in others if a > action][:1]
    stride = len(others) / (MAX_ALTERNATIVES - 2)
    spread = [others[int(i * stride)] for i in range(MAX_ALTERNATIVES - 2)]
    return sorted(set(below + above + spread))


def _fingerprint(view: dict[str, Any]) -> str:
    """A canonical text of a view, for comparing views."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def seen_by(before: State, player: int, action: int, after: State) -> int:
    """The mask of viewers who may be told the move player made from before (giving after)."""
    if player == CHANCE:
        return 0
    n = before.num_players
    mask = viewer_bit(player, n)
    alternatives = _alternatives(before, player, action)
    if not alternatives:
        return mask
    undecided = [v for v in viewers(n) if not mask & viewer_bit(v, n)]
    actual = {v: _fingerprint(after.view(v)) for v in undecided}
    for other in alternatives:
        if not undecided:
            break
        branch = before.clone()
        branch.apply(other, player)
        undecided = [v for v in undecided if _fingerprint(branch.view(v)) != actual[v]]
    for viewer in undecided:
        mask |= viewer_bit(viewer, n)
    return mask
