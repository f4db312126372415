"""Simultaneous commitments, reconnection, and bots standing in for absent players."""

from __future__ import annotations

from typing import Any

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}


def _state(message: dict[str, Any]) -> bool:
    return message["type"] == "state"


def test_simultaneous_commitments_in_any_order_stay_secret(live: Any) -> None:
    table = live.create(seats=[HUMAN, HUMAN, HUMAN])
    tokens = [seat["token"] for seat in table["seats"]]
    clients = [live.join(table["id"], token) for token in tokens]
    states = [client.my_turn() for client in clients]
    assert all(state["active"] == [0, 1, 2] for state in states)
    clients[2].move(7)
    clients[0].until(lambda m: _state(m) and m["step"] == 4)
    clients[1].move(6)
    seen = clients[0].until(lambda m: _state(m) and m["step"] == 5)
    assert seen["active"] == [0]
    assert seen["view"]["bids"] == [None, True, True]
    assert [(entry["text"], entry["named"]) for entry in seen["log"]] == [("bid", False)]
    mine = clients[2].until(lambda m: _state(m) and m["step"] == 5)
    assert mine["view"]["bids"] == [False, True, 1]
    assert [entry["text"] for entry in clients[2].log[3:]] == ["bid high", "bid"]
    clients[0].move(6)
    resolved = clients[1].until(lambda m: _state(m) and m["step"] == 6)
    assert resolved["view"]["bids"] == [0, 0, 1]
    assert resolved["active"] == [0]


def test_a_dropped_player_reconnects_and_gets_everything_back(live_factory: Any) -> None:
    live = live_factory(away_grace=3600)
    table = live.create(seats=[HUMAN, BOT])
    token = table["seats"][0]["token"]
    client = live.join(table["id"], token)
    before = client.until(lambda m: _state(m) and m["step"] == 3)
    assert before["legal"]
    client.close()
    again = live.join(table["id"], token)
    state = again.until(_state)
    assert state["step"] == before["step"]
    assert state["view"] == before["view"]
    assert state["legal"] == before["legal"]
    assert again.log == client.log
    assert state["table"]["seats"][0]["away"] is None
    while not state["result"]:
        again.move(state["legal"][0]["action"], state["step"])
        state = again.my_turn()
    assert state["table"]["finished"]


def test_a_player_who_leaves_is_played_by_a_bot_until_they_return(live_factory: Any) -> None:
    live = live_factory(away_grace=0)
    table = live.create(seats=[HUMAN, HUMAN])
    tokens = [seat["token"] for seat in table["seats"]]
    stay = live.join(table["id"], tokens[0])
    leave = live.join(table["id"], tokens[1])
    stay.my_turn()
    leave.my_turn()
    leave.close()
    away = stay.until(lambda m: _state(m) and m["table"]["seats"][1]["away"] == "left")
    assert away["table"]["seats"][1]["connected"] is False
    bid = stay.until(lambda m: _state(m) and m["view"]["bids"][1] is True)
    assert bid["table"]["seats"][1]["away"] == "left"
    back = live.join(table["id"], tokens[1])
    state = back.until(_state)
    assert state["table"]["seats"][1]["away"] is None
    shown = stay.until(lambda m: _state(m) and m["table"]["seats"][1]["away"] is None)
    assert shown["table"]["seats"][1]["connected"] is True


def test_a_player_whose_clock_runs_out_is_played_by_a_bot(live: Any) -> None:
    table = live.create(seats=[HUMAN, BOT], clock=0.3)
    token = table["seats"][0]["token"]
    client = live.join(table["id"], token)
    state = client.my_turn()
    assert 0 < state["clock"]["0"] <= 0.3
    away = client.until(lambda m: _state(m) and m["table"]["seats"][0]["away"] == "clock")
    assert away["clock"] == {}
    moved = client.until(lambda m: _state(m) and m["view"]["bids"][0] is not None)
    assert moved["table"]["seats"][0]["away"] == "clock"
    client.send({"type": "back"})
    back = client.until(lambda m: _state(m) and m["table"]["seats"][0]["away"] is None)
    assert back["table"]["seats"][0]["connected"] is True
    # The stand-ins may finish this short game before "back" arrives; then back is the end.
    final = back if back["result"] else client.until(lambda m: _state(m) and m["result"])
    assert final["table"]["finished"]


def test_spectators_see_no_hidden_card_and_no_hidden_move(live: Any) -> None:
    table = live.create(seats=[HUMAN, HUMAN])
    tokens = [seat["token"] for seat in table["seats"]]
    players = [live.join(table["id"], token) for token in tokens]
    watcher = live.join(table["id"])
    for client in players:
        client.my_turn()
        client.move(6)
    players[0].my_turn()
    players[0].move(9)
    players[1].my_turn()
    players[1].move(8)
    final = watcher.until(lambda m: _state(m) and m["result"] is not None)
    assert final["result"]["scores"][0] == 0
    for message in watcher.received[:-1]:
        if message["type"] == "state":
            assert message["view"]["cards"][0] is None
            assert all(
                e["text"].startswith("deal a card") for e in message["log"] if e["player"] == -1
            )
    assert all(entry["text"] for entry in final["log"])
