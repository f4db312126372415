"""Seat names: hidden, control and text-direction characters are refused, and so are the names
the table gives ("You", "Bot <n>"), in one line that changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

HOSTILE = [
    "evil\u202eevil",  # right-to-left override: "evil" shows as "live"
    "a\u202ab",
    "a\u202bb",
    "a\u202cb",
    "a\u202db",
    "a\u2066b",
    "a\u2067b",
    "a\u2068b",
    "a\u2069b",
    "a\u200eb",
    "a\u200fb",
    "zero\u200bwidth",
    "bom\ufeff",
    "soft\u00adhyphen",
    "bell\x07",
    "line\nbreak",
    "tab\tin",
    "nul\x00",
    "del\x7f",
    "c1\x85",
    "line\u2028sep",
    "para\u2029sep",
    "private\ue000use",
    "tag\U000e0041",
]
RESERVED = [
    "You",
    "you",
    " YOU ",
    "Y o u",
    "\uff39\uff4f\uff55",
    "Bot 2",
    "bot2",
    "BOT  12",
    " b o t 3 ",
]
FINE = ["Mei", "Younes", "Bot", "Robot 2", "Bot two", "Zoë", "李明", "مريم", "A  B"]


def _create(live: Any, name: str, kind: str = "human") -> Any:
    seat = {"kind": kind, "name": name}
    if kind == "bot":
        seat["bot"] = "random"
    body = {"game": "toy", "seats": [seat, {"kind": "human"}]}
    return live.http.post("/api/tables", json=body)


def _tables(live: Any) -> int:
    return len(live.app.state.lobby.open)


@pytest.mark.parametrize("name", HOSTILE + RESERVED)
def test_a_hostile_or_reserved_name_is_refused_in_one_line(live: Any, name: str) -> None:
    before = _tables(live)
    for kind in ("human", "bot"):
        response = _create(live, name, kind)
        assert response.status_code == 400, response.text
        error = response.json()
        assert error["code"] == "bad_name"
        assert error["message"].startswith("seats.0.name: ")
        assert "\n" not in error["message"] and "\u202e" not in error["message"]
    assert _tables(live) == before


@pytest.mark.parametrize("name", FINE)
def test_ordinary_names_are_seated_as_given(live: Any, name: str) -> None:
    response = _create(live, f"  {name} ")
    assert response.status_code == 201, response.text
    assert response.json()["seats"][0]["name"] == name


def test_a_bot_keeps_its_own_name_and_a_blank_name_is_the_default(live: Any) -> None:
    body = {
        "game": "toy",
        "seats": [
            {"kind": "human", "name": "   "},
            {"kind": "bot", "bot": "random", "name": "bot 2"},
        ],
    }
    response = live.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    assert [seat["name"] for seat in response.json()["seats"]] == ["Player 1", "bot 2"]
    body["seats"][1]["name"] = "Bot 1"
    assert live.http.post("/api/tables", json=body).json()["code"] == "bad_name"


def test_the_one_person_of_a_guided_game_may_be_you(live: Any) -> None:
    body = {
        "game": "peranakan",
        "guided": True,
        "seats": [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": "heuristic"}],
    }
    response = live.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
