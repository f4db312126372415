"""A `meja serve` process with fast bots and a headless Debian chromium driven by Playwright."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


class WebServer:
    """The real command, on a free port, with its own SQLite file."""

    def __init__(self, folder: Path) -> None:
        command = [
            sys.executable,
            "-m",
            "meja.cli",
            "serve",
            "--port",
            "0",
            "--db",
            f"sqlite:///{folder / 'web.db'}",
            "--bot-pause",
            "0",
            "--away-grace",
            "3600",
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        banner = self.process.stdout.readline()
        if "serving on" not in banner:
            self.process.kill()
            raise RuntimeError(f"meja serve did not start: {banner!r}")
        self.url = banner.split()[4].rstrip("/")
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def create(self, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
        response = self.http.post("/api/tables", json={"game": game, "seats": seats})
        assert response.status_code == 201, response.text
        return dict(response.json())

    def stop(self) -> None:
        self.http.close()
        self.process.terminate()
        self.process.wait(30)
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    server = WebServer(tmp_path_factory.mktemp("web"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing; `make system-deps` installs Debian's chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page whose script errors fail the test."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield tab
    context.close()
    assert errors == [], errors


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
