"""Chat at the table: plain text, length- and rate-limited per sender, stored with the table,
restored after a restart, sent only to who may read it, and in the replay for the people."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import FakeClock, auth

HUMAN = {"kind": "human"}
MARKUP = '<b>hi</b> <script>alert("x")</script> &amp; <img src=x onerror=alert(1)>'


def _chat(message: dict[str, Any]) -> bool:
    return message["type"] == "chat"


def _two(live: Any, **extra: Any) -> tuple[str, list[str], list[Any]]:
    created = live.create(seats=[HUMAN, HUMAN], **extra)
    tokens = [seat["token"] for seat in created["seats"]]
    return created["id"], tokens, [live.join(created["id"], token) for token in tokens]


def _stored(live: Any, table_id: str, token: str) -> list[dict[str, Any]]:
    answer = live.http.get(f"/api/tables/{table_id}/chat", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return list(answer.json()["messages"])


def test_two_people_chat_and_markup_stays_text(live: Any) -> None:
    table_id, tokens, clients = _two(live)
    for client in clients:
        assert client.until(lambda m: m["type"] == "chat_log")["messages"] == []
    clients[0].send({"type": "chat", "text": f"  {MARKUP}  "})
    for client in clients:
        message = client.until(_chat)["message"]
        assert (message["seat"], message["name"], message["text"]) == (0, "Player 1", MARKUP)
    answer = live.http.post(
        f"/api/tables/{table_id}/chat", json={"text": "gg"}, headers=auth(tokens[1])
    )
    assert answer.status_code == 200, answer.text
    assert clients[0].until(_chat)["message"]["text"] == "gg"
    assert [m["text"] for m in _stored(live, table_id, tokens[0])] == [MARKUP, "gg"]


def test_the_rate_limit_answers_in_words_and_time_lifts_it(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock)
    table_id, tokens, clients = _two(live)
    for n in range(5):
        clients[0].send({"type": "chat", "text": f"message {n}"})
        clients[0].until(_chat)
    clients[0].send({"type": "chat", "text": "one too many"})
    error = clients[0].error()
    assert error["code"] == "rate_limited"
    assert error["message"].startswith("you are sending messages too fast: at most 5 in 10")
    http = live.http.post(
        f"/api/tables/{table_id}/chat", json={"text": "x"}, headers=auth(tokens[0])
    )
    assert http.status_code == 429
    clients[1].send({"type": "chat", "text": "I may still talk"})
    assert clients[0].until(_chat)["message"]["text"] == "I may still talk"
    clock.advance(10)
    clients[0].send({"type": "chat", "text": "later"})
    assert clients[1].until(lambda m: _chat(m) and m["message"]["text"] == "later")
    assert len(_stored(live, table_id, tokens[0])) == 7


def test_a_flood_of_chat_stores_five(live_factory: Any) -> None:
    live = live_factory(message_rate=10_000, message_burst=10_000)
    table_id, tokens, clients = _two(live)
    for n in range(100):
        clients[0].send({"type": "chat", "text": f"spam {n}"})
    clients[0].send({"type": "ping"})
    clients[0].until(lambda m: m["type"] == "pong")
    refused = [m for m in clients[0].received if m["type"] == "error"]
    assert len(refused) == 95 and {m["code"] for m in refused} == {"rate_limited"}
    assert len(_stored(live, table_id, tokens[1])) == 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "text: a message needs some text"),
        ("   \n ", "text: a message needs some text"),
        ("x" * 501, "text: at most 500 characters a message, not 501"),
        ("evil\u202egnp.exe", "text: messages may not hold control or text-direction"),
        ("a\u2066b", "text: messages may not hold control or text-direction"),
        ("bell\x07", "text: messages may not hold control or text-direction"),
        ("x" * 2001, "text: String should have at most 2000 characters"),
    ],
)
def test_bad_messages_are_refused_in_one_line_and_change_nothing(
    live: Any, text: str, message: str
) -> None:
    table_id, tokens, clients = _two(live)
    clients[0].send({"type": "chat", "text": text})
    error = clients[0].error()
    assert error["code"] == "bad_request"
    assert error["message"].removeprefix("chat.").startswith(message)
    answer = live.http.post(
        f"/api/tables/{table_id}/chat", json={"text": text}, headers=auth(tokens[0])
    )
    assert answer.status_code == 400 and answer.json()["message"].startswith(message)
    assert _stored(live, table_id, tokens[0]) == []
    assert not any(_chat(m) for m in clients[1].received)


def test_spectators_see_the_chat_only_where_it_is_allowed(live: Any) -> None:
    table_id, _, clients = _two(live)
    watcher = live.join(table_id)
    watcher.send({"type": "chat", "text": "hello"})
    assert watcher.error()["code"] == "spectator"
    clients[0].send({"type": "chat", "text": "secret"})
    clients[1].until(_chat)
    watcher.send({"type": "ping"})
    watcher.until(lambda m: m["type"] == "pong")
    assert not any(m["type"] in ("chat", "chat_log") for m in watcher.received)
    assert live.http.get(f"/api/tables/{table_id}/chat").status_code == 403
    assert live.http.post(f"/api/tables/{table_id}/chat", json={"text": "x"}).status_code == 403

    open_id, _, open_clients = _two(live, spectator_chat=True)
    fan = live.join(open_id)
    assert fan.until(lambda m: m["type"] == "chat_log")["messages"] == []
    fan.send({"type": "chat", "text": "go Player 1!"})
    heard = open_clients[0].until(_chat)["message"]
    assert (heard["seat"], heard["name"]) == (None, "Spectator")
    open_clients[1].send({"type": "chat", "text": "thanks"})
    assert fan.until(lambda m: _chat(m) and m["message"]["seat"] == 1)
    assert len(live.http.get(f"/api/tables/{open_id}/chat").json()["messages"]) == 2


def test_the_chat_survives_a_sigkill_and_is_in_the_replay_for_the_people(
    tmp_path: Path, server_process: Any
) -> None:
    db_url = f"sqlite:///{tmp_path / 'meja.db'}"
    first = server_process(db_url)
    created = first.create("peranakan", [HUMAN, {"kind": "bot", "bot": "random"}])
    table_id, token = created["id"], created["seats"][0]["token"]
    client = first.join(table_id, token)
    client.send({"type": "chat", "text": "before the crash"})
    client.until(_chat)
    first.kill()

    second = server_process(db_url)
    again = second.join(table_id, token)
    log = again.until(lambda m: m["type"] == "chat_log")["messages"]
    assert [(m["seat"], m["text"]) for m in log] == [(0, "before the crash")]
    again.send({"type": "chat", "text": "after the restart"})
    sent = again.until(_chat)["message"]
    state = again.state
    if state is None or not (state["legal"] or state["result"]):
        state = again.my_turn()
    while not state["result"]:
        again.move(state["legal"][0]["action"], state["step"])
        state = again.my_turn()
    total = state["step"]
    url = f"/api/tables/{table_id}/replay/{total}"
    frame = second.http.get(url, headers=auth(token)).json()
    assert [m["text"] for m in frame["chat"]] == ["before the crash", "after the restart"]
    at = log[0]["step"]
    early = second.http.get(f"/api/tables/{table_id}/replay/{at}", headers=auth(token)).json()
    expected = ["before the crash"] + (["after the restart"] if sent["step"] == at else [])
    assert [m["text"] for m in early["chat"]] == expected
    if at > 0:
        start = second.http.get(f"/api/tables/{table_id}/replay/0", headers=auth(token)).json()
        assert start["chat"] == []
    assert "chat" not in second.http.get(url).json()
