"""Nasi Lemak observations: the turn, the offer or play in progress, the piles, the seat's hand
and, per seat from the observer on, its hand size, known cards and Nasi Lemak cards."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from itertools import compress
from operator import itemgetter
from typing import Any

import numpy as np

from meja.core.game import CHANCE
from meja.core.told import Told
from meja.env.encoding import Encoder, Field
from meja.games.nasi_lemak.actions import ACCEPT, ANNOUNCE, DECLINE, EXAMINE
from meja.games.nasi_lemak.components import (
    CARD_TYPES,
    DRAW_PER_TURN,
    HAND_SIZE,
    MOVES_PER_TURN,
    NASI_LEMAK_CARDS,
    OFFICER_TAKE,
    TAKE_BACK_LIMIT,
    WHOLESALER_REVEAL,
)
from meja.games.nasi_lemak.tables import (
    CARD_INDEX,
    DECK_CARDS,
    ENDS,
    INGREDIENTS,
    KEYS,
    MAX_TABLE_CARDS,
    PHASE_NAMES,
    TRADABLE,
    K,
)

MOST_OF_A_CARD = max(card.count for card in CARD_TYPES)
"""The most copies of any one banana-leaf card: the bound of every count by card type."""
ALL_PACKS = sum(card.packs * card.count for card in NASI_LEMAK_CARDS)
"""Packs on every Nasi Lemak card together: the bound of a seat's packs."""
MOST_PACKS = max(card.packs for card in NASI_LEMAK_CARDS)
SEEN_CARDS = ("supplier", "officer", "wholesaler")
"""The cards whose play leaves something just seen, in the order of just_seen_card."""
NUM_TRADABLE = len(TRADABLE)
NUM_INGREDIENTS = len(INGREDIENTS)
PHASE_INDEX = {name: i for i, name in enumerate(PHASE_NAMES)}
END_INDEX = {end: i for i, end in enumerate(ENDS)}
SEEN_INDEX = {card: i for i, card in enumerate(SEEN_CARDS)}
TRADABLE_INDEX = {KEYS[t]: i for i, t in enumerate(TRADABLE)}
INGREDIENT_INDEX = {KEYS[t]: i for i, t in enumerate(INGREDIENTS)}
SCALARS = (
    *("turn", "moves_left", "declined_offers", "draw_pile"),
    *("nasi_lemak_pile", "pending_draws", "takes_left"),
)
"""The view's numbers written as they are, one field each."""
SEAT_FIELDS = ("to_move", "active", "first_player", "deal_seat", "target")
"""The view's seat numbers written as one-hot relative seats (-1 and below: none)."""
SCALAR_VALUES = itemgetter(*SCALARS)
SEAT_VALUES = itemgetter(*SEAT_FIELDS)
"""The view's scalars and seat numbers read in one call each, in the order of their fields."""
ONES = tuple((1.0,) * size for size in range(2 * MAX_TABLE_CARDS + 1))
"""Runs of ones to write, by length: the made cards of one seat and their flies at most."""
Runs = tuple[tuple[int, ...], ...]
Spots = tuple[int, dict[str, int] | None, Runs, tuple[int, ...], Runs, int, int, int]
"""Where one seat's numbers go: hand size, known cards, made cards and packs by count, flies,
Nasi Lemak cards, fly-free cards and shown fly-free packs."""


def _run(start: int, size: int) -> tuple[int, ...]:
    """The places of size numbers from start on, built once instead of at every observation."""
    return tuple(range(start, start + size))


def _card_at(start: int) -> dict[str, int]:
    """Where each card key's count goes in a K-long run that begins at start."""
    return {key: start + i for key, i in CARD_INDEX.items()}


def _tradable_at(start: int) -> dict[str, int]:
    """Where each tradable card key's count goes in a run that begins at start."""
    return {key: start + i for key, i in TRADABLE_INDEX.items()}


class NasiLemakEncoder(Encoder):
    """What one seat sees of a Nasi Lemak game, seats counted from the observer clockwise.

    The view keeps every card the seat has seen in another hand and knows is still there, but
    not that a Supplier emptied a hand of an ingredient until its next turn (N7): that is kept.
    """

    remembers = True
    remembers_public = True

    def __init__(self, num_players: int, options: Mapping[str, Any], seat: int) -> None:
        super().__init__(num_players, options, seat)
        self._at = self.layout.offsets
        at = self._at
        n = num_players
        rel = [(q - seat) % n for q in range(n)]
        self._relative = rel
        self._supplied_out = [0] * n
        self._phase_at = {name: at["phase"] + i for name, i in PHASE_INDEX.items()}
        self._scalars = [at["seat"] + seat, *(at[name] for name in SCALARS)]
        self._seat_at = [[at[name] + r for r in rel] for name in SEAT_FIELDS]
        self._rows = [(name, _card_at(at[name])) for name in ("discard_pile", "revealed", "hand")]
        runs = range(MAX_TABLE_CARDS + 1)
        self._spots: list[Spots] = [
            (
                at["seat_hand_size"] + r,
                _card_at(at["seat_known"] + (r - 1) * K) if r else None,
                tuple(_run(at["seat_card_made"] + r * MAX_TABLE_CARDS, size) for size in runs),
                _run(at["seat_card_fly"] + r * MAX_TABLE_CARDS, MAX_TABLE_CARDS),
                tuple(_run(at["seat_card_packs"] + r * MAX_TABLE_CARDS, size) for size in runs),
                at["seat_cards"] + r,
                at["seat_fly_free_cards"] + r,
                at["seat_shown_fly_free_packs"] + r,
            )
            for r in rel
        ]
        start = at["seat_supplied_out"] - NUM_INGREDIENTS
        self._supplied_at = [
            [
                tuple(
                    start + r * NUM_INGREDIENTS + i for i in range(NUM_INGREDIENTS) if bits >> i & 1
                )
                if r
                else ()
                for bits in range(1 << NUM_INGREDIENTS)
            ]
            for r in rel
        ]
        self._give_at = _tradable_at(at["offer_give"])
        self._ask_at = _tradable_at(at["offer_ask"])
        self._turned_up_at = _card_at(at["just_seen_turned_up"])

    @classmethod
    def describe(cls, num_players: int, options: Mapping[str, Any]) -> list[Field]:
        n = num_players
        cards = MAX_TABLE_CARDS
        cap = int(options.get("offer_card_limit", 0))
        offer_cap = cap or DECK_CARDS
        return [
            Field("phase", len(PHASE_NAMES), 1.0, "one-hot phase of the turn (tables.PHASE_NAMES)"),
            Field("seat", n, 1.0, "one-hot absolute seat of the observer, for seat-naming actions"),
            Field("to_move", n, 1.0, "one-hot relative seat to decide; none for chance or over"),
            Field("active", n, 1.0, "one-hot relative seat whose turn it is"),
            Field("first_player", n, 1.0, "one-hot relative seat that played first"),
            Field("turn", 1, float(int(options["max_rounds"]) * n), "turns begun so far"),
            Field("moves_left", 1, float(MOVES_PER_TURN), "moves left in this turn"),
            Field(
                "declined_offers",
                1,
                float(int(options["max_declined_offers"])),
                "offers declined or cancelled this turn",
            ),
            Field("end", len(ENDS), 1.0, "one-hot way the game ended (five packs, pile, rounds)"),
            Field("draw_pile", 1, float(DECK_CARDS), "cards in the draw pile"),
            Field("discard_pile", K, float(MOST_OF_A_CARD), "discard pile, count by card type"),
            Field(
                "revealed", K, float(WHOLESALER_REVEAL), "cards a Wholesaler has turned up so far"
            ),
            Field(
                "nasi_lemak_pile",
                1,
                float(sum(card.count for card in NASI_LEMAK_CARDS)),
                "Nasi Lemak cards left in the pile",
            ),
            Field(
                "pending_draws",
                1,
                float(max(HAND_SIZE, DRAW_PER_TURN, WHOLESALER_REVEAL)),
                "cards still to deal, draw or turn up",
            ),
            Field("deal_seat", n, 1.0, "one-hot relative seat being dealt to"),
            Field("target", n, 1.0, "one-hot relative seat robbed, examined or offered a trade"),
            Field("takes_left", 1, float(OFFICER_TAKE), "cards the Officer may still take"),
            Field("fan_from", cards, 1.0, "one-hot card of the mover a Fan lifts a fly from"),
            Field(
                "offer_give",
                NUM_TRADABLE,
                float(min(MOST_OF_A_CARD, offer_cap)),
                "cards the mover offers, by tradable type",
            ),
            Field("offer_ask", NUM_TRADABLE, float(offer_cap), "cards asked for, by tradable type"),
            Field(
                "offer_taken_back",
                1,
                float(cap or TAKE_BACK_LIMIT),
                "cards taken back out of this offer",
            ),
            Field("just_seen_card", len(SEEN_CARDS), 1.0, "one-hot Supplier, Officer, Wholesaler"),
            Field("just_seen_seat", n, 1.0, "one-hot relative seat that just played it"),
            Field(
                "just_seen_announced", NUM_INGREDIENTS, 1.0, "one-hot ingredient a Supplier named"
            ),
            Field(
                "just_seen_handed_over",
                n,
                float(MOST_OF_A_CARD),
                "cards each relative seat handed to the Supplier",
            ),
            Field("just_seen_examined", n, 1.0, "one-hot relative seat the Officer examined"),
            Field(
                "just_seen_turned_up", K, float(WHOLESALER_REVEAL), "cards a Wholesaler turned up"
            ),
            Field("hand", K, float(MOST_OF_A_CARD), "the observer's hand, count by card type"),
            Field("seat_hand_size", n, float(DECK_CARDS), "cards in each relative seat's hand"),
            Field(
                "seat_known",
                (n - 1) * K,
                float(MOST_OF_A_CARD),
                "per other relative seat, cards by type it surely holds",
            ),
            Field(
                "seat_supplied_out",
                (n - 1) * NUM_INGREDIENTS,
                1.0,
                "per other relative seat and ingredient, 1 if a Supplier took all of it and the "
                "seat has gained it only in the open since",
            ),
            Field("seat_cards", n, float(cards), "Nasi Lemak cards before each relative seat"),
            Field(
                "seat_fly_free_cards", n, float(cards), "per relative seat, its cards with no fly"
            ),
            Field(
                "seat_shown_fly_free_packs",
                n,
                float(ALL_PACKS),
                "per relative seat, packs on fly-free cards whose value the observer sees",
            ),
            Field("seat_card_made", n * cards, 1.0, "per relative seat and card index, 1 if made"),
            Field("seat_card_fly", n * cards, 1.0, "per relative seat and card, 1 under a fly"),
            Field(
                "seat_card_packs",
                n * cards,
                float(MOST_PACKS),
                "per relative seat and card, its packs if seen, else 0",
            ),
            Field("scores", n, float(ALL_PACKS), "fly-free packs per relative seat, once over"),
            Field("winners", n, 1.0, "1 for each relative seat that won, once over"),
        ]

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        # Every number goes into one list of places and one of values, written in a single put.
        where = [self._phase_at[view["phase"]], *self._scalars]
        values: list[float] = [1.0, 1.0, *SCALAR_VALUES(view)]
        seat_at = self._seat_at
        for i, q in enumerate(SEAT_VALUES(view)):
            if q >= 0:
                where.append(seat_at[i][q])
                values.append(1.0)
        at = self._at
        end = view["end"]
        if end:
            where.append(at["end"] + END_INDEX[end])
            values.append(1.0)
        fan_from = view["fan_from"]
        if fan_from >= 0:
            where.append(at["fan_from"] + fan_from)
            values.append(1.0)
        for name, card_at in self._rows:
            counts = view[name]
            if counts:
                for key, count in counts.items():
                    where.append(card_at[key])
                    values.append(count)
        offer = view["offer"]
        if offer is not None:
            give = offer["give"]
            for key, count in give.items():
                where.append(self._give_at[key])
                values.append(count)
            ask = offer["ask"]
            for key, count in ask.items():
                where.append(self._ask_at[key])
                values.append(count)
            where.append(at["offer_taken_back"])
            values.append(offer["taken_back"])
        seen = view["just_seen"]
        if seen is not None:
            self._seen(seen, where, values)
        spots = self._spots
        for entry in view["seats"]:
            size_at, known_at, made, fly, packs, num_cards, fly_free, shown = spots[entry["seat"]]
            where.append(size_at)
            values.append(entry["hand_size"])
            if known_at is not None:
                known = entry["known"]
                if known:
                    for key, count in known.items():
                        where.append(known_at[key])
                        values.append(count)
            row = entry["nasi_lemak"]
            if not row:
                continue
            size = len(row)
            flies = entry["flies"]
            flown = list(compress(fly, flies)) if True in flies else []
            where += made[size]
            where += flown
            values += ONES[size + len(flown)]
            free = size - len(flown)
            free_packs = 0
            if row[0] is not None:
                where += packs[size]
                values += row
                free_packs = sum(row) - sum(compress(row, flies)) if flown else sum(row)
            where += (num_cards, fly_free, shown)
            values += (size, free, free_packs)
        supplied_out = self._supplied_out
        if any(supplied_out):
            for q, bits in enumerate(supplied_out):
                if bits:
                    marks = self._supplied_at[q][bits]
                    where += marks
                    values += ONES[len(marks)]
        if "scores" in view:
            rel = self._relative
            start = at["scores"]
            where += [start + rel[q] for q in range(self.num_players)]
            values += view["scores"]
            start = at["winners"]
            for q in view["winners"]:
                where.append(start + rel[q])
                values.append(1.0)
        out.put(where, values)

    def remember(self, player: int, told: Told) -> None:
        """Note a Supplier's ingredient against every other hand, and forget it for a seat whose
        turn lets it gain cards unseen (its draw, its Thief, its Officer)."""
        record = told.record
        if player == CHANCE:
            seat = record.get("seat", -1)
            if seat >= 0 and self._supplied_out[seat]:
                self._supplied_out[seat] = 0
            return
        action = record.get("action")
        if action is not None and ANNOUNCE <= action < EXAMINE:
            bit = 1 << action - ANNOUNCE
            self._supplied_out = [
                bits if q == player else bits | bit for q, bits in enumerate(self._supplied_out)
            ]
        elif action != ACCEPT and action != DECLINE:
            self._supplied_out[player] = 0

    def forget(self) -> None:
        """A new game: no hand is known to be empty of an ingredient."""
        self._supplied_out = [0] * self.num_players

    def copy(self) -> NasiLemakEncoder:
        """An independent copy: the memory list is copied too."""
        twin = copy.copy(self)
        twin._supplied_out = self._supplied_out[:]
        return twin

    def _seen(self, seen: Mapping[str, Any], where: list[int], values: list[float]) -> None:
        """What the table just saw of a Supplier, Officer or Wholesaler."""
        at = self._at
        rel = self._relative
        card = seen["card"]
        where += (at["just_seen_card"] + SEEN_INDEX[card], at["just_seen_seat"] + rel[seen["seat"]])
        values += (1.0, 1.0)
        if card == "supplier":
            where.append(at["just_seen_announced"] + INGREDIENT_INDEX[seen["announced"]])
            values.append(1.0)
            start = at["just_seen_handed_over"]
            for q, count in enumerate(seen["handed_over"]):
                if count:
                    where.append(start + rel[q])
                    values.append(count)
        elif card == "officer":
            where.append(at["just_seen_examined"] + rel[seen["examined"]])
            values.append(1.0)
        else:
            turned_up = seen["turned_up"]
            for key, count in turned_up.items():
                where.append(self._turned_up_at[key])
                values.append(count)
