"""A server killed with SIGKILL loses nothing it acknowledged, and its games go on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meja.core import GameRecord

MOVES_BEFORE_KILL = 6


def _log_texts(client: Any, upto: int) -> list[tuple[int, str | None]]:
    return [(entry["player"], entry["text"]) for entry in client.log[:upto]]


def test_a_killed_server_restarts_and_finishes_the_game(
    tmp_path: Path, server_process: Any
) -> None:
    db_url = f"sqlite:///{tmp_path / 'meja.db'}"
    first = server_process(db_url)
    table = first.create("peranakan", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    token = table["seats"][0]["token"]
    client = first.join(table["id"], token)
    mine: dict[int, int] = {}
    state = client.my_turn()
    while len(mine) < MOVES_BEFORE_KILL:
        step, action = state["step"], state["legal"][-1]["action"]
        client.move(action, step)
        acked = client.until(lambda m, step=step: m["type"] == "state" and m["step"] > step)
        assert client.log[step]["player"] == 0
        mine[step] = action
        state = acked if acked["legal"] else client.my_turn()
    acked_steps = client.state["step"]
    assert client.state["result"] is None
    seen = _log_texts(client, acked_steps)
    first.kill()

    second = server_process(db_url)
    listed = second.http.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    again = second.join(table["id"], token)
    state = again.my_turn()
    assert state["step"] >= acked_steps
    assert _log_texts(again, acked_steps) == seen
    while not state["result"]:
        again.move(state["legal"][0]["action"], state["step"])
        state = again.my_turn()
    record = GameRecord.from_dict(second.http.get(f"/api/tables/{table['id']}/record").json())
    for step, action in mine.items():
        assert record.history[step] == (0, action)
    final = record.replay()
    assert final.is_terminal()
    assert final.scores() == state["result"]["scores"]
    second.kill()
