"""The local backend: a pool of worker processes on this machine (or none for one worker)."""

from __future__ import annotations

import multiprocessing
import queue
import signal
from multiprocessing import forkserver
from multiprocessing.context import ForkServerContext
from multiprocessing.pool import Pool
from multiprocessing.synchronize import Event

from meja.sim.chunks import ChunkPlanner
from meja.sim.job import SimJob
from meja.sim.play import play_game, play_range
from meja.sim.results import Batches, GameResult

IN_FLIGHT_PER_WORKER = 2
PRELOAD = ["meja.sim.play", "meja.games"]
"""Imported once by the process that forks the workers, so each worker starts with them loaded."""

_stop: Event | None = None
"""In a worker: set by the parent when the run stops, so chunks end after their current game."""


def start_workers_early() -> None:
    """Start the process that forks the workers now, so it imports meja and the games while
    this process still checks the job; the pool then starts at once."""
    _context()
    forkserver.ensure_running()


def _context() -> ForkServerContext:
    """The forkserver context, with meja preloaded in the server it starts."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def local_batches(job: SimJob, workers: int) -> Batches:
    """Yield finished games in batches; closing the iterator stops the workers within a game.

    Workers are asked to stop and then joined, never terminated: a worker killed while it sends
    a result would leave the result queue locked and the pool's shutdown waiting forever.
    """
    if workers == 1:
        for index in range(job.games):
            yield play_range(job, index, index + 1)
        return
    context = _context()
    stop = context.Event()
    planner = ChunkPlanner(job.games, workers)
    finished: queue.SimpleQueue[list[GameResult] | BaseException] = queue.SimpleQueue()
    pool = context.Pool(workers, initializer=_start_worker, initargs=(stop,))
    try:
        in_flight = 0
        for _ in range(workers * IN_FLIGHT_PER_WORKER):
            in_flight += _submit(pool, job, planner, finished)
        while in_flight:
            outcome = finished.get()
            in_flight -= 1
            if isinstance(outcome, BaseException):
                raise outcome
            planner.record(len(outcome))
            in_flight += _submit(pool, job, planner, finished)
            yield outcome
    finally:
        stop.set()
        pool.close()
        pool.join()


def _submit(
    pool: Pool,
    job: SimJob,
    planner: ChunkPlanner,
    finished: queue.SimpleQueue[list[GameResult] | BaseException],
) -> int:
    """Send the next chunk to the pool; 1 if one was sent, 0 when none is left."""
    chunk = planner.next_range()
    if chunk is None:
        return 0
    pool.apply_async(
        _play_until_stopped, (job, *chunk), callback=finished.put, error_callback=finished.put
    )
    return 1


def _play_until_stopped(job: SimJob, start: int, stop: int) -> list[GameResult]:
    """Games start..stop-1 of job, ending early (with what is done) once the run is stopped."""
    game = job.load()
    results: list[GameResult] = []
    for index in range(start, stop):
        if _stop is not None and _stop.is_set():
            break
        results.append(play_game(job, index, game))
    return results


def _start_worker(stop: Event) -> None:
    """Workers leave Ctrl-C to the parent, which asks them to stop and keeps the finished games."""
    global _stop
    _stop = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
