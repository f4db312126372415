"""What each viewer learns from one step, as the game declares it.

Every front end (the server's move log, the terminal, replays, RL observation histories) tells a
viewer about a step only through State.told, so no front end decides visibility itself. A game
whose every step is public keeps the default; a game with hidden parts says, in its rules code
and in constant time, what each seat and the spectator may be told.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from meja.core.game import Game, State

Viewer = int | None
"""A seat, or None for the spectator."""


class Told(NamedTuple):
    """What one viewer is told of one step: its words, a small record of facts, and whether it
    turned up something the viewer could not have known (so the viewer's last decision is final).

    text follows the actor's name ("take slot2", "drew a card"). record is JSON-able; its
    "action" is the action number when the viewer may know exactly which step it was, else None.
    A named tuple, cheap to build: one is built for every viewer of every step.
    """

    text: str
    record: Mapping[str, Any] = MappingProxyType({})
    reveals: bool = False

    @property
    def action(self) -> int | None:
        """The step's action number if the viewer may know it."""
        value = self.record.get("action")
        return value if isinstance(value, int) else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form for clients and logs."""
        return {"text": self.text, "record": dict(self.record), "reveals": self.reveals}


def public(state: State, player: int, action: int, *, reveals: bool = False, **facts: Any) -> Told:
    """A step every viewer sees in full: named as action_to_str names it."""
    return Told(state.action_to_str(action, player), {"action": action, **facts}, reveals)


def viewers(num_players: int) -> list[Viewer]:
    """Every seat, then the spectator."""
    return [*range(num_players), None]


def told_all(state: State, player: int, action: int) -> list[Told]:
    """What each seat, then the spectator, is told of player's action from state."""
    return [state.told(player, action, viewer) for viewer in viewers(state.num_players)]


def replay_told(
    game: Game,
    num_players: int,
    options: Mapping[str, Any],
    history: list[tuple[int, int]],
    viewer: Viewer,
) -> Iterator[tuple[int, Told]]:
    """(player, told) for every step of a game from its start, as viewer learned it.

    This is a viewer's observation history: what a bot or an RL agent may remember of the game.
    """
    state = game.new_state(num_players, **options)
    for player, action in history:
        yield player, state.told(player, action, viewer)
        state.apply(action, player)
