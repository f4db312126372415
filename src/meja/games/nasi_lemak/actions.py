"""The fixed action space of Nasi Lemak, derived from the component tables.

Every decision is one int. Choices with several parts (an Officer's target and picks, a Fan's
source and destination, a trade offer) are short sequences of these sub-decisions.
"""

from __future__ import annotations

from itertools import combinations

from meja.games.nasi_lemak.components import (
    CARD_TYPES,
    INGREDIENT,
    MAK_CIK_INGREDIENTS,
    MAX_PLAYERS,
    NASI_LEMAK_CARDS,
)

NUM_TYPES = len(CARD_TYPES)
CARD_INDEX = {card.key: index for index, card in enumerate(CARD_TYPES)}
INGREDIENTS = tuple(i for i, card in enumerate(CARD_TYPES) if card.kind == INGREDIENT)
TRADABLE = tuple(i for i, card in enumerate(CARD_TYPES) if card.tradable)
MAK_CIK_SETS = tuple(combinations(INGREDIENTS, MAK_CIK_INGREDIENTS))
MAX_TABLE_CARDS = sum(card.count for card in NASI_LEMAK_CARDS)
"""Most Nasi Lemak cards one player can have in front of them: the whole pile."""

WHOLESALER_CARD = CARD_INDEX["wholesaler"]
SUPPLIER_CARD = CARD_INDEX["supplier"]
MAK_CIK_CARD = CARD_INDEX["mak_cik"]
OFFICER_CARD = CARD_INDEX["officer"]
THIEF_CARD = CARD_INDEX["thief"]
FLY_CARD = CARD_INDEX["fly"]
FAN_CARD = CARD_INDEX["fan"]
SWATTER_CARD = CARD_INDEX["swatter"]

LABELS = tuple(card.key.replace("_", " ") for card in CARD_TYPES)
"""Card names as they appear in action strings ("mak cik", "sambal")."""

END_TURN = 0
MAKE = 1
WHOLESALER = 2
THIEF = 3
TRADE = 4
PROPOSE = 5
ACCEPT = 6
DECLINE = 7
MAK_CIK = 8
SUPPLIER = MAK_CIK + len(MAK_CIK_SETS)
OFFICER = SUPPLIER + len(INGREDIENTS)
WITH_SEAT = OFFICER + MAX_PLAYERS
TAKE = WITH_SEAT + MAX_PLAYERS
GIVE = TAKE + NUM_TYPES
ASK = GIVE + len(TRADABLE)
FAN = ASK + len(TRADABLE)
SWAT = FAN + MAX_TABLE_CARDS
PLACE = SWAT + MAX_TABLE_CARDS
"""Put a fly on (seat, card): a Fly card in the main phase, the Fan's destination after FAN."""
NUM_ACTIONS = PLACE + MAX_PLAYERS * MAX_TABLE_CARDS


def place(seat: int, card: int) -> int:
    """The PLACE action for the given seat's Nasi Lemak card."""
    return PLACE + seat * MAX_TABLE_CARDS + card


def _names(fan_target: bool) -> list[str]:
    """The string of every action id, with PLACE read as a Fly or as a Fan's destination."""
    names = ["end turn", "make nasi lemak", "wholesaler", "thief", "trade"]
    names += ["propose", "accept", "decline"]
    names += ["mak cik " + " ".join(LABELS[i] for i in trio) for trio in MAK_CIK_SETS]
    names += [f"supplier {LABELS[i]}" for i in INGREDIENTS]
    names += [f"officer seat {seat}" for seat in range(MAX_PLAYERS)]
    names += [f"with seat {seat}" for seat in range(MAX_PLAYERS)]
    names += [f"take {label}" for label in LABELS]
    names += [f"give {LABELS[i]}" for i in TRADABLE]
    names += [f"ask {LABELS[i]}" for i in TRADABLE]
    names += [f"fan from card {card}" for card in range(MAX_TABLE_CARDS)]
    names += [f"swat card {card}" for card in range(MAX_TABLE_CARDS)]
    verb = "fan to" if fan_target else "fly on"
    names += [
        f"{verb} seat {seat} card {card}"
        for seat in range(MAX_PLAYERS)
        for card in range(MAX_TABLE_CARDS)
    ]
    return names


ACTION_NAMES = tuple(_names(fan_target=False))
FAN_TARGET_NAMES = tuple(_names(fan_target=True))
PARSE = {name: action for action, name in enumerate(ACTION_NAMES)} | {
    FAN_TARGET_NAMES[action]: action for action in range(PLACE, NUM_ACTIONS)
}
"""Every action string (lower case) to its id; legality is checked separately."""
