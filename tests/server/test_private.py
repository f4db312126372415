"""Private tables: left out of every lobby list, reached only by their links, and still private
after a restart; public tables stay listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer

from meja.server import Settings

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}


def _post(live: Any, **extra: Any) -> dict[str, Any]:
    body = {"game": "toy", "seats": [HUMAN, BOT], **extra}
    response = live.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _listed(live: Any, **params: Any) -> list[str]:
    ids: list[str] = []
    cursor = None
    while True:
        query = {**params, "limit": 1, **({"cursor": cursor} if cursor else {})}
        page = live.http.get("/api/tables", params=query).json()
        ids += [table["id"] for table in page["tables"]]
        cursor = page["next"]
        if cursor is None:
            return ids


def _every_list(live: Any) -> list[str]:
    ids = []
    for status in ("open", "finished"):
        for game in (None, "toy"):
            ids += _listed(live, status=status, **({"game": game} if game else {}))
    return ids


def _finish(live: Any, created: dict[str, Any]) -> None:
    client = live.join(created["id"], created["seats"][0]["token"])
    state = client.my_turn()
    while not state["result"]:
        client.move(state["legal"][0]["action"], state["step"])
        state = client.my_turn()


def test_a_table_of_friends_and_bots_is_private_by_default(live: Any) -> None:
    private = _post(live)
    assert private["table"]["private"] is True
    public = _post(live, private=False)
    assert public["table"]["private"] is False
    assert set(_every_list(live)) == {public["id"]}
    summary = live.http.get(f"/api/tables/{private['id']}").json()
    assert summary["private"] is True
    watcher = live.join(private["id"])
    assert watcher.until(lambda m: m["type"] == "state")["table"]["id"] == private["id"]


def test_a_finished_private_table_is_in_no_list_and_stays_private_after_a_restart(
    tmp_path: Path,
) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'meja.db'}", bot_pause=0.0)
    first = LiveServer(settings).start()
    try:
        done_private = _post(first)
        done_public = _post(first, private=False)
        for created in (done_private, done_public):
            _finish(first, created)
        playing = _post(first, private=True)
        assert set(_every_list(first)) == {done_public["id"]}
    finally:
        first.stop()
    second = LiveServer(settings).start()
    try:
        assert set(_every_list(second)) == {done_public["id"]}
        for created in (done_private, playing):
            summary = second.http.get(f"/api/tables/{created['id']}").json()
            assert summary["private"] is True
        client = second.join(playing["id"], playing["seats"][0]["token"])
        assert client.my_turn()["legal"]
    finally:
        second.stop()


def test_a_table_of_bots_alone_is_public_unless_asked(live: Any) -> None:
    shown = live.http.post("/api/tables", json={"game": "toy", "seats": [BOT, BOT]}).json()
    hidden = _post(live, seats=[BOT, BOT], private=True)
    assert (shown["table"]["private"], hidden["table"]["private"]) == (False, True)
    assert shown["id"] in _every_list(live) and hidden["id"] not in _every_list(live)


def test_private_must_be_true_or_false(live: Any) -> None:
    response = live.http.post(
        "/api/tables", json={"game": "toy", "seats": [HUMAN, BOT], "private": "yes"}
    )
    assert response.status_code == 400
    assert response.json()["message"] == "private: Input should be a valid boolean"
    assert not live.app.state.lobby.open
