"""Which moves are legal, each rule written once, and why a refused move is refused.

The hot phases (main, offer) name each condition once and both list the moves and test one
move from those conditions; the other phases offer a handful of choices, so a move is legal
exactly when it is listed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from meja.core.tally import any_left, total
from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ANNOUNCE,
    ASK,
    CANCEL_TRADE,
    CARD_OF_PLAY,
    CARD_PLAYS,
    DECLINE,
    END_TURN,
    EXAMINE,
    FAN,
    FLY,
    GIVE,
    MAK_CIK,
    MAKE,
    NUM_ACTIONS,
    PLACE,
    PROPOSE,
    SWAT,
    TAKE,
    TAKE_BACK,
    TRADE,
    TRIO,
    UNASK,
    WITH_SEAT,
)
from meja.games.nasi_lemak.components import CARD_TYPES
from meja.games.nasi_lemak.tables import (
    ANNOUNCING,
    CARD_INDEX,
    EXAMINING,
    FAN_CARD,
    FAN_TARGET,
    FLY_CARD,
    FLY_TARGET,
    INGREDIENTS,
    LABELS,
    MAIN,
    MAK_CIK_CARD,
    MAK_CIK_SETS,
    MAX_TABLE_CARDS,
    OFFER,
    PARTNER,
    PICK,
    RESPONSE,
    SWATTER_CARD,
    TRADABLE,
    TRIO_CHOICE,
    K,
    span,
)

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

ASKS: Final = tuple(range(ASK, ASK + len(TRADABLE)))
PLAYS_BY_CARD: Final = tuple((action, CARD_OF_PLAY[action]) for action in CARD_PLAYS)
"""Each card play with the card it needs, as pairs a move list walks natively."""
ANNOUNCES: Final = range(ANNOUNCE, ANNOUNCE + len(INGREDIENTS))


def legal_actions(state: NasiLemakState, player: int | None = None) -> list[int]:
    """The sorted legal moves of player (default: the seat to act)."""
    current = state.current_player()
    if current < 0 or (player is not None and player != current):
        return []
    phase = state.phase
    if phase == MAIN:
        return main_moves(state)
    if phase == OFFER:
        return offer_moves(state)
    return CHOICES[phase](state)


def is_legal(state: NasiLemakState, action: int, seat: int) -> bool:
    """Whether seat, the seat to act, may play action: by the rules legal_actions lists by."""
    if type(action) is not int:
        return False
    phase = state.phase
    if phase == MAIN:
        return main_allows(state, action)
    if phase == OFFER:
        return offer_allows(state, action)
    return action in CHOICES[phase](state)


# --- the main phase: a move, or the end of the turn ---------------------------------------
def _may_make(state: NasiLemakState, base: int) -> bool:
    """One of each ingredient in hand and a Nasi Lemak card left to take."""
    if not any_left(state.pile):
        return False
    hands = state.hands
    return all(hands[base + t] for t in INGREDIENTS)


def _may_mak_cik(state: NasiLemakState, base: int) -> bool:
    """Mak Cik Nasi Lemak with three different ingredients, and a card left to take (N8)."""
    return any_left(state.pile) and state.hands[base + MAK_CIK_CARD] > 0 and bool(trios(state))


def _may_fly(state: NasiLemakState, base: int) -> bool:
    """A Fly in hand, and somewhere for it to land (N10)."""
    return state.hands[base + FLY_CARD] > 0 and has_landing(state)


def _may_fan(state: NasiLemakState, base: int) -> bool:
    """A Fan in hand, and somewhere for the fanned fly to land (N11)."""
    return state.hands[base + FAN_CARD] > 0 and has_landing(state)


def _carries_fly(state: NasiLemakState, card: int) -> bool:
    """Whether the active player's Nasi Lemak card carries a fly."""
    mine = state.flies[state.turn_seat]
    return card < len(mine) and mine[card] == 1


def main_moves(state: NasiLemakState) -> list[int]:
    """Every move open to the active player, in increasing id order."""
    act = state.turn_seat
    hands = state.hands
    base = act * K
    acts = [END_TURN]
    if _may_make(state, base):
        acts.append(MAKE)
    if _may_mak_cik(state, base):
        acts.append(MAK_CIK)
    for action, card in PLAYS_BY_CARD:
        if hands[base + card]:
            acts.append(action)
    if _may_fly(state, base):
        acts.append(FLY)
    if may_start_trade(state):
        acts.append(TRADE)
    mine = state.flies[act]
    if 1 in mine:
        if _may_fan(state, base):
            _add_flies(acts, FAN, mine)
        if hands[base + SWATTER_CARD]:
            _add_flies(acts, SWAT, mine)
    return acts


def _add_flies(acts: list[int], first: int, flies: list[int]) -> None:
    """Append first + i for every card i that carries a fly."""
    for card in range(len(flies)):
        if flies[card]:
            acts.append(first + card)


def main_allows(state: NasiLemakState, action: int) -> bool:
    """Whether action is one of main_moves(state), by the same conditions."""
    base = state.turn_seat * K
    if action == END_TURN:
        return True
    if action == MAKE:
        return _may_make(state, base)
    if action == MAK_CIK:
        return _may_mak_cik(state, base)
    if action in CARD_PLAYS:
        return state.hands[base + CARD_OF_PLAY[action]] > 0
    if action == FLY:
        return _may_fly(state, base)
    if action == TRADE:
        return may_start_trade(state)
    if FAN <= action < SWAT:
        return _may_fan(state, base) and _carries_fly(state, action - FAN)
    if SWAT <= action < PLACE:
        return state.hands[base + SWATTER_CARD] > 0 and _carries_fly(state, action - SWAT)
    return False


def trios(state: NasiLemakState) -> list[int]:
    """Indices of the Mak Cik ingredient sets the active player holds."""
    hands = state.hands
    base = state.turn_seat * K
    return [
        k
        for k, (a, b, c) in enumerate(MAK_CIK_SETS)
        if hands[base + a] and hands[base + b] and hands[base + c]
    ]


def fly_targets(state: NasiLemakState) -> list[int]:
    """PLACE actions for every fly-free card of every opponent of the active player."""
    act = state.turn_seat
    return [
        PLACE + q * MAX_TABLE_CARDS + j
        for q, cards in enumerate(state.flies)
        if q != act
        for j, fly in enumerate(cards)
        if not fly
    ]


def has_landing(state: NasiLemakState) -> bool:
    """Whether some opponent has a card a fly could land on."""
    act = state.turn_seat
    return any(q != act and 0 in cards for q, cards in enumerate(state.flies))


def may_start_trade(state: NasiLemakState) -> bool:
    """Whether an offer may still be made this turn to anyone (N2 cap)."""
    if state.declined >= state.max_declined:
        return False
    act = state.turn_seat
    mine = tradable_in_hand(state)
    return any(q != act and can_trade(state, q, mine) for q in range(state.num_players))


def tradable_in_hand(state: NasiLemakState) -> int:
    """The tradable cards the active player holds, what an offer could give."""
    base = state.turn_seat * K
    hands = state.hands
    mine = 0
    for t in TRADABLE:
        mine += hands[base + t]
    return mine


def can_trade(state: NasiLemakState, q: int, mine: int) -> bool:
    """Whether an offer to q could reach the minimum size on both sides, mine being
    tradable_in_hand(state)."""
    minimum = state.min_trade
    if mine < minimum:
        return False
    theirs = state.hand_size(q)
    return theirs >= minimum and mine + theirs > 0


# --- building an offer ----------------------------------------------------------------------
# given and asked are the cards on each side of the offer so far: total(state.give), total(ask).
def _may_propose(state: NasiLemakState, given: int, asked: int) -> bool:
    """Both sides hold the minimum, and the offer is not empty (N3)."""
    minimum = state.min_trade
    return given >= minimum and asked >= minimum and given + asked > 0


def _may_give_more(state: NasiLemakState, given: int) -> bool:
    return given < state.offer_limit


def _may_ask_more(state: NasiLemakState, asked: int) -> bool:
    """Below the cap, and below the partner's hand size."""
    return asked < state.offer_limit and asked < state.hand_size(state.target)


def _may_take_back(state: NasiLemakState) -> bool:
    return state.taken_back < state.take_back_limit


def offer_moves(state: NasiLemakState) -> list[int]:
    """Propose once both sides are big enough; add cards while the limits allow."""
    give = state.give
    ask = state.ask
    given = total(give)
    asked = total(ask)
    acts = [PROPOSE] if _may_propose(state, given, asked) else []
    if _may_give_more(state, given):
        hands = state.hands
        base = state.turn_seat * K
        for index in range(len(TRADABLE)):
            t = TRADABLE[index]
            if give[t] < hands[base + t]:
                acts.append(GIVE + index)
    if _may_ask_more(state, asked):
        acts.extend(ASKS)
    acts.append(CANCEL_TRADE)
    if _may_take_back(state):
        _add_offered(acts, TAKE_BACK, give)
        _add_offered(acts, UNASK, ask)
    return acts


def _add_offered(acts: list[int], first: int, side: list[int]) -> None:
    """Append first + index for every tradable card on this side of the offer."""
    for index in range(len(TRADABLE)):
        if side[TRADABLE[index]]:
            acts.append(first + index)


def offer_allows(state: NasiLemakState, action: int) -> bool:
    """Whether action is one of offer_moves(state), by the same conditions."""
    if action == PROPOSE:
        return _may_propose(state, total(state.give), total(state.ask))
    if GIVE <= action < ASK:
        t = TRADABLE[action - GIVE]
        in_hand = state.hands[state.turn_seat * K + t]
        return _may_give_more(state, total(state.give)) and state.give[t] < in_hand
    if ASK <= action < FAN:
        return _may_ask_more(state, total(state.ask))
    if action == CANCEL_TRADE:
        return True
    if TAKE_BACK <= action < NUM_ACTIONS and _may_take_back(state):
        if action < UNASK:
            return state.give[TRADABLE[action - TAKE_BACK]] > 0
        return state.ask[TRADABLE[action - UNASK]] > 0
    return False


# --- the parts of a move in progress: a few choices each -----------------------------------
def _answers(state: NasiLemakState) -> list[int]:
    """Accept only with every card asked for in hand; declining is always open."""
    hands = state.hands
    ask = state.ask
    base = state.target * K
    if all(hands[base + t] >= ask[t] for t in TRADABLE):
        return [ACCEPT, DECLINE]
    return [DECLINE]


def _partners(state: NasiLemakState) -> list[int]:
    act = state.turn_seat
    mine = tradable_in_hand(state)
    partners = [
        WITH_SEAT + q for q in range(state.num_players) if q != act and can_trade(state, q, mine)
    ]
    partners.append(CANCEL_TRADE)
    return partners


def _picks(state: NasiLemakState) -> list[int]:
    hands = state.hands
    base = state.target * K
    return [TAKE + t for t in range(K) if hands[base + t]]


def _trio_choices(state: NasiLemakState) -> list[int]:
    return [TRIO + k for k in trios(state)]


def _announcements(state: NasiLemakState) -> list[int]:
    return list(ANNOUNCES)


def _examinable(state: NasiLemakState) -> list[int]:
    act = state.turn_seat
    return [EXAMINE + q for q in range(state.num_players) if q != act]


CHOICES: Final[dict[int, Callable[[NasiLemakState], list[int]]]] = {
    RESPONSE: _answers,
    FLY_TARGET: fly_targets,
    FAN_TARGET: fly_targets,
    PARTNER: _partners,
    PICK: _picks,
    TRIO_CHOICE: _trio_choices,
    ANNOUNCING: _announcements,
    EXAMINING: _examinable,
}
"""The choices of each phase a move is in the middle of."""


# --- refusals -------------------------------------------------------------------------------
TRADABLE_NAMES: Final = ", ".join(CARD_TYPES[t].name for t in TRADABLE)


def refusal(state: NasiLemakState, action: int, seat: int) -> str:
    """The refusal message for a legal-looking action number that the rules do not allow now."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return f"{action!r} is not an action of {state.game.title}"
    words = state.action_to_str(action, seat)
    return f"seat {seat} cannot {words!r} now: {_reason(state, action, seat)}"


OFFER_VERBS: Final = ("give ", "ask ", "take back ", "unask ")
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
            if q >= state.num_players or q == state.turn_seat:
                return f"seat {q} is not another player at this table"
            return f"seat {q} holds {state.hand_size(q)} cards, too few to trade"
        return "first choose the player to trade with"
    if phase == TRIO_CHOICE:
        if TRIO <= action < ANNOUNCE:
            trio = MAK_CIK_SETS[action - TRIO]
            hand = state.hands[span(state.turn_seat)]
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
        held = state.hands[state.turn_seat * K + t]
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
    act = state.turn_seat
    hand = state.hands[span(act)]
    if action == CANCEL_TRADE:
        return "no trade is being set up"
    if action >= TAKE_BACK:
        return "no offer is being built; start one with 'trade'"
    if TRIO <= action < FAN or PROPOSE <= action <= DECLINE or action >= PLACE:
        return "that choice belongs to a move in progress; start a move first"
    if action in (MAKE, MAK_CIK) and not any_left(state.pile):
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
    if q >= state.num_players or q == state.turn_seat:
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
