"""RandomBot: a uniformly random legal action; the baseline every other bot must beat."""

from __future__ import annotations

from meja.core.episode import random_policy


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"
    choose = staticmethod(random_policy)
    """Any legal action, equally likely, drawn as rng.choice draws it: the runner's own random
    policy, which the compiled engine runs without a Python call."""
