"""Mooncake Master observations: one seat's view of the boards, its tiles and the scores.

Seats are relative: the observer first, then the next seats in turn order, so relative seat 1 is
the left neighbour (who gets the tile passed left) and the last relative seat the right one. The
view forgets nothing a decision needs (tiles passed this turn are in it until they are placed in
sight, and every tile goes back to the pool between rounds), so the encoder keeps no memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from meja.env.encoding import Encoder, Field
from meja.games.mooncake.actions import PLACE_BASE, hand_names
from meja.games.mooncake.components import (
    CAKES,
    CUSTOMERS,
    FESTIVE_HIGHEST,
    FESTIVE_PER_CUSTOMER,
    FLAVOUR_TASTE,
    QUARTERS,
    ROUNDS,
    TASTE_NO_HALF_YOLK,
    TASTE_PER_PAIR,
    TASTE_PER_YOLK,
    TILE_TYPES,
    TILES_PER_TURN,
    TOTAL_TILES,
    TURNS_PER_ROUND,
)
from meja.games.mooncake.scoring import ALL_TIED_CHOICES, HALF_YOLK_BONUS_CHOICES
from meja.games.mooncake.state import REVEAL_OPEN
from meja.games.mooncake.tables import (
    CODE_TO_TILE,
    COPIES,
    NUM_TILE_TYPES,
    NUMBER_TO_CUSTOMER,
    PHASES,
    SLOT_CODE_TO_TILE,
    SLOT_INDEX,
    SLOTS,
)

TILE_FEATURES = (
    "lotus",
    "red_bean",
    "green_tea",
    "yolk_ccw",
    "yolk_cw",
    "nuts>=1",
    "nuts>=2",
    "seeds>=1",
    "seeds>=2",
)
"""What a tile shows, as 0/1 numbers; together they name the tile type exactly."""
NUM_FEATURES = len(TILE_FEATURES)
MAX_TOPPINGS = max(t.face.nuts + t.face.seeds for t in TILE_TYPES)
MAX_COPIES = max(COPIES)
CAKE_TASTE_HIGH = (
    max(FLAVOUR_TASTE.values())
    + TASTE_PER_YOLK * len(QUARTERS)
    + TASTE_PER_PAIR * (len(QUARTERS) * MAX_TOPPINGS // 2)
    + TASTE_NO_HALF_YOLK
)
"""A bound on one cake's Taste Value: best flavour score, a yolk on every edge, every topping
paired, and the no-half-yolk point."""
FESTIVE_HIGH = ROUNDS * (FESTIVE_HIGHEST + FESTIVE_PER_CUSTOMER * CAKES)


def _feature_table() -> np.ndarray:
    """Row t: tile t's features; the extra last row, for an empty slot, is zeros."""
    table = np.zeros((NUM_TILE_TYPES + 1, NUM_FEATURES), dtype=np.float32)
    for tile, kind in enumerate(TILE_TYPES):
        face = kind.face
        row = table[tile]
        row[kind.flavour] = 1.0
        row[3] = face.yolk_ccw
        row[4] = face.yolk_cw
        row[5] = face.nuts >= 1
        row[6] = face.nuts >= 2
        row[7] = face.seeds >= 1
        row[8] = face.seeds >= 2
    return table


FEATURES = _feature_table()
COPIES_ARRAY = np.array(COPIES, dtype=np.float32)
PHASE_INDEX = {name: index for index, name in enumerate(PHASES)}
EMPTY = NUM_TILE_TYPES
"""The tile number an empty slot counts as: FEATURES' row of zeros."""
SLOT_TILE_BYTES = {code: bytes([EMPTY if t < 0 else t]) for code, t in SLOT_CODE_TO_TILE.items()}
FEATURE_BYTES = [FEATURES[tile].tobytes() for tile in range(NUM_TILE_TYPES)]
CACHE_LIMIT = 1 << 14
"""Board rows kept before the cache starts afresh: a seat's row changes only when it places."""


def _row_block(row: tuple[str | None, ...]) -> tuple[bytes, bytes]:
    """One board row's features as float32 bytes, and its tiles as one byte each."""
    tiles = b"".join([SLOT_TILE_BYTES[code] for code in row])
    return FEATURES[np.frombuffer(tiles, dtype=np.uint8)].tobytes(), tiles


class MooncakeEncoder(Encoder):
    """Options, phase, turn, scores, every board, the observer's tiles and choice, unseen tiles."""

    _rows_seen: ClassVar[dict[tuple[str | None, ...], tuple[bytes, bytes]]] = {}

    @classmethod
    def describe(cls, num_players: int, options: Mapping[str, Any]) -> list[Field]:
        n = num_players
        tiles = NUM_TILE_TYPES
        hand = TILES_PER_TURN
        return [
            Field("placement_open", 1, 1.0, "1 when placed tiles are public at once (option)"),
            Field("half_yolk_bonus", 2, 1.0, "one-hot option: every_cake, cakes_with_yolk"),
            Field("all_tied_taste", 3, 1.0, "one-hot option: others, highest, lowest"),
            Field("phase", len(PHASES), 1.0, "one-hot: reveal, draw, choose, place, over"),
            Field("round", ROUNDS, 1.0, "one-hot round of the game"),
            Field("turn_in_round", TURNS_PER_ROUND, 1.0, "one-hot turn within the round"),
            Field("to_move", n, 1.0, "one-hot relative seat to move (none for chance, game over)"),
            Field("active", n, 1.0, "1 per relative seat still to choose or place this turn"),
            Field("customers", len(CUSTOMERS), 1.0, "1 per customer card on display, by number"),
            Field("festive", n, float(FESTIVE_HIGH), "Festive Points per relative seat"),
            Field(
                "tastes",
                ROUNDS * n,
                float(CAKE_TASTE_HIGH * CAKES),
                "Taste Value per finished round (round-major) and relative seat",
            ),
            Field("hand_sizes", n, float(hand), "tiles in hand per relative seat"),
            Field("pool_size", 1, float(TOTAL_TILES), "tiles in the face-down pool"),
            Field(
                "boards",
                n * SLOTS * NUM_FEATURES,
                1.0,
                "per relative seat and slot (1NE..3NW) the features of the tile in sight there",
            ),
            Field(
                "unseen",
                tiles,
                float(MAX_COPIES),
                "copies per tile type out of sight: pool, others' hands and hidden placements",
            ),
            Field("hand", hand * tiles, 1.0, "one-hot tile type per position of the sorted hand"),
            Field(
                "hand_features",
                hand * NUM_FEATURES,
                1.0,
                "features of the tile per position of the sorted hand",
            ),
            Field("own_pending", SLOTS, 1.0, "1 per own slot filled this turn"),
            Field("choice", PLACE_BASE, 1.0, "one-hot keep/pass choice committed this turn"),
            Field("received", 2 * tiles, 1.0, "one-hot tile got from the left, from the right"),
            Field("passed", 2 * tiles, 1.0, "one-hot tile passed left, passed right"),
        ]

    def __init__(self, num_players: int, options: Mapping[str, Any], seat: int) -> None:
        super().__init__(num_players, options, seat)
        at = self.layout.offsets
        n = num_players
        self._constant = [
            *([at["placement_open"]] if self.options["placement_reveal"] == REVEAL_OPEN else []),
            at["half_yolk_bonus"] + HALF_YOLK_BONUS_CHOICES.index(self.options["half_yolk_bonus"]),
            at["all_tied_taste"] + ALL_TIED_CHOICES.index(self.options["all_tied_taste"]),
        ]
        self._order = [(seat + i) % n for i in range(n)]
        self._relative = [(s - seat) % n for s in range(n)]
        self._pairwise = n == 2
        self._phase = at["phase"]
        self._round = at["round"] - 1
        self._turn = at["turn_in_round"] - 1
        self._to_move = [at["to_move"] + r for r in self._relative]
        self._active = [at["active"] + r for r in self._relative]
        self._customers = at["customers"]
        self._numbers = at["festive"]
        self._padding = [0] * (ROUNDS * n)
        self._boards = slice(at["boards"], at["unseen"])
        self._unseen = slice(at["unseen"], at["unseen"] + NUM_TILE_TYPES)
        self._hand = at["hand"]
        self._hand_features = at["hand_features"]
        self._pending = at["own_pending"]
        self._choice = at["choice"]
        self._received = at["received"]
        self._passed = at["passed"]

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        n = self.num_players
        order = self._order
        ones = self._constant[:]
        ones.append(self._phase + PHASE_INDEX[view["phase"]])
        ones.append(self._round + view["round"])
        ones.append(self._turn + view["turn_in_round"])
        to_move = view["to_move"]
        if 0 <= to_move < n:
            ones.append(self._to_move[to_move])
        active = self._active
        ones.extend([active[s] for s in view["active"]])
        start = self._customers
        ones.extend([start + NUMBER_TO_CUSTOMER[number] for number in view["customers"]])

        festive = view["festive"]
        sizes = view["hand_sizes"]
        numbers = [festive[s] for s in order]
        for tastes in view["tastes"]:
            numbers.extend([tastes[s] for s in order])
        numbers.extend(self._padding[: ROUNDS * n + n - len(numbers)])
        numbers.extend([sizes[s] for s in order])
        numbers.append(view["pool_size"])
        start = self._numbers
        out[start : start + len(numbers)] = numbers

        boards = view["boards"]
        cache = self._rows_seen
        features: list[bytes] = []
        tiles: list[bytes] = []
        for s in order:
            row = tuple(boards[s])
            block = cache.get(row)
            if block is None:
                if len(cache) >= CACHE_LIMIT:
                    cache.clear()
                block = cache[row] = _row_block(row)
            features.append(block[0])
            tiles.append(block[1])
        out[self._boards] = np.frombuffer(b"".join(features), dtype=np.float32)
        codes = view.get("hand")
        if codes is not None:
            tiles.extend([SLOT_TILE_BYTES[code] for code in codes])
            self._encode_own(view, codes, out, ones)
        counts = np.bincount(np.frombuffer(b"".join(tiles), dtype=np.uint8), minlength=EMPTY + 1)
        out[self._unseen] = COPIES_ARRAY - counts[:EMPTY]
        out.put(ones, 1.0)

    def _encode_own(
        self, view: Mapping[str, Any], codes: list[str], out: np.ndarray, ones: list[int]
    ) -> None:
        """The observer's private part: its hand, this turn's slots, choice and exchanged tiles."""
        hand = [CODE_TO_TILE[code] for code in codes]
        start = self._hand
        ones.extend([start + position * NUM_TILE_TYPES + t for position, t in enumerate(hand)])
        if hand:
            start = self._hand_features
            features = b"".join([FEATURE_BYTES[t] for t in hand])
            out[start : start + len(hand) * NUM_FEATURES] = np.frombuffer(features, np.float32)
        start = self._pending
        ones.extend([start + SLOT_INDEX[slot] for slot in view["pending"]])
        choice = view["choice"]
        if choice is not None:
            names = hand_names(tuple(hand), self._pairwise).names
            ones.append(self._choice + names.index(choice))
        received = view["received"]
        if received is not None:
            passed = view["passed"]
            start = self._received
            ones.append(start + CODE_TO_TILE[received["from_left"]])
            ones.append(start + NUM_TILE_TYPES + CODE_TO_TILE[received["from_right"]])
            start = self._passed
            ones.append(start + CODE_TO_TILE[passed["left"]])
            ones.append(start + NUM_TILE_TYPES + CODE_TO_TILE[passed["right"]])
