"""The cards of Nasi Lemak: The Game and the numbers printed in its rulebook, as plain data.

Values marked PROPOSED are our reconstruction (readings section 3(c)), not printed by the
publisher; they are kept here so that exact data can replace them without touching the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

INGREDIENT: Final = "ingredient"
ACTION: Final = "action"


@dataclass(frozen=True)
class CardType:
    """One kind of banana-leaf card: its names, how many the deck holds, and whether it trades."""

    key: str
    name: str
    malay: str
    count: int
    kind: str
    tradable: bool


CARD_TYPES: Final[tuple[CardType, ...]] = (
    CardType("rice", "Rice", "Nasi", 10, INGREDIENT, True),
    CardType("egg", "Egg", "Telur", 10, INGREDIENT, True),
    CardType("peanuts", "Peanuts", "Kacang", 10, INGREDIENT, True),
    CardType("sambal", "Anchovies Sambal", "Sambal Bilis", 10, INGREDIENT, True),
    CardType("cucumber", "Cucumber", "Timun", 10, INGREDIENT, True),
    CardType("wholesaler", "Wholesaler", "Pemborong", 3, ACTION, False),
    CardType("supplier", "Supplier", "Pembekal", 3, ACTION, False),
    CardType("mak_cik", "Mak Cik Nasi Lemak", "Mak Cik Nasi Lemak", 3, ACTION, False),
    CardType("officer", "Officer", "Pegawai", 3, ACTION, False),
    CardType("thief", "Thief", "Pencuri", 3, ACTION, False),
    CardType("fly", "Fly", "Lalat", 5, ACTION, False),
    CardType("fan", "Fan", "Kipas", 3, ACTION, True),
    CardType("swatter", "Fly Swatter", "Pemukul Lalat", 2, ACTION, True),
)


@dataclass(frozen=True)
class NasiLemakCard:
    """A golden-back Nasi Lemak card: how many packs it shows and how many such cards exist."""

    packs: int
    count: int


NASI_LEMAK_CARDS: Final[tuple[NasiLemakCard, ...]] = (
    NasiLemakCard(packs=1, count=8),
    NasiLemakCard(packs=2, count=7),
)

# Printed in the rulebook.
HAND_SIZE: Final = 7  # cards dealt to each player at setup
DRAW_PER_TURN: Final = 2  # cards drawn at the start of a turn; not a move
MOVES_PER_TURN: Final = 3  # N1: at most three moves of any mix
WIN_PACKS: Final = 5  # fly-free packs that end the game at once (N4)
MAK_CIK_INGREDIENTS: Final = 3  # different ingredients Mak Cik Nasi Lemak needs (N8)
WHOLESALER_REVEAL: Final = 3  # cards the Wholesaler turns up from the draw pile (N6)
OFFICER_TAKE: Final = 2  # cards the Officer takes from the examined hand (N9)

# PROPOSED (readings 3(c)): the rulebook gives no player count.
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6

# PROPOSED (readings 3(c), N2, N3): defaults and allowed ranges of the guards that keep a game
# finite. None of them is in the rulebook.
MIN_TRADE_CARDS: Final = 1  # cards on each side of an offer; 0 allows gifts
MIN_TRADE_CARDS_RANGE: Final = (0, 10)
MAX_DECLINED_OFFERS: Final = 3  # declined offers allowed per turn (N2)
MAX_DECLINED_OFFERS_RANGE: Final = (
    1,
    10,
)  # at least 1: any offer may be declined, so 0 allows no trade
OFFER_CARD_LIMIT: Final = (
    0  # cards on each side of one offer; 0 is no cap, only the hands limit it (N3)
)
OFFER_CARD_LIMIT_RANGE: Final = (0, 10)
TAKE_BACK_LIMIT: Final = 3  # cards that may be taken back out of one offer when offers have no cap
MAX_ROUNDS: Final = (
    100  # rounds after which the game is scored as if the pile ran out (N5 tie-breaks)
)
MAX_ROUNDS_RANGE: Final = (1, 1000)
