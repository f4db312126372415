"""Running jobs: the same games for any worker count or backend, and Ctrl-C keeps finished games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from meja.core import Game, load_game
from meja.core.episode import GameResult
from meja.sim import SimJob, make_job, run_job
from meja.sim.play import SimulationError, play_game
from meja.sim.report import write_games_csv
from meja.sim.runner import available_cpus, parse_workers


@pytest.fixture
def peranakan_job() -> SimJob:
    return make_job(load_game("peranakan"), 4, "random", 120, 2024, {})


def _csv(job: SimJob, results: Sequence[GameResult], path: Path) -> bytes:
    write_games_csv(results, job.players, path)
    return path.read_bytes()


def test_one_and_two_workers_write_identical_games_csv(
    peranakan_job: SimJob, tmp_path: Path
) -> None:
    one = run_job(peranakan_job, workers=1)
    two = run_job(peranakan_job, workers=2)
    assert [r.index for r in two.results] == list(range(peranakan_job.games))
    assert not one.interrupted and not two.interrupted
    assert _csv(peranakan_job, one.results, tmp_path / "1.csv") == _csv(
        peranakan_job, two.results, tmp_path / "2.csv"
    )


def test_the_ray_backend_on_a_local_two_cpu_ray_plays_the_same_games(
    peranakan_job: SimJob, tmp_path: Path
) -> None:
    local = run_job(peranakan_job, workers=1)
    on_ray = run_job(peranakan_job, workers=2, backend="ray")
    assert on_ray.backend == "ray" and not on_ray.interrupted
    assert _csv(peranakan_job, local.results, tmp_path / "local.csv") == _csv(
        peranakan_job, on_ray.results, tmp_path / "ray.csv"
    )


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_run_and_keeps_the_finished_games(
    workers: int, interrupt_after: Callable[[int], Any]
) -> None:
    job = make_job(load_game("peranakan"), 3, "random", 5000, 3, {})
    listener = interrupt_after(3)
    run = run_job(job, workers=workers, listener=listener)
    assert run.interrupted and listener.stopped
    assert 3 <= len(run.results) < job.games
    for result in run.results:
        assert result == play_game(job, result.index)


def test_a_failing_game_stops_the_run_with_its_seed(
    toy: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("meja.sim.play.make_bot", lambda spec, game: None)
    job = make_job(toy, 2, "random", 5, 1, {})
    with pytest.raises(SimulationError, match=r"game 0 \(seed"):
        run_job(job, workers=1)


def test_workers_and_backend_are_checked(peranakan_job: SimJob) -> None:
    assert parse_workers("auto") == available_cpus() >= 1
    assert parse_workers(" 3 ") == 3
    with pytest.raises(ValueError, match="at least 1"):
        parse_workers("0")
    with pytest.raises(ValueError, match="expected a number or auto"):
        parse_workers("many")
    with pytest.raises(ValueError, match="--backend"):
        run_job(peranakan_job, backend="dask")
