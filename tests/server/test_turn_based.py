"""Turn-based tables: each person has a time per move; when it runs out the people choose to
wait on, let a bot play the seat, or end the game early; all of it survives a restart."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from tests.server.conftest import WAIT, FakeClock, auth

HUMAN = {"kind": "human"}
HOUR = 3600.0


def _state(message: dict[str, Any]) -> bool:
    return message["type"] == "state"


def _bid(shown: Any) -> bool:
    """Whether a seat's bid is made, as another seat's view shows it (True, then its value)."""
    return shown is True or (isinstance(shown, int) and not isinstance(shown, bool))


def _table(live: Any, **extra: Any) -> tuple[str, list[str]]:
    created = live.create(seats=[HUMAN, HUMAN], kind="turn_based", move_time=HOUR, **extra)
    return created["id"], [seat["token"] for seat in created["seats"]]


def _state_of(live: Any, table_id: str, token: str | None = None) -> dict[str, Any]:
    response = live.http.get(f"/api/tables/{table_id}/state", headers=auth(token))
    assert response.status_code == 200, response.text
    return dict(response.json())


def _until(live: Any, table_id: str, check: Any, token: str | None = None) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        state = _state_of(live, table_id, token)
        if check(state):
            return state
        time.sleep(0.02)
    raise AssertionError(f"the table never became as expected: {state}")


def _choose(live: Any, table_id: str, token: str, seat: int, choice: str) -> Any:
    body = {"seat": seat, "choice": choice}
    return live.http.post(f"/api/tables/{table_id}/timeout", json=body, headers=auth(token))


def _bid_and_wait(live: Any, clock: FakeClock, table_id: str, tokens: list[str]) -> None:
    """Seat 0 bids; then seat 1's hour runs out."""
    state = _until(live, table_id, lambda s: s["legal"], tokens[0])
    response = live.http.post(
        f"/api/tables/{table_id}/moves", json={"action": 6}, headers=auth(tokens[0])
    )
    assert response.status_code == 200, response.text
    assert state["deadlines"]["1"] == pytest.approx(clock.now + HOUR)
    clock.advance(HOUR - 1, live)
    assert _state_of(live, table_id)["overdue"] == []
    clock.advance(2, live)
    _until(live, table_id, lambda s: s["overdue"] == [1])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"move_time": 3599}, "move_time: from 3600 seconds (an hour) to 604800 seconds"),
        ({"move_time": 604801}, "move_time: from 3600 seconds (an hour) to 604800 seconds"),
        ({"move_time": -1}, "move_time: from 3600 seconds"),
        ({"move_time": "a day"}, "move_time: Input should be a valid number"),
        ({"clock": 60}, "clock: a turn-based table has move_time instead"),
        ({"kind": "live", "move_time": 7200}, "move_time: only a turn-based table"),
        ({"kind": "postal"}, "kind: Input should be 'live' or 'turn_based'"),
    ],
)
def test_bad_kinds_and_times_are_refused_in_one_line(
    live: Any, extra: dict[str, Any], message: str
) -> None:
    body = {"game": "toy", "seats": [HUMAN, HUMAN], "kind": "turn_based", **extra}
    response = live.http.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["message"].startswith(message)
    assert "\n" not in response.json()["message"]
    assert not live.app.state.lobby.open


def test_a_turn_based_table_is_listed_with_its_kind_and_a_day_a_move(live: Any) -> None:
    created = live.create(seats=[HUMAN, HUMAN], kind="turn_based")
    live.create(seats=[HUMAN, HUMAN])
    assert created["table"]["kind"] == "turn_based"
    assert created["table"]["move_time"] == 86400
    kinds = {t["id"]: t["kind"] for t in live.http.get("/api/tables").json()["tables"]}
    assert sorted(kinds.values()) == ["live", "turn_based"]
    assert kinds[created["id"]] == "turn_based"


def test_the_people_wait_on_and_the_time_starts_again(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, away_grace=1)
    table_id, tokens = _table(live)
    _bid_and_wait(live, clock, table_id, tokens)
    mine = _state_of(live, table_id, tokens[0])
    assert mine["choices"] == ["wait", "bot", "end"]
    assert mine["table"]["seats"][1]["overdue"] is True
    assert _state_of(live, table_id)["choices"] == []
    assert "1" not in mine["deadlines"]
    answer = _choose(live, table_id, tokens[0], 1, "wait")
    assert answer.status_code == 200, answer.text
    waited = answer.json()
    assert waited["overdue"] == [] and waited["choices"] == []
    assert waited["deadlines"]["1"] == pytest.approx(clock.now + HOUR)
    refused = _choose(live, table_id, tokens[0], 1, "end")
    assert refused.status_code == 409
    assert refused.json() == {
        "type": "error",
        "code": "not_overdue",
        "message": "Player 2 still has time to move",
    }
    assert not _state_of(live, table_id)["table"]["finished"]


def test_the_people_let_a_bot_play_the_seat_until_its_person_is_back(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock)
    table_id, tokens = _table(live)
    watcher = live.join(table_id)
    _bid_and_wait(live, clock, table_id, tokens)
    spectator = live.http.post(f"/api/tables/{table_id}/timeout", json={"seat": 1, "choice": "bot"})
    assert spectator.status_code == 401
    watcher.send({"type": "timeout", "seat": 1, "choice": "bot"})
    assert watcher.error()["code"] == "spectator"
    client = live.join(table_id, tokens[0])
    client.send({"type": "timeout", "seat": 1, "choice": "bot"})
    played = client.until(lambda m: _state(m) and _bid(m["view"]["bids"][1]))
    assert played["table"]["seats"][1]["away"] == "timeout"
    back = live.join(table_id, tokens[1])
    state = back.until(_state)
    assert state["table"]["seats"][1]["away"] is None


def test_the_people_end_the_game_early_and_nobody_wins(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock)
    table_id, tokens = _table(live)
    _bid_and_wait(live, clock, table_id, tokens)
    answer = _choose(live, table_id, tokens[1], 1, "end")
    assert answer.status_code == 200, answer.text
    final = answer.json()
    assert final["table"]["finished"] and final["table"]["ended_early"]
    assert final["result"]["ended_early"] is True
    assert final["result"]["winners"] == []
    move = live.http.post(
        f"/api/tables/{table_id}/moves", json={"action": 6}, headers=auth(tokens[1])
    )
    assert move.status_code == 409 and move.json()["code"] == "game_over"
    [listed] = live.http.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert (listed["id"], listed["ended_early"], listed["winners"]) == (table_id, True, [])
    assert live.http.get("/api/tables").json()["tables"] == []
    total = final["step"]
    frame = live.http.get(f"/api/tables/{table_id}/replay/{total}").json()
    assert frame["result"]["ended_early"] is True
    assert frame["table"]["ended_early"] is True
    assert live.http.get(f"/api/tables/{table_id}/replay/0").json()["result"] is None


def test_a_deadline_that_passes_while_the_server_is_down_is_found_at_restart(
    live_factory: Any,
) -> None:
    clock = FakeClock()
    first = live_factory(clock=clock)
    table_id, tokens = _table(first)
    state = _until(first, table_id, lambda s: s["legal"], tokens[0])
    first.http.post(f"/api/tables/{table_id}/moves", json={"action": 6}, headers=auth(tokens[0]))
    deadline = _state_of(first, table_id)["deadlines"]["1"]
    assert deadline == pytest.approx(clock.now + HOUR)
    first.stop()

    clock.advance(HOUR / 2)
    second = live_factory(clock=clock)
    waited = _state_of(second, table_id)
    assert waited["deadlines"]["1"] == deadline
    assert waited["overdue"] == []
    assert waited["step"] == state["step"] + 1
    second.stop()

    clock.advance(HOUR)
    third = live_factory(clock=clock)
    overdue = _state_of(third, table_id, tokens[0])
    assert overdue["overdue"] == [1]
    assert overdue["choices"] == ["wait", "bot", "end"]
    bot = _choose(third, table_id, tokens[0], 1, "bot")
    assert bot.status_code == 200, bot.text
    third.stop()

    fourth = live_factory(clock=clock)
    again = _until(fourth, table_id, lambda s: _bid(s["view"]["bids"][1]))
    assert again["table"]["seats"][1]["away"] == "timeout"


def test_nobody_at_a_turn_based_table_is_no_reason_for_a_stand_in(live_factory: Any) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, away_grace=1)
    table_id, tokens = _table(live)
    clients = [live.join(table_id, token) for token in tokens]
    clients[0].my_turn()
    clients[0].move(6)
    clients[1].until(lambda m: _state(m) and m["view"]["bids"][0] is True)
    clients[1].close()
    for _ in range(30):
        clock.advance(60, live)
    state = _state_of(live, table_id)
    assert state["table"]["seats"][1]["away"] is None
    assert state["view"]["bids"][1] is False
    assert state["overdue"] == [] and not state["table"]["paused"]


@pytest.mark.parametrize("game", ["peranakan", "te_kuiti", "nasi_lemak", "mooncake"])
def test_each_game_ended_early_has_a_result_and_its_statistics(
    live_factory: Any, game: str
) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, unjoined_expiry=2 * HOUR)
    created = live.create(game, [HUMAN, HUMAN], kind="turn_based", move_time=HOUR)
    table_id, token = created["id"], created["seats"][0]["token"]
    waiting = _until(live, table_id, lambda s: s["active"])
    clock.advance(HOUR + 1, live)
    overdue = _until(live, table_id, lambda s: s["overdue"])
    assert overdue["overdue"] == waiting["active"]
    answer = _choose(live, table_id, token, overdue["overdue"][0], "end")
    assert answer.status_code == 200, answer.text
    result = answer.json()["result"]
    assert result["ended_early"] and result["winners"] == [] and result["unit"]
    assert result["statistics"] and all(len(r["values"]) == 2 for r in result["statistics"])
    frame = live.http.get(f"/api/tables/{table_id}/replay/{answer.json()['step']}").json()
    assert frame["result"] == {**result, "lines": frame["result"]["lines"]}


def test_no_answer_shows_a_step_whose_deadlines_are_not_stored_yet(live: Any) -> None:
    """A step is applied before its turn-based deadlines are stored: an answer given in
    between would show a deadline that a crash then loses, so answers wait for the store."""
    created = live.create("te_kuiti", [HUMAN, HUMAN], kind="turn_based", move_time=HOUR)
    table_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    before = _until(live, table_id, lambda state: bool(state["active"]), tokens[0])
    seat = before["active"][0]
    mine = _state_of(live, table_id, tokens[seat])
    room = live.app.state.lobby.open[table_id]
    gate, held = threading.Event(), threading.Event()
    real_write = room.services.commits.write

    async def slow_turns(move: Any) -> None:
        if move.turns is not None and move.move is None and not gate.is_set():
            held.set()
            await asyncio.get_running_loop().run_in_executor(None, gate.wait)
        await real_write(move)

    room.services.commits.write = slow_turns
    body = {"action": mine["legal"][0]["action"], "step": mine["step"]}
    mover = threading.Thread(
        target=live.http.post,
        args=(f"/api/tables/{table_id}/moves",),
        kwargs={"json": body, "headers": auth(tokens[seat])},
    )
    mover.start()
    assert held.wait(WAIT), "the move's deadlines were never stored"
    answered: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: answered.append(_state_of(live, table_id)))
    reader.start()
    reader.join(2.0)
    shown_early = list(answered)
    gate.set()
    mover.join(WAIT)
    reader.join(WAIT)
    assert shown_early == [], "a state was answered while its step's deadlines were unstored"
    assert answered[0]["step"] > mine["step"]
