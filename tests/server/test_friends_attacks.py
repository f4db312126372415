"""Attacks on the tables for friends: every hostile character in a name, bad choices, chat and
rematch requests, and a turn-based table killed mid-game. Each bad input is one line with a
code and changes nothing; nothing acknowledged is lost."""

from __future__ import annotations

import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import WAIT, auth

from meja.server.names import REFUSED_CATEGORIES, check_name
from meja.server.protocol import ApiError

HUMAN = {"kind": "human"}


def test_every_control_format_and_separator_character_is_refused_in_a_name() -> None:
    refused = 0
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if unicodedata.category(char) not in REFUSED_CATEGORIES:
            continue
        with pytest.raises(ApiError) as caught:
            check_name(f"Mei{char}", "seats.0.name", "Player 1")
        assert caught.value.code == "bad_name"
        assert "\n" not in caught.value.message and char not in caught.value.message
        refused += 1
    assert refused > 130_000


def _settled(live: Any, table_id: str, token: str) -> dict[str, Any]:
    """The seat's state once the deal is done, without the seconds left, which run on."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        state = dict(live.http.get(f"/api/tables/{table_id}/state", headers=auth(token)).json())
        if state["active"]:
            del state["clock"]
            return state
        time.sleep(0.01)
    raise AssertionError("the deal did not end")


def _one_line(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    error = answer.json()
    assert error["type"] == "error" and error["code"] == code
    assert error["message"] and "\n" not in error["message"]
    assert "Traceback" not in answer.text


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("timeout", {"seat": 1, "choice": "forfeit"}, 400, "bad_request"),
        ("timeout", {"seat": -1, "choice": "wait"}, 400, "bad_request"),
        ("timeout", {"seat": 99, "choice": "wait"}, 400, "bad_request"),
        ("timeout", {"seat": "1", "choice": "wait"}, 400, "bad_request"),
        ("timeout", {"choice": "wait"}, 400, "bad_request"),
        ("timeout", {"seat": 1, "choice": "wait", "x": 1}, 400, "bad_request"),
        ("timeout", {"seat": 1, "choice": "end"}, 409, "not_overdue"),
        ("timeout", [1], 400, "bad_request"),
        ("chat", {"text": 5}, 400, "bad_request"),
        ("chat", {"text": None}, 400, "bad_request"),
        ("chat", {}, 400, "bad_request"),
        ("chat", {"text": "\u202e"}, 400, "bad_request"),
        ("chat", {"text": "x" * 600}, 400, "bad_request"),
        ("rematch", {}, 409, "not_finished"),
    ],
)
def test_bad_requests_of_a_table_for_friends_change_nothing(
    live: Any, path: str, body: Any, status: int, code: str
) -> None:
    created = live.create(seats=[HUMAN, HUMAN], kind="turn_based")
    table_id, token = created["id"], created["seats"][0]["token"]
    before = _settled(live, table_id, token)
    answer = live.http.post(f"/api/tables/{table_id}/{path}", json=body, headers=auth(token))
    _one_line(answer, status, code)
    assert _settled(live, table_id, token) == before
    assert live.http.get(f"/api/tables/{table_id}/chat", headers=auth(token)).json() == {
        "messages": []
    }
    assert len(live.app.state.lobby.open) == 1


@pytest.mark.parametrize(
    "message",
    [
        {"type": "timeout", "seat": 0, "choice": "maybe"},
        {"type": "timeout", "seat": 0},
        {"type": "timeout", "seat": 0, "choice": "wait"},
        {"type": "chat"},
        {"type": "chat", "text": ["a"]},
        {"type": "chat", "text": ""},
    ],
)
def test_bad_socket_messages_of_a_table_for_friends_keep_the_connection(
    live: Any, message: dict[str, Any]
) -> None:
    created = live.create(seats=[HUMAN, HUMAN])
    client = live.join(created["id"], created["seats"][0]["token"])
    client.send(message)
    error = client.error()
    assert error["code"] in ("bad_request", "not_overdue")
    assert "\n" not in error["message"]
    client.send({"type": "ping"})
    client.until(lambda m: m["type"] == "pong")


def test_a_killed_turn_based_table_keeps_its_moves_and_deadlines(
    tmp_path: Path, server_process: Any
) -> None:
    db_url = f"sqlite:///{tmp_path / 'meja.db'}"
    first = server_process(db_url)
    created = first.create("te_kuiti", [HUMAN, HUMAN], kind="turn_based", move_time=3600)
    table_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    acked: dict[str, Any] = {}
    for _ in range(6):
        seat = _settled(first, table_id, tokens[0])["active"][0]
        mine = _settled(first, table_id, tokens[seat])
        body = {"action": mine["legal"][0]["action"], "step": mine["step"]}
        answer = first.http.post(
            f"/api/tables/{table_id}/moves", json=body, headers=auth(tokens[seat])
        )
        assert answer.status_code == 200, answer.text
        acked = answer.json()
    settled = _settled(first, table_id, tokens[0])
    assert settled["deadlines"] and settled["step"] >= acked["step"]
    first.kill()

    second = server_process(db_url)
    again = second.http.get(f"/api/tables/{table_id}/state").json()
    assert again["step"] >= acked["step"]
    assert again["step"] == settled["step"]
    assert again["deadlines"] == settled["deadlines"]
    assert again["overdue"] == [] and again["table"]["kind"] == "turn_based"
    active = again["active"][0]
    refused = second.http.post(
        f"/api/tables/{table_id}/timeout",
        json={"seat": active, "choice": "end"},
        headers=auth(tokens[0]),
    )
    _one_line(refused, 409, "not_overdue")
    assert not second.http.get(f"/api/tables/{table_id}").json()["finished"]
