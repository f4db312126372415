"""The trade (N2, N3): the active player picks a partner and builds an offer card by card in the
open; the partner accepts it, which exchanges the cards and spends a move, or declines it, which
spends none but counts toward the turn's declined offers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ASK,
    CANCEL_TRADE,
    GIVE,
    PROPOSE,
    TAKE_BACK,
    UNASK,
    WITH_SEAT,
)
from meja.games.nasi_lemak.knowledge import public_gain, public_loss, shown
from meja.games.nasi_lemak.tables import MAIN, OFFER, RESPONSE, TRADABLE, K
from meja.games.nasi_lemak.turns import after_move

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


def choose_partner(state: NasiLemakState, action: int) -> None:
    """The seat the offer goes to, or the trade called off before any card is offered."""
    if action == CANCEL_TRADE:
        drop_offer(state)
    else:
        state.target = action - WITH_SEAT
        state.phase = OFFER


def build_offer(state: NasiLemakState, action: int) -> None:
    """Add a card to either side of the offer or take one off, put it, or drop it."""
    if action == PROPOSE:
        state.phase = RESPONSE
    elif action == CANCEL_TRADE:
        drop_offer(state)
    elif action >= UNASK:
        state.ask[TRADABLE[action - UNASK]] -= 1
        state.taken_back += 1
    elif action >= TAKE_BACK:
        # Everyone saw the card offered, and it is still in the hand: what they know holds.
        state.give[TRADABLE[action - TAKE_BACK]] -= 1
        state.taken_back += 1
    elif action < ASK:
        t = TRADABLE[action - GIVE]
        state.give[t] += 1
        shown(state, state.turn_seat, t, state.give[t])
    else:
        state.ask[TRADABLE[action - ASK]] += 1


def respond(state: NasiLemakState, action: int) -> None:
    """Exchange the cards of an accepted offer (a move), or note a declined one (not a move)."""
    if action == ACCEPT:
        act = state.turn_seat
        q = state.target
        hands = state.hands
        for t in TRADABLE:
            given = state.give[t]
            asked = state.ask[t]
            if given or asked:
                hands[act * K + t] += asked - given
                hands[q * K + t] += given - asked
                state.sizes[act] += asked - given
                state.sizes[q] += given - asked
                public_loss(state, act, t, given)
                public_loss(state, q, t, asked)
                public_gain(state, act, t, asked)
                public_gain(state, q, t, given)
        state.moves -= 1
        state.give = [0] * K
        state.ask = [0] * K
        state.taken_back = 0
        after_move(state)
    else:
        drop_offer(state)


def drop_offer(state: NasiLemakState) -> None:
    """A declined or cancelled trade: no move spent, but one of the turn's declined offers.

    Counting a cancelled trade toward max_declined_offers keeps every turn finite (N2).
    """
    state.declined += 1
    state.give = [0] * K
    state.ask = [0] * K
    state.taken_back = 0
    state.target = -1
    state.phase = MAIN
