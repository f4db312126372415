"""A game in progress to show on a game's how-to-play page: a short seeded game of random moves,
seen from the first seat, in the shape of the state message the table page draws. Random moves
depend on the rules alone, so the picture changes only when the rules do."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from meja.core import CHANCE, Game, State
from meja.core.game import random_step


@dataclass(frozen=True)
class Sample:
    """Which moment of which game to show."""

    players: int
    moves: int
    """Moves made before the picture, which is taken when the first seat is next to move."""
    seed: int = 1


SAMPLES = {
    "peranakan": Sample(players=3, moves=30),
    "te_kuiti": Sample(players=2, moves=10, seed=2),
    "nasi_lemak": Sample(players=3, moves=14, seed=5),
    "mooncake": Sample(players=3, moves=22),
}
"""Moments chosen so that most kinds of piece are in sight; any other game shows its start."""

MORE = 12
"""Other moments of the same game sent along, the first seat to move in each, spread over the
whole game: the page cuts out of them the kinds of piece the moment shown lacks (a sheep face
up, an action card in hand)."""

NAMES = ("Aroha", "Mei", "Arun", "Siti", "Tama", "Wiremu")
"""The players of the sample table; the first seat is the reader's."""


def message(game: Game, state: State) -> dict[str, Any]:
    """The first seat's state message of state: its view, with no move to make (the picture is
    to look at), no log, no clock and no result."""
    players = state.num_players
    seats = [
        {
            "seat": seat,
            "name": NAMES[seat % len(NAMES)],
            "kind": "human" if seat == 0 else "bot",
            "bot": None if seat == 0 else "random",
            "connected": True,
            "away": None,
        }
        for seat in range(players)
    ]
    step = len(state.history)
    return {
        "type": "state",
        "table": {
            "id": "sample",
            "game": game.name,
            "title": game.title,
            "num_players": players,
            "options": {},
            "clock": None,
            "pace": "normal",
            "seats": seats,
            "step": step,
            "finished": False,
        },
        "you": 0,
        "step": step,
        "current": state.current_player(),
        "active": state.active_players(),
        "view": state.view(0),
        "legal": [],
        "undo": False,
        "clock": {},
        "result": None,
        "log_start": 0,
        "log": [],
    }


@cache
def sample_table(game: Game) -> dict[str, Any]:
    """The moment of game to show ("shown") and up to MORE others ("more"), each as the first
    seat's state message."""
    sample = SAMPLES.get(game.name, Sample(players=game.min_players, moves=0))
    state = game.new_state(sample.players)
    rng = random.Random(sample.seed)
    moments: list[tuple[int, State]] = []
    made = 0
    while not state.is_terminal():
        if state.current_player() != CHANCE and 0 in state.active_players():
            moments.append((made, state.clone()))
        player, action = random_step(state, rng)
        state.apply(action, player)
        made += player != CHANCE
    if not moments:
        moments.append((made, state))
    shown = next((moment for moved, moment in moments if moved >= sample.moves), moments[-1][1])
    others = [moment for _, moment in moments if moment is not shown]
    spread = others[:: max(1, -(-len(others) // MORE))][:MORE]
    return {
        "shown": message(game, shown),
        "more": [message(game, moment) for moment in spread],
    }
