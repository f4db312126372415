"""What a simulation backend yields: batches of finished games."""

from __future__ import annotations

from collections.abc import Generator

from meja.core.episode import GameResult

Batches = Generator[list[GameResult], None, None]
"""Finished games as a backend yields them; closing it stops the backend's workers."""
