"""What each viewer learns from one step, as the game declares it.

Every front end (the server's move log, the terminal, replays, RL observation histories) tells a
viewer about a step only through State.told, so no front end decides visibility itself. A game
whose every step is public keeps the default; a game with hidden parts says, in its rules code
and in constant time, what each seat and the spectator may be told.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NamedTuple

if TYPE_CHECKING:
    from meja.core.game import Game, State

Viewer = int | None
"""A seat, or None for the spectator."""


class Told(NamedTuple):
    """What one viewer is told of one step: its words, a small record of facts, and whether it
    turned up something the viewer could not have known (so the viewer's last decision is final).

    text is one sentence of the move log with seats written {n} ("{1} took the Nyonya tile."),
    which say() words for a viewer; it is empty for a step that only prepares a move (a card put
    on an offer) or that the log need not mention, whose sense the completing step's sentence
    carries. record is JSON-able; its "action" is the action number when the viewer may know
    exactly which step it was, else None. A named tuple, cheap to build: one is built for every
    viewer of every step.
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
    """A step every viewer sees in full, said plainly; a game with better words builds its Told."""
    return Told(plainly(state, player, action), {"action": action, **facts}, reveals)


def plainly(state: State, player: int, action: int) -> str:
    """The sentence for a step whose game says nothing better: who did what, by its name."""
    name = state.action_to_str(action, player)
    if player < 0:
        return f"Chance: {name}."
    return f"{seat(player)} played {name}."


def seat(index: int) -> str:
    """A seat as a sentence names it, for say() to word."""
    return f"{{{index}}}"


SEAT_MENTION: Final = re.compile(r"\{(\d+)\}('s)?")
SENTENCE_END: Final = (".", "!", "?")


def say(text: str, viewer: Viewer, names: Sequence[str]) -> str:
    """text for viewer: each seat {n} by its name at the table, the viewer's own as "you"
    (and {n}'s as "your"), capitalised where a sentence begins.

    The games write the log in the past tense, so "you" needs no verb of its own.
    """

    def word(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if index != viewer:
            name = names[index] if index < len(names) else f"Player {index + 1}"
            return name + (match.group(2) or "")
        mine = "your" if match.group(2) else "you"
        before = text[: match.start()].rstrip()
        return mine.capitalize() if not before or before.endswith(SENTENCE_END) else mine

    return SEAT_MENTION.sub(word, text)


def viewers(num_players: int) -> list[Viewer]:
    """Every seat, then the spectator."""
    return [*range(num_players), None]


def told_in_full(state: State, player: int, action: int) -> Told:
    """A step as the viewer who learns most of it was told: its mover, or for a chance step the
    seat it was dealt to (else the spectator). Once a game is over its log says this to all."""
    if player >= 0:
        return state.told(player, action, player)
    table = state.told(player, action, None)
    dealt = table.record.get("seat")
    if isinstance(dealt, int) and 0 <= dealt < state.num_players:
        return state.told(player, action, dealt)
    return table


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
