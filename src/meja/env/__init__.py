"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel over the game protocol.

    env = meja.env.pettingzoo_env("nasi_lemak", num_players=4)
    env = meja.env.parallel_env("mooncake", num_players=6)
    env = gymnasium.make("meja/TeKuiti-v0", opponents="heuristic")

Importing meja.env registers the Gymnasium ids in ENV_IDS. It needs the rl extra
(pip install 'meja[rl]').
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"meja.env needs the rl extra ({missing.name} is missing): pip install 'meja[rl]'"
    ) from None

from meja.env.aec import MejaAECEnv
from meja.env.encoding import Encoder, Field, Layout
from meja.env.lengths import max_game_length
from meja.env.parallel import MejaParallelEnv
from meja.env.single import MejaEnv
from meja.env.table import Table

ENV_IDS: dict[str, str] = {
    "meja/Peranakan-v0": "peranakan",
    "meja/TeKuiti-v0": "te_kuiti",
    "meja/NasiLemak-v0": "nasi_lemak",
    "meja/Mooncake-v0": "mooncake",
}
"""Each Gymnasium id and the meja game it plays."""


def pettingzoo_env(
    game: str, num_players: int | None = None, render_mode: str | None = None, **options: Any
) -> MejaAECEnv:
    """A PettingZoo AEC env of game for num_players seats (the game's default count if None)."""
    return MejaAECEnv(game, num_players, render_mode, **options)


def parallel_env(
    game: str, num_players: int | None = None, render_mode: str | None = None, **options: Any
) -> MejaParallelEnv:
    """A PettingZoo ParallelEnv of game: every seat that may act steps at once (Mooncake's
    simultaneous turns)."""
    return MejaParallelEnv(game, num_players, render_mode, **options)


def gymnasium_env(game: str, **kwargs: Any) -> MejaEnv:
    """A Gymnasium env of one seat of game against bots; kwargs as MejaEnv takes them."""
    return MejaEnv(game, **kwargs)


def _register() -> None:
    """Register every id once, so importing meja.env twice is harmless."""
    for env_id, game in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="meja.env.single:MejaEnv",
                kwargs={"game": game},
                disable_env_checker=True,
            )


_register()

__all__ = [
    "ENV_IDS",
    "Encoder",
    "Field",
    "Layout",
    "MejaAECEnv",
    "MejaEnv",
    "MejaParallelEnv",
    "Table",
    "gymnasium_env",
    "max_game_length",
    "parallel_env",
    "pettingzoo_env",
]
