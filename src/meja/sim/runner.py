"""Run a job on a backend, collecting results in game order; Ctrl-C keeps the finished games."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

from meja.sim.job import SimJob
from meja.sim.local import local_batches
from meja.sim.progress import Listener, Silent
from meja.sim.ray_backend import ray_batches
from meja.sim.results import Batches, GameResult

BACKENDS = ("local", "ray")


@dataclass
class SimRun:
    """The games of a job that finished, sorted by index, and how the run went."""

    job: SimJob
    results: list[GameResult]
    interrupted: bool
    elapsed: float
    workers: int
    backend: str

    @property
    def games_per_second(self) -> float:
        """Throughput of the whole run."""
        return len(self.results) / self.elapsed if self.elapsed > 0 else 0.0

    def describe(self) -> dict[str, Any]:
        """JSON-able description for summary.json."""
        return {
            "games_finished": len(self.results),
            "interrupted": self.interrupted,
            "backend": self.backend,
            "workers": self.workers,
            "elapsed_seconds": round(self.elapsed, 3),
            "games_per_second": round(self.games_per_second, 2),
        }


def available_cpus() -> int:
    """CPUs this process may use, the meaning of --workers auto."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def parse_workers(text: str) -> int:
    """--workers: "auto" or a positive integer."""
    if text.strip().lower() == "auto":
        return available_cpus()
    try:
        workers = int(text)
    except ValueError:
        raise ValueError(f"--workers: expected a number or auto, got {text!r}") from None
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    return workers


def run_job(
    job: SimJob,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    listener: Listener | None = None,
) -> SimRun:
    """Play every game of job; on Ctrl-C stop the workers and return the games that finished."""
    if backend not in BACKENDS:
        raise ValueError(f"--backend: expected one of {', '.join(BACKENDS)}, got {backend!r}")
    listener = listener or Silent()
    batches: Batches
    if backend == "ray":
        batches = ray_batches(job, workers, address)
    else:
        batches = local_batches(job, workers)
    results: list[GameResult] = []
    interrupted = False
    started = time.perf_counter()
    listener.start(job.games)
    try:
        for batch in batches:
            results.extend(batch)
            listener.advance(len(batch))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        batches.close()
        listener.stop()
    results.sort(key=lambda result: result.index)
    return SimRun(job, results, interrupted, time.perf_counter() - started, workers, backend)
