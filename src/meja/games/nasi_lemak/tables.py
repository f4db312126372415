"""Lookup tables derived from the components: card indices, the flat layout of the state's
per-seat lists, the phases of a turn and the ways a game ends."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations, compress
from typing import Any, Final

from meja.core import position_reading as read
from meja.games.nasi_lemak.components import (
    CARD_TYPES,
    INGREDIENT,
    MAK_CIK_INGREDIENTS,
    NASI_LEMAK_CARDS,
    WIN_PACKS,
)

NUM_TYPES: Final = len(CARD_TYPES)
K: Final = NUM_TYPES
"""Length of one row of card counts: hands, piles and knowledge are flat lists of such rows."""
KEYS: Final = tuple(card.key for card in CARD_TYPES)
CARD_INDEX: Final = {key: index for index, key in enumerate(KEYS)}
INGREDIENTS: Final = tuple(i for i, card in enumerate(CARD_TYPES) if card.kind == INGREDIENT)
TRADABLE: Final = tuple(i for i, card in enumerate(CARD_TYPES) if card.tradable)
MAK_CIK_SETS: Final = tuple(combinations(INGREDIENTS, MAK_CIK_INGREDIENTS))
MAX_TABLE_CARDS: Final = sum(card.count for card in NASI_LEMAK_CARDS)
"""Most Nasi Lemak cards one player can have in front of them: the whole pile."""
DECK_CARDS: Final = sum(card.count for card in CARD_TYPES)
"""Every banana-leaf card: more than either side of an offer can hold, so an offer with no cap
is limited by the two hands alone (N3)."""
LABELS: Final = tuple(key.replace("_", " ") for key in KEYS)
"""Card names as they appear in action strings ("mak cik", "sambal")."""

WHOLESALER_CARD: Final = CARD_INDEX["wholesaler"]
SUPPLIER_CARD: Final = CARD_INDEX["supplier"]
MAK_CIK_CARD: Final = CARD_INDEX["mak_cik"]
OFFICER_CARD: Final = CARD_INDEX["officer"]
THIEF_CARD: Final = CARD_INDEX["thief"]
FLY_CARD: Final = CARD_INDEX["fly"]
FAN_CARD: Final = CARD_INDEX["fan"]
SWATTER_CARD: Final = CARD_INDEX["swatter"]

PACKS: Final = tuple(card.packs for card in NASI_LEMAK_CARDS)
"""The packs shown by each kind of Nasi Lemak card; the pile counts cards by kind."""
KIND_OF_PACKS: Final = {packs: kind for kind, packs in enumerate(PACKS)}
RISKY_CARDS: Final = -(-WIN_PACKS // max(PACKS))
"""Fewest fly-free cards that can show the winning number of packs."""


def span(seat: int) -> slice:
    """Seat's row of card counts in a flat per-seat list (hands)."""
    return slice(seat * K, seat * K + K)


def seen_span(num_players: int, seat: int, other: int) -> slice:
    """The row of known: what seat has seen of other's hand and knows is still there."""
    start = (seat * num_players + other) * K
    return slice(start, start + K)


ROWS_KEPT: Final = 4096
"""Most rows counts_dict keeps the dict of: far more than the rows one game shows."""
_ROW_DICTS: dict[tuple[int, ...], dict[str, int]] = {}
BLOCKS_KEPT: Final = 1024
"""Most blocks of rows block_dicts keeps: a game shows a few dozen."""
_BLOCK_DICTS: dict[tuple[int, ...], tuple[dict[str, int], ...]] = {}


def counts_dict(counts: list[int], start: int = 0) -> dict[str, int]:
    """The non-zero counts of one K-long row as {card key: count}, a new dict every call.

    Views ask for the same few rows over and over, so each row's dict is built once and copied.
    """
    part = counts[start : start + K]
    if not any(part):
        return {}
    row = tuple(part)
    found = _ROW_DICTS.get(row)
    if found is None:
        if len(_ROW_DICTS) >= ROWS_KEPT:
            _ROW_DICTS.clear()
        found = _ROW_DICTS[row] = dict(compress(zip(KEYS, row, strict=True), row))
    return found.copy()


def block_dicts(counts: list[int], start: int, rows: int) -> tuple[dict[str, int], ...]:
    """counts_dict of each of rows K-long rows from start on, shared: the caller copies them.

    A seat's knowledge of the other hands changes seldom, so each block is read once.
    """
    block = tuple(counts[start : start + rows * K])
    found = _BLOCK_DICTS.get(block)
    if found is None:
        if len(_BLOCK_DICTS) >= BLOCKS_KEPT:
            _BLOCK_DICTS.clear()
        found = _BLOCK_DICTS[block] = tuple(
            dict(compress(zip(KEYS, row, strict=True), row))
            for row in (block[i : i + K] for i in range(0, rows * K, K))
        )
    return found


def read_int(
    data: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None
) -> int:
    """An integer field of a position within [low, high]."""
    return read.integer(data.get(key, default), key, low, high, between="..")


def read_counts(value: Any, field: str) -> list[int]:
    """A {card key: count} object of a position as a K-long row: counts_dict read back."""
    return read.counts(value, field, CARD_INDEX, "card")


# The chance phases draw a banana-leaf card, a Nasi Lemak card, a starting seat or a stolen card.
# The others after MAIN are the parameters of a move in progress.
PHASE_NAMES: Final = (
    "start",
    "deal",
    "draw",
    "main",
    "cook",
    "reveal",
    "steal",
    "trio",
    "announce",
    "examine",
    "pick",
    "fly_target",
    "fan_target",
    "partner",
    "offer",
    "response",
    "over",
)
START: Final = 0
DEAL: Final = 1
DRAW: Final = 2
MAIN: Final = 3
COOK: Final = 4
REVEAL: Final = 5
STEAL: Final = 6
TRIO_CHOICE: Final = 7
ANNOUNCING: Final = 8
EXAMINING: Final = 9
PICK: Final = 10
FLY_TARGET: Final = 11
FAN_TARGET: Final = 12
PARTNER: Final = 13
OFFER: Final = 14
RESPONSE: Final = 15
OVER: Final = 16
CHANCE_PHASES: Final = frozenset((START, DEAL, DRAW, COOK, REVEAL, STEAL))
CARD_DRAW_PHASES: Final = frozenset((DEAL, DRAW, REVEAL))
IS_CHANCE_PHASE: Final = tuple(phase in CHANCE_PHASES for phase in range(len(PHASE_NAMES)))
"""By phase, whether it is one of CHANCE_PHASES: an index, where a set lookup costs a hash."""

FIVE_PACKS: Final = "five_packs"
PILE_OUT: Final = "pile_out"
ROUND_LIMIT: Final = "round_limit"
ENDS: Final = (FIVE_PACKS, PILE_OUT, ROUND_LIMIT)
