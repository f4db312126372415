"""Creating tables, joining them and playing whole games over the websocket."""

from __future__ import annotations

from typing import Any

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}


def test_a_person_plays_a_whole_game_against_a_bot(live: Any) -> None:
    table = live.create(seats=[HUMAN, BOT])
    client = live.join(table["id"], table["seats"][0]["token"])
    assert client.seat == 0
    while True:
        state = client.my_turn()
        if state["result"]:
            break
        client.move(state["legal"][0]["action"], state["step"])
    assert state["table"]["finished"]
    assert len(state["result"]["scores"]) == 2
    assert state["step"] == len(client.log) == 6


def test_created_table_has_private_seat_links_and_a_public_one(live: Any) -> None:
    table = live.create(seats=[HUMAN, BOT, HUMAN])
    seats = table["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert seats[1]["token"] is None and seats[1]["join_url"] is None
    assert seats[0]["token"] != seats[2]["token"]
    assert len(seats[0]["token"]) >= 32
    assert seats[0]["join_url"] == f"{live.url}/t/{table['id']}#{seats[0]['token']}"
    assert table["watch_url"] == f"{live.url}/t/{table['id']}"
    listed = live.http.get("/api/tables").json()["tables"]
    assert table["id"] in [t["id"] for t in listed]
    assert "token" not in str(listed)
