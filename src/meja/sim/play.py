"""Play the games of a job: the same index always gives the same game, in any process."""

from __future__ import annotations

import random

from meja.bots import make_bot
from meja.core import CHANCE, Game, State
from meja.core.game import sample_chance
from meja.sim.extract import extract
from meja.sim.job import SimJob
from meja.sim.results import GameResult


class SimulationError(RuntimeError):
    """A game or bot failed; the message names the game index and seed to reproduce it."""


def play_game(job: SimJob, index: int, game: Game | None = None) -> GameResult:
    """Play game index of job with fresh bots, so results never depend on how games are split."""
    game = game or job.load()
    seed = job.game_seed(index)
    seat_bots = job.seat_bots(index)
    try:
        state = _play(game, job, seat_bots, random.Random(seed))
    except Exception as exc:
        raise SimulationError(
            f"game {index} (seed {seed}) of {job.game} failed: {type(exc).__name__}: {exc}"
        ) from exc
    facts = extract(state)
    return GameResult(
        index=index,
        seed=seed,
        bots=seat_bots,
        scores=tuple(float(s) for s in state.scores()),
        returns=tuple(float(r) for r in state.returns()),
        winners=tuple(state.winners()),
        moves=sum(1 for player, _ in state.history if player != CHANCE),
        steps=len(state.history),
        end=facts.end,
        stats=facts.stats,
        seat_stats=facts.seat_stats,
        extract_error=facts.error,
    )


def _play(game: Game, job: SimJob, seat_bots: tuple[str, ...], rng: random.Random) -> State:
    """Run one game to the end; the lowest active seat moves first in simultaneous phases."""
    bots = [make_bot(spec, game) for spec in seat_bots]
    state = game.new_state(job.players, **job.options)
    limit = _length_limit(game, job.players)
    while not state.is_terminal():
        if limit is not None and len(state.history) >= limit:
            raise RuntimeError(f"the game did not end within {limit} steps")
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = bots[seat].choose(state, seat, rng)
        state.apply(action, seat)
    return state


def _length_limit(game: Game, players: int) -> int | None:
    """The game's own bound on its length, used to stop a game that would never end."""
    return game.max_game_length(players)


def play_range(job: SimJob, start: int, stop: int) -> list[GameResult]:
    """Games start..stop-1 of job, the unit of work sent to a worker."""
    game = job.load()
    return [play_game(job, index, game) for index in range(start, stop)]
