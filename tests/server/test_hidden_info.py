"""Over whole random games of every game, no message to a seat shows what that seat cannot see.

Every seat and a spectator are connected by websocket while random moves are sent over HTTP.
Each message a seat received is then checked against the game replayed from its record: the
view and the legal moves must be exactly what that seat is entitled to, which we test by
redrawing everything hidden from the seat (State.resample) and requiring the same message. The
move log carries, for every step, exactly the words the game declares for that viewer
(State.told, proved against resample by tests/test_told.py), until the game is over.
"""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest

from meja.core import CHANCE, GameRecord, State, list_games
from meja.core.told import say

HIDDEN_HANDS = {"mooncake", "nasi_lemak"}
"""Games with cards or tiles in hand that other seats must not see."""
PUBLIC_MOVES = {"peranakan", "nasi_lemak", "te_kuiti"}
"""Games where some moves of other seats may be named (in Mooncake every choice is secret)."""

GAMES = [
    (game.name, n)
    for game in list_games()
    for n in sorted({game.min_players, min(game.max_players, 4)})
]


def _collect(client: Any, done: threading.Event) -> None:
    """Read messages until the final state arrives."""
    while not done.is_set():
        message = client.receive()
        if message["type"] == "state" and message["result"]:
            return


def _play_randomly(
    live: Any, game: str, players: int, seed: int
) -> tuple[dict[str, Any], list[Any]]:
    """Play a random game over HTTP with every seat and a spectator listening."""
    table = live.create(game, [{"kind": "human"}] * players)
    tokens = [seat["token"] for seat in table["seats"]]
    clients = [live.join(table["id"], token) for token in tokens] + [live.join(table["id"])]
    done = threading.Event()
    readers = [threading.Thread(target=_collect, args=(c, done)) for c in clients]
    for reader in readers:
        reader.start()
    rng = random.Random(seed)
    moves = f"/api/tables/{table['id']}/moves"
    while True:
        public = live.http.get(f"/api/tables/{table['id']}/state").json()
        if public["result"]:
            break
        if not public["active"]:
            continue
        seat = rng.choice(public["active"])
        auth = {"authorization": f"Bearer {tokens[seat]}"}
        mine = live.http.get(f"/api/tables/{table['id']}/state", headers=auth).json()
        if not mine["legal"]:
            continue
        choice = rng.choice(mine["legal"])["action"]
        live.http.post(moves, json={"action": choice, "step": mine["step"]}, headers=auth)
    for reader in readers:
        reader.join(60)
    done.set()
    record = live.http.get(f"/api/tables/{table['id']}/record").json()
    return record, clients


def _names(message: dict[str, Any]) -> list[str]:
    """The seats' names at the table, as the server words the log with them."""
    return [seat["name"] for seat in message["table"]["seats"]]


def _comparable(state: State, seat: int | None) -> str:
    """What the server derives from the state for seat: its view, its moves, whose turn it is."""
    legal = state.legal_actions(seat) if seat is not None and seat in state.active_players() else []
    texts = [state.action_to_str(a, seat) for a in legal]
    turn = [state.current_player(), state.active_players()]
    return json.dumps([state.view(seat), legal, texts, turn], sort_keys=True)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_no_message_shows_a_seat_what_it_cannot_see(live: Any, game: str, players: int) -> None:
    record, clients = _play_randomly(live, game, players, seed=players)
    states = GameRecord.from_dict(record).states()
    history = record["history"]
    rng = random.Random(0)
    redrawn = named = 0
    for client in clients[:-1]:
        seat = client.seat
        for message in client.received:
            if message["type"] != "state" or message["result"]:
                continue
            state = states[message["step"]]
            assert message["view"] == state.view(seat)
            other = state.resample(seat, rng)
            redrawn += other.position() != state.position()
            assert _comparable(other, seat) == _comparable(state, seat)
            for entry in message["log"]:
                player, action = history[entry["seq"]]
                told = states[entry["seq"]].told(player, action, seat)
                words = say(told.text, seat, _names(message))
                assert (entry["text"], entry["named"]) == (words, told.action is not None)
                named += player not in (seat, CHANCE) and entry["named"]
    watcher = clients[-1]
    for message in watcher.received:
        if message["type"] == "state" and not message["result"]:
            assert message["view"] == states[message["step"]].view(None)
            for entry in message["log"]:
                player, action = history[entry["seq"]]
                told = states[entry["seq"]].told(player, action, None)
                assert entry["text"] == say(told.text, None, _names(message))
    if game in HIDDEN_HANDS:
        assert redrawn > 0, "no redraw changed anything: the check above proved nothing"
    if game in PUBLIC_MOVES and players > 1:
        assert named > 0, "no move of another seat was named: the log check proved nothing"
    if game == "te_kuiti":
        _check_face_down_tiles(clients, states)


def _check_face_down_tiles(clients: list[Any], states: list[State]) -> None:
    """A Te Kuiti tile that is face down shows as face down to everyone, even once seen."""
    checked = 0
    for client in clients:
        for message in client.received:
            if message["type"] != "state" or message["result"]:
                continue
            cells = states[message["step"]].position()["cells"]
            for index, cell in enumerate(cells):
                if cell.startswith("down"):
                    assert message["view"]["cells"][index] == "down"
                    checked += cell != "down ?"
    assert checked > 0, "no face-down tile had been seen before: nothing was checked"
