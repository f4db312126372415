"""Taking a move back: allowed exactly when the rules say, stored like a move, told to every
viewer in the same few words, and refused with the rules' reason otherwise, changing nothing."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from meja.core import GameRecord
from meja.server.protocol import ApiError
from meja.server.storage import TAKE_BACK, MoveRow, MoveWrite, SqlStorage

WORDS_NOT_CODES = re.compile(
    r"[{}_<>]"
    r"|\bseat \d|\bSeat \d|\bplayer \d"
    r"|\bslot ?\d|\bChance:|\baction \d"
)
"""What tests/test_words.py refuses in a log line: engine codes and seats counted from 0."""

GAMES = [("peranakan", 2), ("nasi_lemak", 2), ("te_kuiti", 2), ("te_kuiti", 1), ("mooncake", 2)]
"""Every game, each with moves its mover may take back: Peranakan's steps before the refill,
Nasi Lemak's offers built card by card, Te Kuiti's fences, Mooncake's choices in secret."""


def _rows(tmp_path: Path, table_id: str) -> list[tuple[int, int, int]]:
    """The table's log as stored: (seq, player, action) in order."""
    store = SqlStorage(f"sqlite:///{tmp_path / 'meja.db'}")
    stored = store.load_table(table_id)
    store.close()
    assert stored is not None
    return [(move.seq, move.player, move.action) for move in stored.moves]


def _room(live: Any, table_id: str) -> Any:
    return live.app.state.lobby.open.get(table_id) or live.app.state.lobby._finished[table_id]


def _undoable_next(
    room: Any, seat: int, legal: list[dict[str, Any]], rng: random.Random
) -> int | None:
    """A legal move of seat after which it may still take back, found on a copy of the room's
    state (the test is the only mover, so the state holds still), or None."""
    actions = [move["action"] for move in legal]
    rng.shuffle(actions)
    for action in actions:
        trial = room.state.clone()
        trial.apply(action, seat)
        if trial.undoable(seat):
            return action
    return None


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_moves_taken_back_leave_every_viewer_where_it_was(
    live: Any, people: Any, tmp_path: Path, game: str, players: int
) -> None:
    table = people(live, game, players)
    rng = random.Random(players)
    seat, before, answer = table.play_until_undoable(rng)
    taken = [(before, answer)]
    """What everyone saw before each move to take back, and the answer to the move."""
    while len(taken) < 3:
        mine = table.state(seat)
        action = _undoable_next(_room(live, table.id), seat, mine["legal"], rng)
        if action is None:
            break
        earlier = table.seen()
        moved = table.move(seat, action, mine["step"]).json()
        assert moved["undo"] is True
        taken.append((earlier, moved))
    watchers = [live.join(table.id, token) for token in table.tokens] + [live.join(table.id)]
    for earlier, acked in reversed(taken):
        now = table.state(seat)["step"]
        undone = table.undo(seat, now)
        assert undone.status_code == 200, undone.text
        assert undone.json()["step"] == now + 1
        assert table.seen() == earlier
        undid = acked["step"] - 1
        for watcher in watchers:
            message = watcher.until(lambda m, now=now: m["type"] == "state" and m["step"] > now)
            assert message["step"] == now + 1
            assert watcher.log[now] == {
                "seq": now,
                "player": seat,
                "text": table.took_back(watcher.seat, seat),
                "named": True,
                "record": {"undo": True, "undid": undid},
            }
            assert watcher.log[undid]["player"] == seat
    rows = _rows(tmp_path, table.id)
    take_backs = [row for row in rows if row[2] == TAKE_BACK]
    assert take_backs == [
        (seq, seat, TAKE_BACK) for seq in range(len(rows) - len(taken), len(rows))
    ]
    mine = table.state(seat)
    assert mine["legal"], "the seat whose moves were taken back is to move again"
    assert table.move(seat, mine["legal"][0]["action"], mine["step"]).status_code == 200


def test_a_take_back_tells_no_viewer_anything_new(live: Any, people: Any) -> None:
    """In Mooncake every choice is secret: the others' lines of the move and of its take-back
    say no more than that it happened, and the words are the same for every other viewer."""
    table = people(live, "mooncake", 3)
    seat, _, answer = table.play_until_undoable(random.Random(5))
    step = answer["step"]
    logs = {viewer: table.state(viewer)["log"] for viewer in [0, 1, 2, None]}
    assert table.undo(seat).status_code == 200
    after = {viewer: table.state(viewer)["log"] for viewer in logs}
    for viewer, log in after.items():
        assert log[:step] == logs[viewer][:step]
        line = log[step]
        words = line["text"]
        assert re.fullmatch(r"[A-Z0-9].*[.!?]", words, re.S)
        assert not WORDS_NOT_CODES.search(words), words
        assert (line["named"], line["record"]) == (True, {"undo": True, "undid": step - 1})
        if viewer != seat:
            assert words == f"{table.names[seat]} took back a move."
            assert logs[viewer][step - 1]["named"] is False
    assert after[seat][step]["text"] == "You took back a move."


def test_refusals_give_the_rules_reason_and_change_nothing(
    live: Any, people: Any, tmp_path: Path
) -> None:
    table = people(live, "peranakan", 2)
    rng = random.Random(1)
    checked = set()
    for _ in range(400):
        public = table.waiting()
        if public["result"] or len(checked) == 2:
            break
        log = public["log"]
        movers = [entry["player"] for entry in log if entry["player"] >= 0]
        if movers and log[-1]["player"] == -1 and movers[-1] not in public["active"]:
            seat = movers[-1]
            _refused(
                table,
                tmp_path,
                seat,
                "something was drawn or turned up after your move, so it stands",
            )
            checked.add("chance")
        elif len(movers) > 1 and log[-1]["player"] >= 0 and movers[-2] != movers[-1]:
            seat = movers[-2]
            if seat not in public["active"]:
                _refused(table, tmp_path, seat, "another player has moved since")
                checked.add("other")
        seat = public["active"][0]
        mine = table.state(seat)
        table.move(seat, rng.choice(mine["legal"])["action"], mine["step"])
    assert checked == {"chance", "other"}


def _refused(table: Any, tmp_path: Path, seat: int, reason: str) -> None:
    """An undo by seat is refused for reason, and the table is as it was."""
    seen, rows = table.seen(), _rows(tmp_path, table.id)
    step = table.state(seat)["step"]
    assert table.state(seat)["undo"] is False
    refused = table.undo(seat, step)
    assert refused.status_code == 409
    assert refused.json() == {
        "type": "error",
        "code": "cannot_undo",
        "message": f"cannot take back: {reason}",
    }
    assert table.seen() == seen
    assert table.state(seat)["step"] == step
    assert _rows(tmp_path, table.id) == rows


def test_a_spectator_a_bot_and_a_finished_game_cannot_take_back(live: Any) -> None:
    table = live.create("peranakan", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    watcher = live.join(table["id"])
    watcher.until(lambda m: m["type"] == "state")
    watcher.undo()
    error = watcher.error()
    assert (error["code"], error["message"]) == (
        "spectator",
        "spectators have no moves to take back",
    )
    anonymous = live.http.post(f"/api/tables/{table['id']}/undo", json={})
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "bad_token"

    room = _room(live, table["id"])
    loop = room._driver.get_loop()
    with pytest.raises(ApiError) as refused:
        asyncio.run_coroutine_threadsafe(room.undo(1, None), loop).result(20)
    assert (refused.value.code, refused.value.status) == ("not_your_turn", 409)
    assert refused.value.message == "your seat is played by a bot"


def test_a_finished_game_cannot_be_taken_back(live: Any, people: Any) -> None:
    table = people(live, "toy", 2)
    while not (public := table.waiting())["result"]:
        seat = public["active"][0]
        table.move(seat, table.state(seat)["legal"][0]["action"])
    seen = table.seen()
    refused = table.undo(1)
    assert refused.status_code == 409
    assert refused.json() == {
        "type": "error",
        "code": "cannot_undo",
        "message": "cannot take back: the game is over",
    }
    assert table.seen() == seen


def test_an_undo_chosen_on_an_old_board_is_stale(live: Any, people: Any) -> None:
    table = people(live, "peranakan", 2)
    seat, _, answer = table.play_until_undoable(random.Random(2))
    now = answer["step"]
    for step in (now - 1, now + 1):
        refused = table.undo(seat, step)
        assert refused.status_code == 409
        assert refused.json()["code"] == "stale"
        assert f"chosen at step {step}" in refused.json()["message"]
    assert table.state(seat)["step"] == now
    assert table.undo(seat, now).status_code == 200


def test_a_take_back_that_cannot_be_stored_changes_nothing(
    live: Any, people: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = people(live, "peranakan", 2)
    seat, _, answer = table.play_until_undoable(random.Random(3))
    seen = table.seen()
    storage = live.app.state.lobby.storage

    def broken(moves: Any) -> None:
        raise sa.exc.OperationalError("INSERT", {}, Exception("disk full"))

    monkeypatch.setattr(storage, "write_moves", broken)
    refused = table.undo(seat, answer["step"])
    assert refused.status_code == 503
    assert refused.json()["code"] == "storage_error"
    assert table.seen() == seen
    assert table.state(seat)["step"] == answer["step"]
    monkeypatch.undo()
    assert table.undo(seat, answer["step"]).status_code == 200


def test_the_record_holds_the_history_as_it_stands(live: Any, people: Any) -> None:
    table = people(live, "te_kuiti", 1)
    rng = random.Random(4)
    taken = 0
    while not (public := table.waiting())["result"]:
        mine = table.state(0)
        # The first take-back offered is always taken: the deal is not seeded, and a short game
        # may offer only a few.
        if mine["undo"] and (taken == 0 or rng.random() < 0.7):
            assert table.undo(0, mine["step"]).status_code == 200
            taken += 1
            continue
        table.move(0, rng.choice(mine["legal"])["action"], mine["step"])
    assert taken > 0
    record = live.http.get(f"{table.url}/record").json()
    assert len(record["history"]) == public["step"] - 2 * taken
    final = GameRecord.from_dict(record).replay()
    assert final.scores() == public["result"]["scores"]
    listed = live.http.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert [(entry["id"], entry["winners"]) for entry in listed] == [
        (table.id, public["result"]["winners"])
    ]


def test_a_stored_take_back_the_rules_refuse_damages_the_table_at_its_step(
    live_factory: Any, tmp_path: Path
) -> None:
    live = live_factory()
    table = live.create("peranakan", [{"kind": "human"}, {"kind": "human"}])
    live.stop()
    store = SqlStorage(f"sqlite:///{tmp_path / 'meja.db'}")
    stored = store.load_table(table["id"])
    assert stored is not None
    seq = len(stored.moves)
    store.write_moves([MoveWrite(table["id"], MoveRow(seq, 1, TAKE_BACK, 7))])
    store.close()
    again = live_factory()
    answer = again.http.get(f"/api/tables/{table['id']}")
    assert answer.status_code == 404
    assert answer.json()["message"] == (
        f"table {table['id']} is damaged: table {table['id']}, step {seq}: "
        "cannot take back: you have not moved yet"
    )
