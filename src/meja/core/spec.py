"""One typed description per game: what every front end needs beyond the game protocol.

A game package builds its GameSpec in spec.py and meja.games lists them all, so no front end
finds a game's parts by module name: the terminal draws with spec.render_seat, the browser with
spec.drawing, the simulator reports spec.facts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from meja.core.game import Game, State
from meja.core.statistics import Statistic

S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Drawing:
    """The printed components the browser draws from, as JSON data under declared names.

    version rises whenever a name or shape changes, so a renderer knows what it reads.
    """

    version: int
    data: Mapping[str, Any]


@dataclass(frozen=True)
class Facts:
    """What a finished game reports to the simulator: the end condition that fired, numbers
    about the whole game, and numbers per seat (one value per seat under each name)."""

    end: str
    stats: Mapping[str, float] = field(default_factory=dict)
    seat_stats: Mapping[str, tuple[float, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """A finished game in words for its players: what its scores count, and sentences (seats
    written {n}, worded by core.told.say) that spell out what decided it: a tie-break, the
    reason a solo game was lost."""

    unit: str
    """The scores' unit, plural ("Festive Points", "sets")."""
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """A game and its front-end parts, registered once in meja.games."""

    game: Game
    render_seat: Callable[[S, int | None], str]
    """The table as one seat (None: a spectator) sees it, for `meja play` and `meja replay`."""
    drawing: Drawing
    facts: Callable[[S], Facts]
    """Read at the end of a game only."""
    outcome: Callable[[S], Outcome]
    """Read at the end of a game only."""
    blurb: str
    """Two short sentences that tell a newcomer what the game is about (the lobby's card)."""
    statistics: Callable[[S, Sequence[tuple[int, int]]], list[Statistic]] | None = None
    """Rows of numbers per player from a finished game and its history (the end screen)."""
