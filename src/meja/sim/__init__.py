"""Many seeded bot games in parallel, summarised as balance reports (meja simulate / compare)."""

from __future__ import annotations

from meja.core.episode import GameResult
from meja.sim.job import SimJob, make_job
from meja.sim.runner import SimRun, run_job

__all__ = ["GameResult", "SimJob", "SimRun", "make_job", "run_job"]
