"""A seat or a spectator coming or going is told to the table as a small presence update, not
the whole state again: who is connected and how many watch."""

from __future__ import annotations

import json
from typing import Any

from tests.server.conftest import HUMAN, Client


def _next_presence(client: Client) -> dict[str, Any]:
    """The next presence update; fails at once if the whole state is sent instead."""
    while True:
        message = client.receive()
        assert message["type"] != "state", "a join or leave sent the whole state again"
        if message["type"] == "presence":
            return message


def _connected(presence: dict[str, Any]) -> list[bool]:
    return [seat["connected"] for seat in presence["seats"]]


def test_joins_and_leaves_are_sent_as_presence_updates(live: Any) -> None:
    table = live.create(seats=[HUMAN, HUMAN])
    tokens = [seat["token"] for seat in table["seats"]]
    mine = live.join(table["id"], tokens[0])
    mine.my_turn()
    first = _next_presence(mine)
    assert _connected(first) == [True, False]
    assert first["spectators"] == 0

    watcher = live.join(table["id"])
    assert watcher.until(lambda m: m["type"] == "state")["view"], "a joiner gets the whole state"
    joined = _next_presence(mine)
    assert joined["spectators"] == 1
    assert _connected(joined) == [True, False]
    assert len(json.dumps(joined)) < 300

    other = live.join(table["id"], tokens[1])
    other.until(lambda m: m["type"] == "state")
    assert _connected(_next_presence(mine)) == [True, True]

    watcher.close()
    assert _next_presence(mine)["spectators"] == 0
    other.close()
    assert _connected(_next_presence(mine)) == [True, False]


def test_a_burst_of_spectators_is_told_in_few_updates(live: Any) -> None:
    table = live.create(seats=[HUMAN, HUMAN])
    mine = live.join(table["id"], table["seats"][0]["token"])
    mine.my_turn()
    _next_presence(mine)
    watchers = [live.join(table["id"]) for _ in range(10)]
    seen = _next_presence(mine)
    while seen["spectators"] < 10:
        seen = _next_presence(mine)
    updates = [m for m in mine.received if m["type"] == "presence"]
    assert len(updates) < 10, f"{len(updates)} updates for 10 spectators joining at once"
    for watcher in watchers:
        watcher.close()
