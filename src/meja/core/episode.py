"""Whole games played from a fresh state to the end, and the record a tournament keeps of each.

Random play, the arena, simulations, the demo and the golden playthroughs all play through
play_episode, so chance, seat order and step reporting live in one place. Each caller hands it
the generators it has always used, so a seeded game repeats exactly. The module is compiled with
the engine, so its loop runs as native code; its records stay plain Python classes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Final

from mypy_extensions import mypyc_attr

from meja.core.game import CHANCE, TERMINAL, State, sample_chance

Policy = Callable[[State, int, random.Random], int]
"""A seat's choice: (state, seat, rng) -> action. A bot's choose method is one."""

StepCallback = Callable[[State, int, int], None]
"""Told each step just before it is applied: (state, seat or CHANCE, action)."""

Z_95: Final = NormalDist().inv_cdf(0.975)
"""The standard normal quantile of 0.975: every 95% interval meja reports uses it."""


def uniform_pick(options: list[int], rng: random.Random) -> int:
    """One of options, equally likely: exactly the draw rng.choice makes, without its Python
    frames, so seeded games stay as they were."""
    count = len(options)
    if count == 0:
        raise IndexError("cannot choose from an empty list")
    bits = count.bit_length()
    index = rng.getrandbits(bits)
    while index >= count:
        index = rng.getrandbits(bits)
    return options[index]


def random_policy(state: State, seat: int, rng: random.Random) -> int:
    """Any legal action of seat, equally likely."""
    return uniform_pick(state.legal_actions(seat), rng)


def play_random(state: State, rng: random.Random) -> State:
    """Play state to the end with random moves and chance, in place; returns it. Where several
    seats may act, the one to move is drawn too, as random_step draws it."""
    policies = [random_policy] * state.num_players
    return play_episode(state, policies, rng, any_active_seat=True).state


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Episode:
    """A game played to its end: the final state and the numbers every caller reads off it."""

    state: State
    steps: int
    moves: int
    decisions: tuple[int, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]


def play_episode(
    state: State,
    policies: Sequence[Policy],
    rng: random.Random,
    *,
    seat_rngs: Sequence[random.Random] | None = None,
    any_active_seat: bool = False,
    on_step: StepCallback | None = None,
    max_steps: int | None = None,
) -> Episode:
    """Play state to the end in place, chance drawn from rng and each seat by its policy.

    rng also serves every policy unless seat_rngs gives each seat its own. When several seats
    may act, the lowest moves, or with any_active_seat one drawn from rng. max_steps stops a
    game that would never end with RuntimeError.
    """
    rngs = list(seat_rngs) if seat_rngs is not None else [rng] * state.num_players
    decisions = [0] * state.num_players
    while (seat := state.current_player()) != TERMINAL:
        if max_steps is not None and len(state.history) >= max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} steps")
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            if any_active_seat:
                active = state.active_players()
                if len(active) > 1:
                    seat = uniform_pick(active, rng)
            action = policies[seat](state, seat, rngs[seat])
            decisions[seat] += 1
        if on_step is not None:
            on_step(state, seat, action)
        state.apply(action, seat)
    return Episode(
        state=state,
        steps=len(state.history),
        moves=sum(decisions),
        decisions=tuple(decisions),
        scores=tuple(float(s) for s in state.scores()),
        returns=tuple(float(r) for r in state.returns()),
        winners=tuple(state.winners()),
    )


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class GameResult:
    """One finished game of a tournament; small enough to send between processes in bulk.

    seed is the number the game's generators came from: a simulation's per-game seed, or the
    arena's seed (which, with index, decides the game). lineup holds the arena's bot indexes;
    end and the stats are the facts a simulation reads from the final state.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    moves: int
    steps: int
    decisions: tuple[int, ...] = ()
    think_seconds: tuple[float, ...] = ()
    lineup: tuple[int, ...] = ()
    end: str = ""
    stats: dict[str, float] = field(default_factory=dict)
    seat_stats: dict[str, tuple[float, ...]] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        episode: Episode,
        index: int,
        seed: int,
        bots: tuple[str, ...],
        think_seconds: tuple[float, ...] = (),
        lineup: tuple[int, ...] = (),
        end: str = "",
        stats: dict[str, float] | None = None,
        seat_stats: dict[str, tuple[float, ...]] | None = None,
    ) -> GameResult:
        """The record of an episode, with the facts read from its final state if given."""
        return cls(
            index=index,
            seed=seed,
            bots=bots,
            scores=episode.scores,
            returns=episode.returns,
            winners=episode.winners,
            moves=episode.moves,
            steps=episode.steps,
            decisions=episode.decisions,
            think_seconds=think_seconds,
            lineup=lineup,
            end=end,
            stats={} if stats is None else stats,
            seat_stats={} if seat_stats is None else seat_stats,
        )


def wilson_interval(wins: float, games: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (ties count as a share of a win).

    It stays inside [0, 1] and behaves near 0 and 1, where the normal interval does not; with no
    games it is undefined (NaN).
    """
    if games == 0:
        return math.nan, math.nan
    p = wins / games
    denominator = 1 + Z_95**2 / games
    centre = (p + Z_95**2 / (2 * games)) / denominator
    half = Z_95 * math.sqrt(p * (1 - p) / games + Z_95**2 / (4 * games**2)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high
