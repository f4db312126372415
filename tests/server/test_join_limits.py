"""Before a websocket joins, the flood limit already applies, and the join deadline is not
put off by sending something else."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from meja.server.sockets import CLOSE_POLICY, FLOOD_STRIKES

BURST = 10


def _answers_until_closed(client: Any, messages: int) -> tuple[list[str], int | None]:
    """Send messages malformed messages at once, then read every answer until the server hangs
    up; the error codes received and the close code."""
    for _ in range(messages):
        try:
            client.ws.send("{not json")
        except ConnectionClosed:
            break
    codes: list[str] = []
    try:
        while True:
            codes.append(json.loads(client.ws.recv(timeout=10))["code"])
    except ConnectionClosed as closed:
        return codes, closed.rcvd.code if closed.rcvd else None


def test_a_flood_before_joining_is_limited_and_then_closed(live_factory: Any) -> None:
    live = live_factory(message_rate=1.0, message_burst=BURST)
    table = live.create()
    client = live.socket(table["id"])
    codes, close_code = _answers_until_closed(client, 2_600)
    assert close_code == CLOSE_POLICY
    assert codes.count("bad_json") <= BURST + 2
    assert codes.count("rate_limited") == FLOOD_STRIKES
    assert codes[-1] == "rate_limited"


def test_the_join_deadline_holds_while_a_client_keeps_talking(live_factory: Any) -> None:
    live = live_factory(join_timeout=1.0, message_rate=100_000.0, message_burst=100_000)
    table = live.create()
    client = live.socket(table["id"])
    opened = time.monotonic()
    answers: list[dict[str, Any]] = []
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() - opened < 10:
            with contextlib.suppress(ConnectionClosed):
                client.send({"type": "ping"})
            answers.append(json.loads(client.ws.recv(timeout=10)))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_POLICY
    assert {answer["code"] for answer in answers} == {"not_joined"}
    assert answers[-1]["message"] == "no join message was sent"
    assert time.monotonic() - opened < 5
