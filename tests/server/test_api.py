"""The HTTP API around play: games and their pieces, records, replays, and `meja serve` itself."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from meja.cli import main
from meja.server.protocol import ERROR_CODES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"
HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}


def test_games_bots_and_components_are_listed(live: Any) -> None:
    games = {g["name"]: g for g in live.http.get("/api/games").json()}
    assert {"peranakan", "te_kuiti", "nasi_lemak", "mooncake"} <= set(games)
    assert games["te_kuiti"]["min_players"] == 1
    detail = live.http.get("/api/games/peranakan").json()
    assert detail["components"]["KUEH_TYPES"] == ["tutu", "ondeh", "bahulu", "angku"]
    assert live.http.get("/api/games/chess").json()["code"] == "unknown_game"
    bots = live.http.get("/api/bots").json()
    assert "random" in bots["bots"]
    assert bots["standin"]


def test_records_and_replays_wait_for_the_end(live: Any) -> None:
    table = live.create(seats=[HUMAN, HUMAN])
    base = f"/api/tables/{table['id']}"
    assert live.http.get(f"{base}/record").json()["code"] == "not_finished"
    assert live.http.get(f"{base}/replay/0").json()["code"] == "not_finished"
    live.join(table["id"], table["seats"][0]["token"]).my_turn()
    auth = [{"authorization": f"Bearer {seat['token']}"} for seat in table["seats"]]
    for seat, action in [(0, 7), (1, 6), (0, 8), (1, 9)]:
        response = live.http.post(f"{base}/moves", json={"action": action}, headers=auth[seat])
        assert response.status_code == 200, response.text
    record = live.http.get(f"{base}/record").json()
    assert [step[0] for step in record["history"]] == [-1, -1, 0, 1, 0, 1]
    frame = live.http.get(f"{base}/replay/3", params={"seat": 1}).json()
    assert (frame["step"], frame["total"]) == (3, 6)
    assert frame["view"]["bids"] == [True, None]
    dealt = f"card {record['history'][1][1]}"
    assert [entry["text"] for entry in frame["log"]] == ["deal a card to seat 0", dealt, "bid"]
    assert [entry["named"] for entry in frame["log"]] == [False, True, False]
    final = live.http.get(f"{base}/replay/6").json()
    assert final["result"]["winners"] == [0]
    for bad in ("/replay/7", "/replay/-1", "/replay/x", "/replay/2?seat=5"):
        response = live.http.get(base + bad)
        assert response.status_code == 400, bad
        assert response.json()["code"] == "bad_request"


def test_every_error_code_is_documented() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    assert [code for code in ERROR_CODES if f"`{code}`" not in docs] == []


def test_the_client_pages_are_served(live: Any) -> None:
    assert "New table" in live.http.get("/").text
    table = live.create()
    assert 'id="board"' in live.http.get(f"/t/{table['id']}").text
    script = live.http.get("/static/js/table.js")
    assert script.status_code == 200
    assert "javascript" in script.headers["content-type"]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--db", "nonsense"], "is not a database URL"),
        (["--port", "70000"], "is not a port number"),
        (["--bot-pause", "-1"], "--bot-pause: must not be negative"),
        (["--host", "256.1.1.1"], "cannot listen on"),
    ],
)
def test_serve_refuses_bad_arguments_in_one_line(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = ["--db", f"sqlite:///{tmp_path / 'x.db'}"] if "--db" not in arguments else []
    assert main(["serve", "--port", "0", *database, *arguments]) == 2
    error = capsys.readouterr().err
    assert words in error
    assert error.count("\n") == 1


def test_serve_says_when_its_port_is_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}"])
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
