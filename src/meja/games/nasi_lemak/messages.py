"""Why an action is refused, in words a player can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ASK,
    CARD_INDEX,
    DECLINE,
    FAN,
    FAN_CARD,
    FLY_CARD,
    GIVE,
    INGREDIENTS,
    LABELS,
    MAK_CIK,
    MAK_CIK_CARD,
    MAK_CIK_SETS,
    MAKE,
    MAX_TABLE_CARDS,
    NUM_ACTIONS,
    NUM_TYPES,
    OFFICER,
    OFFICER_CARD,
    PLACE,
    PROPOSE,
    SUPPLIER,
    SUPPLIER_CARD,
    SWAT,
    SWATTER_CARD,
    TAKE,
    THIEF,
    THIEF_CARD,
    TRADABLE,
    TRADE,
    WHOLESALER,
    WHOLESALER_CARD,
    WITH_SEAT,
)
from meja.games.nasi_lemak.components import CARD_TYPES
from meja.games.nasi_lemak.phases import FAN_TARGET, MAIN, OFFER, PARTNER, PICK, RESPONSE

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

K = NUM_TYPES
TRADABLE_NAMES = ", ".join(CARD_TYPES[t].name for t in TRADABLE)


def explain(state: NasiLemakState, action: int, seat: int) -> str:
    """The refusal message for a legal-looking action number that the rules do not allow now."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return f"{action!r} is not an action of {state.game.title}"
    words = state.action_to_str(action, seat)
    return f"seat {seat} cannot {words!r} now: {_reason(state, action, seat)}"


def untradable(words: str) -> str | None:
    """The refusal for "give X" or "ask X" when X is a card that cannot change hands (N3)."""
    verb, _, card = words.partition(" ")
    key = card.replace(" ", "_")
    if verb in ("give", "ask") and key in CARD_INDEX and not CARD_TYPES[CARD_INDEX[key]].tradable:
        name = CARD_TYPES[CARD_INDEX[key]].name
        return f"the {name} cannot be traded; only these cards can: {TRADABLE_NAMES}"
    return None


def _reason(state: NasiLemakState, action: int, seat: int) -> str:
    phase = state.phase
    if phase == OFFER:
        return _offer_reason(state, action)
    if phase == RESPONSE:
        if action == ACCEPT:
            missing = _missing(state, state.target, state.ask)
            return f"you do not hold the cards asked for ({missing})"
        return "accept or decline the offer first"
    if phase == PICK:
        if TAKE <= action < GIVE:
            return f"seat {state.target} holds no {LABELS[action - TAKE]}"
        return f"first take a card from seat {state.target}'s hand"
    if phase == FAN_TARGET:
        return "choose a fly-free Nasi Lemak card of another player for the fanned fly"
    if phase == PARTNER:
        if WITH_SEAT <= action < TAKE:
            q = action - WITH_SEAT
            if q >= state.num_players or q == state.active:
                return f"seat {q} is not another player at this table"
            return f"seat {q} holds {state.hand_size(q)} cards, too few to trade"
        return "first choose the player to trade with"
    if phase != MAIN:
        return "the pending chance event must be resolved first"
    return _main_reason(state, action)


def _offer_reason(state: NasiLemakState, action: int) -> str:
    """Refusals while the active player builds an offer."""
    limit = state.offer_limit
    if action == PROPOSE:
        return f"an offer needs at least {state.min_trade} card(s) on each side and one in all"
    if GIVE <= action < ASK:
        t = TRADABLE[action - GIVE]
        if sum(state.give) >= limit:
            return f"an offer holds at most {limit} cards on each side"
        held = state.hands[state.active * K + t]
        return f"you hold only {held} {LABELS[t]} and offer {state.give[t]} already"
    if ASK <= action < FAN:
        if sum(state.ask) >= limit:
            return f"an offer holds at most {limit} cards on each side"
        return f"seat {state.target} holds only {state.hand_size(state.target)} cards"
    return f"finish the offer to seat {state.target} first: give, ask or propose"


def _main_reason(state: NasiLemakState, action: int) -> str:
    """Refusals of a move chosen at the start of one."""
    act = state.active
    n = state.num_players
    hand = state.hands[act * K : act * K + K]
    pile_empty = not any(state.pile)
    cards = {
        WHOLESALER: WHOLESALER_CARD,
        THIEF: THIEF_CARD,
    }
    if action in (PROPOSE, ACCEPT, DECLINE) or WITH_SEAT <= action < FAN:
        return "no trade or Officer is in progress"
    if action in cards:
        return _no_card(cards[action])
    if action == MAKE or MAK_CIK <= action < SUPPLIER:
        if pile_empty:
            return "the Nasi Lemak pile is empty"
        if action != MAKE and not hand[MAK_CIK_CARD]:
            return _no_card(MAK_CIK_CARD)
        needed = INGREDIENTS if action == MAKE else MAK_CIK_SETS[action - MAK_CIK]
        lacking = ", ".join(LABELS[t] for t in needed if not hand[t])
        return f"you lack {lacking}"
    if SUPPLIER <= action < OFFICER:
        return _no_card(SUPPLIER_CARD)
    if OFFICER <= action < WITH_SEAT:
        q = action - OFFICER
        if q >= n or q == act:
            return f"seat {q} is not another player at this table"
        return _no_card(OFFICER_CARD)
    if action == TRADE:
        if state.declined >= state.max_declined:
            return f"the {state.max_declined} declined offers allowed per turn are used up"
        return (
            f"an offer needs {state.min_trade} card(s) on each side: you hold "
            f"{sum(hand[t] for t in TRADABLE)} tradable cards and no one else can answer"
        )
    if FAN <= action < PLACE:
        i = (action - FAN) % MAX_TABLE_CARDS
        card = FAN_CARD if action < SWAT else SWATTER_CARD
        if not hand[card]:
            return _no_card(card)
        mine = state.flies[act]
        if i >= len(mine) or not mine[i]:
            return f"your Nasi Lemak card {i} does not carry a fly"
        return "no other player has a fly-free Nasi Lemak card"
    q, j = divmod(action - PLACE, MAX_TABLE_CARDS)
    if not hand[FLY_CARD]:
        return _no_card(FLY_CARD)
    if q >= n or q == act:
        return f"seat {q} is not another player at this table"
    if j >= len(state.flies[q]):
        return f"seat {q} has no Nasi Lemak card {j}"
    return f"seat {q}'s card {j} already carries a fly"


def _no_card(t: int) -> str:
    return f"you hold no {CARD_TYPES[t].name} card"


def _missing(state: NasiLemakState, seat: int, wanted: list[int]) -> str:
    """The wanted cards seat lacks, as 'count name' pairs."""
    base = seat * K
    return ", ".join(
        f"{wanted[t] - state.hands[base + t]} {LABELS[t]}"
        for t in range(K)
        if wanted[t] > state.hands[base + t]
    )

