"""The web server: tables in play, their websockets and HTTP API, and the store behind them."""

from __future__ import annotations

from meja.server.app import create_app
from meja.server.config import Settings

__all__ = ["Settings", "create_app"]
