"""Group commit: moves that arrive while a write is under way share the next commit, each
waiter resumes only once its own move is stored, and one refused move fails only its table."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from meja.server.group_commit import GroupCommit
from meja.server.storage import MoveRow, MoveWrite


class GatedStore:
    """Records each commit; the first one waits for the test to open the gate."""

    def __init__(self, refuse: str | None = None) -> None:
        self.commits: list[list[str]] = []
        self.entered = threading.Event()
        self.gate = threading.Event()
        self.refuse = refuse

    def write_moves(self, moves: Sequence[MoveWrite]) -> None:
        self.entered.set()
        self.gate.wait()
        if any(move.table_id == self.refuse for move in moves):
            raise RuntimeError(f"table {self.refuse} refused")
        self.commits.append([move.table_id for move in moves])


def _move(table_id: str) -> MoveWrite:
    return MoveWrite(table_id, MoveRow(0, 0, 1, 0))


async def _write_while_first_commit_waits(
    store: GatedStore, tables: list[str]
) -> list[BaseException | None]:
    """Write tables[0], then the rest while its commit is held open; each write's outcome."""
    with ThreadPoolExecutor(1) as executor:
        commits = GroupCommit(store, executor)  # type: ignore[arg-type]
        try:
            first = asyncio.create_task(commits.write(_move(tables[0])))
            await asyncio.to_thread(store.entered.wait)
            rest = [asyncio.create_task(commits.write(_move(table))) for table in tables[1:]]
            await asyncio.sleep(0)
            early = [task.done() for task in [first, *rest]]
        finally:
            store.gate.set()
        outcomes = await asyncio.gather(first, *rest, return_exceptions=True)
        await commits.drain()
    assert not any(early), "a move was acknowledged before its commit"
    return list(outcomes)


def test_moves_arriving_during_a_commit_share_the_next_one() -> None:
    store = GatedStore()
    tables = [f"t{index}" for index in range(11)]
    outcomes = asyncio.run(_write_while_first_commit_waits(store, tables))
    assert outcomes == [None] * 11
    assert store.commits == [["t0"], tables[1:]]


def test_a_refused_move_fails_only_its_own_table() -> None:
    store = GatedStore(refuse="t3")
    tables = [f"t{index}" for index in range(6)]
    outcomes = asyncio.run(_write_while_first_commit_waits(store, tables))
    assert [outcome is None for outcome in outcomes] == [True, True, True, False, True, True]
    assert isinstance(outcomes[3], RuntimeError) and str(outcomes[3]) == "table t3 refused"
    assert store.commits == [["t0"], ["t1"], ["t2"], ["t4"], ["t5"]]
