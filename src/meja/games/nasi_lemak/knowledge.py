"""What each seat knows of the other hands, kept step by step as a lower bound per card type.

state.known holds, for each pair of seats (r, q), the cards of each type that r has seen q hold
and that cannot have left q's hand since (tables.seen_span). Each step that moves cards in the
open or in secret lowers or raises these bounds here; a seat's view shows its own rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.games.nasi_lemak.tables import K

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


def shown(state: NasiLemakState, q: int, t: int, count: int) -> None:
    """Everyone saw q hold count cards of type t (put on an offer, in the open: N3)."""
    n = state.num_players
    known = state.known
    for r in range(n):
        if r != q:
            index = (r * n + q) * K + t
            if known[index] < count:
                known[index] = count


def public_loss(state: NasiLemakState, q: int, t: int, count: int) -> None:
    """Everyone saw q give up count cards of type t: lower every bound on q's hand."""
    if not count:
        return
    n = state.num_players
    known = state.known
    for index in range(q * K + t, n * n * K, n * K):
        if known[index]:
            known[index] = max(known[index] - count, 0)


def public_gain(state: NasiLemakState, q: int, t: int, count: int) -> None:
    """Everyone saw q receive count cards of type t."""
    if not count:
        return
    n = state.num_players
    known = state.known
    for r in range(n):
        if r != q:
            known[(r * n + q) * K + t] += count


def secret_move(state: NasiLemakState, q: int, taker: int, t: int) -> None:
    """A card t went from q to taker, seen by the two of them alone.

    The taker no longer counts it in q's hand, q now knows the taker holds it, and everyone
    else only learns that q has one card fewer.
    """
    n = state.num_players
    known = state.known
    index = (taker * n + q) * K + t
    if known[index]:
        known[index] -= 1
    known[(q * n + taker) * K + t] += 1
    _secret_loss(state, q, taker)


def _secret_loss(state: NasiLemakState, q: int, taker: int) -> None:
    """q lost one card that only q and the taker saw: every other bound drops by one."""
    n = state.num_players
    known = state.known
    for r in range(n):
        if r != q and r != taker:
            start = (r * n + q) * K
            for index in range(start, start + K):
                if known[index]:
                    known[index] -= 1
