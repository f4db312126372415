"""Every kind of bad input gets a clear error, the server keeps running, and no table changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

HUMAN = {"kind": "human"}


def _step(live: Any, table_id: str) -> int:
    return int(live.http.get(f"/api/tables/{table_id}").json()["step"])


def _bid_phase(live: Any) -> tuple[dict[str, Any], Any]:
    """A two-person toy table waiting for both secret bids, with seat 0 joined."""
    table = live.create()
    client = live.join(table["id"], table["seats"][0]["token"])
    client.my_turn()
    return table, client


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ("{not json", 400, "bad_json", "malformed JSON"),
        ("[1, 2]", 400, "bad_request", "JSON object"),
        ('{"game": "toy", "seats": [{}], "colour": "red"}', 400, "bad_request", "'colour'"),
        ('{"game": "toy", "seats": [{"kind": "robot"}]}', 400, "bad_request", "seats.0.kind"),
        ('{"game": "toy"}', 400, "bad_request", "missing field 'seats'"),
        ('{"game": "chess", "seats": [{}, {}]}', 404, "unknown_game", "chess"),
        ('{"game": "toy", "seats": [{}]}', 400, "bad_request", "2-3 players"),
        ('{"game": "toy", "seats": [{}, {}], "options": {"x": 1}}', 400, "bad_request", "'x'"),
        (
            '{"game": "toy", "seats": [{}, {"kind": "bot", "bot": "genius"}]}',
            400,
            "bad_request",
            "unknown bot 'genius'",
        ),
        ('{"game": "toy", "seats": [{"bot": "random"}, {}]}', 400, "bad_request", "only bot seats"),
        (
            '{"game": "toy", "seats": [{}, {"kind": "bot", "bot": "ismcts:iterations=99999"}]}',
            400,
            "bad_request",
            "at most 5000 iterations",
        ),
        (
            '{"game": "toy", "seats": [{}, {"kind": "bot", "bot": "ismcts:seconds=60"}]}',
            400,
            "bad_request",
            "at most 5 seconds",
        ),
        ('{"game": "toy", "seats": [{}, {}], "clock": -5}', 400, "bad_request", "clock"),
        ('{"game": "toy", "seats": [{}, {}], "clock": "soon"}', 400, "bad_request", "clock"),
    ],
)
def test_bad_table_requests_are_refused_and_create_nothing(
    live: Any, body: str, status: int, code: str, words: str
) -> None:
    response = live.http.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == status
    error = response.json()
    assert error["code"] == code
    assert words in error["message"]
    assert not live.app.state.lobby.open


def test_an_oversized_body_is_refused(live: Any) -> None:
    body = json.dumps({"game": "toy", "seats": [{}, {}], "options": {"x": "y" * 100_000}})
    response = live.http.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert not live.app.state.lobby.open


def test_unknown_tables_and_endpoints_are_404(live: Any) -> None:
    for path in (
        "/api/tables/nope",
        "/api/tables/nope/state",
        "/api/tables/" + "x" * 500,
        "/api/nothing",
    ):
        response = live.http.get(path)
        assert response.status_code == 404, path
        assert response.json()["code"] in ("unknown_table", "not_found")
    client = live.socket("nope")
    error = client.error()
    assert error["code"] == "unknown_table"


def test_http_moves_need_the_right_token(live: Any) -> None:
    table, _client = _bid_phase(live)
    url = f"/api/tables/{table['id']}/moves"
    cases = [
        ({}, 401, "bad_token"),
        ({"authorization": "Basic abc"}, 401, "bad_token"),
        ({"authorization": "Bearer forged-token"}, 403, "bad_token"),
    ]
    for headers, status, code in cases:
        response = live.http.post(url, json={"action": 6}, headers=headers)
        assert (response.status_code, response.json()["code"]) == (status, code)
    token = table["seats"][1]["token"]
    auth = {"authorization": f"Bearer {token}"}
    for body, code in [
        ({"action": 3}, "illegal_action"),
        ({"action": 6, "step": 0}, "stale"),
        ({"action": 6, "extra": 1}, "bad_request"),
        ({"action": "6"}, "bad_request"),
        ({"action": -1}, "bad_request"),
    ]:
        response = live.http.post(url, json=body, headers=auth)
        assert response.json()["code"] == code, body
    assert _step(live, table["id"]) == 2
    response = live.http.post(url, json={"action": 6, "step": 2}, headers=auth)
    assert response.status_code == 200
    assert response.json()["step"] == 3
    assert response.json()["view"]["bids"] == [False, 0]


def test_a_stale_move_is_refused_to_you_never_to_a_seat_number(live: Any) -> None:
    """The refusal goes to the person who moved: it says "you", as the table names them,
    never the engine's number of their seat."""
    table, client = _bid_phase(live)
    auth = {"authorization": f"Bearer {table['seats'][1]['token']}"}
    url = f"/api/tables/{table['id']}/moves"
    refused = live.http.post(url, json={"action": 6, "step": 0}, headers=auth).json()
    assert refused == {
        "type": "error",
        "code": "stale",
        "message": "the move was chosen at step 0, but the moves you may make have changed since"
        " (the game is at step 2)",
    }
    client.send('{"type": "move", "action": 7, "step": 3}')
    message = client.error()["message"]
    assert message.startswith("the move was chosen at step 3, but the moves you may "), message
    assert "seat" not in message, message


def test_websocket_refuses_bad_messages_and_keeps_the_connection(live: Any) -> None:
    table, client = _bid_phase(live)
    bad = [
        ("{oops", "bad_json"),
        (b"\xff\xfe", "bad_json"),
        ("[]", "bad_request"),
        ('{"type": "dance"}', "bad_request"),
        ('{"type": "move", "action": 6, "why": "because"}', "bad_request"),
        ('{"type": "move"}', "bad_request"),
        ('{"type": "move", "action": 99}', "illegal_action"),
        ('{"type": "move", "action": 8}', "illegal_action"),
        ('{"type": "move", "action": 6, "step": 1}', "stale"),
        ('{"type": "join"}', "bad_request"),
        ("x" * 5000, "too_large"),
    ]
    for text, code in bad:
        client.send(text)
        error = client.error()
        assert error["code"] == code, text
        assert error["message"]
    assert _step(live, table["id"]) == 2
    client.move(7, 2)
    state = client.until(lambda m: m["type"] == "state" and m["step"] == 3)
    assert state["view"]["bids"][0] == 1


def test_moves_out_of_turn_or_for_another_seat_are_refused(live: Any) -> None:
    table = live.create(seats=[HUMAN, HUMAN])
    first = live.join(table["id"], table["seats"][0]["token"])
    second = live.join(table["id"], table["seats"][1]["token"])
    first.my_turn()
    first.move(6)
    second.my_turn()
    first.move(7)
    assert first.error()["code"] == "not_your_turn"
    second.move(6)
    state = first.my_turn()
    assert state["view"]["bids"] == [0, 0]
    second.move(8)
    assert second.error()["code"] == "not_your_turn"
    watcher = live.join(table["id"])
    watcher.move(8)
    assert watcher.error()["code"] == "spectator"
    assert _step(live, table["id"]) == 4


def test_forged_or_missing_tokens_on_the_websocket(live: Any) -> None:
    table = live.create()
    forged = live.socket(table["id"])
    forged.send({"type": "join", "token": "A" * 32})
    assert forged.error()["code"] == "bad_token"
    early = live.socket(table["id"])
    early.send({"type": "move", "action": 6})
    assert early.error()["code"] == "not_joined"
    watcher = live.join(table["id"])
    assert watcher.seat is None
    state = watcher.until(lambda m: m["type"] == "state")
    assert state["legal"] == []
    assert state["view"]["cards"] == [None, None]


def test_a_flood_is_throttled_then_cut_off_and_changes_nothing(live_factory: Any) -> None:
    live = live_factory(message_rate=0.1, message_burst=10)
    table, client = _bid_phase(live)
    for _ in range(60):
        client.send({"type": "move", "action": 99})
    codes = [client.error()["code"] for _ in range(60)]
    assert 10 <= codes.count("illegal_action") <= 11
    assert codes.count("rate_limited") == 60 - codes.count("illegal_action")
    for _ in range(60):
        client.send({"type": "ping"})
    with pytest.raises(ConnectionClosed) as closed:
        client.until(lambda m: False)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert client.received[-1] == {
        "type": "error",
        "code": "rate_limited",
        "message": "more than 0.1 messages a second (bursts of 10, "
        "meja serve --message-rate/--message-burst); goodbye",
    }
    assert _step(live, table["id"]) == 2
    other = live.join(table["id"], table["seats"][1]["token"])
    other.move(6)
    assert other.until(lambda m: m["type"] == "state" and m["step"] == 3)


def test_a_huge_frame_is_cut_off_by_the_transport_and_the_server_goes_on(live: Any) -> None:
    table, client = _bid_phase(live)
    client.send("x" * 100_000)
    with pytest.raises(ConnectionClosed) as closed:
        client.until(lambda m: False)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert _step(live, table["id"]) == 2
    again = live.join(table["id"], table["seats"][0]["token"])
    again.move(6, 2)
    assert again.until(lambda m: m["type"] == "state" and m["step"] == 3)


DEEP = "[" * 2000 + "]" * 2000
"""2,000 levels in 4,000 bytes: under every size limit, far over any sane depth."""
AT_LIMIT = "[" * 1023 + "]" * 1023
"""Nested as deeply as the server decodes (1,024 levels with the object around it)."""


@pytest.mark.parametrize(
    "body",
    [DEEP, '{"game": "toy", "seats": [{}, {}], "options": {"x": ' + DEEP + "}}"],
    ids=["bare", "in_a_field"],
)
def test_deeply_nested_json_is_refused_when_creating_a_table(live: Any, body: str) -> None:
    response = live.http.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["code"] == "bad_json"
    assert "nested too deeply" in response.json()["message"]
    assert not live.app.state.lobby.open


def test_deeply_nested_json_is_refused_as_a_move(live: Any) -> None:
    table, _client = _bid_phase(live)
    auth = {
        "authorization": f"Bearer {table['seats'][1]['token']}",
        "content-type": "application/json",
    }
    url = f"/api/tables/{table['id']}/moves"
    for body in (DEEP, '{"action": ' + DEEP + "}"):
        response = live.http.post(url, content=body, headers=auth)
        assert (response.status_code, response.json()["code"]) == (400, "bad_json"), body[:20]
    at_limit = live.http.post(url, content='{"action": ' + AT_LIMIT + "}", headers=auth)
    assert (at_limit.status_code, at_limit.json()["code"]) == (400, "bad_request")
    assert _step(live, table["id"]) == 2


def test_deeply_nested_json_on_the_websocket_keeps_the_connection(live: Any) -> None:
    table, client = _bid_phase(live)
    for text in (DEEP, '{"type": "move", "action": ' + DEEP + "}"):
        client.send(text)
        error = client.error()
        assert error["code"] == "bad_json", text[:20]
        assert "nested too deeply" in error["message"]
    client.send('{"type": "move", "action": ' + AT_LIMIT + "}")
    assert client.error()["code"] == "bad_request"
    assert _step(live, table["id"]) == 2
    client.move(7, 2)
    state = client.until(lambda m: m["type"] == "state" and m["step"] == 3)
    assert state["view"]["bids"][0] == 1


def test_deeply_nested_json_before_joining_is_refused_and_the_join_still_works(
    live: Any,
) -> None:
    table = live.create()
    client = live.socket(table["id"])
    client.send('{"type": "join", "token": ' + DEEP + "}")
    error = client.error()
    assert error["code"] == "bad_json"
    client.send({"type": "join", "token": table["seats"][0]["token"]})
    assert client.until(lambda m: m["type"] == "welcome")["seat"] == 0


def test_an_oversized_body_sent_in_chunks_is_refused(live: Any) -> None:
    def chunks() -> Any:
        yield b'{"game": "toy", "seats": [{}, {}], "options": {"x": "'
        for _ in range(100):
            yield b"y" * 1000
        yield b'"}}'

    response = live.http.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert not live.app.state.lobby.open
