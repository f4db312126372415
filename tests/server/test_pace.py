"""A table's pace: chosen at creation, changed by any seated person for every page at once,
stored with the table, and published with its seconds so pages need not know them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, get_args

import pytest
import sqlalchemy as sa

from meja.server.protocol import PACES, Pace
from meja.server.storage import SqlStorage

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}


def test_the_paces_are_published_with_their_seconds(live: Any) -> None:
    assert tuple(PACES) == get_args(Pace)
    assert live.http.get("/api/limits").json()["paces"] == {
        "relaxed": 1.5,
        "normal": 0.8,
        "fast": 0.3,
    }


def test_a_table_has_the_pace_it_was_created_with(live: Any) -> None:
    plain = live.create()
    assert plain["table"]["pace"] == "normal"
    relaxed = live.create(pace="relaxed")
    assert relaxed["table"]["pace"] == "relaxed"
    assert live.http.get(f"/api/tables/{relaxed['id']}").json()["pace"] == "relaxed"
    welcome = live.socket(relaxed["id"])
    welcome.send({"type": "join"})
    assert welcome.receive()["table"]["pace"] == "relaxed"
    assert welcome.until(lambda m: m["type"] == "state")["table"]["pace"] == "relaxed"


@pytest.mark.parametrize("pace", ["slow", "Fast", 1, None])
def test_a_table_with_a_pace_that_is_not_one_is_refused(live: Any, pace: Any) -> None:
    refused = live.http.post(
        "/api/tables", json={"game": "toy", "seats": [HUMAN, HUMAN], "pace": pace}
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_request"
    assert refused.json()["message"] == "pace: Input should be 'relaxed', 'normal' or 'fast'"
    assert not live.app.state.lobby.open


def test_a_seat_changes_the_pace_for_everyone_and_it_survives_a_restart(
    live_factory: Any,
) -> None:
    live = live_factory()
    table = live.create(seats=[HUMAN, HUMAN])
    seats = [live.join(table["id"], seat["token"]) for seat in table["seats"]]
    watcher = live.join(table["id"])
    clients = [*seats, watcher]
    for client in clients:
        client.until(lambda m: m["type"] == "state")
    seats[1].send({"type": "pace", "pace": "fast"})
    for client in clients:
        changed = client.until(lambda m: m["type"] == "state" and m["table"]["pace"] == "fast")
        assert changed["step"] == 2
    assert live.http.get(f"/api/tables/{table['id']}").json()["pace"] == "fast"
    live.stop()

    again = live_factory()
    assert again.http.get(f"/api/tables/{table['id']}").json()["pace"] == "fast"


def test_a_spectator_or_a_bad_pace_is_refused_and_changes_nothing(live: Any) -> None:
    table = live.create(seats=[HUMAN, BOT])
    seat = live.join(table["id"], table["seats"][0]["token"])
    watcher = live.join(table["id"])
    watcher.send({"type": "pace", "pace": "fast"})
    error = watcher.error()
    assert (error["code"], error["message"]) == ("spectator", "spectators cannot change the pace")
    for body in (
        {"type": "pace", "pace": "ludicrous"},
        {"type": "pace"},
        {"type": "pace", "pace": "fast", "speed": 2},
    ):
        seat.send(body)
        assert seat.error()["code"] == "bad_request"
    seat.send({"type": "pace", "pace": "ludicrous"})
    assert seat.error()["message"] == "pace.pace: Input should be 'relaxed', 'normal' or 'fast'"
    assert live.http.get(f"/api/tables/{table['id']}").json()["pace"] == "normal"


def test_a_spectator_is_refused_by_the_room_itself(live: Any) -> None:
    table = live.create(seats=[HUMAN, BOT])
    room = live.app.state.lobby.open[table["id"]]
    loop = room._driver.get_loop()
    for seat, pace, code in [(None, "fast", "spectator"), (0, "warp", "bad_request")]:
        with pytest.raises(Exception) as refused:
            asyncio.run_coroutine_threadsafe(room.set_pace(seat, pace), loop).result(20)
        assert getattr(refused.value, "code", None) == code
    assert room.summary()["pace"] == "normal"


def test_a_store_from_before_paces_opens_and_its_tables_are_normal(
    tmp_path: Path, live_factory: Any
) -> None:
    live = live_factory()
    table = live.create(seats=[HUMAN, HUMAN], pace="fast")
    live.stop()
    url = f"sqlite:///{tmp_path / 'meja.db'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("ALTER TABLE meja_tables DROP COLUMN pace"))
    engine.dispose()
    again = live_factory()
    assert again.http.get(f"/api/tables/{table['id']}").json()["pace"] == "normal"
    store = SqlStorage(url)
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT pace FROM meja_tables")).scalar() is None
    store.close()
    seat = again.join(table["id"], table["seats"][0]["token"])
    seat.send({"type": "pace", "pace": "relaxed"})
    seat.until(lambda m: m["type"] == "state" and m["table"]["pace"] == "relaxed")
    store = SqlStorage(url)
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT pace FROM meja_tables")).scalar() == "relaxed"
    store.close()
