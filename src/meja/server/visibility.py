"""Which viewers may be told what a move was, in words, in the move log.

Every viewer sees that a log entry exists, so whether it carries words is itself something the
viewer learns: the decision may use only what that viewer can see. Another seat's move is
named to a viewer when its words are the same in every world the viewer cannot tell apart from
this one, both before the move (State.resample redraws those worlds) and after it: no legal
move there that reads differently may leave the viewer seeing what it sees now. So a card
discarded face down is not named, nor "keep the red tile, pass the green one" to a neighbour
who only received the green one, while a move is named alike whether or not it was the mover's
only choice (that it was forced may be exactly what is hidden, such as a partner unable to
accept an offer).

The spectator has no redraw of its own, so it is told a move only if every seat but the mover
is told, no world drawn for them lets a move that reads differently look the same to a
spectator, and some world had such a move to rule out. Without that last test, a move forced in
every world (an Officer taking from a one-kind hand seen by both players of a two-player game)
would be named exactly when it was forced. What is left is a move forced in every world only
because of what the seats know privately; it is then not named to the spectator, which a seat's
private knowledge can still make differ from an unforced twin (rare, two players only).

Chance events are named to no one while the game lasts: their outcome shows in the views of
those who may see it, and a log that kept it would remember for them what the table has since
turned face down (Te Kuiti is a memory game).

Viewers are seats 0..n-1 and the spectator, kept as one bit each (bit n is the spectator).
"""

from __future__ import annotations

import random
from typing import Any

from meja.core import CHANCE, State

MAX_ALTERNATIVES = 64
"""How many other moves are compared in one world; larger choices are thinned evenly, always
keeping both neighbours of the move, where moves that differ only in a hidden detail usually sit."""

REDRAWS = 6
"""Worlds drawn per viewer to check that a move's words give nothing hidden away."""

Viewer = int | None
"""A seat, or None for the spectator."""


def viewer_bit(viewer: int | None, num_players: int) -> int:
    """The bit of a viewer in a seen_by mask."""
    return 1 << (num_players if viewer is None else viewer)


def _thin(others: list[int], action: int) -> list[int]:
    """At most MAX_ALTERNATIVES of the sorted moves others, keeping both neighbours of action."""
    if len(others) <= MAX_ALTERNATIVES:
        return others
    below = [a for a in others if a < action][-1:]
    above = [a for a in others if a > action][:1]
    stride = len(others) / (MAX_ALTERNATIVES - 2)
    spread = [others[int(i * stride)] for i in range(MAX_ALTERNATIVES - 2)]
    return sorted(set(below + above + spread))


def _misread(
    world: State, player: int, action: int, text: str, seen: dict[Viewer, dict[str, Any]]
) -> tuple[set[Viewer], bool]:
    """The viewers of seen whom world would mislead, and whether world has a move reading otherwise.

    A viewer is misled if the move reads differently in world, or if another legal move there
    reads differently and leaves the viewer seeing what it sees now.
    """
    legal = world.legal_actions(player)
    differ = [a for a in legal if world.action_to_str(a, player) != text]
    if not differ:
        return set(), False
    if action in differ:
        return set(seen), True
    misled: set[Viewer] = set()
    for other in _thin(differ, action):
        branch = world.clone()
        branch.apply(other, player)
        for viewer, view in seen.items():
            if viewer not in misled and branch.view(viewer) == view:
                misled.add(viewer)
        if len(misled) == len(seen):
            break
    return misled, True


def seen_by(before: State, player: int, action: int, after: State, rng: random.Random) -> int:
    """The mask of viewers who may be told the move player made from before (giving after)."""
    if player == CHANCE:
        return 0
    n = before.num_players
    text = before.action_to_str(action, player)
    others = [seat for seat in range(n) if seat != player]
    seen: dict[Viewer, dict[str, Any]] = {viewer: after.view(viewer) for viewer in others}
    seen[None] = after.view(None)
    misled, contrast = _misread(before, player, action, text, seen)
    spectator = None not in misled
    mask = viewer_bit(player, n)
    for seat in others if others else [player]:
        if seat != player and seat in misled:
            spectator = False
            continue
        watched: dict[Viewer, dict[str, Any]] = {} if seat == player else {seat: seen[seat]}
        if spectator:
            watched[None] = seen[None]
        told = True
        for _ in range(REDRAWS):
            wrong, differs = _misread(before.resample(seat, rng), player, action, text, watched)
            contrast = contrast or differs
            told = told and seat not in wrong
            if spectator and None in wrong:
                spectator = False
                del watched[None]
            if not told or not watched:
                break
        if seat != player and told:
            mask |= viewer_bit(seat, n)
        spectator = spectator and told
    if spectator and contrast:
        mask |= viewer_bit(None, n)
    return mask
