"""The lobby's lists: tables in play and finished ones, newest first, a page at a time, by game."""

from __future__ import annotations

from typing import Any

import pytest

HUMAN = {"kind": "human"}
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
OPEN_KEYS = {"id", "game", "title", "num_players", "seats", "created_at", "kind", "step"}
FINISHED_KEYS = OPEN_KEYS - {"step"} | {"finished_at", "winners", "ended_early"}


def _pages(live: Any, **params: Any) -> list[list[dict[str, Any]]]:
    """Every page of a list, following next until it is null."""
    pages = []
    for _ in range(20):
        answer = live.http.get("/api/tables", params=params)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert set(body) == {"tables", "next"}
        pages.append(body["tables"])
        if body["next"] is None:
            return pages
        params = {**params, "cursor": body["next"]}
    raise AssertionError(f"the list never ends: {_ids(pages)[:3]}")


def _ids(pages: list[list[dict[str, Any]]]) -> list[list[str]]:
    return [[table["id"] for table in page] for page in pages]


def _finished(live: Any, game: str = "toy") -> str:
    """A table of bots played to its end."""
    table = live.create(game, seats=BOTS)
    live.join(table["id"]).until(lambda m: m["type"] == "state" and m["result"] is not None)
    return str(table["id"])


def test_tables_in_play_come_newest_first_a_page_at_a_time(live: Any) -> None:
    made = [live.create() for _ in range(5)]
    live.join(made[4]["id"], made[4]["seats"][0]["token"]).my_turn()
    ids = [table["id"] for table in made]
    pages = _pages(live, limit=2)
    assert _ids(pages) == [ids[4:2:-1], ids[2:0:-1], ids[:1]]
    entry = pages[0][0]
    assert set(entry) == OPEN_KEYS
    assert (entry["game"], entry["title"], entry["num_players"], entry["step"]) == (
        "toy",
        "Toy Cards",
        2,
        2,
    )
    assert entry["seats"] == [
        {"name": "Player 1", "kind": "human", "bot": None, "connected": True},
        {"name": "Player 2", "kind": "human", "bot": None, "connected": False},
    ]
    assert _ids(_pages(live)) == [ids[::-1]]


def test_a_table_made_meanwhile_does_not_shift_the_next_page(live: Any) -> None:
    made = [live.create()["id"] for _ in range(4)]
    first = live.http.get("/api/tables", params={"limit": 2}).json()
    assert [t["id"] for t in first["tables"]] == made[:1:-1]
    newer = live.create()["id"]
    second = live.http.get("/api/tables", params={"limit": 2, "cursor": first["next"]}).json()
    assert [t["id"] for t in second["tables"]] == made[1::-1]
    assert second["next"] is None
    assert live.http.get("/api/tables", params={"limit": 1}).json()["tables"][0]["id"] == newer


def test_the_list_holds_no_token(live: Any) -> None:
    table = live.create()
    listed = live.http.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    assert all(seat["token"] not in str(listed) for seat in table["seats"])


def test_a_list_of_one_game(live: Any) -> None:
    toys = [live.create()["id"] for _ in range(3)]
    kuiti = [live.create("te_kuiti", seats=[HUMAN, HUMAN])["id"] for _ in range(2)]
    assert _ids(_pages(live, game="te_kuiti", limit=1)) == [[kuiti[1]], [kuiti[0]]]
    assert _ids(_pages(live, game="toy", limit=2)) == [toys[:0:-1], toys[:1]]
    assert _ids(_pages(live, game="mooncake")) == [[]]


def test_finished_tables_leave_the_list_in_play_for_the_finished_one(live: Any) -> None:
    playing = live.create()["id"]
    done = [_finished(live) for _ in range(3)]
    assert _ids(_pages(live)) == [[playing]]
    pages = _pages(live, status="finished", limit=2)
    assert _ids(pages) == [done[:0:-1], done[:1]]
    entry = pages[0][0]
    assert set(entry) == FINISHED_KEYS
    assert entry["seats"] == [
        {"name": "Bot 1", "kind": "bot", "bot": "random"},
        {"name": "Bot 2", "kind": "bot", "bot": "random"},
    ], "the list names each bot seat's bot, as the lobby shows its level"
    assert entry["finished_at"] >= entry["created_at"]
    kuiti = _finished(live, "te_kuiti")
    assert _ids(_pages(live, status="finished", game="te_kuiti")) == [[kuiti]]


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("limit=0", "limit: Input should be greater than or equal to 1"),
        ("limit=101", "limit: Input should be less than or equal to 100"),
        ("limit=many", "limit: Input should be a valid integer"),
        ("status=closed", "status: Input should be 'open' or 'finished'"),
        ("game=chess", "game: unknown game 'chess'"),
        ("cursor=not-a-cursor", "cursor: not a cursor this server gave out"),
        ("cursor=" + "x" * 201, "cursor: String should have at most 200 characters"),
    ],
)
def test_bad_list_parameters_are_refused_in_one_line(live: Any, query: str, words: str) -> None:
    live.create()
    answer = live.http.get(f"/api/tables?{query}")
    assert answer.status_code == 400
    error = answer.json()
    assert error["code"] == "bad_request"
    assert error["message"].startswith(words)
    assert "\n" not in error["message"]


def test_a_cursor_of_one_list_is_refused_by_the_other(live: Any) -> None:
    for _ in range(2):
        live.create()
    cursor = live.http.get("/api/tables", params={"limit": 1}).json()["next"]
    answer = live.http.get("/api/tables", params={"status": "finished", "cursor": cursor})
    assert (answer.status_code, answer.json()["code"]) == (400, "bad_request")
    assert "continues the open list" in answer.json()["message"]
