"""A table page notices a connection whose traffic has frozen, says so, and resumes promptly.

A stalled network closes nothing: bytes simply stop arriving. The first test puts a small TCP
proxy of its own between chromium and the server and freezes it (nothing is forwarded either
way, nothing is closed, new connections are accepted and held), then thaws it. The second takes
the browser offline and back, and checks that coming back online reconnects at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

DETECT_WITHIN = 10.0
"""Seconds after traffic freezes by which the page must show the stall."""
RESUME_WITHIN = 3.0
"""Seconds after the network returns by which the page must be connected and up to date."""
WAIT_S = 30.0
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}]
STALLED = "document.body.dataset.connection === 'stalled'"
RESUMED = """(step) => document.body.dataset.connection === 'online'
  && document.getElementById('status').textContent === 'connected'
  && document.body.dataset.step === String(step)
  && document.querySelector('#board svg') !== null"""
OFFLINE_ERROR = "net::ERR_INTERNET_DISCONNECTED"
"""What chromium logs for a connection attempted while it is offline."""


class FreezableProxy:
    """A TCP forwarder on 127.0.0.1 that can stop moving bytes without closing anything."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.accepted = 0
        """Connections accepted so far."""
        self._accepted = threading.Condition()
        self._loop = asyncio.new_event_loop()
        self._flowing = asyncio.Event()
        self._flowing.set()
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        # Playwright's sync API runs a loop in this thread, so the proxy's loop has its own.
        self._server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._handle, "127.0.0.1", 0), self._loop
        ).result(10)
        self.port: int = self._server.sockets[0].getsockname()[1]

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Forward one connection; while frozen it is accepted but not yet passed on."""
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self._writers.add(writer)
        with self._accepted:
            self.accepted += 1
            self._accepted.notify_all()
        try:
            await self._flowing.wait()
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
            self._writers.add(upstream_writer)
            await asyncio.gather(
                self._pump(reader, upstream_writer), self._pump(upstream_reader, writer)
            )
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            self._tasks.discard(task)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy one direction; while frozen, hold what was read, and hold an end of stream too."""
        try:
            while data := await reader.read(65_536):
                await self._flowing.wait()
                writer.write(data)
                await writer.drain()
            await self._flowing.wait()
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError, RuntimeError):
                writer.close()

    def freeze(self) -> None:
        self._loop.call_soon_threadsafe(self._flowing.clear)

    def thaw(self) -> None:
        self._loop.call_soon_threadsafe(self._flowing.set)

    def wait_accepted(self, count: int, timeout: float) -> bool:
        """Wait until count connections have been accepted in all."""
        with self._accepted:
            return self._accepted.wait_for(lambda: self.accepted >= count, timeout)

    def close(self) -> None:
        async def shut() -> None:
            self._server.close()
            for writer in list(self._writers):
                with contextlib.suppress(OSError, RuntimeError):
                    writer.close()
            for task in list(self._tasks):
                task.cancel()

        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()


@pytest.fixture
def proxy(web: Any) -> Iterator[FreezableProxy]:
    address = urlsplit(web.url)
    forwarder = FreezableProxy(address.hostname or "127.0.0.1", address.port or 80)
    yield forwarder
    forwarder.close()


@pytest.fixture
def offline_page(browser: Browser) -> Iterator[Page]:
    """A fresh page whose script errors fail the test, except failed attempts while offline."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error" and OFFLINE_ERROR not in message.text:
            errors.append(message.text)

    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", console)
    yield tab
    context.close()
    assert errors == [], errors


def _shown(page: Page) -> list[str]:
    """Status text, connection status, step and error line, to explain a failure."""
    return list(
        page.evaluate(
            "[document.getElementById('status').textContent, document.body.dataset.connection,"
            " document.body.dataset.step, document.getElementById('error').textContent]"
        )
    )


def _wait(page: Page, condition: str, arg: Any = None, timeout: float = WAIT_S) -> float:
    """Wait for condition and return the seconds it took; on timeout say what the page showed."""
    start = time.monotonic()
    try:
        page.wait_for_function(condition, arg=arg, timeout=timeout * 1000, polling=50)
    except PlaywrightTimeout:
        raise AssertionError(f"after {timeout:.0f} s the page showed {_shown(page)}") from None
    return time.monotonic() - start


def _server_step(web: Any, table_id: str) -> int:
    response = web.http.get(f"/api/tables/{table_id}")
    assert response.status_code == 200, response.text
    return int(response.json()["step"])


def _open_table(web: Any, page: Page, base: str | None = None) -> dict[str, Any]:
    """A new table, opened in page at Ana's seat once it is her turn; base replaces the host."""
    table: dict[str, Any] = web.create("te_kuiti", SEATS)
    url = table["seats"][0]["join_url"]
    assert url.startswith(web.url), url
    page.goto(url if base is None else base + url[len(web.url) :])
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("#board svg")).to_be_visible()
    _wait(page, "document.body.dataset.yourTurn === 'yes'")
    return table


def test_a_frozen_connection_is_noticed_and_the_page_resumes_when_it_thaws(
    web: Any, page: Page, proxy: FreezableProxy, artifacts: Path
) -> None:
    table = _open_table(web, page, f"http://127.0.0.1:{proxy.port}")
    accepted = proxy.accepted

    proxy.freeze()
    frozen_at = time.monotonic()
    _wait(page, STALLED, timeout=DETECT_WITHIN + 10)
    detected = time.monotonic() - frozen_at
    status = page.locator("#status").inner_text()
    assert "stalled" in status, status
    assert detected < DETECT_WITHIN, f"the stall was shown {detected:.1f} s after traffic froze"
    shot = artifacts / "stalled-connection.png"
    page.screenshot(path=shot, full_page=True)
    assert shot.stat().st_size > 10_000

    # A move chosen now is refused at once and says so, rather than waiting silently.
    page.locator("#moves [data-action]").first.dispatch_event("click")
    expect(page.locator("#error")).to_have_text("Not connected; reconnecting…", timeout=2_000)
    assert page.evaluate("window.meja.page.pending") is False

    # While traffic stays frozen the page tries fresh connections, which the proxy holds; the
    # second one shows that a handshake left hanging is given up on and tried again.
    assert proxy.wait_accepted(accepted + 2, WAIT_S), f"{proxy.accepted - accepted} new connections"
    assert page.evaluate("document.body.dataset.connection") == "stalled"

    proxy.thaw()
    step = _server_step(web, table["id"])
    resumed = _wait(page, RESUMED, arg=step, timeout=RESUME_WITHIN + 10)
    assert resumed < RESUME_WITHIN, f"the page resumed {resumed:.1f} s after traffic thawed"
    expect(page.locator("#board svg")).to_be_visible()
    assert page.evaluate("document.body.dataset.step") == str(_server_step(web, table["id"]))
    print(f"stall shown {detected:.2f} s after the freeze; resumed {resumed:.2f} s after the thaw")


def test_coming_back_online_reconnects_at_once(web: Any, offline_page: Page) -> None:
    page = offline_page
    table = _open_table(web, page)

    page.context.set_offline(True)
    offline_at = time.monotonic()
    noticed = _wait(page, STALLED, timeout=DETECT_WITHIN + 10)
    assert noticed < DETECT_WITHIN, f"going offline was noticed after {noticed:.1f} s"
    # Let the attempts made while offline fail until the back-off between them is at its
    # longest, then come back online just after one: the next attempt by the clock is far off.
    for _ in range(5):
        page.wait_for_event("websocket", timeout=WAIT_S * 1000)
    offline_for = time.monotonic() - offline_at

    with page.expect_websocket(timeout=RESUME_WITHIN * 1000) as opened:
        page.context.set_offline(False)
        online_at = time.monotonic()
    attempted = time.monotonic() - online_at
    assert opened.value.url.endswith(f"/ws/tables/{table['id']}")
    _wait(page, RESUMED, arg=_server_step(web, table["id"]), timeout=RESUME_WITHIN + 10)
    resumed = time.monotonic() - online_at
    assert attempted < 1.0, f"the first attempt came {attempted:.1f} s after going online"
    assert resumed < RESUME_WITHIN, f"the page reconnected {resumed:.1f} s after going online"
    print(
        f"offline noticed after {noticed:.2f} s; offline for {offline_for:.1f} s;"
        f" reconnected {resumed:.2f} s after going online"
    )
