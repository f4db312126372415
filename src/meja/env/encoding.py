"""A seat's knowledge as a fixed-length vector: the shape every RL adapter shares.

An encoder reads only what the game lets its seat see, State.view(seat), and, where the game
needs memory, what the seat was told of each step (State.told). Its layout names every field, so
docs/rl.md and the tests can describe and check the encoding field by field.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from meja.core.told import Told


@dataclass(frozen=True)
class Field:
    """One named run of numbers in an observation: size numbers, each in [0, high]."""

    name: str
    size: int
    high: float
    meaning: str


class Layout:
    """The fields of an observation in order, with where each starts."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self.offsets: dict[str, int] = {}
        start = 0
        for field in self.fields:
            if field.name in self.offsets:
                raise ValueError(f"field {field.name!r} appears twice in the layout")
            self.offsets[field.name] = start
            start += field.size
        self.size = start

    def slice(self, name: str) -> slice:
        """Where field name lies in an observation."""
        start = self.offsets[name]
        return slice(start, start + self.field(name).size)

    def field(self, name: str) -> Field:
        """The field called name."""
        return self.fields[list(self.offsets).index(name)]

    def high(self) -> np.ndarray:
        """The upper bound of every number, for an observation space."""
        return np.concatenate(
            [np.full(field.size, field.high, dtype=np.float32) for field in self.fields]
        )


class Encoder(ABC):
    """What one seat may know of a game, written into a fixed-length float32 vector.

    remembers is True for a game whose view forgets what the seat once saw (a tile turned back
    face down): the adapters then pass each step as the seat was told it to remember(), and,
    after a step that revealed something to the seat, its view at that moment to glimpse(), so
    what was face up between two of the seat's own decisions is not missed (T4a).
    """

    remembers: ClassVar[bool] = False

    def __init__(self, num_players: int, options: Mapping[str, Any], seat: int) -> None:
        self.num_players = num_players
        self.options = dict(options)
        self.seat = seat
        self.layout = self.fields(num_players, self.options)

    @classmethod
    def fields(cls, num_players: int, options: Mapping[str, Any]) -> Layout:
        """The layout for this player count and these options."""
        return Layout(cls.describe(num_players, options))

    @classmethod
    @abstractmethod
    def describe(cls, num_players: int, options: Mapping[str, Any]) -> list[Field]:
        """Every field of the observation, in order."""

    @abstractmethod
    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the seat's observation into out, which arrives filled with zeros."""

    def remember(self, player: int, told: Told) -> None:
        """Keep what the seat learnt from one step (player or CHANCE) before it is applied."""
        return None

    def glimpse(self, view: Mapping[str, Any]) -> None:
        """Keep what the seat saw just after a step that revealed something to it."""
        return None

    def forget(self) -> None:
        """Start a new game with nothing remembered."""
        return None

    def copy(self) -> Encoder:
        """An independent encoder with the same memory, for a cloned game; an encoder that
        remembers in a mutable container copies that container too."""
        return copy.copy(self)

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        """A new observation vector of view."""
        out = np.zeros(self.layout.size, dtype=np.float32)
        self.encode(view, out)
        return out


def one_hot(out: np.ndarray, start: int, index: int) -> None:
    """Mark index within the run that starts at start."""
    out[start + index] = 1.0
