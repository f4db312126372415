"""A live table waits for its people: with nobody's socket open, no stand-in moves and no clock
runs out; stand-ins play for an absent person only while someone else is at the table."""

from __future__ import annotations

import time
from typing import Any

from tests.server.conftest import WAIT, FakeClock

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}
GRACE = 1.0
"""The away grace these tests configure: two minutes are 120 of them."""


def _state(message: dict[str, Any]) -> bool:
    return message["type"] == "state"


def _summary(live: Any, table_id: str) -> dict[str, Any]:
    return dict(live.http.get(f"/api/tables/{table_id}").json())


def _until_summary(live: Any, table_id: str, check: Any) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        summary = _summary(live, table_id)
        if check(summary):
            return summary
        time.sleep(0.02)
    raise AssertionError(f"the table never became as expected: {summary}")


def _let_time_pass(clock: FakeClock, live: Any, seconds: float, step: float = GRACE) -> None:
    """Move the clock on a grace at a time, letting the tables look at it after each."""
    for _ in range(round(seconds / step)):
        clock.advance(step, live)


def test_a_table_everyone_left_waits_and_goes_on_when_one_returns(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, away_grace=GRACE)
    table = live.create(seats=[HUMAN, HUMAN])
    tokens = [seat["token"] for seat in table["seats"]]
    clients = [live.join(table["id"], token) for token in tokens]
    for client in clients:
        client.my_turn()
    clients[0].move(6)
    clients[1].until(lambda m: _state(m) and m["view"]["bids"][0] is True)
    for client in clients:
        client.close()
    before = _until_summary(live, table["id"], lambda s: s["paused"])
    _let_time_pass(clock, live, 120 * GRACE)
    after = _summary(live, table["id"])
    assert after["step"] == before["step"], "a stand-in moved at a table nobody had open"
    assert [seat["away"] for seat in after["seats"]] == [None, None]
    assert after["paused"]

    back = live.join(table["id"], tokens[0])
    state = back.until(_state)
    assert state["table"]["paused"] is False
    assert state["step"] == before["step"]
    _let_time_pass(clock, live, 2 * GRACE)
    played = back.until(lambda m: _state(m) and m["view"]["bids"][1] is not None)
    assert played["table"]["seats"][1]["away"] == "left"


def test_a_stand_in_plays_for_the_one_who_left_while_another_stays(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, away_grace=GRACE)
    table = live.create(seats=[HUMAN, HUMAN])
    tokens = [seat["token"] for seat in table["seats"]]
    stay = live.join(table["id"], tokens[0])
    leave = live.join(table["id"], tokens[1])
    stay.my_turn()
    leave.my_turn()
    leave.close()
    _until_summary(live, table["id"], lambda s: not s["seats"][1]["connected"])
    assert not _summary(live, table["id"])["paused"]
    _let_time_pass(clock, live, 2 * GRACE)
    bid = stay.until(lambda m: _state(m) and m["view"]["bids"][1] is True)
    assert bid["table"]["seats"][1]["away"] == "left"


def test_the_move_clock_stops_while_nobody_is_at_the_table(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, away_grace=3600)
    table = live.create(seats=[HUMAN, BOT], clock=30)
    token = table["seats"][0]["token"]
    client = live.join(table["id"], token)
    state = client.my_turn()
    assert state["clock"]["0"] == 30
    client.close()
    before = _until_summary(live, table["id"], lambda s: s["paused"])
    _let_time_pass(clock, live, 120, step=10)
    after = _summary(live, table["id"])
    assert after["step"] == before["step"]
    assert after["seats"][0]["away"] is None
    again = live.join(table["id"], token)
    state = again.until(_state)
    assert state["clock"]["0"] == 30
    assert state["legal"]
    _let_time_pass(clock, live, 31, step=31)
    away = again.until(lambda m: _state(m) and m["table"]["seats"][0]["away"] == "clock")
    assert away["clock"] == {}


def test_a_table_of_bots_alone_plays_on(live: Any) -> None:
    table = live.create(seats=[BOT, BOT])
    done = _until_summary(live, table["id"], lambda s: s["finished"])
    assert done["paused"] is False


def test_a_turn_that_began_while_nobody_was_there_starts_when_they_return(
    live_factory: Any,
) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, away_grace=3600, bot_pause=0.5)
    table = live.create(seats=[BOT, HUMAN, BOT], clock=30)
    token = table["seats"][1]["token"]
    client = live.join(table["id"], token)
    client.my_turn()
    client.move(6)
    client.until(lambda m: _state(m) and m["active"] == [0])
    client.close()
    _until_summary(live, table["id"], lambda s: s["paused"])
    clock.advance(100, live)
    moved = _until_summary(live, table["id"], lambda s: s["step"] == 7)
    assert moved["paused"]
    clock.advance(50, live)
    again = live.join(table["id"], token)
    state = again.until(_state)
    assert state["active"] == [1]
    assert state["clock"] == {"1": 30}
