"""The Ray backend: the same chunks of games as tasks on a Ray cluster (or a local Ray)."""

from __future__ import annotations

import logging
from typing import Any

from meja.sim.chunks import ChunkPlanner
from meja.sim.job import SimJob
from meja.sim.play import SimulationError, play_range
from meja.sim.results import Batches, GameResult

IN_FLIGHT_PER_CPU = 2


def _import_ray() -> Any:
    """The ray module, or a one-line error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ValueError("--backend ray needs Ray: pip install 'meja[ray]'") from None
    return ray


def ray_batches(job: SimJob, workers: int, address: str | None) -> Batches:
    """Yield finished games in batches from Ray tasks; closing cancels what is still queued.

    An already initialised Ray is used as it is; otherwise this connects to address, or starts a
    local Ray with workers CPUs, and shuts it down at the end.
    """
    ray = _import_ray()
    owned = not ray.is_initialized()
    if owned:
        _connect(ray, workers, address)
    pending: set[Any] = set()
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        planner = ChunkPlanner(job.games, cpus)
        task = ray.remote(play_range)
        job_ref = ray.put(job)

        def submit() -> None:
            chunk = planner.next_range()
            if chunk is not None:
                pending.add(task.remote(job_ref, *chunk))

        for _ in range(cpus * IN_FLIGHT_PER_CPU):
            submit()
        while pending:
            (ready,), _ = ray.wait(list(pending), num_returns=1)
            pending.discard(ready)
            try:
                batch: list[GameResult] = ray.get(ready)
            except ray.exceptions.RayTaskError as exc:
                raise SimulationError(str(exc.cause)) from None
            planner.record(len(batch))
            submit()
            yield batch
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if owned:
            ray.shutdown()


def _connect(ray: Any, workers: int, address: str | None) -> None:
    """Join the cluster at address, or start a local Ray; a failure is one line."""
    settings: dict[str, Any] = {"logging_level": logging.WARNING, "include_dashboard": False}
    try:
        if address:
            ray.init(address=address, **settings)
        else:
            ray.init(num_cpus=workers, **settings)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = address or "a local Ray"
        raise ValueError(f"--backend ray: cannot start or reach {where}: {exc}") from None
