"""The fixed action space of Nasi Lemak, derived from the component tables.

Every decision is one int. Choices with several parts (an Officer's target and picks, a Fan's
source and destination, a trade offer) are short sequences of these sub-decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meja.core.actions import ActionNames
from meja.core.game import CHANCE
from meja.core.start_player import start_seat_names
from meja.games.nasi_lemak.components import MAX_PLAYERS
from meja.games.nasi_lemak.tables import (
    CARD_DRAW_PHASES,
    COOK,
    FLY_CARD,
    INGREDIENTS,
    LABELS,
    MAK_CIK_CARD,
    MAK_CIK_SETS,
    MAX_TABLE_CARDS,
    NUM_TYPES,
    OFFICER_CARD,
    PACKS,
    START,
    STEAL,
    SUPPLIER_CARD,
    THIEF_CARD,
    TRADABLE,
    WHOLESALER_CARD,
)

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState

END_TURN: Final = 0
MAKE: Final = 1
MAK_CIK: Final = 2
WHOLESALER: Final = 3
SUPPLIER: Final = 4
OFFICER: Final = 5
THIEF: Final = 6
FLY: Final = 7
TRADE: Final = 8
PROPOSE: Final = 9
ACCEPT: Final = 10
DECLINE: Final = 11
TRIO: Final = 12
"""Which three different ingredients go with a Mak Cik Nasi Lemak card."""
ANNOUNCE: Final = TRIO + len(MAK_CIK_SETS)
"""The ingredient a Supplier names."""
EXAMINE: Final = ANNOUNCE + len(INGREDIENTS)
"""The seat whose hand an Officer examines."""
WITH_SEAT: Final = EXAMINE + MAX_PLAYERS
"""The seat an offer goes to."""
TAKE: Final = WITH_SEAT + MAX_PLAYERS
GIVE: Final = TAKE + NUM_TYPES
ASK: Final = GIVE + len(TRADABLE)
FAN: Final = ASK + len(TRADABLE)
SWAT: Final = FAN + MAX_TABLE_CARDS
PLACE: Final = SWAT + MAX_TABLE_CARDS
"""Put a fly on (seat, card): where a played Fly lands, or where a fanned fly goes."""
CANCEL_TRADE: Final = PLACE + MAX_PLAYERS * MAX_TABLE_CARDS
"""Drop the trade being set up, before it is proposed. Added after every other action, so that
the numbers of the older actions (and the saved games that use them) stay the same."""
TAKE_BACK: Final = CANCEL_TRADE + 1
"""Take a card of this tradable type back off the give side of the offer being built."""
UNASK: Final = TAKE_BACK + len(TRADABLE)
"""Take a card of this tradable type off the ask side of the offer being built."""
NUM_ACTIONS: Final = UNASK + len(TRADABLE)
CARD_OF_PLAY: Final = {
    MAK_CIK: MAK_CIK_CARD,
    WHOLESALER: WHOLESALER_CARD,
    SUPPLIER: SUPPLIER_CARD,
    OFFICER: OFFICER_CARD,
    THIEF: THIEF_CARD,
    FLY: FLY_CARD,
}
"""The card each single "play" action spends."""
CARD_PLAYS: Final = (WHOLESALER, SUPPLIER, OFFICER, THIEF)
"""Plays that need only their card in hand."""


def _names() -> list[str]:
    """The name of every action id, in id order."""
    names = ["end turn", "make nasi lemak"]
    names += [f"play {LABELS[CARD_OF_PLAY[action]]}" for action in range(MAK_CIK, TRADE)]
    names += ["trade", "propose", "accept", "decline"]
    names += ["use " + " ".join(LABELS[i] for i in trio) for trio in MAK_CIK_SETS]
    names += [f"announce {LABELS[i]}" for i in INGREDIENTS]
    names += [f"examine seat {seat}" for seat in range(MAX_PLAYERS)]
    names += [f"trade with seat {seat}" for seat in range(MAX_PLAYERS)]
    names += [f"take {label}" for label in LABELS]
    names += [f"give {LABELS[i]}" for i in TRADABLE]
    names += [f"ask {LABELS[i]}" for i in TRADABLE]
    names += [f"fan from card {card}" for card in range(MAX_TABLE_CARDS)]
    names += [f"swat card {card}" for card in range(MAX_TABLE_CARDS)]
    names += [
        f"fly to seat {seat} card {card}"
        for seat in range(MAX_PLAYERS)
        for card in range(MAX_TABLE_CARDS)
    ]
    names.append("cancel trade")
    names += [f"take back {LABELS[i]}" for i in TRADABLE]
    names += [f"unask {LABELS[i]}" for i in TRADABLE]
    return names


MOVES: Final = ActionNames(_names())
"""Every seat's moves by name; legality is checked separately."""
CARDS: Final = ActionNames(LABELS, what="card")
"""A banana-leaf card dealt, drawn or turned up by a Wholesaler."""
STOLEN: Final = ActionNames([f"steal {label}" for label in LABELS], what="card")
"""The card a Thief draws from its victim's hand."""
PACK_CARDS: Final = ActionNames(
    [f"{packs} pack" + ("s" if packs > 1 else "") for packs in PACKS],
    what="Nasi Lemak card",
)
"""The kind of Nasi Lemak card cooked, by its packs."""


def names(state: NasiLemakState, seat: int) -> ActionNames:
    """The table naming seat's actions now; for CHANCE, the pending event's outcomes: the card
    drawn or stolen, the pack count cooked, or the start seat."""
    if seat != CHANCE:
        return MOVES
    phase = state.phase
    if phase in CARD_DRAW_PHASES:
        return CARDS
    if phase == STEAL:
        return STOLEN
    if phase == COOK:
        return PACK_CARDS
    if phase == START:
        return start_seat_names(state.num_players)
    return MOVES
