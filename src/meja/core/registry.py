"""Find games by name among those meja.games lists, each with its GameSpec."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from meja.core.game import Game, State
from meja.core.spec import Facts, GameSpec, Outcome
from meja.core.statistics import Statistic

UNKNOWN_END = "unknown"
"""The end condition reported for a game built outside meja.games, which declares none."""


@cache
def _specs() -> dict[str, GameSpec[Any]]:
    """The registered specs by game name; imported on first use, as games build on core."""
    from meja.games import SPECS

    return {spec.game.name: spec for spec in SPECS}


@cache
def _games() -> dict[str, Game]:
    """The registered games by name."""
    return {name: spec.game for name, spec in _specs().items()}


def spec_of(game: Game) -> GameSpec[Any] | None:
    """The registered description of game; None for a game built outside meja.games."""
    spec = _specs().get(game.name)
    return spec if spec is not None and spec.game is game else None


def facts_of(state: State) -> Facts:
    """What a finished game reports of itself: its spec's facts, or only an unknown end."""
    spec = spec_of(state.game)
    return spec.facts(state) if spec is not None else Facts(UNKNOWN_END)


def outcome_of(state: State) -> Outcome:
    """A finished game in words: its spec's outcome, or plain points for a game without one."""
    spec = spec_of(state.game)
    return spec.outcome(state) if spec is not None else Outcome("points")


def statistics_of(state: State) -> list[Statistic]:
    """A finished game's statistics per player, from its state and history: its spec's, or
    none for a game without."""
    spec = spec_of(state.game)
    if spec is None or spec.statistics is None:
        return []
    return spec.statistics(state, state.history)


def list_games() -> list[Game]:
    """Every registered game, sorted by name."""
    return [game for _, game in sorted(_games().items())]


def load_game(name: str) -> Game:
    """The game called name (dashes and case are forgiven); ValueError lists the known ones."""
    key = name.strip().lower().replace("-", "_")
    games = _games()
    if key not in games:
        known = ", ".join(sorted(games)) or "none"
        raise ValueError(f"unknown game {name!r} (known games: {known})")
    return games[key]


def parse_options(game: Game, pairs: Iterable[str]) -> dict[str, Any]:
    """Parse key=value strings into typed options of game; ValueError names the bad one."""
    known = {opt.name: opt for opt in game.options}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ValueError(f"option {pair!r}: expected key=value")
        if key not in known:
            names = ", ".join(known) or "none"
            raise ValueError(f"unknown option {key!r} for {game.name} (options: {names})")
        options[key] = known[key].validate(known[key].parse(value.strip()))
    return options
