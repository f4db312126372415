"""Jobs: bot line-ups, seat rotation, per-game seeds and the checks made before any game runs."""

from __future__ import annotations

import pytest

from meja.core import Game
from meja.sim.chunks import MAX_CHUNK, ChunkPlanner
from meja.sim.job import SimJob, make_job, make_lineup


def test_a_short_lineup_is_repeated_to_fill_the_seats(toy: Game) -> None:
    assert make_lineup(toy, 3, "random") == ("random",) * 3
    assert make_lineup(toy, 3, "ismcts:iterations=4,random") == (
        "ismcts:iterations=4",
        "random",
        "ismcts:iterations=4",
    )
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        make_lineup(toy, 2, "random,random,random")
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_lineup(toy, 2, "genius")


def test_seats_rotate_so_every_bot_plays_every_seat() -> None:
    job = SimJob("toy", 3, ("a", "b", "c"), 6, 0)
    assert [job.seat_bots(i) for i in range(4)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]


def test_game_seeds_depend_on_the_job_seed_and_index_only() -> None:
    job = SimJob("toy", 2, ("random", "random"), 100, 7)
    seeds = [job.game_seed(i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert seeds == [SimJob("toy", 2, ("x", "y"), 5, 7).game_seed(i) for i in range(100)]
    assert seeds[0] != SimJob("toy", 2, ("random", "random"), 100, 8).game_seed(0)


@pytest.mark.parametrize(
    ("players", "games", "options", "bots", "message"),
    [
        (4, 10, {}, "random", "num_players"),
        (2, 0, {}, "random", "--games must be at least 1"),
        (2, 10, {"rounds": 0}, "random", "option 'rounds'"),
        (2, 10, {"speed": 1}, "random", "unknown option 'speed'"),
        (2, 10, {}, "random:depth=3", "random: takes no settings"),
    ],
)
def test_bad_jobs_are_refused_with_the_reason(
    toy: Game, players: int, games: int, options: dict[str, int], bots: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make_job(toy, players, bots, games, 1, options)


def test_a_job_holds_the_resolved_options(toy: Game) -> None:
    job = make_job(toy, 3, "random", 5, 1, {})
    assert job.options == {"rounds": 3}
    assert job.describe()["title"] == "Toy Rounds"


def test_chunks_cover_every_game_once_and_start_small() -> None:
    planner = ChunkPlanner(1000, 2)
    first = planner.next_range()
    assert first == (0, 1)
    planner.record(1)
    covered = list(range(*first))
    while (chunk := planner.next_range()) is not None:
        start, stop = chunk
        assert 1 <= stop - start <= MAX_CHUNK
        covered.extend(range(start, stop))
        planner.record(stop - start)
    assert covered == list(range(1000))
