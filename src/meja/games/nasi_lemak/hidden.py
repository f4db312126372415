"""Redrawing what one seat cannot see, consistently with everything its view shows.

Used by resample: the unknown parts of the other hands and the draw pile are dealt again from
one pool, and the other players' face-down Nasi Lemak values are dealt again so that no one
holds the winning number of fly-free packs while the game goes on (N4).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import comb
from operator import add, sub
from typing import TYPE_CHECKING

from meja.games.nasi_lemak.actions import NUM_TYPES
from meja.games.nasi_lemak.components import NASI_LEMAK_CARDS, WIN_PACKS

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

K = NUM_TYPES
PACKS = tuple(card.packs for card in NASI_LEMAK_CARDS)
KIND_OF_PACKS = {packs: kind for kind, packs in enumerate(PACKS)}


def redraw_cards(state: NasiLemakState, player: int, rng: random.Random) -> None:
    """Deal the cards player cannot place again: same hand sizes, known cards kept."""
    n = state.num_players
    hands = state.hands
    known = state.known
    pool = state.draw[:]
    slots: list[tuple[int, int]] = []
    for q in range(n):
        if q == player:
            continue
        start = q * K
        bound = known[(player * n + q) * K : (player * n + q + 1) * K]
        extra = list(map(sub, hands[start : start + K], bound))
        pool = list(map(add, pool, extra))
        hands[start : start + K] = bound
        slots.append((start, sum(extra)))
    cards = [t for t in range(K) for _ in range(pool[t])]
    uniform = rng.random
    for start, free in slots:
        for _ in range(free):
            t = cards.pop(int(uniform() * len(cards)))
            hands[start + t] += 1
            pool[t] -= 1
    state.draw = pool
    # What the other seats know must still be true of the redrawn hands. Knowledge shared with
    # player (public events) is kept in the hands already, so only the rest is cut down.
    for q in range(n):
        if q == player:
            continue
        hand = hands[q * K : q * K + K]
        shared = known[(player * n + q) * K : (player * n + q + 1) * K]
        for r in range(n):
            if r in (player, q):
                continue
            start = (r * n + q) * K
            row = known[start : start + K]
            if row != shared and any(row):
                known[start : start + K] = list(map(min, row, hand))


def redraw_values(state: NasiLemakState, player: int, rng: random.Random) -> None:
    """Deal the pack values of the other players' cards and of the pile again (N4 respected)."""
    if not any(row for q, row in enumerate(state.nl) if q != player):
        return
    counts = list(state.pile)
    risky: list[list[tuple[int, int]]] = []
    loose: list[tuple[int, int]] = []
    top = max(PACKS)
    for q, row in enumerate(state.nl):
        if q == player or not row:
            continue
        flies = state.flies[q]
        free = [(q, j) for j in range(len(row)) if not flies[j]]
        if len(free) * top >= WIN_PACKS:
            risky.append(free)
        else:
            loose.extend(free)
        loose.extend((q, j) for j in range(len(row)) if flies[j])
        for v in row:
            counts[KIND_OF_PACKS[v]] += 1
    rest = counts
    if risky:
        picks = _split([len(group) for group in risky], tuple(counts), rng)
        for group, pick in zip(risky, picks, strict=True):
            values = [PACKS[kind] for kind, c in enumerate(pick) for _ in range(c)]
            rng.shuffle(values)
            for (q, j), v in zip(group, values, strict=True):
                state.nl[q][j] = v
            rest = [left - c for left, c in zip(rest, pick, strict=True)]
    kinds = [kind for kind, c in enumerate(rest) for _ in range(c)]
    uniform = rng.random
    for q, j in loose:
        kind = kinds.pop(int(uniform() * len(kinds)))
        state.nl[q][j] = PACKS[kind]
        rest[kind] -= 1
    state.pile = rest


def _split(sizes: list[int], counts: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
    """Kind counts for each group of the given size, below WIN_PACKS each, uniformly at random.

    Every arrangement of the cards over the groups and the unconstrained rest is equally
    likely, so a group's counts are drawn in proportion to the arrangements they leave open.
    """
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def completions(i: int, left: tuple[int, ...]) -> int:
        if i == len(sizes):
            return _arrangements(left)
        key = (i, left)
        if key not in memo:
            memo[key] = sum(
                _arrangements(pick) * completions(i + 1, _minus(left, pick))
                for pick in _allowed(sizes[i], left)
            )
        return memo[key]

    picks: list[tuple[int, ...]] = []
    left = counts
    for i, size in enumerate(sizes):
        options = list(_allowed(size, left))
        weights = [_arrangements(pick) * completions(i + 1, _minus(left, pick)) for pick in options]
        pick = rng.choices(options, weights=weights)[0]
        picks.append(pick)
        left = _minus(left, pick)
    return picks


def _allowed(size: int, left: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Ways to take size cards from the kinds left that stay below the winning pack count."""
    for pick in _compositions(size, left):
        if sum(c * packs for c, packs in zip(pick, PACKS, strict=True)) < WIN_PACKS:
            yield pick


def _compositions(size: int, limits: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every tuple of counts within limits that adds up to size."""
    if len(limits) == 1:
        if size <= limits[0]:
            yield (size,)
        return
    for first in range(min(size, limits[0]) + 1):
        for rest in _compositions(size - first, limits[1:]):
            yield (first, *rest)


def _arrangements(counts: tuple[int, ...]) -> int:
    """Distinct orders of a multiset with these counts."""
    out = 1
    placed = 0
    for c in counts:
        placed += c
        out *= comb(placed, c)
    return out


def _minus(left: tuple[int, ...], pick: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(left, pick, strict=True))
