"""Play the games of a job: the same index always gives the same game, in any process."""

from __future__ import annotations

import random

from meja.bots import make_bot
from meja.core import Game
from meja.core.episode import Episode, GameResult, play_episode
from meja.core.registry import facts_of
from meja.sim.flow import FlowRecorder
from meja.sim.job import SimJob
from meja.sim.results import PlayedGame


class SimulationError(RuntimeError):
    """A game or bot failed; the message names the game index and seed to reproduce it."""


def play_game(job: SimJob, index: int, game: Game | None = None) -> PlayedGame:
    """Play game index of job with fresh bots, so results never depend on how games are split."""
    game = game or job.load()
    seed = job.game_seed(index)
    seat_bots = job.seat_bots(index)
    recorder = FlowRecorder()
    try:
        episode = _play(game, job, seat_bots, random.Random(seed), recorder)
        facts = facts_of(episode.state)
    except Exception as exc:
        raise SimulationError(
            f"game {index} (seed {seed}) of {job.game} failed: {type(exc).__name__}: {exc}"
        ) from exc
    plain = GameResult.of(
        episode,
        index,
        seed,
        seat_bots,
        end=facts.end,
        stats=dict(facts.stats),
        seat_stats=dict(facts.seat_stats),
    )
    return PlayedGame(**vars(plain), flow=recorder.flow(episode.scores, episode.winners))


def _play(
    game: Game,
    job: SimJob,
    seat_bots: tuple[str, ...],
    rng: random.Random,
    recorder: FlowRecorder,
) -> Episode:
    """Run one game to the end, one generator for everything, within the game's length bound,
    each seat's choices measured by recorder."""
    policies = [recorder.wrap(make_bot(spec, game).choose) for spec in seat_bots]
    state = game.new_state(job.players, **job.options)
    return play_episode(state, policies, rng, max_steps=game.max_game_length(job.players))


def play_range(job: SimJob, start: int, stop: int) -> list[PlayedGame]:
    """Games start..stop-1 of job, the unit of work sent to a worker."""
    game = job.load()
    return [play_game(job, index, game) for index in range(start, stop)]
