"""Under load, with many tables' moves sharing each commit, a server killed with SIGKILL still
loses no move it acknowledged, on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

TABLES = 8
ACKED_BEFORE_KILL = 120
"""Moves acknowledged across all tables before the kill."""
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


class Player(threading.Thread):
    """Plays seat 0 of one table as fast as moves are acknowledged, noting each acknowledged
    move; its client keeps every log entry it was sent, each sent only once stored."""

    def __init__(self, client: Any, acked: threading.Semaphore, seed: int) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.rng = random.Random(seed)
        self.acked_signal = acked
        self.acked: dict[int, int] = {}

    def run(self) -> None:
        try:
            state = self.client.my_turn()
            while not state["result"]:
                step, action = state["step"], self.rng.choice(state["legal"])["action"]
                self.client.move(action, step)
                acked = self.client.until(
                    lambda m, step=step: m["type"] == "state" and m["step"] > step
                )
                self.acked[step] = action
                self.acked_signal.release()
                state = acked if acked["legal"] or acked["result"] else self.client.my_turn()
        except (ConnectionClosed, TimeoutError, OSError):
            return


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'meja.db'}"
    return str(request.getfixturevalue("postgres_url"))


def test_every_acknowledged_move_survives_a_kill_under_load(
    db_url: str, server_process: Any
) -> None:
    first = server_process(db_url)
    tables = [first.create("nasi_lemak", SEATS) for _ in range(TABLES)]
    acked = threading.Semaphore(0)
    players = [
        Player(first.join(table["id"], table["seats"][0]["token"]), acked, seed)
        for seed, table in enumerate(tables)
    ]
    for player in players:
        player.start()
    for _ in range(ACKED_BEFORE_KILL):
        assert acked.acquire(timeout=60), "the server stopped acknowledging moves"
    first.kill()
    for player in players:
        player.join(30)
    assert sum(len(player.acked) for player in players) >= ACKED_BEFORE_KILL
    assert sum(1 for player in players if player.acked) == TABLES

    second = server_process(db_url)
    for table, player in zip(tables, players, strict=True):
        token = table["seats"][0]["token"]
        url = f"/api/tables/{table['id']}"
        state = second.http.get(f"{url}/state", headers={"Authorization": f"Bearer {token}"})
        history = (
            second.http.get(f"{url}/record").json()["history"] if state.json()["result"] else None
        )
        log = state.json()["log"]
        for step, action in player.acked.items():
            assert log[step]["player"] == 0
            stored = history[step][1] if history else log[step]["record"]["action"]
            assert stored == action, (table["id"], step)
        if history is None:
            seen = [(entry["player"], entry["text"]) for entry in player.client.log]
            assert [(entry["player"], entry["text"]) for entry in log[: len(seen)]] == seen
    second.kill()
