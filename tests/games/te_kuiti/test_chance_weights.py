"""Chance comes in the rulebook's proportions: a flipped tile is drawn by the number of such
tiles left unseen of the 25, a solo tile's daisy faces each side alike, and the first shepherd
drawn at random is either seat.

The counts are written out here from the sources, not read from the game's components: the
rulebook (25 tiles: 5 kinds of sheep, 4 each; 3 rams; 2 shepherds) and, for the daisies, the
readings (2(c), PROPOSED: 2 of the 4 sheep of each kind and both shepherds carry one, no ram;
a solo tile lies in one of four quarter turns, each as likely).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.games.te_kuiti import GAME, TeKuitiState

SHEEP = ("joyful", "sleepy", "timid", "angry", "dreamy")
TILES = Counter(
    {
        **{kind: 2 for kind in SHEEP},
        **{f"{kind}_daisy": 2 for kind in SHEEP},
        "ram": 3,
        "shepherd": 2,
    }
)
"""The 25 tiles by face, a daisy marked by the _daisy name (shepherds always carry one)."""
SIDES = ("north", "east", "south", "west")


def _weights(state: TeKuitiState) -> dict[str, float]:
    """The pending chance event as {outcome name: probability}."""
    return {state.action_to_str(a, CHANCE): p for a, p in state.chance_outcomes()}


def _seen(state: TeKuitiState) -> Counter[str]:
    """The faces of the field's tiles already turned up once (face up, face down again, gone)."""
    return Counter(cell.split()[1] for cell in state.position()["cells"] if cell.split()[1] != "?")


def test_the_sources_count_twenty_five_tiles() -> None:
    assert TILES.total() == 25
    for kind in SHEEP:
        assert TILES[kind] + TILES[f"{kind}_daisy"] == 4
    assert (TILES["ram"], TILES["shepherd"]) == (3, 2)
    assert sum(n for face, n in TILES.items() if face.endswith("_daisy")) == 10


@pytest.mark.parametrize("players", [1, 2])
def test_the_first_flip_draws_from_all_twenty_five_by_their_counts(players: int) -> None:
    state = GAME.new_state(players)
    while state.current_player() != CHANCE:
        state.apply(state.legal_actions()[0])
    assert _weights(state) == {face: pytest.approx(n / 25) for face, n in TILES.items()}


@pytest.mark.parametrize("players", [1, 2])
def test_every_flip_weighs_the_unseen_tiles_and_sides_and_seats_evenly(players: int) -> None:
    """At every chance step of seeded random games: a flip draws each face by its printed count
    less the copies already seen on this field, over the unseen tiles; a daisy's side is 1/4
    each; the random first shepherd is 1/2 each."""
    kinds: Counter[str] = Counter()
    for seed in range(3):
        rng = random.Random(seed * 1_000 + players)
        state = GAME.new_state(players, start_player="random")
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                phase = state.position()["phase"]
                kinds[phase] += 1
                weights = _weights(state)
                if phase == "reveal":
                    left = TILES - _seen(state)
                    assert weights == {
                        face: pytest.approx(n / left.total()) for face, n in left.items()
                    }
                elif phase == "orient":
                    assert weights == {f"daisy {side}": 0.25 for side in SIDES}
                else:
                    assert phase == "start"
                    assert weights == {"start seat 0": 0.5, "start seat 1": 0.5}
            seat, action = random_step(state, rng)
            state.apply(action, seat)
    assert kinds["reveal"] > 0
    if players == 1:
        assert kinds["orient"] > 0
    else:
        assert kinds["start"] == 3
