"""Finished games keep who won: stamped with the end of the game, and found for games that
ended before the store had a place for them."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from meja.core import CHANCE, State, load_game
from meja.server.storage import TAKE_BACK, MoveRow, MoveWrite, SeatRow, SqlStorage, TableRow

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database, emptied again afterwards."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'meja.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    yield url
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM meja_moves"))
        conn.execute(sa.text("DELETE FROM meja_tables"))
    engine.dispose()


def _played(game: str, players: int, seed: int) -> State:
    """A whole game of random moves."""
    rng = random.Random(seed)
    state = load_game(game).new_state(players)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(outcomes, weights)[0], CHANCE)
        else:
            state.apply(rng.choice(state.legal_actions(player)), player)
    return state


def _store_finished(storage: SqlStorage, table_id: str, state: State, **finish: Any) -> None:
    """A table whose whole game is in the store, stamped as finished."""
    seats = [SeatRow("bot", f"Bot {n + 1}", "random") for n in range(state.num_players)]
    storage.create_table(TableRow(table_id, state.game.name, state.num_players, {}, seats))
    moves = [
        MoveWrite(table_id, MoveRow(seq, player, action, 0))
        for seq, (player, action) in enumerate(state.history)
    ]
    storage.write_moves([*moves, MoveWrite(table_id, None, finishes=True, **finish)])


def test_the_end_of_a_game_is_stored_with_its_winners(db_url: str) -> None:
    storage = SqlStorage(db_url)
    _store_finished(storage, "won", _played("te_kuiti", 2, 1), winners=(1,))
    _store_finished(storage, "lost", _played("te_kuiti", 1, 1), winners=())
    rows = {row.id: row for row in storage.finished_page(None, None, 10)}
    assert rows["won"].winners == [1]
    assert rows["lost"].winners == []
    storage.close()


def test_a_finished_game_is_listed_with_its_winners_and_when_it_ended(
    live: Any, tmp_path: Path
) -> None:
    began = time.time()
    table = live.create("te_kuiti", seats=BOTS)
    final = live.join(table["id"]).until(lambda m: m["type"] == "state" and m["result"])
    winners = final["result"]["winners"]
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'meja.db'}")
    with engine.connect() as conn:
        stored = conn.execute(
            sa.text("SELECT winners FROM meja_tables WHERE id = :id"), {"id": table["id"]}
        ).scalar()
    engine.dispose()
    assert json.loads(stored) == winners
    [entry] = live.http.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert entry["id"] == table["id"]
    assert entry["winners"] == winners
    assert began <= entry["finished_at"] <= time.time()


def test_a_store_from_before_winners_opens_and_lists_them(db_url: str, live_factory: Any) -> None:
    """An old store lacks the column: opening it adds it, and listing replays the games that
    ended without winners, once."""
    games = {"a": _played("te_kuiti", 2, 3), "b": _played("mooncake", 3, 4)}
    storage = SqlStorage(db_url)
    for table_id, state in games.items():
        _store_finished(storage, table_id, state)
    with storage.engine.begin() as conn:
        conn.execute(sa.text("ALTER TABLE meja_tables DROP COLUMN winners"))
    storage.close()
    live = live_factory(db_url=db_url)
    listed = live.http.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert {t["id"]: t["winners"] for t in listed} == {
        table_id: state.winners() for table_id, state in games.items()
    }
    reopened = SqlStorage(db_url)
    assert {row.id: row.winners for row in reopened.finished_page(None, None, 10)} == {
        table_id: state.winners() for table_id, state in games.items()
    }
    reopened.close()


def test_winners_are_found_from_a_log_with_take_backs(db_url: str, live_factory: Any) -> None:
    """A game that ended without its winners stored is replayed without its moves taken back;
    one whose log takes back what was never played is listed without winners."""
    state = _played("peranakan", 2, 5)
    history = state.history
    log: list[tuple[int, int]] = []
    for index, (player, action) in enumerate(history):
        log.append((player, action))
        if player >= 0 and index + 1 < len(history) and history[index + 1][0] == player:
            log += [(player, TAKE_BACK), (player, action)]
    assert len(log) > len(history)
    storage = SqlStorage(db_url)
    seats = [SeatRow("bot", f"Bot {n + 1}", "random") for n in range(2)]
    for table_id, rows in (("kept", log), ("broken", [(0, TAKE_BACK), *history])):
        storage.create_table(TableRow(table_id, "peranakan", 2, {}, seats))
        moves = [
            MoveWrite(table_id, MoveRow(seq, player, action, 0))
            for seq, (player, action) in enumerate(rows)
        ]
        storage.write_moves([*moves, MoveWrite(table_id, None, finishes=True)])
    storage.close()
    live = live_factory(db_url=db_url)
    listed = live.http.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert {t["id"]: t["winners"] for t in listed} == {"kept": state.winners(), "broken": None}
