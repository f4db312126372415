"""Hints: the move the heuristic bot would make for a seat, from what that seat may see, and why.

A hint never reads the true hidden state: each of a few worlds is drawn by State.resample from
the seat's view, the game's heuristic chooses in each, and the move chosen most often is the
hint. Its words come from the game's explainer (meja.bots.hints.<game>), which names the move
as the board shows it and gives the reason from what the heuristic weighs, read in the world
the hint was chosen in. Seats are written {n}, for meja.core.told.say to word for the seat.

This package stays Python (setup.py): it runs once a decision, not at every node of a search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from meja.bots.heuristic import heuristic_for
from meja.bots.hints import mooncake, nasi_lemak, peranakan, te_kuiti
from meja.bots.hints.common import Explain, ties
from meja.core import Game, State

RESAMPLES: Final = 3
"""Worlds drawn for one hint; the move most of them lead the heuristic to is the hint."""

EXPLAINERS: Final[dict[str, Explain]] = {
    "mooncake": mooncake.explain,
    "nasi_lemak": nasi_lemak.explain,
    "peranakan": peranakan.explain,
    "te_kuiti": te_kuiti.explain,
}
"""Each game's move and reason in words, listed by hand like the heuristics."""


@dataclass(frozen=True)
class Hint:
    """A suggested move: its action number, the move in words and why, seats written {n}."""

    action: int
    move: str
    why: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"action": self.action, "move": self.move, "why": self.why}


def offers_hints(game: Game) -> bool:
    """Whether the game has a heuristic to ask for hints."""
    try:
        heuristic_for(game)
    except ValueError:
        return False
    return True


def suggest(
    state: State, seat: int, rng: random.Random, resamples: int = RESAMPLES
) -> tuple[int, State]:
    """The heuristic's preferred move for seat across resamples worlds drawn from its view,
    and the first world in which it chose that move. Each world is drawn with its own
    generator, seeded from rng, and the heuristic breaks ties alike in every world
    (common.ties), so the same rng gives the same answer for any state with the same view; a
    world drawn twice (a game with nothing hidden redraws none) is judged once."""
    choose = heuristic_for(state.game)
    votes: dict[int, int] = {}
    worlds: dict[int, State] = {}
    chosen: list[tuple[State, int]] = []
    for _ in range(resamples):
        world = state.resample(seat, random.Random(rng.getrandbits(64)))
        action = next((a for other, a in chosen if other == world), None)
        if action is None:
            action = choose(world, seat, ties())
            chosen.append((world, action))
        votes[action] = votes.get(action, 0) + 1
        worlds.setdefault(action, world)
    best = max(votes, key=lambda action: votes[action])
    return best, worlds[best]


def hint(state: State, seat: int, rng: random.Random, resamples: int = RESAMPLES) -> Hint:
    """The hint for seat now, in words; ValueError when seat has no move to make."""
    if state.is_terminal() or seat not in state.active_players():
        raise ValueError("you have no move to make now")
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("you have no move to make now")
    action, world = suggest(state, seat, rng, resamples)
    explain = EXPLAINERS.get(state.game.name)
    if explain is None:
        return Hint(action, state.action_to_str(action, seat), "The heuristic bot plays it.")
    move, why = explain(world, seat, action, heuristic_for(state.game))
    if len(legal) == 1:
        why = f"It is your only move. {why}"
    return Hint(action, move, why)
