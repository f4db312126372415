"""meja: faithful rules, bots, a browser app, simulation and RL for four tabletop games."""

from __future__ import annotations

from meja import _build

__version__ = "0.1.0"

BUILD = _build.select()
"""The engine this process runs: "compiled" (mypyc) or "pure" (Python)."""
