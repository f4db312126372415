"""A step costs the server one view and one encoded update per seat, however many sockets the
seat has open, and every socket of a seat is sent the same update."""

from __future__ import annotations

import json
from typing import Any

import pytest

import meja.server.table_views as views_module

LOW = 6


def test_each_seat_update_is_built_once_and_shared_by_its_sockets(
    live: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = live.create()
    tokens = [seat["token"] for seat in table["seats"]]
    seat0 = [live.join(table["id"], tokens[0]) for _ in range(3)]
    seat1 = live.join(table["id"], tokens[1])
    watcher = live.join(table["id"])
    for client in [*seat0, seat1, watcher]:
        client.until(lambda m: m["type"] == "state" and m["step"] == 2)
    state_class = type(live.app.state.lobby.open[table["id"]].state)

    views: list[int | None] = []
    encoded: list[str] = []
    view, encode = state_class.view, views_module.encode

    def counting_view(state: Any, player: int | None) -> dict[str, Any]:
        views.append(player)
        return dict(view(state, player))

    def counting_encode(message: dict[str, Any]) -> str:
        text = encode(message)
        if message.get("type") == "state":
            encoded.append(text)
        return text

    monkeypatch.setattr(state_class, "view", counting_view)
    monkeypatch.setattr(views_module, "encode", counting_encode)
    seat1.move(LOW, 2)
    received = [_update_of_step(client, 3) for client in [*seat0, seat1, watcher]]

    assert sorted(views, key=str) == [0, 1, None]
    assert len(encoded) == 3
    assert set(received) == set(encoded)
    assert received[0] == received[1] == received[2]
    assert len({received[0], received[3], received[4]}) == 3


def _update_of_step(client: Any, step: int) -> str:
    """The text of the first state message of step that client receives."""
    while True:
        text = client.ws.recv(timeout=20)
        message = json.loads(text)
        if message["type"] == "state" and message["step"] == step:
            return str(text)
