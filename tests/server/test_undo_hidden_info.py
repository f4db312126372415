"""Whole random games with take-backs: every message to every seat and the spectator is what
the rules allow it at that position of the log, rebuilt here from the stored log alone.

The take-backs are the seats' own, made whenever a state offers one (and refused ones are
tried too); the log's take-back lines must say the same to every viewer but the mover, and a
move taken back keeps, once the game is over, the words each viewer was told at the time.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest

from meja.core import State, load_game
from meja.core.told import say, told_in_full
from meja.server.storage import TAKE_BACK, MoveRow, SqlStorage

GAMES = [("peranakan", 2), ("nasi_lemak", 2), ("te_kuiti", 1), ("te_kuiti", 2), ("mooncake", 2)]


def _collect(client: Any) -> None:
    """Read messages until the final state arrives."""
    while not (client.state and client.state["result"]):
        client.receive()


def _positions(game: str, players: int, rows: list[MoveRow]) -> tuple[list[State], dict[int, int]]:
    """The state at every position of the log, and the entry each take-back took back."""
    state = load_game(game).new_state(players)
    states, standing, undid = [state], [], {}
    for row in rows:
        if row.action == TAKE_BACK:
            undid[row.seq] = standing.pop()
            state = state.undone(row.player)
        else:
            standing.append(row.seq)
            state = state.clone()
            state.apply(row.action, row.player)
        states.append(state)
    return states, undid


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_no_message_of_a_game_with_take_backs_shows_more_than_the_rules_allow(
    live: Any, people: Any, tmp_path: Path, game: str, players: int
) -> None:
    table = people(live, game, players)
    clients = [live.join(table.id, token) for token in table.tokens] + [live.join(table.id)]
    readers = [threading.Thread(target=_collect, args=(client,)) for client in clients]
    for reader in readers:
        reader.start()
    rng = random.Random(players + 20)
    taken = refused = 0
    while not (public := table.waiting())["result"]:
        seat = rng.choice(public["active"])
        mine = table.state(seat)
        if mine["undo"] and rng.random() < 0.5:
            assert table.undo(seat, mine["step"]).status_code == 200
            taken += 1
            continue
        other = rng.randrange(players)
        if rng.random() < 0.1 and not table.state(other)["undo"]:
            answer = table.undo(other)
            assert (answer.status_code, answer.json()["code"]) == (409, "cannot_undo")
            refused += 1
        table.move(seat, rng.choice(mine["legal"])["action"], mine["step"])
    for reader in readers:
        reader.join(60)
    # A solo Te Kuiti game may offer nothing to take back (only a ram's fence can be).
    assert refused and (taken or players == 1)
    store = SqlStorage(f"sqlite:///{tmp_path / 'meja.db'}")
    stored = store.load_table(table.id)
    store.close()
    assert stored is not None
    rows = stored.moves
    states, undid = _positions(game, players, rows)
    for client in clients:
        _check_messages(client, table.names, rows, states, undid)


def _check_messages(
    client: Any, names: list[str], rows: list[MoveRow], states: list[State], undid: dict[int, int]
) -> None:
    """Every state message client received against the state at its position."""
    seat = client.seat
    taken_back = set(undid.values())
    checked = 0
    for message in client.received:
        if message["type"] != "state":
            continue
        state = states[message["step"]]
        finished = message["result"] is not None
        assert message["view"] == state.view(seat)
        mine = seat is not None and seat in state.active_players()
        assert [move["action"] for move in message["legal"]] == (
            state.legal_actions(seat) if mine else []
        )
        history = state.history
        may = seat is not None and bool(history) and history[-1][0] == seat
        assert message["undo"] is (may and state.undoable(seat))
        for entry in message["log"]:
            seq = entry["seq"]
            row = rows[seq]
            if row.action == TAKE_BACK:
                who = "You" if seat == row.player else names[row.player]
                assert entry == {
                    "seq": seq,
                    "player": row.player,
                    "text": f"{who} took back a move.",
                    "named": True,
                    "record": {"undo": True, "undid": undid[seq]},
                }
            elif finished and seq not in taken_back:
                words = say(told_in_full(states[seq], row.player, row.action).text, seat, names)
                assert (entry["text"], entry["named"]) == (words, True)
            else:
                told = states[seq].told(row.player, row.action, seat)
                words = say(told.text, seat, names)
                assert (entry["text"], entry["named"]) == (words, told.action is not None)
                assert entry["record"] == dict(told.record)
            checked += 1
    assert checked >= len(rows)
