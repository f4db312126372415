"""The start-player option games share: a seat number, or "random" drawn as a chance event."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from meja.core.actions import ActionNames, numbered
from meja.core.game import Game, Option

RANDOM_START: Final = "random"


def start_player_option(max_players: int, reading: str) -> Option:
    """The start_player Option for a game of up to max_players, citing the rule reading."""
    return Option(
        "start_player",
        "0",
        f"the seat that starts, or 'random' to draw it as a chance event ({reading})",
        choices=(RANDOM_START, *(str(seat) for seat in range(max_players))),
        label="Who starts",
        choice_labels=("Drawn at random", *(f"Seat {seat + 1}" for seat in range(max_players))),
        explain="The seat that takes the first turn, or one drawn at random.",
    )


class StartPlayerGame(Game):
    """A game with the start_player option: a seat may also be given as an int, and a seat that
    does not exist at the chosen player count is refused."""

    def resolve_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        given = dict(options)
        start = given.get("start_player")
        if isinstance(start, int) and not isinstance(start, bool):
            given["start_player"] = str(start)
        resolved = super().resolve_options(num_players, given)
        start = resolved["start_player"]
        if start != RANDOM_START and int(start) >= num_players:
            raise ValueError(
                f"option 'start_player': seat {start} does not exist with {num_players} players"
            )
        return resolved


@cache
def start_seat_names(num_players: int) -> ActionNames:
    """The outcomes of drawing the start seat: "start seat 0", ... ("seat 0 starts" also)."""
    seats = range(num_players)
    return ActionNames(
        numbered("start seat {}", num_players),
        aliases={f"seat {seat} starts": seat for seat in seats},
        what="start seat",
    )
