"""Hints at a table: asked over the websocket or HTTP, answered to the asking seat alone in words,
worked out off the event loop, refused in one line at a table set up without them, and guided
tables that deal their first game from a fixed seed."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from tests.cli.plain_words import engine_codes
from tests.server.conftest import WAIT

import meja.server.table_driver as driver_module
from meja.core.told import say
from meja.server.storage import SqlStorage

HUMAN = {"kind": "human"}
HEURISTIC = {"kind": "bot", "bot": "heuristic"}
GAMES = ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"]


def _auth(table: dict[str, Any], seat: int) -> dict[str, str]:
    return {"authorization": f"Bearer {table['seats'][seat]['token']}"}


def _my_turn(client: Any) -> dict[str, Any]:
    return client.until(lambda m: m["type"] == "state" and (m["legal"] or m["result"]))


def _quiet(client: Any) -> list[dict[str, Any]]:
    """Every message the client gets until the server answers a ping: nothing it had queued."""
    client.send({"type": "ping"})
    got = []
    while (message := client.receive())["type"] != "pong":
        got.append(message)
    return got


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_a_legal_move_in_words_told_to_its_seat_alone(live: Any, game: str) -> None:
    table = live.create(game, [{"kind": "human", "name": "Mei"}, HUMAN])
    assert table["table"]["hints"] is True and table["table"]["guided"] is False
    seats = [live.join(table["id"], seat["token"]) for seat in table["seats"]]
    watcher = live.join(table["id"])
    state = _my_turn(seats[0])
    for client in (seats[1], watcher):
        client.until(lambda m: m["type"] == "state" and m["step"] == state["step"])
    seats[0].send({"type": "hint"})
    hint = seats[0].until(lambda m: m["type"] in ("hint", "error"))
    assert hint["type"] == "hint", hint
    assert hint["step"] == state["step"]
    assert hint["action"] in {move["action"] for move in state["legal"]}
    assert hint["move"] and hint["why"].endswith(".")
    words = f"{hint['move']}. {hint['why']}"
    assert engine_codes(game, words) == [], words
    assert "{" not in words
    for client in (seats[1], watcher):
        assert [m for m in _quiet(client) if m["type"] == "hint"] == []
    over_http = live.http.post(f"/api/tables/{table['id']}/hint", headers=_auth(table, 0))
    assert over_http.status_code == 200, over_http.text
    assert over_http.json() == hint, "asking again before anything changed gives the same hint"


def test_a_table_set_up_without_hints_refuses_one_in_words_and_nothing_changes(
    live: Any,
) -> None:
    table = live.create("peranakan", [HUMAN, HEURISTIC], hints=False)
    assert table["table"]["hints"] is False
    seat = live.join(table["id"], table["seats"][0]["token"])
    before = _my_turn(seat)
    seat.send({"type": "hint"})
    error = seat.until(lambda m: m["type"] in ("hint", "error"))
    assert (error.get("code"), error.get("message")) == (
        "no_hints",
        "this table was set up without hints",
    ), error
    refused = live.http.post(f"/api/tables/{table['id']}/hint", headers=_auth(table, 0))
    assert refused.status_code == 403
    assert refused.json() == {
        "type": "error",
        "code": "no_hints",
        "message": "this table was set up without hints",
    }
    assert [m for m in _quiet(seat) if m["type"] in ("state", "hint")] == []
    after = live.http.get(f"/api/tables/{table['id']}/state", headers=_auth(table, 0)).json()
    for key in ("step", "view", "legal", "current"):
        assert after[key] == before[key], key
    assert after["log"] == seat.log
    assert live.http.get(f"/api/tables/{table['id']}").json()["hints"] is False


def test_hints_only_for_a_seat_with_a_move_to_make(live: Any) -> None:
    table = live.create("peranakan", [HUMAN, HUMAN])
    first, second = (live.join(table["id"], seat["token"]) for seat in table["seats"])
    watcher = live.join(table["id"])
    _my_turn(first)
    watcher.send({"type": "hint"})
    assert watcher.error()["code"] == "spectator"
    second.until(lambda m: m["type"] == "state" and m["current"] == 0)
    second.send({"type": "hint"})
    error = second.error()
    assert (error["code"], error["message"]) == (
        "not_your_turn",
        "you have no move to make now, so no hint",
    )
    without_token = live.http.post(f"/api/tables/{table['id']}/hint")
    assert without_token.status_code == 401


def test_a_hint_is_worked_out_without_holding_up_the_table(
    live: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinking, release = threading.Event(), threading.Event()
    real = driver_module.hint

    def slow(*args: Any) -> Any:
        thinking.set()
        assert release.wait(WAIT), "the test never let the hint finish"
        return real(*args)

    monkeypatch.setattr(driver_module, "hint", slow)
    table = live.create("peranakan", [HUMAN, HUMAN])
    first, second = (live.join(table["id"], seat["token"]) for seat in table["seats"])
    state = _my_turn(first)
    first.send({"type": "hint"})
    assert thinking.wait(WAIT)
    second.send({"type": "ping"})
    second.until(lambda m: m["type"] == "pong")
    moved = live.http.post(
        f"/api/tables/{table['id']}/moves",
        json={"action": state["legal"][0]["action"], "step": state["step"]},
        headers=_auth(table, 0),
    )
    assert moved.status_code == 200, moved.text
    assert not release.is_set(), "the move was taken while the hint was still being worked out"
    release.set()
    hint = first.until(lambda m: m["type"] in ("hint", "error"))
    assert hint["type"] == "hint" and hint["step"] == state["step"]


def test_the_hint_names_seats_as_the_asking_seat_reads_them(live_factory: Any) -> None:
    live = live_factory(message_rate=1000.0, message_burst=2000)
    seats = [{"kind": "human", "name": "Mei"}, {**HEURISTIC, "name": "Ah Kow"}]
    table = live.create("nasi_lemak", seats)
    seat = live.join(table["id"], table["seats"][0]["token"])
    room = live.app.state.lobby.open[table["id"]]
    for _ in range(40):
        state = _my_turn(seat)
        if state["result"]:
            break
        seat.send({"type": "hint"})
        hint = seat.until(lambda m: m["type"] in ("hint", "error"))
        assert hint["type"] == "hint", hint
        for text in (hint["move"], hint["why"]):
            assert "Mei" not in text and "{" not in text, text
            assert say(text, 0, ["Mei", "Ah Kow"]) == text
        seat.move(hint["action"], state["step"])
    assert room.summary()["hints"] is True


def test_guided_tables_deal_the_same_first_game_from_a_fixed_seed(live: Any) -> None:
    seats = [HUMAN, HEURISTIC]
    first = live.create("peranakan", seats, guided=True)
    second = live.create("peranakan", seats, guided=True)
    other = live.create("peranakan", seats, guided=True, seed=7)
    assert first["table"]["guided"] is True and first["table"]["hints"] is True
    views = []
    for table in (first, second, other):
        client = live.join(table["id"], table["seats"][0]["token"])
        views.append(_my_turn(client)["view"])
    assert views[0] == views[1]
    assert views[0] != views[2]


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"guided": True, "hints": False}, "hints: a guided table always gives hints"),
        ({"seed": 3}, "seed: only a guided table draws chance from a seed"),
        ({"guided": True, "seed": -1}, "seed: Input should be greater than or equal to 0"),
        ({"hints": "yes"}, "hints: Input should be a valid boolean"),
    ],
)
def test_table_options_that_do_not_fit_are_refused(
    live: Any, extra: dict[str, Any], words: str
) -> None:
    body = {"game": "peranakan", "seats": [HUMAN, HEURISTIC], **extra}
    refused = live.http.post("/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    assert refused.json()["message"] == words
    assert not live.app.state.lobby.open


def test_a_game_without_a_heuristic_has_no_hints_and_no_guided_table(live: Any) -> None:
    refused = live.http.post(
        "/api/tables", json={"game": "toy", "seats": [HUMAN, HUMAN], "guided": True}
    )
    assert refused.json()["message"] == "guided: Toy Cards has no hints to guide with"
    table = live.create("toy", [HUMAN, HUMAN])
    seat = live.join(table["id"], table["seats"][0]["token"])
    seat.until(lambda m: m["type"] == "state" and 0 in m["active"])
    seat.send({"type": "hint"})
    error = seat.error()
    assert (error["code"], error["message"]) == ("no_hints", "Toy Cards has no hints")


def test_hint_settings_survive_a_restart_and_an_older_store_gives_hints(
    tmp_path: Path, live_factory: Any
) -> None:
    live = live_factory()
    quiet = live.create("peranakan", [HUMAN, HEURISTIC], hints=False)
    guided = live.create("te_kuiti", [HUMAN, HEURISTIC], guided=True, seed=11)
    live.stop()
    again = live_factory()
    assert again.http.get(f"/api/tables/{quiet['id']}").json()["hints"] is False
    summary = again.http.get(f"/api/tables/{guided['id']}").json()
    assert (summary["guided"], summary["hints"]) == (True, True)
    store = SqlStorage(f"sqlite:///{tmp_path / 'meja.db'}")
    row = store.load_table(guided["id"])
    assert row is not None and row.seed == 11
    store.close()
    again.stop()
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'meja.db'}")
    with engine.begin() as conn:
        for column in ("hints", "guided", "seed"):
            conn.execute(sa.text(f"ALTER TABLE meja_tables DROP COLUMN {column}"))
    engine.dispose()
    old = live_factory()
    summary = old.http.get(f"/api/tables/{quiet['id']}").json()
    assert (summary["hints"], summary["guided"]) == (True, False)
