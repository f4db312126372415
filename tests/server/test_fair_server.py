"""One client cannot take the server from everyone: tables nobody joined expire, a quota of
tables and of sockets per client address, cross-site guards, and limits on headers and on
messages sent in fragments."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import logging
import re
import resource
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.conftest import WAIT, FakeClock, LiveServer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from meja.server.api.client import WEB_DIR
from meja.server.app import STYLE_HASHES

OTHER = "127.0.0.2"
"""A second loopback address, standing for another client."""

TOY_TABLE = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}]}
REAL_TABLE = {"game": "te_kuiti", "seats": [{"kind": "human"}, {"kind": "human"}]}


def other_client(server: LiveServer | Serve) -> httpx.Client:
    """An HTTP client whose requests come from another address."""
    transport = httpx.HTTPTransport(local_address=OTHER)
    return httpx.Client(base_url=server.url, timeout=WAIT, transport=transport)


def open_socket(
    port: int, table_id: str, address: str = "127.0.0.1", **extra: Any
) -> ClientConnection:
    """A websocket to a table from address, nothing sent."""
    return connect(
        f"ws://127.0.0.1:{port}/ws/tables/{table_id}",
        open_timeout=WAIT,
        source_address=(address, 0),
        max_size=2**24,
        **extra,
    )


def closed_with(ws: ClientConnection) -> tuple[int, str]:
    """The close code and reason of a socket the server closes (messages before it skipped)."""
    try:
        while True:
            ws.recv(timeout=WAIT)
    except ConnectionClosed as exc:
        assert exc.rcvd is not None, "the server closed without a close frame"
        return exc.rcvd.code, exc.rcvd.reason


def joined(ws: ClientConnection, token: str | None = None) -> dict[str, Any]:
    """Join ws to its table; the welcome."""
    ws.send(json.dumps({"type": "join", "token": token} if token else {"type": "join"}))
    welcome = json.loads(ws.recv(timeout=WAIT))
    assert welcome["type"] == "welcome", welcome
    return dict(welcome)


# --- item 1: tables ----------------------------------------------------------------------------
def test_a_text_plain_post_from_another_site_is_refused(live: LiveServer) -> None:
    """A form or a `fetch` with no preflight sends text/plain: it must not create a table."""
    response = live.http.post(
        "/api/tables", content=json.dumps(TOY_TABLE), headers={"content-type": "text/plain"}
    )
    assert response.status_code == 415, response.text
    error = response.json()
    assert error["code"] == "unsupported_media_type"
    assert "application/json" in error["message"] and "\n" not in error["message"]
    assert live.http.get("/api/tables").json()["tables"] == []
    bare = live.http.post("/api/tables", content=json.dumps(TOY_TABLE), headers={})
    assert bare.status_code == 415, bare.text


def test_json_with_a_charset_is_taken(live: LiveServer) -> None:
    response = live.http.post(
        "/api/tables",
        content=json.dumps(TOY_TABLE),
        headers={"content-type": "application/json; charset=utf-8"},
    )
    assert response.status_code == 201, response.text


def test_a_table_nobody_joined_expires(live_factory: Callable[..., LiveServer]) -> None:
    """Nobody joins: after the documented time the table is over and no longer counts."""
    clock = FakeClock()
    live = live_factory(clock=clock, max_open_tables=2, unjoined_expiry=600.0)
    left = live.create()
    kept = live.create()
    with open_socket(live.port, kept["id"]) as ws:
        joined(ws, kept["seats"][0]["token"])
    assert live.http.post("/api/tables", json=TOY_TABLE).status_code == 503
    clock.advance(590, live)
    assert not live.http.get(f"/api/tables/{left['id']}").json()["finished"]
    clock.advance(20, live)
    summary = until(lambda: live.http.get(f"/api/tables/{left['id']}").json(), "finished")
    assert summary["ended_early"]
    assert not live.http.get(f"/api/tables/{kept['id']}").json()["finished"]
    assert live.http.post("/api/tables", json=TOY_TABLE).status_code == 201


def until(read: Callable[[], dict[str, Any]], key: str) -> dict[str, Any]:
    """read() once its key is true, within WAIT seconds."""
    import time

    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = read()
        if found[key]:
            return found
        time.sleep(0.02)
    raise AssertionError(f"{key} stayed false: {found}")


def test_unfinished_tables_per_address(live_factory: Callable[..., LiveServer]) -> None:
    live = live_factory(tables_per_client=3)
    for _ in range(3):
        live.create()
    refused = live.http.post("/api/tables", json=TOY_TABLE)
    assert refused.status_code == 429, refused.text
    error = refused.json()
    assert error["code"] == "too_many_tables"
    assert "3" in error["message"] and "--tables-per-client" in error["message"]
    with other_client(live) as other:
        assert other.post("/api/tables", json=TOY_TABLE).status_code == 201
    assert live.http.get("/api/limits").json()["tables_per_client"] == 3


# --- item 4: sockets -----------------------------------------------------------------------
def test_open_sockets_per_address(live_factory: Callable[..., LiveServer]) -> None:
    live = live_factory(sockets_per_client=3)
    table = live.create()
    with contextlib.ExitStack() as stack:
        for _ in range(3):
            joined(stack.enter_context(open_socket(live.port, table["id"])))
        extra = stack.enter_context(open_socket(live.port, table["id"]))
        code, reason = closed_with(extra)
        assert code == 1013
        assert "3 connections" in reason and "--sockets-per-client" in reason
        other = stack.enter_context(open_socket(live.port, table["id"], OTHER))
        joined(other, table["seats"][0]["token"])
    assert live.http.get("/api/limits").json()["sockets_per_client"] == 3


def test_connection_churn_per_address(live_factory: Callable[..., LiveServer]) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, joins_per_minute=4)
    table = live.create()
    for _ in range(4):
        with open_socket(live.port, table["id"]) as ws:
            joined(ws)
    with open_socket(live.port, table["id"]) as ws:
        code, reason = closed_with(ws)
    assert code == 1013
    assert "4 connections a minute" in reason
    with open_socket(live.port, table["id"], OTHER) as ws:
        joined(ws)
    clock.advance(61)
    with open_socket(live.port, table["id"]) as ws:
        joined(ws)
    assert live.http.get("/api/limits").json()["joins_per_minute"] == 4


def test_refusals_logged_once_per_client_and_minute(
    live_factory: Callable[..., LiveServer], caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock()
    live = live_factory(clock=clock, tables_per_client=1, sockets_per_client=1)
    table = live.create()
    with caplog.at_level(logging.WARNING, logger="meja.server"):
        for _ in range(5):
            assert live.http.post("/api/tables", json=TOY_TABLE).status_code == 429
        with open_socket(live.port, table["id"]) as first:
            joined(first)
            for _ in range(5):
                with open_socket(live.port, table["id"]) as ws:
                    closed_with(ws)
        clock.advance(61)
        assert live.http.post("/api/tables", json=TOY_TABLE).status_code == 429
    lines = [r.getMessage() for r in caplog.records if "127.0.0.1" in r.getMessage()]
    assert len([line for line in lines if "tables" in line]) == 2, lines
    assert len([line for line in lines if "connections" in line]) == 1, lines


# --- item 6: cross-site ------------------------------------------------------------------------
def test_websocket_origin_is_checked(live_factory: Callable[..., LiveServer]) -> None:
    live = live_factory(allowed_origins=("https://front.example",))
    table = live.create()
    with open_socket(live.port, table["id"], origin="https://evil.example") as ws:
        code, reason = closed_with(ws)
    assert code == 1008 and "https://evil.example" in reason
    for origin in (f"http://127.0.0.1:{live.port}", "https://front.example", None):
        with open_socket(live.port, table["id"], origin=origin) as ws:
            joined(ws)


def test_pages_forbid_framing_and_other_origins_scripts(live: LiveServer) -> None:
    for path in ("/", "/t/abc", "/static/js/lobby.js", "/rules/te_kuiti", "/api/games"):
        response = live.http.get(path)
        assert response.status_code == 200, path
        policy = response.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "script-src 'self';" in policy and "style-src-elem 'self' 'sha256-" in policy, path
        assert "unsafe-eval" not in policy and "http" not in policy, path
        assert policy.count("unsafe-inline") == 1 and "style-src-attr 'unsafe-inline'" in policy
        assert response.headers["x-frame-options"] == "DENY", path
        assert response.headers["x-content-type-options"] == "nosniff", path


def test_the_boards_own_style_element_is_the_one_allowed() -> None:
    """The policy names Te Kuiti's <style> by the hash of its text, which must stay that text."""
    source = (Path(WEB_DIR) / "js" / "games" / "te_kuiti.js").read_text()
    found = re.search(r"const TRANSIT_STYLE = ((?:\s*\+?\s*\"(?:[^\"\\]|\\.)*\")+);", source)
    assert found, "TRANSIT_STYLE is no longer a constant of te_kuiti.js"
    text = "".join(json.loads(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', found.group(1)))
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    assert (f"sha256-{digest}",) == STYLE_HASHES


def test_api_docs_are_off_unless_asked(live_factory: Callable[..., LiveServer]) -> None:
    assert live_factory().http.get("/api/docs").status_code == 404
    docs = live_factory(api_docs=True).http.get("/api/docs")
    assert docs.status_code == 200
    assert "swagger" in docs.text.lower()


# --- real `meja serve` processes: what uvicorn does -------------------------------------------
class Serve:
    """`meja serve` with options, its port and log."""

    def __init__(self, tmp_path: Path, *options: str, nofile: int | None = None) -> None:
        command = [sys.executable, "-m", "meja.cli", "serve", "--port", "0"]
        command += ["--db", f"sqlite:///{tmp_path / 'meja.db'}", *options]

        def lower_limit() -> None:
            if nofile is not None:
                hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, hard))

        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=lower_limit,
        )  # fmt: skip
        assert self.process.stdout is not None
        banner = self.process.stdout.readline()
        if "serving on" not in banner:
            self.process.kill()
            raise RuntimeError(f"meja serve did not start: {banner!r} {self.stderr()}")
        self.url = banner.split()[4].rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])
        self.http = httpx.Client(base_url=self.url, timeout=WAIT)

    def stderr(self) -> str:
        if self.process.poll() is None:
            self.process.terminate()
        return self.process.communicate(timeout=WAIT)[1]

    def stop(self) -> None:
        self.http.close()
        if self.process.poll() is None:
            self.process.terminate()
            self.process.communicate(timeout=WAIT)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Serve]]:
    started: list[Serve] = []

    def start(*options: str, nofile: int | None = None) -> Serve:
        folder = tmp_path / str(len(started))
        folder.mkdir()
        server = Serve(folder, *options, nofile=nofile)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def test_a_huge_request_header_is_refused(serve: Callable[..., Serve]) -> None:
    server = serve()
    response = server.http.get("/api/limits", headers={"x-padding": "a" * 1_000_000})
    assert response.status_code == 431
    assert server.http.get("/api/limits", headers={"x-padding": "a" * 4000}).status_code == 200
    limits = server.http.get("/api/limits").json()
    assert limits["header_bytes"] == 16_384
    assert "Traceback" not in server.stderr()


def test_a_message_sent_in_fragments_is_measured_whole(serve: Callable[..., Serve]) -> None:
    server = serve()
    table = server.http.post("/api/tables", json=REAL_TABLE).json()
    with open_socket(server.port, table["id"]) as ws:
        joined(ws)
        chunk = "a" * 60_000
        try:
            ws.send(chunk for _ in range(90))
        except ConnectionClosed as exc:
            assert exc.rcvd is not None, "the server hung up without a close frame (1006)"
            code = exc.rcvd.code
        else:
            code, _ = closed_with(ws)
    assert code == 1009


def test_forwarded_for_counts_only_behind_a_trusted_proxy(tmp_path: Path, serve: Any) -> None:
    def make(client: httpx.Client, forwarded: str) -> int:
        answer = client.post("/api/tables", json=REAL_TABLE, headers={"x-forwarded-for": forwarded})
        return answer.status_code

    plain = serve("--tables-per-client", "1")
    assert make(plain.http, "10.0.0.1") == 201
    assert make(plain.http, "10.0.0.2") == 429
    proxied = serve("--tables-per-client", "1", "--trusted-proxy", "127.0.0.1")
    assert make(proxied.http, "10.0.0.1") == 201
    assert make(proxied.http, "10.0.0.2") == 201
    assert make(proxied.http, "10.0.0.1") == 429
    with other_client(proxied) as other:
        assert make(other, "10.0.0.3") == 201
        assert make(other, "10.0.0.4") == 429
    secure = {"x-forwarded-for": "10.0.0.9", "x-forwarded-proto": "https"}
    made = proxied.http.post("/api/tables", json=REAL_TABLE, headers=secure).json()
    assert made["watch_url"].startswith("https://"), made["watch_url"]


def test_open_file_limit_raised_to_the_hard_limit(serve: Callable[..., Serve]) -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    # Started below the hard limit whatever it is here, so a server that keeps its soft limit
    # is always told apart from one that raised it.
    server = serve(nofile=256 if hard == resource.RLIM_INFINITY else min(256, hard - 1))
    limits = Path(f"/proc/{server.process.pid}/limits").read_text()
    line = next(line for line in limits.splitlines() if line.startswith("Max open files"))
    soft = line.split()[3]
    assert soft in (str(hard), "unlimited"), line


def test_after_a_restart_a_table_nobody_joined_still_expires(
    live_factory: Callable[..., LiveServer],
) -> None:
    """The server forgets who joined when it stops: a table where a person has moved counts as
    joined, one where nobody did waits again for its people, then ends."""
    clock = FakeClock()
    first = live_factory(clock=clock, unjoined_expiry=600.0)
    left, played = first.create(), first.create()
    token = played["seats"][0]["token"]
    with open_socket(first.port, played["id"]) as ws:
        joined(ws, token)
        ws.send(json.dumps({"type": "move", "action": 6}))
        while json.loads(ws.recv(timeout=WAIT)).get("step", 0) < 3:
            pass
    first.stop()
    second = live_factory(clock=clock, unjoined_expiry=600.0)
    clock.advance(590, second)
    assert not second.http.get(f"/api/tables/{left['id']}").json()["finished"]
    clock.advance(20, second)
    assert until(lambda: second.http.get(f"/api/tables/{left['id']}").json(), "finished")
    assert not second.http.get(f"/api/tables/{played['id']}").json()["finished"]
