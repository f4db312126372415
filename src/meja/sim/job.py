"""What to simulate: a game, its options, a bot line-up and a seed, checked before any game runs."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from meja.bots import make_bot
from meja.bots.registry import split_bot_specs
from meja.core import Game, load_game


@dataclass(frozen=True)
class SimJob:
    """Everything that decides the games; two jobs that compare equal produce the same games."""

    game: str
    players: int
    lineup: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    def seat_bots(self, index: int) -> tuple[str, ...]:
        """The bot spec of each seat in game index: the line-up rotated one seat per game."""
        shift = index % self.players
        return tuple(self.lineup[(seat + shift) % self.players] for seat in range(self.players))

    def game_seed(self, index: int) -> int:
        """The seed of game index, from the job seed alone, so any split gives the same games."""
        digest = hashlib.blake2b(f"{self.seed}:{index}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def load(self) -> Game:
        """The game object, looked up by name (also in worker processes)."""
        return load_game(self.game)

    def describe(self) -> dict[str, Any]:
        """JSON-able description for summary.json."""
        return {
            "game": self.game,
            "title": self.load().title,
            "players": self.players,
            "lineup": list(self.lineup),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
        }


def make_lineup(game: Game, players: int, text: str) -> tuple[str, ...]:
    """One bot spec per seat, cycling a shorter list; every spec is built once to check it."""
    specs = split_bot_specs(text)
    if len(specs) > players:
        raise ValueError(f"--bots: {len(specs)} bots for {players} players")
    for spec in specs:
        make_bot(spec, game)
    return tuple(specs[seat % len(specs)] for seat in range(players))


def make_job(
    game: Game, players: int, bots: str, games: int, seed: int, options: dict[str, Any]
) -> SimJob:
    """A checked job: player count, options and bots are validated, raising ValueError."""
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    resolved = game.resolve_options(players, options)
    game.new_state(players, **resolved)
    lineup = make_lineup(game, players, bots)
    return SimJob(game.name, players, lineup, games, seed, resolved)
