"""What a game tells each viewer of a step gives nothing hidden away, and hides nothing it shows.

The declaration (State.told, docs/design.md "Who sees what") is checked against the views, over
seeded random games of every game and player count. At sampled steps, for a viewer drawn at
random among the seats and the spectator:

- every step the viewer cannot tell apart from the one played (its view afterwards is the same),
  in this world or in a world State.resample draws for it, is told to it in the same words and
  record: otherwise the words would say what the table hid;
- a step told as revealing nothing leaves the viewer's view the same in every such world;
- the mover is told its own move by its action number, and a record is JSON-able.

MEJA_TOLD_GAMES sets the games per game and player count (default 1,000); MEJA_TOLD_CHECKS the
steps checked per game on average (default 8), spread at random over the whole game.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from meja.core import CHANCE, State, Told, list_games, load_game
from meja.core.game import random_step
from meja.core.told import viewers

GAMES = int(os.environ.get("MEJA_TOLD_GAMES", "1000"))
CHECKS = int(os.environ.get("MEJA_TOLD_CHECKS", "8"))
BATCH = 250
WORLDS = 1
ALTERNATIVES = 24


def _cases() -> list[pytest.param]:
    """One case per (game, player count, batch of seeds)."""
    return [
        pytest.param(
            game.name, n, range(start, min(start + BATCH, GAMES)), id=f"{game.name}-{n}p-{start}"
        )
        for game in list_games()
        for n in game.player_counts()
        for start in range(0, GAMES, BATCH)
    ]


def _candidates(state: State, player: int, played: int, rng: random.Random) -> list[int]:
    """The steps player could take here: all, or the played one's neighbours and a sample."""
    if player == CHANCE:
        steps = [a for a, _ in state.chance_outcomes()]
    else:
        steps = state.legal_actions(player)
    if len(steps) <= ALTERNATIVES:
        return steps
    near = [a for a in steps if abs(a - played) <= 2]
    return sorted(set(near) | set(rng.sample(steps, ALTERNATIVES)))


def _name(state: State, player: int, action: int) -> str:
    return f"{state.action_to_str(action, player)!r} ({action})"


def _check(
    state: State, player: int, action: int, viewer: int | None, rng: random.Random, where: str
) -> None:
    """Every invariant of the declaration for one viewer of one step."""
    told = state.told(player, action, viewer)
    assert isinstance(told, Told) and isinstance(told.text, str), f"{where}: not a Told"
    assert json.loads(json.dumps(told.to_dict())) == told.to_dict(), f"{where}: record not JSON"
    if viewer is not None and viewer == player:
        assert told.action == action, f"{where}: the mover is not told its own move {told.text!r}"
    after = state.clone()
    after.apply(action, player)
    seen = after.view(viewer)
    worlds = [("this world", state)]
    for index in range(WORLDS):
        drawn_for = viewer if viewer is not None else rng.randrange(state.num_players)
        world = state.resample(drawn_for, rng)
        assert world.view(viewer) == state.view(viewer), f"{where}: resample changed a view"
        worlds.append((f"redrawn world {index + 1}", world))
    for label, world in worlds:
        for other in _candidates(world, player, action, rng):
            branch = world.clone()
            branch.apply(other, player)
            if branch.view(viewer) != seen:
                continue
            alike = world.told(player, other, viewer)
            assert (alike.text, dict(alike.record)) == (told.text, dict(told.record)), (
                f"{where}: viewer {viewer} cannot tell {_name(state, player, action)} from "
                f"{_name(world, player, other)} in {label}, yet is told {told.text!r} of the "
                f"first and {alike.text!r} of the second"
            )
        if told.reveals or world is state:
            continue
        if player == CHANCE or action not in world.legal_actions(player):
            continue
        branch = world.clone()
        branch.apply(action, player)
        assert branch.view(viewer) == seen, (
            f"{where}: {_name(state, player, action)} is told to viewer {viewer} as revealing "
            f"nothing ({told.text!r}), yet what it sees afterwards differs in {label}"
        )


@pytest.mark.parametrize(("name", "num_players", "seeds"), _cases())
def test_what_each_viewer_is_told_gives_nothing_hidden_away(
    name: str, num_players: int, seeds: range
) -> None:
    game = load_game(name)
    lengths: list[int] = []
    for seed in seeds:
        rng = random.Random(seed * 1_000 + num_players)
        rate = CHECKS / (sum(lengths) / len(lengths)) if lengths else 1.0
        state = game.new_state(num_players)
        while not state.is_terminal():
            player, action = random_step(state, rng)
            if rng.random() < rate:
                where = f"{name} {num_players}p seed {seed} step {len(state.history)}"
                viewer = rng.choice(viewers(num_players))
                _check(state, player, action, viewer, rng, where)
            state.apply(action, player)
        lengths.append(len(state.history))
