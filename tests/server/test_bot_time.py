"""Bot time is shared fairly between tables: quick bots never wait behind another table's
search, and while tables wait for the search lane each search gets only its share."""

from __future__ import annotations

import time
from typing import Any

import httpx
from tests.server.conftest import WAIT

SEARCHER = {"kind": "bot", "bot": "ismcts:seconds=2"}
HEURISTIC = {"kind": "bot", "bot": "heuristic"}
OTHER = "127.0.0.2"
"""Another client's address."""


def _steps(live: Any, table_id: str) -> int:
    return int(live.http.get(f"/api/tables/{table_id}").json()["step"])


def test_a_heuristic_table_is_not_held_up_by_other_tables_searching(live_factory: Any) -> None:
    live = live_factory(bot_threads=2, max_bot_seconds=2.0, searching_bots_per_client=100)
    for _ in range(4):
        live.create("te_kuiti", seats=[SEARCHER, SEARCHER])
    lanes = live.app.state.lobby.services.bots
    deadline = time.monotonic() + 5
    while lanes._running == 0:  # the searches hold the search lane before the quick table comes
        assert time.monotonic() < deadline, "no search started"
        time.sleep(0.01)
    quick = live.create("te_kuiti", seats=[HEURISTIC, HEURISTIC])
    began = time.monotonic()
    while _steps(live, quick["id"]) < 20 and time.monotonic() - began < 6:
        time.sleep(0.05)
    took = time.monotonic() - began
    assert _steps(live, quick["id"]) >= 20, f"20 heuristic steps took over {took:.1f} s"


def test_searches_share_the_time_while_other_tables_wait(live_factory: Any) -> None:
    live = live_factory(bot_threads=2, max_bot_seconds=2.0, searching_bots_per_client=100)
    for _ in range(6):
        live.create("te_kuiti", seats=[SEARCHER, SEARCHER])
    lanes = live.app.state.lobby.services.bots
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline and not any(share for share in lanes.shares):
        time.sleep(0.1)
    shares = [share for share in lanes.shares if share is not None]
    assert shares, "no search was cut to its share while six tables waited"
    assert all(0.5 <= share < 2.0 for share in shares), shares


def test_one_client_may_seat_only_so_many_searching_bots(live: Any) -> None:
    human = {"kind": "human"}
    slow = {"kind": "bot", "bot": "ismcts:iterations=50"}
    first = live.http.post(
        "/api/tables", json={"game": "nasi_lemak", "seats": [human, slow, slow, slow, slow, slow]}
    )
    assert first.status_code == 201, first.text
    refused = live.http.post(
        "/api/tables", json={"game": "nasi_lemak", "seats": [human, slow, slow]}
    )
    assert refused.status_code == 429, refused.text
    assert refused.json()["code"] == "too_many_bots"
    assert "\n" not in refused.json()["message"]
    assert "at most 6" in refused.json()["message"]
    cheap = live.http.post(
        "/api/tables", json={"game": "nasi_lemak", "seats": [human, HEURISTIC, HEURISTIC]}
    )
    assert cheap.status_code == 201, cheap.text
    other = httpx.Client(
        base_url=live.url, timeout=WAIT, transport=httpx.HTTPTransport(local_address=OTHER)
    )
    with other:
        elsewhere = other.post(
            "/api/tables", json={"game": "nasi_lemak", "seats": [human, slow, slow]}
        )
    assert elsewhere.status_code == 201, elsewhere.text
    assert live.http.get("/api/limits").json()["searching_bots_per_client"] == 6
