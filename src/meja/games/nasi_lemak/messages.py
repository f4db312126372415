"""Why an action is refused, in words a player can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ANNOUNCE,
    ASK,
    CANCEL_TRADE,
    CARD_INDEX,
    CARD_OF_PLAY,
    DECLINE,
    EXAMINE,
    FAN,
    FAN_CARD,
    FLY,
    GIVE,
    INGREDIENTS,
    LABELS,
    MAK_CIK,
    MAK_CIK_SETS,
    MAKE,
    MAX_TABLE_CARDS,
    NUM_ACTIONS,
    NUM_TYPES,
    PLACE,
    PROPOSE,
    SWAT,
    SWATTER_CARD,
    TAKE,
    TAKE_BACK,
    TRADABLE,
    TRADE,
    TRIO,
    UNASK,
    WITH_SEAT,
)
from meja.games.nasi_lemak.components import CARD_TYPES
from meja.games.nasi_lemak.phases import (
    ANNOUNCING,
    EXAMINING,
    FAN_TARGET,
    FLY_TARGET,
    MAIN,
    OFFER,
    PARTNER,
    PICK,
    RESPONSE,
    TRIO_CHOICE,
)

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


OFFER_VERBS = ("give ", "ask ", "take back ", "unask ")
"""The words that put a card on an offer or take it off, before the card's name."""


def untradable(words: str) -> str | None:
    """The refusal for "give X", "ask X" and their undoing when X cannot change hands (N3)."""
    verb = next((verb for verb in OFFER_VERBS if words.startswith(verb)), None)
    key = words[len(verb) :].replace(" ", "_") if verb else ""
    if key in CARD_INDEX and not CARD_TYPES[CARD_INDEX[key]].tradable:
        name = CARD_TYPES[CARD_INDEX[key]].name
        return f"the {name} cannot be traded; only these cards can: {TRADABLE_NAMES}"
    return None


def _reason(state: NasiLemakState, action: int, seat: int) -> str:
    phase = state.phase
    if phase == MAIN:
        return _main_reason(state, action)
    if phase == OFFER:
        return _offer_reason(state, action)
    if phase == RESPONSE:
        if action == ACCEPT:
            missing = _missing(state, state.target, state.ask)
            return f"you do not hold the cards asked for ({missing})"
        if action == CANCEL_TRADE:
            return f"the offer is made; seat {state.target} accepts or declines it"
        return "accept or decline the offer first"
    if action == CANCEL_TRADE:
        return "no trade is being set up"
    if phase == PICK:
        if TAKE <= action < GIVE:
            return f"seat {state.target} holds no {LABELS[action - TAKE]}"
        return f"first take a card from seat {state.target}'s hand"
    if phase in (FLY_TARGET, FAN_TARGET):
        if PLACE <= action < CANCEL_TRADE:
            return _landing_reason(state, action)
        return "first choose a fly-free Nasi Lemak card of another player for the fly"
    if phase == PARTNER:
        if WITH_SEAT <= action < TAKE:
            q = action - WITH_SEAT
            if q >= state.num_players or q == state.active:
                return f"seat {q} is not another player at this table"
            return f"seat {q} holds {state.hand_size(q)} cards, too few to trade"
        return "first choose the player to trade with"
    if phase == TRIO_CHOICE:
        if TRIO <= action < ANNOUNCE:
            trio = MAK_CIK_SETS[action - TRIO]
            hand = state.hands[state.active * K : state.active * K + K]
            return "you lack " + ", ".join(LABELS[t] for t in trio if not hand[t])
        return "first choose the three ingredients for Mak Cik Nasi Lemak"
    if phase == ANNOUNCING:
        return "first announce the ingredient the Supplier asks for"
    if phase == EXAMINING:
        if EXAMINE <= action < WITH_SEAT:
            return f"seat {action - EXAMINE} is not another player at this table"
        return "first choose whose hand the Officer examines"
    return "the pending chance event must be resolved first"


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
    if TAKE_BACK <= action < NUM_ACTIONS:
        if state.taken_back >= state.take_back_limit:
            return f"at most {state.take_back_limit} cards may be taken back out of one offer"
        if action < UNASK:
            return f"the offer gives no {LABELS[TRADABLE[action - TAKE_BACK]]}"
        return f"the offer asks for no {LABELS[TRADABLE[action - UNASK]]}"
    return f"finish the offer to seat {state.target} first: give, ask, take back, propose or cancel"


def _main_reason(state: NasiLemakState, action: int) -> str:
    """Refusals of a move chosen at the start of one."""
    act = state.active
    hand = state.hands[act * K : act * K + K]
    if action == CANCEL_TRADE:
        return "no trade is being set up"
    if action >= TAKE_BACK:
        return "no offer is being built; start one with 'trade'"
    if TRIO <= action < FAN or PROPOSE <= action <= DECLINE or action >= PLACE:
        return "that choice belongs to a move in progress; start a move first"
    if action in (MAKE, MAK_CIK) and not any(state.pile):
        return "the Nasi Lemak pile is empty"
    if action == MAKE:
        return "you lack " + ", ".join(LABELS[t] for t in INGREDIENTS if not hand[t])
    if action in CARD_OF_PLAY and not hand[CARD_OF_PLAY[action]]:
        return _no_card(CARD_OF_PLAY[action])
    if action == MAK_CIK:
        return "you hold no three different ingredients"
    if action == FLY:
        return "no other player has a fly-free Nasi Lemak card"
    if action == TRADE:
        if state.declined >= state.max_declined:
            allowed = state.max_declined
            offers = "offer allowed per turn is" if allowed == 1 else "offers allowed per turn are"
            return f"the {allowed} declined {offers} used up"
        return (
            f"an offer needs {state.min_trade} card(s) on each side: you hold "
            f"{sum(hand[t] for t in TRADABLE)} tradable cards"
        )
    i = (action - FAN) % MAX_TABLE_CARDS
    card = FAN_CARD if action < SWAT else SWATTER_CARD
    if not hand[card]:
        return _no_card(card)
    mine = state.flies[act]
    if i >= len(mine) or not mine[i]:
        return f"your Nasi Lemak card {i} carries no fly"
    return "no other player has a fly-free Nasi Lemak card"


def _landing_reason(state: NasiLemakState, action: int) -> str:
    """Why a fly cannot land on that card."""
    q, j = divmod(action - PLACE, MAX_TABLE_CARDS)
    if q >= state.num_players or q == state.active:
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
