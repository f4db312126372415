"""Seeded matches between bots with seats rotated, and the statistics an arena reports.

Every game gets its own random generators derived from the arena seed and the game's index, so
results do not depend on how games are spread over worker processes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import combinations
from multiprocessing import get_context
from typing import Any

from meja.bots.base import Bot
from meja.bots.registry import make_bot
from meja.core import State, load_game
from meja.core.episode import GameResult, Policy, play_episode, wilson_interval


@dataclass(frozen=True)
class ArenaSetup:
    """Everything that decides an arena's games: game, seats, options, bots and seed."""

    game: str
    num_players: int
    specs: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    def lineups(self) -> list[tuple[int, ...]]:
        """Seat assignments (indexes into specs) that the games cycle through."""
        return lineups(len(self.specs), self.num_players)


def lineups(num_bots: int, num_players: int) -> list[tuple[int, ...]]:
    """For each pair of bots, alternate them around the table in every rotation.

    Each pair meets in lineups where both bots hold every seat equally often, so seat order
    cannot favour either. A single bot plays itself.
    """
    if num_bots == 1:
        return [(0,) * num_players]
    out: list[tuple[int, ...]] = []
    for a, b in combinations(range(num_bots), 2):
        for first, second in ((a, b), (b, a)):
            pattern = [first if seat % 2 == 0 else second for seat in range(num_players)]
            for shift in range(num_players):
                lineup = tuple(pattern[shift:] + pattern[:shift])
                if lineup not in out:
                    out.append(lineup)
    return out


def play_game(setup: ArenaSetup, index: int) -> GameResult:
    """Play game number index of the arena to the end, timing each seat's thinking."""
    game = load_game(setup.game)
    all_lineups = setup.lineups()
    lineup = all_lineups[index % len(all_lineups)]
    seeder = random.Random(f"{setup.seed}:{index}")
    chance_rng = random.Random(seeder.getrandbits(64))
    seat_rngs = [random.Random(seeder.getrandbits(64)) for _ in range(setup.num_players)]
    bots = {i: make_bot(setup.specs[i], game) for i in set(lineup)}
    thinking = [0.0] * setup.num_players

    def timed(bot: Bot) -> Policy:
        def choose(state: State, seat: int, rng: random.Random) -> int:
            start = time.process_time()
            action = bot.choose(state, seat, rng)
            thinking[seat] += time.process_time() - start
            return action

        return choose

    policies = [timed(bots[owner]) for owner in lineup]
    state = game.new_state(setup.num_players, **setup.options)
    episode = play_episode(state, policies, chance_rng, seat_rngs=seat_rngs)
    specs = tuple(setup.specs[owner] for owner in lineup)
    return GameResult.of(episode, index, setup.seed, specs, tuple(thinking), lineup)


def run_games(
    setup: ArenaSetup,
    games: int,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play games numbered 0..games-1, on worker processes if asked; sorted by index."""
    results = list(_results(setup, games, workers, on_result))
    return sorted(results, key=lambda r: r.index)


def _results(
    setup: ArenaSetup,
    games: int,
    workers: int,
    on_result: Callable[[GameResult], None] | None,
) -> Iterator[GameResult]:
    """Yield results as games finish, reporting each one."""
    if workers <= 1:
        for index in range(games):
            result = play_game(setup, index)
            if on_result:
                on_result(result)
            yield result
        return
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        futures = [pool.submit(play_game, setup, index) for index in range(games)]
        for future in as_completed(futures):
            result = future.result()
            if on_result:
                on_result(result)
            yield result


@dataclass
class Standing:
    """One bot's record against one opponent (or against itself)."""

    bot: str
    opponent: str
    games: int = 0
    wins: float = 0.0
    score_total: float = 0.0
    seats: int = 0
    moves_total: int = 0
    think_seconds: float = 0.0
    decisions: int = 0

    @property
    def win_rate(self) -> float:
        """Share of games won by this bot's seats."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        """Mean final score of one of this bot's seats."""
        return self.score_total / self.seats if self.seats else 0.0

    @property
    def mean_length(self) -> float:
        """Mean number of moves (chance excluded) in these games."""
        return self.moves_total / self.games if self.games else 0.0

    @property
    def seconds_per_move(self) -> float:
        """Mean processor time of one decision: one core's work, whatever else the machine runs."""
        return self.think_seconds / self.decisions if self.decisions else 0.0


def standings(specs: tuple[str, ...], results: list[GameResult]) -> list[Standing]:
    """Per bot and opponent: games, wins, scores, lengths and thinking time."""
    table: dict[tuple[int, int], Standing] = {}
    for result in results:
        present = sorted(set(result.lineup))
        for bot in present:
            others = [b for b in present if b != bot]
            opponent = others[0] if others else bot
            row = table.setdefault(
                (bot, opponent), Standing(specs[bot], specs[opponent] if others else "itself")
            )
            row.games += 1
            row.moves_total += result.moves
            for seat, owner in enumerate(result.lineup):
                if owner != bot:
                    continue
                row.wins += result.returns[seat]
                row.score_total += result.scores[seat]
                row.seats += 1
                row.think_seconds += result.think_seconds[seat]
                row.decisions += result.decisions[seat]
    return [table[key] for key in sorted(table)]
