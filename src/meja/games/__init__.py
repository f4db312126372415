"""One package per game; each exposes GAME and is found by meja.core.registry."""
