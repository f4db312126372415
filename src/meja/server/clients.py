"""Who a client is (its address, read through a trusted proxy only) and what each address may
hold: open websockets, websockets opened a minute; refusals are logged once per address, kind
and minute, so a flood cannot flood the log too."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from urllib.parse import urlsplit

from starlette.types import Scope

from meja.server.config import Settings

log = logging.getLogger("meja.server")

MINUTE = 60.0

FORGET_AFTER = 10_000
"""Addresses remembered before those with nothing open and nothing opened for a minute are
forgotten."""

DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def client_address(scope: Scope, trusted: tuple[str, ...]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the last address
    in X-Forwarded-For that is not one of the trusted proxies."""
    peer = scope.get("client")
    address = peer[0] if peer else "unknown"
    if address not in trusted:
        return address
    forwarded = [
        part.strip()
        for name, value in scope.get("headers", [])
        if name == b"x-forwarded-for"
        for part in value.decode("latin-1").split(",")
    ]
    for hop in reversed(forwarded):
        if hop and hop not in trusted:
            return hop
    return address


def _netloc(scheme: str, netloc: str) -> str:
    """host:port in lower case, the scheme's default port left out."""
    host, _, port = netloc.lower().rpartition(":")
    if not host or "]" in port:
        return netloc.lower()
    return host if port == DEFAULT_PORTS.get(scheme) else f"{host}:{port}"


def origin_refusal(scope: Scope, allowed: tuple[str, ...]) -> str | None:
    """Why a websocket's Origin may not connect, or None: no Origin (a program, not a page),
    the server's own host, or an origin allowed by --allowed-origin may."""
    headers = dict(scope.get("headers", []))
    origin = headers.get(b"origin", b"").decode("latin-1").strip()
    if not origin:
        return None
    if origin.rstrip("/") in allowed:
        return None
    parts = urlsplit(origin)
    host = headers.get(b"host", b"").decode("latin-1")
    secure = parts.scheme in ("https", "wss")
    if host and _netloc(parts.scheme, parts.netloc) == _netloc("https" if secure else "http", host):
        return None
    return f"pages from {origin[:60]} may not connect here (meja serve --allowed-origin)"


class ClientLimits:
    """Websockets open and opened per address, and the log of refusals."""

    def __init__(self, settings: Settings, clock: Callable[[], float]) -> None:
        self.settings = settings
        self.clock = clock
        self._open: dict[str, int] = {}
        self._opened: dict[str, deque[float]] = {}
        self._logged: dict[tuple[str, str], float] = {}

    def address(self, scope: Scope) -> str:
        """The client's address, through trusted proxies."""
        return client_address(scope, self.settings.trusted_proxies)

    def open_socket(self, address: str) -> str | None:
        """Count a new websocket of address, or say in words why it may not open (it is not
        counted then)."""
        settings = self.settings
        if self._open.get(address, 0) >= settings.sockets_per_client:
            return self.refused(
                address,
                "sockets",
                f"{settings.sockets_per_client} connections from your address at once, the "
                "most (meja serve --sockets-per-client)",
            )
        now = self.clock()
        if len(self._opened) > FORGET_AFTER:
            self._opened = {
                key: times
                for key, times in self._opened.items()
                if key in self._open or (times and times[-1] > now - MINUTE)
            }
        opened = self._opened.setdefault(address, deque())
        while opened and opened[0] <= now - MINUTE:
            opened.popleft()
        if len(opened) >= settings.joins_per_minute:
            return self.refused(
                address,
                "churn",
                f"{settings.joins_per_minute} connections a minute from your address, the "
                "most (meja serve --joins-per-minute); wait a little",
            )
        opened.append(now)
        self._open[address] = self._open.get(address, 0) + 1
        return None

    def close_socket(self, address: str) -> None:
        """A websocket of address closed."""
        left = self._open.get(address, 0) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)
            opened = self._opened.get(address)
            if opened is not None and (not opened or opened[-1] <= self.clock() - MINUTE):
                del self._opened[address]

    def refused(self, address: str, kind: str, text: str) -> str:
        """Log a refusal, once per address, kind and minute; the text back."""
        now = self.clock()
        key = (address, kind)
        last = self._logged.get(key)
        if last is None or now - last >= MINUTE:
            if len(self._logged) > FORGET_AFTER:
                self._logged = {k: t for k, t in self._logged.items() if now - t < MINUTE}
            self._logged[key] = now
            log.warning("refused %s: %s (logged once a minute)", address, text)
        return text
