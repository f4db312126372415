"""The HTTP API around play: games and their pieces, records, replays, and `meja serve` itself."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from meja import __version__
from meja.cli import build_parser, main
from meja.commands.serve import settings_from
from meja.core import GameRecord
from meja.server import Settings
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
    assert detail["drawing_version"] == 1
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


def test_the_record_is_the_game_record_of_the_finished_game(live: Any) -> None:
    table = live.create("te_kuiti", seats=[BOT, BOT], options={"solo_turn_limit": 50})
    live.join(table["id"]).until(lambda m: m["type"] == "state" and m["result"] is not None)
    record = live.http.get(f"/api/tables/{table['id']}/record").json()
    assert list(record) == ["game", "num_players", "options", "history", "meja"]
    assert (record["game"], record["num_players"], record["meja"]) == ("te_kuiti", 2, __version__)
    assert record["options"] == table["table"]["options"]
    assert GameRecord.from_dict(record).replay().is_terminal()


def test_answers_carry_every_field_the_table_has(live: Any) -> None:
    table = live.create(
        "te_kuiti", seats=[HUMAN, HUMAN], options={"out_of_fences": "end_of_turn"}, clock=600
    )
    token = table["seats"][0]["token"]
    client = live.join(table["id"], token)
    pushed = client.my_turn()
    over_http = live.http.get(
        f"/api/tables/{table['id']}/state", headers={"authorization": f"Bearer {token}"}
    ).json()
    assert over_http["log_start"] == 0
    assert over_http["log"] == client.log
    for message in (pushed, over_http):
        for key in ("clock", "log", "log_start"):
            del message[key]
    assert over_http == pushed
    assert live.http.get(f"/api/tables/{table['id']}").json() == pushed["table"]


def test_the_openapi_page_declares_requests_and_answers(live: Any) -> None:
    spec = live.http.get("/api/openapi.json").json()
    schemas = spec["components"]["schemas"]
    assert {"CreateTable", "MoveRequest", "StateMessage", "TableList", "Limits"} <= set(schemas)
    create = spec["paths"]["/api/tables"]["post"]
    body = create["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/CreateTable"}
    answer = create["responses"]["201"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": "#/components/schemas/CreatedTable"}


def test_the_limits_are_published_and_a_full_server_says_which_option_raises_them(
    live_factory: Any,
) -> None:
    live = live_factory(max_open_tables=2, max_bot_iterations=100, max_bot_seconds=1.5)
    limits = live.http.get("/api/limits").json()
    assert limits == {
        "max_tables": 2,
        "full": False,
        "bot_seconds": 1.5,
        "bot_iterations": 100,
        "message_rate": 20.0,
        "message_burst": 40,
        "message_bytes": 4096,
        "body_bytes": 65_536,
        "paces": {"relaxed": 1.5, "normal": 0.8, "fast": 0.3},
        "chat_chars": 500,
        "chat_messages": 5,
        "chat_seconds": 10.0,
        "move_time": {"min": 3600.0, "max": 604800.0, "default": 86400.0},
        "tables_per_client": 20,
        "unjoined_expiry": 600.0,
        "sockets_per_client": 100,
        "joins_per_minute": 120,
        "header_bytes": 16_384,
        "searching_bots_per_client": 6,
    }
    kept = [live.create()["id"] for _ in range(2)]
    assert live.http.get("/api/limits").json()["full"] is True
    refused = live.http.post("/api/tables", json={"game": "toy", "seats": [HUMAN, HUMAN]})
    assert refused.status_code == 503
    assert refused.json() == {
        "type": "error",
        "code": "server_busy",
        "message": "the server holds 2 open tables, its most (meja serve --max-tables); "
        "try again later",
    }
    assert [t["id"] for t in live.http.get("/api/tables").json()["tables"]] == kept[::-1]


@pytest.mark.parametrize(
    ("bot", "words"),
    [
        (
            "ismcts:iterations=101",
            "at most 100 iterations a move here (meja serve --bot-iterations)",
        ),
        ("ismcts:seconds=2", "at most 1.5 seconds a move here (meja serve --bot-seconds)"),
    ],
)
def test_a_bot_over_the_budget_is_refused_naming_the_limit(
    live_factory: Any, bot: str, words: str
) -> None:
    live = live_factory(max_bot_iterations=100, max_bot_seconds=1.5)
    body = {"game": "toy", "seats": [HUMAN, {"kind": "bot", "bot": bot}]}
    refused = live.http.post("/api/tables", json=body)
    assert (refused.status_code, refused.json()["code"]) == (400, "bad_request")
    assert refused.json()["message"] == f"seats.1.bot: ismcts: {words}"
    body["seats"][1]["bot"] = "ismcts:iterations=100"
    assert live.http.post("/api/tables", json=body).status_code == 201


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--max-tables", "0"], "argument --max-tables: expected a whole number of 1 or more"),
        (["--bot-iterations", "lots"], "argument --bot-iterations: expected a whole number"),
        (["--bot-seconds", "0"], "argument --bot-seconds: expected a number of seconds above 0"),
        (["--bot-seconds", "nan"], "argument --bot-seconds: expected a number of seconds"),
        (["--message-burst", "-1"], "argument --message-burst: expected a whole number"),
    ],
)
def test_serve_refuses_bad_limits_in_one_line(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--port", "0", *arguments])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert words in error
    assert error.count("\n") == 1


def test_serve_options_set_the_limits() -> None:
    def settings(*arguments: str) -> Settings:
        return settings_from(build_parser().parse_args(["serve", *arguments]), "sqlite://")

    default = settings()
    assert (default.max_open_tables, default.max_bot_seconds, default.max_bot_iterations) == (
        Settings().max_open_tables,
        Settings().max_bot_seconds,
        Settings().max_bot_iterations,
    )
    assert (default.message_rate, default.message_burst) == (20.0, 40)
    chosen = settings(
        "--max-tables", "7", "--bot-seconds", "0.5", "--bot-iterations", "300",
        "--message-rate", "5", "--message-burst", "9",
    )  # fmt: skip
    assert (chosen.max_open_tables, chosen.max_bot_seconds, chosen.max_bot_iterations) == (
        7,
        0.5,
        300,
    )
    assert (chosen.message_rate, chosen.message_burst) == (5.0, 9)
    assert settings("--message-rate", "50").message_burst == 100


def test_a_body_is_taken_only_as_json(live: Any) -> None:
    """A body of another type (a form, text/plain: what another site may send without asking)
    is refused before it is read; JSON with a charset is JSON."""
    body = '{"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}]}'
    for content_type in (None, "application/x-www-form-urlencoded", "text/plain"):
        headers = {} if content_type is None else {"content-type": content_type}
        response = live.http.post("/api/tables", content=body, headers=headers)
        assert response.status_code == 415, (content_type, response.text)
    for content_type in ("application/json", "application/json; charset=utf-8"):
        response = live.http.post(
            "/api/tables", content=body, headers={"content-type": content_type}
        )
        assert response.status_code == 201, (content_type, response.text)
