"""Which viewers may be told what a move was, in words, in the move log.

Another seat's move is named to a viewer only if two things hold. Its effect must show: the
viewer's view after it differs from the view after every alternative the mover had (a card
discarded face down does not show). And its words must say nothing hidden: they must be the same
in every world the viewer cannot tell apart from this one (State.resample redraws those), so
"keep the red tile, pass the green one" is not named to a neighbour who only received the green
one, and the move must not be one that some such world would have forbidden. A forced move (no
alternative) is named only to its mover, since whether it was forced may itself be hidden. The
spectator is told a move only if every seat but the mover is.

Chance events are named to no one while the game lasts: their outcome shows in the views of
those who may see it, and a log that kept it would remember for them what the table has since
turned face down (Te Kuiti is a memory game).

Viewers are seats 0..n-1 and the spectator, kept as one bit each (bit n is the spectator).
"""

from __future__ import annotations

import json
import random
from typing import Any

from meja.core import CHANCE, State

MAX_ALTERNATIVES = 64
"""How many other moves are compared; larger choices are thinned evenly, always keeping
both neighbours of the move, where moves that differ only in a hidden detail usually sit."""

REDRAWS = 6
"""Worlds drawn per viewer to check that a move's words give nothing hidden away."""


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


def _effect_shows(
    before: State, player: int, action: int, after: State, seats: list[int]
) -> list[int]:
    """The seats whose view after the move differs from the view after every alternative."""
    alternatives = _alternatives(before, player, action)
    if not alternatives:
        return []
    actual = {seat: _fingerprint(after.view(seat)) for seat in seats}
    for other in alternatives:
        if not seats:
            break
        branch = before.clone()
        branch.apply(other, player)
        seats = [seat for seat in seats if _fingerprint(branch.view(seat)) != actual[seat]]
    return seats


def _words_hold(
    before: State, player: int, action: int, after: State, viewer: int, rng: random.Random
) -> bool:
    """Whether the move's words are the same in every world the viewer cannot rule out.

    A redrawn world where the move is illegal is ruled out if no legal move there would have
    left the viewer seeing what it sees now; one that is not ruled out means the words would
    tell the viewer something the board does not.
    """
    text = before.action_to_str(action, player)
    seen = _fingerprint(after.view(viewer))
    for _ in range(REDRAWS):
        world = before.resample(viewer, rng)
        legal = world.legal_actions(player)
        if action in legal:
            if world.action_to_str(action, player) != text:
                return False
            continue
        for other in legal:
            branch = world.clone()
            branch.apply(other, player)
            if _fingerprint(branch.view(viewer)) == seen:
                return False
    return True


def seen_by(before: State, player: int, action: int, after: State, rng: random.Random) -> int:
    """The mask of viewers who may be told the move player made from before (giving after)."""
    if player == CHANCE:
        return 0
    n = before.num_players
    others = [seat for seat in range(n) if seat != player]
    shown = _effect_shows(before, player, action, after, others)
    told = [seat for seat in shown if _words_hold(before, player, action, after, seat, rng)]
    mask = viewer_bit(player, n)
    for seat in told:
        mask |= viewer_bit(seat, n)
    if len(told) == len(others) and (others or _alternatives(before, player, action)):
        mask |= viewer_bit(None, n)
    return mask
