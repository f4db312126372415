"""The Nasi Lemak move log and the end of the game in words, seats written {n} (core.told.say).

One sentence per completed move, said at the step that completes it and read from the state it
is called on (before that step): the steps that only prepare a move (a card put on an offer,
the partner chosen, the first card an Officer takes) say nothing. Cards go by their printed
names. A hidden card is named only to a viewer that sees it: told.py decides who does, and
calls these with shown=False for the others, who read what the table saw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meja.core.spec import Outcome
from meja.core.told import seat
from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ANNOUNCE,
    CANCEL_TRADE,
    END_TURN,
    EXAMINE,
    MAKE,
    PLACE,
    PROPOSE,
    SWAT,
    TAKE,
    THIEF,
    TRIO,
    WHOLESALER,
)
from meja.games.nasi_lemak.components import (
    CARD_TYPES,
    DRAW_PER_TURN,
    HAND_SIZE,
    WIN_PACKS,
)
from meja.games.nasi_lemak.scoring import fly_free_cards, fly_free_packs, winners
from meja.games.nasi_lemak.tables import (
    ANNOUNCING,
    COOK,
    DEAL,
    DRAW,
    EXAMINING,
    FAN_TARGET,
    FIVE_PACKS,
    FLY_TARGET,
    INGREDIENTS,
    MAIN,
    MAK_CIK_SETS,
    MAX_TABLE_CARDS,
    OFFER,
    PACKS,
    PARTNER,
    PICK,
    RESPONSE,
    REVEAL,
    ROUND_LIMIT,
    START,
    STEAL,
    TRIO_CHOICE,
    K,
)

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

NAMES: Final = tuple(card.name for card in CARD_TYPES)
PLURALS: Final = {
    "egg": "Eggs",
    "cucumber": "Cucumbers",
    "wholesaler": "Wholesalers",
    "supplier": "Suppliers",
    "officer": "Officers",
    "thief": "Thieves",
    "fly": "Flies",
    "fan": "Fans",
    "swatter": "Fly Swatters",
}
"""Printed names that change for more than one card; Rice, Peanuts and the rest do not."""
PLURAL_NAMES: Final = tuple(PLURALS.get(card.key, card.name) for card in CARD_TYPES)
PLAYED: Final = {WHOLESALER: "the Wholesaler"}
ORDINALS: Final = (
    *("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"),
    *("ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth"),
)
"""A player's Nasi Lemak cards in the order they were made; the pile holds fifteen."""
UNIT: Final = "fly-free packs"
"""What the scores count (scoring.scores)."""
PILE_END: Final = ("turn", "round")
"""When an empty pile ends the game (N5), by the option pile_out_end."""


def listed(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'; 'nothing' for a gift's empty side (min_trade_cards 0)."""
    if len(parts) < 2:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def cards(counts: list[int]) -> str:
    """One K-long row of counts in words: '2 Rice and 1 Egg'."""
    return listed(
        [
            f"{count} {PLURAL_NAMES[t] if count > 1 else NAMES[t]}"
            for t, count in enumerate(counts)
            if count
        ]
    )


def counted(count: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{count} {noun}" + ("s" if count != 1 else "")


def nasi_lemak_card(owner: int, index: int) -> str:
    """'{1}'s second Nasi Lemak card'."""
    return f"{seat(owner)}'s {ORDINALS[index]} Nasi Lemak card"


def move(state: NasiLemakState, player: int, action: int, shown: bool = True) -> str:
    """The sentence of a seat's step, or "" when it only prepares a move; an Officer's last take
    names the cards only when shown (to the Officer and the examined seat, N9)."""
    phase = state.phase
    act = seat(state.turn_seat)
    if phase == MAIN:
        return _main(state, action)
    if phase == RESPONSE:
        verb = "accepted" if action == ACCEPT else "turned down"
        return f"{seat(player)} {verb} {act}'s offer."
    if phase == OFFER:
        if action == PROPOSE:
            return f"{act} offered {seat(state.target)} {cards(state.give)} for {cards(state.ask)}."
        if action == CANCEL_TRADE:
            return f"{act} called off the trade with {seat(state.target)}."
        return ""
    if phase == PARTNER:
        return f"{act} called off a trade." if action == CANCEL_TRADE else ""
    if phase == TRIO_CHOICE:
        trio = listed([NAMES[t] for t in MAK_CIK_SETS[action - TRIO]])
        return f"{act} played Mak Cik Nasi Lemak with {trio}."
    if phase == ANNOUNCING:
        return _supplied(state, INGREDIENTS[action - ANNOUNCE])
    if phase == EXAMINING:
        q = action - EXAMINE
        if state.hand_size(q):
            return ""
        return f"{act} played the Officer on {seat(q)}, whose hand was empty."
    if phase == PICK:
        return _officer_took(state, action, shown)
    if phase in (FLY_TARGET, FAN_TARGET):
        q, j = divmod(action - PLACE, MAX_TABLE_CARDS)
        onto = nasi_lemak_card(q, j)
        if phase == FLY_TARGET:
            return f"{act} put a Fly on {onto}."
        source = nasi_lemak_card(state.turn_seat, state.fan_from)
        return f"{act} fanned the Fly from {source} onto {seat(q)}'s {ORDINALS[j]}."
    return ""


def _main(state: NasiLemakState, action: int) -> str:
    """A move chosen in the main phase: said now when it needs no further choice."""
    act = seat(state.turn_seat)
    if action == END_TURN:
        return f"{act} ended the turn."
    if action == MAKE:
        return f"{act} made a Nasi Lemak."
    if action in PLAYED:
        return f"{act} played {PLAYED[action]}."
    if action == THIEF:
        others = [
            q for q in range(state.num_players) if q != state.turn_seat and state.hand_size(q)
        ]
        if not others:
            return f"{act} played the Thief, but nobody had a card to steal."
        return f"{act} played the Thief."
    if SWAT <= action < PLACE:
        return f"{act} swatted the Fly on {nasi_lemak_card(state.turn_seat, action - SWAT)}."
    return ""


def _supplied(state: NasiLemakState, t: int) -> str:
    """A Supplier's ingredient and what each seat handed over, in the open (N7)."""
    act = state.turn_seat
    handed = [
        f"{count} from {seat(q)}"
        for q in range(state.num_players)
        if q != act and (count := state.hands[q * K + t])
    ]
    said = f"{seat(act)} played the Supplier and named {NAMES[t]}"
    return f"{said}, but nobody had any." if not handed else f"{said}: {listed(handed)}."


def _officer_took(state: NasiLemakState, action: int, shown: bool) -> str:
    """The Officer's whole take, said with its last card (N9)."""
    if state.takes > 1:
        return ""
    taken = [0] * K
    taken[action - TAKE] += 1
    if state.took >= 0:
        taken[state.took] += 1
    what = cards(taken) if shown else counted(sum(taken), "card")
    return f"{seat(state.turn_seat)} played the Officer on {seat(state.target)} and took {what}."


def chance(state: NasiLemakState, action: int, shown: bool) -> str:
    """The sentence of a chance step: the card or Nasi Lemak card named when shown to the viewer,
    what the table saw of it otherwise; "" for a card dealt or turned up before the last."""
    phase = state.phase
    act = state.turn_seat
    if phase == START:
        return f"A random draw chose {seat(action)} to start."
    if phase == STEAL:
        what = cards(_one(action)) if shown else "a card"
        return f"{seat(act)} stole {what} from {seat(state.target)}."
    if phase == COOK:
        if shown:
            return f"{seat(act)}'s new Nasi Lemak card showed {counted(PACKS[action], 'pack')}."
        return f"{seat(act)} kept the new Nasi Lemak card face down."
    if phase == DRAW and shown:
        return f"{seat(act)} drew {cards(_one(action))}."
    if not _last_card(state):
        return ""
    if phase == DEAL:
        dealt = HAND_SIZE - state.to_draw + 1
        said = f"The dealer gave {seat(state.deal_seat)} {counted(dealt, 'card')}"
        if not shown:
            return said + "."
        hand = state.hands[state.deal_seat * K : state.deal_seat * K + K]
        hand[action] += 1
        return f"{said}: {cards(hand)}."
    if phase == DRAW:
        return f"{seat(act)} drew {counted(DRAW_PER_TURN - state.to_draw + 1, 'card')}."
    if phase == REVEAL:
        turned = state.revealed[:]
        turned[action] += 1
        kept = [count if t in INGREDIENTS else 0 for t, count in enumerate(turned)]
        what = f"{seat(act)} kept {cards(kept)}" if any(kept) else "none was an ingredient"
        return f"{seat(act)}'s Wholesaler turned up {cards(turned)}, and {what}."
    return ""


def _one(t: int) -> list[int]:
    """One card of type t as a row of counts, for cards()."""
    row = [0] * K
    row[t] = 1
    return row


def _last_card(state: NasiLemakState) -> bool:
    """Whether this card is the last one dealt, drawn or turned up: the last asked for, or the
    last there is (the discard pile, face up, would be shuffled into a new pile: N12)."""
    return state.to_draw == 1 or (sum(state.draw) == 1 and not any(state.discard))


# --- the end of the game --------------------------------------------------------------------
def outcome(state: NasiLemakState) -> Outcome:
    """What decided a finished game: five fly-free packs at once (N4), or the most fly-free packs
    once the pile ran out or the rounds were up, with the tie on cards when there was one (N5)."""
    won = winners(state)
    packs = fly_free_packs(state, won[0])
    most = counted(packs, "fly-free pack")
    if state.end == FIVE_PACKS:
        line = f"{seat(won[0])} won at once with {most}; {WIN_PACKS} end the game."
        return Outcome(UNIT, (line,))
    if state.end == ROUND_LIMIT:
        rounds = state.max_turns // state.num_players
        why = f"The game stopped after {counted(rounds, 'round')}."
    else:
        why = (
            f"The Nasi Lemak pile ran out, so the game ended with that {PILE_END[state.round_end]}."
        )
    level = [q for q in range(state.num_players) if fly_free_packs(state, q) == packs]
    names = listed([seat(q) for q in won])
    if len(level) == 1:
        return Outcome(UNIT, (why, f"{names} won with {most}."))
    tied = f"{listed([seat(q) for q in level])} tied on {most}"
    count = fly_free_cards(state, won[0])
    if len(won) == len(level):
        line = f"{tied} and {counted(count, 'fly-free Nasi Lemak card')} and shared the win."
    else:
        best_other = max(fly_free_cards(state, q) for q in level if q not in won)
        verb = "won" if len(won) == 1 else "shared the win"
        line = f"{tied}; {names} {verb} on fly-free Nasi Lemak cards, {count} to {best_other}."
    return Outcome(UNIT, (why, line))
