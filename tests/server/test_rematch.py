"""Play again: a new table with the same seats, bots and options, which the old table points
to; each person gets their own new seat link, and only from their old seat's token."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.server.conftest import WAIT, LiveServer, auth

from meja.server import Settings

HUMAN = {"kind": "human"}
SETUP = {
    "game": "toy",
    "seats": [
        {"kind": "human", "name": "Mei"},
        {"kind": "human", "name": "Ana"},
        {"kind": "bot", "bot": "random", "name": "Robo"},
    ],
    "pace": "fast",
    "hints": False,
    "private": True,
    "kind": "turn_based",
    "move_time": 7200,
    "spectator_chat": True,
}
SAME = ("game", "num_players", "options", "pace", "hints", "private", "kind", "move_time")


def _state(message: dict[str, Any]) -> bool:
    return message["type"] == "state"


def _finished(live: Any) -> tuple[dict[str, Any], list[str], list[Any]]:
    """A table of SETUP played to its end over HTTP (its people's sockets open all along)."""
    created = live.http.post("/api/tables", json=SETUP).json()
    table_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"][:2]]
    clients = [live.join(table_id, token) for token in tokens]
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        for token in tokens:
            state = live.http.get(f"/api/tables/{table_id}/state", headers=auth(token)).json()
            if state["result"]:
                return created, tokens, clients
            if state["legal"]:
                body = {"action": state["legal"][0]["action"], "step": state["step"]}
                live.http.post(f"/api/tables/{table_id}/moves", json=body, headers=auth(token))
        time.sleep(0.01)
    raise AssertionError("the game did not end")


def _rematch(live: Any, table_id: str, token: str | None) -> Any:
    return live.http.post(f"/api/tables/{table_id}/rematch", headers=auth(token))


def test_both_people_move_to_a_new_table_with_the_same_seats_and_options(live: Any) -> None:
    created, tokens, clients = _finished(live)
    old_id = created["id"]
    assert _rematch(live, old_id, None).status_code == 401
    first = _rematch(live, old_id, tokens[0])
    assert first.status_code == 200, first.text
    mine = first.json()
    new_id = mine["id"]
    assert new_id != old_id and mine["seat"] == 0
    assert mine["join_url"].endswith(f"/t/{new_id}#{mine['token']}")
    pointed = clients[1].until(lambda m: _state(m) and m["table"]["rematch"] == new_id)
    assert pointed["table"]["rematch"] == new_id
    summary = live.http.get(f"/api/tables/{new_id}").json()
    old = live.http.get(f"/api/tables/{old_id}").json()
    assert old["rematch"] == new_id and summary["rematch"] is None
    assert [summary[key] for key in SAME] == [old[key] for key in SAME]
    assert summary["spectator_chat"] is True and summary["step"] < old["step"]
    shape = [(s["name"], s["kind"], s["bot"]) for s in summary["seats"]]
    assert shape == [("Mei", "human", None), ("Ana", "human", None), ("Robo", "bot", "random")]

    second = _rematch(live, old_id, tokens[1]).json()
    assert (second["id"], second["seat"]) == (new_id, 1)
    assert second["token"] not in (mine["token"], *tokens)
    assert _rematch(live, old_id, tokens[0]).json()["token"] == mine["token"]
    for seat, token in enumerate((mine["token"], second["token"])):
        client = live.join(new_id, token)
        assert client.seat == seat
    for token in tokens:
        refused = live.http.get(f"/api/tables/{new_id}/state", headers=auth(token))
        assert refused.status_code == 403 and refused.json()["code"] == "bad_token"


def test_play_again_waits_for_the_end_and_changes_nothing_before(live: Any) -> None:
    created = live.create(seats=[HUMAN, HUMAN])
    token = created["seats"][0]["token"]
    refused = _rematch(live, created["id"], token)
    assert refused.status_code == 409
    assert refused.json()["message"] == "play again is offered once the game is over"
    assert live.http.get(f"/api/tables/{created['id']}").json()["rematch"] is None
    assert len(live.app.state.lobby.open) == 1
    forged = _rematch(live, created["id"], "not-a-token")
    assert forged.status_code == 403


def test_a_rematch_holds_after_a_restart(tmp_path: Path) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'meja.db'}", bot_pause=0.0)
    first = LiveServer(settings).start()
    try:
        created, tokens, _ = _finished(first)
        mine = _rematch(first, created["id"], tokens[0]).json()
    finally:
        first.stop()
    second = LiveServer(settings).start()
    try:
        old = second.http.get(f"/api/tables/{created['id']}").json()
        assert old["rematch"] == mine["id"]
        again = _rematch(second, created["id"], tokens[0]).json()
        assert (again["id"], again["token"]) == (mine["id"], mine["token"])
        other = _rematch(second, created["id"], tokens[1]).json()
        assert other["id"] == mine["id"] and other["seat"] == 1
        client = second.join(mine["id"], mine["token"])
        assert client.seat == 0
    finally:
        second.stop()
