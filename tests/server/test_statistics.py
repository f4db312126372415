"""A finished table's state message and its replay carry the game's statistics per player."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.server.conftest import WAIT

from meja.core import GameRecord
from meja.core.registry import statistics_of

BOT = {"kind": "bot", "bot": "random"}


@pytest.mark.parametrize(
    ("game", "players"), [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 3), ("mooncake", 2)]
)
def test_the_end_and_the_replay_show_each_games_statistics(
    live: Any, game: str, players: int
) -> None:
    created = live.create(game, [BOT] * players)
    table_id = created["id"]
    deadline = time.monotonic() + 3 * WAIT
    while time.monotonic() < deadline:
        final = live.http.get(f"/api/tables/{table_id}/state").json()
        if final["result"]:
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the bots did not finish the game")
    record = GameRecord.from_dict(live.http.get(f"/api/tables/{table_id}/record").json())
    expected = [row.to_dict() for row in statistics_of(record.replay())]
    assert expected and all(len(row["values"]) == players for row in expected)
    assert final["result"]["statistics"] == expected
    frame = live.http.get(f"/api/tables/{table_id}/replay/{final['step']}").json()
    assert frame["result"]["statistics"] == expected
    earlier = live.http.get(f"/api/tables/{table_id}/replay/{final['step'] - 1}").json()
    assert earlier["result"] is None
