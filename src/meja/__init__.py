"""meja: faithful rules, bots, a browser app, simulation and RL for four tabletop games."""

from __future__ import annotations

__version__ = "0.1.0"
