"""Golden playthroughs: a seeded random game written out as a stable text transcript.

A transcript pins the rules: any change in legal moves, views or state text shows up as a diff.
Each seat's view is written as the entries that changed since that seat's previous view.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from meja.core.episode import play_episode, random_policy
from meja.core.game import CHANCE, Game, State


@dataclass(frozen=True)
class Configuration:
    """One game set-up that gets a golden transcript."""

    game: str
    num_players: int
    seed: int = 0

    @property
    def filename(self) -> str:
        """The transcript's file name under tests/playthroughs/."""
        return f"{self.game}-{self.num_players}p-seed{self.seed}.txt"


def configurations(game: Game) -> list[Configuration]:
    """The smallest and largest player counts, so every mode is pinned."""
    counts = sorted({game.min_players, game.max_players})
    return [Configuration(game.name, n) for n in counts]


def transcript(game: Game, config: Configuration) -> str:
    """Play the configuration's seeded random game and describe every step."""
    state = game.new_state(config.num_players)
    lines = [f"game: {game.name}", f"players: {config.num_players}", f"seed: {config.seed}", ""]
    previous: list[dict[str, Any]] = [{} for _ in range(config.num_players)]

    def describe(state: State, seat: int, action: int) -> None:
        _describe_position(state, lines, previous)
        lines.append(f"apply: seat {seat} plays {action} ({state.action_to_str(action, seat)})")
        lines.append("")

    policies = [random_policy] * config.num_players
    play_episode(
        state, policies, random.Random(config.seed), any_active_seat=True, on_step=describe
    )
    _describe_position(state, lines, previous)
    lines.append(f"scores: {state.scores()}")
    lines.append(f"winners: {state.winners()}")
    lines.append(f"returns: {state.returns()}")
    return "\n".join(lines) + "\n"


def _describe_position(state: State, lines: list[str], previous: list[dict[str, Any]]) -> None:
    """The step's header, the state, who moves, what they may play and what each view gained."""
    player = state.current_player()
    lines.append(f"## step {len(state.history)}")
    lines.append(str(state))
    lines.append(f"current player: {player}")
    if state.is_terminal():
        return
    if player == CHANCE:
        outcomes = ", ".join(
            f"{state.action_to_str(a, CHANCE)} ({p:.4f})" for a, p in state.chance_outcomes()
        )
        lines.append(f"chance outcomes: {outcomes}")
    else:
        for seat in state.active_players():
            legal = ", ".join(state.action_to_str(a, seat) for a in state.legal_actions(seat))
            lines.append(f"legal for seat {seat}: {legal}")
    for seat in range(state.num_players):
        view = state.view(seat)
        changed = _changes(previous[seat], view)
        if changed:
            lines.append(f"view {seat} changes: {json.dumps(changed, sort_keys=True)}")
        previous[seat] = view


def _changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The top-level entries of a view that differ from the seat's previous view (None: gone)."""
    changed = {key: value for key, value in after.items() if before.get(key, _MISSING) != value}
    changed.update({key: None for key in before if key not in after})
    return changed


_MISSING = object()
