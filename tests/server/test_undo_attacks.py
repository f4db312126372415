"""Take-backs under attack: a flood is held to the message budget, the store and the room agree
after any race with a bot, and a table of many take-backs reloads exactly."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from meja.server.storage import TAKE_BACK, SqlStorage

HUMAN = {"kind": "human"}


def _take_backs(tmp_path: Path, table_id: str) -> int:
    store = SqlStorage(f"sqlite:///{tmp_path / 'meja.db'}")
    stored = store.load_table(table_id)
    store.close()
    assert stored is not None
    return sum(1 for move in stored.moves if move.action == TAKE_BACK)


def test_an_undo_flood_is_held_to_the_message_budget(
    live_factory: Any, people: Any, tmp_path: Path
) -> None:
    live = live_factory(message_rate=5.0, message_burst=10)
    table = people(live, "peranakan", 2)
    seat, _, answer = table.play_until_undoable(random.Random(8))
    client = live.join(table.id, table.tokens[seat])
    for _ in range(60):
        client.undo()
    # Every undo is answered: refused with an error, or taken (stored, then a new state).
    codes: dict[str, int] = {}
    while sum(codes.values()) + _take_backs(tmp_path, table.id) < 60:
        message = client.receive()
        if message["type"] == "error":
            codes[message["code"]] = codes.get(message["code"], 0) + 1
    assert codes["rate_limited"] >= 45
    accepted = _take_backs(tmp_path, table.id)
    assert 1 <= accepted <= 2
    assert codes.get("cannot_undo", 0) == 60 - codes["rate_limited"] - accepted
    assert set(codes) <= {"rate_limited", "cannot_undo"}
    assert table.state(seat)["step"] == answer["step"] + accepted


def test_a_table_played_back_and_forth_reloads_exactly(
    live_factory: Any, people: Any, tmp_path: Path
) -> None:
    """A move and its take-back sent 150 times as fast as the socket goes, without waiting for
    answers: every one is stored, and the store rebuilds the very same table."""
    live = live_factory(message_rate=1000.0, message_burst=1000)
    table = people(live, "nasi_lemak", 2)
    seat, _, answer = table.play_until_undoable(random.Random(9))
    client = live.join(table.id, table.tokens[seat])
    _, action = live.app.state.lobby.open[table.id].state.history[-1]
    for _ in range(150):
        client.undo()
        client.move(action)
    client.send({"type": "ping"})
    while (message := client.receive())["type"] != "pong":
        assert message["type"] != "error", message
    seen, step = table.seen(), table.state(seat)["step"]
    assert step == answer["step"] + 300
    assert _take_backs(tmp_path, table.id) == 150
    logs = {viewer: table.state(viewer)["log"] for viewer in seen}
    live.stop()

    began = time.monotonic()
    again = live_factory()
    reloaded = time.monotonic() - began
    table.endpoint, table.http = again, again.http
    assert table.seen() == seen
    assert table.state(seat)["step"] == step
    assert {viewer: table.state(viewer)["log"] for viewer in seen} == logs
    assert reloaded < 10


class SlowBot:
    """A bot that thinks for a while before each choice, so people move meanwhile."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.asked_at: list[int] = []
        """The length of the history each choice was asked for."""

    def choose(self, state: Any, player: int, rng: Any) -> int:
        self.asked_at.append(len(state.history))
        time.sleep(0.3)
        return int(self.bot.choose(state, player, rng))


def test_take_backs_racing_a_bot_are_kept_in_order_by_the_room(
    live_factory: Any, tmp_path: Path
) -> None:
    """In Mooncake's simultaneous choices a bot thinks while the person moves and takes back:
    the bot's choice for a position that has changed is dropped and made again, a take-back
    after the bot's choice is refused, and the stored log rebuilds the same table."""
    live = live_factory()
    table = live.create("mooncake", [HUMAN, {"kind": "bot", "bot": "heuristic"}])
    room = live.app.state.lobby.open[table["id"]]
    slow = room.seats[1].bot_instance = SlowBot(room.seats[1].bot_instance)
    token = table["seats"][0]["token"]
    client = live.join(table["id"], token)

    def place_undoably(state: dict[str, Any]) -> dict[str, Any]:
        """Play a placement that may be taken back, while the bot thinks; the answer to it."""
        action = next(
            move["action"] for move in state["legal"] if _undoable_after(room, move["action"])
        )
        client.move(action, state["step"])
        return client.until(lambda m: m["type"] == "state" and m["step"] > state["step"])

    def placing(message: dict[str, Any]) -> bool:
        """Both seats place tiles at once, each free to take a placement back."""
        return message["type"] == "state" and message["view"]["phase"] == "place"

    state = client.my_turn()
    while not placing(state) or state["active"] != [0, 1]:
        client.move(state["legal"][0]["action"], state["step"])
        state = client.until(
            lambda m, step=state["step"]: m["type"] == "state" and m["step"] > step and m["legal"]
        )
    acked = place_undoably(state)
    assert acked["undo"] is True
    client.undo(acked["step"])
    undone = client.until(lambda m: m["type"] == "state" and m["step"] > acked["step"])
    assert client.log[acked["step"]]["record"] == {"undo": True, "undid": acked["step"] - 1}
    assert undone["undo"] is False
    client.until(lambda m: m["type"] == "state" and any(e["player"] == 1 for e in m["log"]))
    twice = [length for length in slow.asked_at if slow.asked_at.count(length) > 1]
    assert twice, "the bot's choice for a position that changed was not dropped"

    state = client.until(lambda m: placing(m) and m["active"] == [0, 1])
    acked = place_undoably(state)
    assert acked["undo"] is True
    client.until(lambda m: m["type"] == "state" and m["log"] and m["log"][-1]["player"] == 1)
    client.undo()
    error = client.error()
    assert (error["code"], error["message"]) == (
        "cannot_undo",
        "cannot take back: another player has moved since",
    )
    auth = {"authorization": f"Bearer {token}"}
    url = f"/api/tables/{table['id']}/state"
    before = live.http.get(url, headers=auth).json()
    live.stop()
    again = live_factory()
    after = again.http.get(url, headers=auth).json()
    assert after["log"][: len(before["log"])] == before["log"]
    assert _take_backs(tmp_path, table["id"]) == 1


def _undoable_after(room: Any, action: int) -> bool:
    trial = room.state.clone()
    trial.apply(action, 0)
    return bool(trial.undoable(0))
