"""Mooncake Master's state: its fields, whose turn it is, chance, and applying a step.

Turn flow: chance draws 3 tiles for each seat in seat order; every seat commits a keep/left/right
choice (hidden until all have chosen); the tiles are delivered; every seat places its 3 tiles one
action at a time (hidden until all have placed, unless placement_reveal is "open").
"""

from __future__ import annotations

import random
from typing import Any, Final

from meja.core import CHANCE, TERMINAL, Game, State, Told
from meja.core.actions import ActionNames
from meja.core.chance import pick_drawn
from meja.core.fields import compared, declare
from meja.core.tally import insert_sorted
from meja.games.mooncake import legal, position, scoring, text, told, view
from meja.games.mooncake.actions import (
    CHOICES,
    DRAW_NAMES,
    PLACE_BASE,
    PLACE_NAMES,
    REVEAL_NAMES,
    hand_names,
)
from meja.games.mooncake.components import (
    CUSTOMERS,
    FESTIVE_PER_CUSTOMER,
    ROUNDS,
    TILES_PER_TURN,
    TOTAL_TILES,
    TURNS_PER_ROUND,
    Customer,
)
from meja.games.mooncake.tables import (
    CHOOSE,
    COPIES,
    DRAW,
    FROM_LEFT,
    FROM_RIGHT,
    OVER,
    PLACE,
    REVEAL,
    SLOTS,
)

REVEAL_TOGETHER: Final = "together"
REVEAL_OPEN: Final = "open"
PLACEMENT_REVEAL_CHOICES: Final = (REVEAL_TOGETHER, REVEAL_OPEN)


FIELDS: Final = declare(
    shared="phase _round _turn _scored",
    copied="_boards _choices _received _customers _festive _tastes _served",
    rows="hands _pending",
    derived="_pairwise _hide_places _draw_seat _waiting _pool_size _rows",
    derived_copied="_pool",
)
"""Each field once, with how clone() copies it and whether equality looks at it."""


class MooncakeState(State):
    """A game in progress, kept in flat lists of tile ids (-1: none) for speed.

    The pool is always the box minus the hands and boards; it is kept as counts per tile id so
    that a draw's chance outcomes are cheap.
    """

    _compared = compared(FIELDS)
    """Everything position() holds, in internal form (pool and counters follow from it)."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: dict[str, Any] | None = None,
        history: list[tuple[int, int]] | None = None,
        *,
        blank: bool = False,
    ) -> None:
        """A fresh game; blank leaves every field to clone(), which sets them all."""
        super().__init__(game, num_players, options, history)
        if blank:
            return
        n = num_players
        self._pairwise = n == 2
        self._hide_places = self.options["placement_reveal"] == REVEAL_TOGETHER
        self.phase = REVEAL
        self._round = 0
        self._turn = 0
        self._draw_seat = 0
        self._waiting = 0
        """Seats yet to choose (choose phase) or tiles yet to place (place phase)."""
        self._pool = COPIES[:]
        self._pool_size = TOTAL_TILES
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self._choices = [-1] * n
        self._boards = [-1] * (n * SLOTS)
        self._pending: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the slots it filled this turn, sorted; hidden from others until the turn
        ends. Sorted, so that equal positions are equal states and resample alike."""
        self._received = [-1] * (2 * n)
        """Per seat, the tiles it got this turn: from its left neighbour, from its right."""
        self._customers: list[int] = []
        self._festive = [0] * n
        self._tastes: list[tuple[int, ...]] = []
        self._served: list[tuple[tuple[int | None, ...], ...]] = []
        """Per finished round, seat and cake: the number of the customer served, or None."""
        self._scored: tuple[int, ...] | None = None
        """The boards the last round was scored on, in sight until the next step (M5)."""
        self._rows: list[list[str | None]] | None = None
        """Cache of every seat's board as others see it; rebuilt after the boards change."""

    def clone(self) -> MooncakeState:
        """A fully independent copy. Lists changed in place are copied, hands and pending slots two
        levels deep; tuples and the view cache are shared."""
        copy = MooncakeState(self.game, self.num_players, self.options, blank=True)
        copy.history = self.history[:]
        copy.phase = self.phase
        copy._round = self._round
        copy._turn = self._turn
        copy._scored = self._scored
        copy._boards = self._boards[:]
        copy._choices = self._choices[:]
        copy._received = self._received[:]
        copy._customers = self._customers[:]
        copy._festive = self._festive[:]
        copy._tastes = self._tastes[:]
        copy._served = self._served[:]
        copy.hands = [row[:] for row in self.hands]
        copy._pending = [row[:] for row in self._pending]
        copy._pairwise = self._pairwise
        copy._hide_places = self._hide_places
        copy._draw_seat = self._draw_seat
        copy._waiting = self._waiting
        copy._pool_size = self._pool_size
        copy._rows = self._rows
        copy._pool = self._pool[:]
        return copy

    # --- turn order ---------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= DRAW:
            return CHANCE
        if phase == CHOOSE:
            for seat, choice in enumerate(self._choices):
                if choice < 0:
                    return seat
        elif phase == PLACE:
            for seat, hand in enumerate(self.hands):
                if hand:
                    return seat
        return TERMINAL

    def active_players(self) -> list[int]:
        if self.phase == CHOOSE:
            return [seat for seat, choice in enumerate(self._choices) if choice < 0]
        if self.phase == PLACE:
            return [seat for seat, hand in enumerate(self.hands) if hand]
        return []

    def legal_actions(self, player: int | None = None) -> list[int]:
        return legal.legal_actions(self, self.current_player() if player is None else player)

    def _is_legal(self, action: int, seat: int) -> bool:
        return legal.is_legal(self, action, seat)

    def _chance_counts(self) -> list[int]:
        """A tile from the pool, or a customer not yet shown."""
        if self.phase == DRAW:
            return self._pool
        if self.phase == REVEAL:
            shown = self._customers
            return [int(c not in shown) for c in range(len(CUSTOMERS))]
        return []

    def pick_outcome(self, roll: float) -> int:
        """A tile drawn with the pool's size at hand, which the shared walk would add up."""
        if self.phase == DRAW:
            return pick_drawn(self._pool, roll, self._pool_size)
        return super().pick_outcome(roll)

    # --- applying -----------------------------------------------------------------------
    def _apply(self, action: int, player: int) -> None:
        phase = self.phase
        if phase == PLACE:
            place = action - PLACE_BASE
            tile = place // SLOTS
            slot = place % SLOTS
            self.hands[player].remove(tile)
            self._boards[player * SLOTS + slot] = tile
            insert_sorted(self._pending[player], slot)
            if not self._hide_places:
                self._rows = None
            self._waiting -= 1
            if not self._waiting:
                self._end_turn()
        elif phase == DRAW:
            self._pool[action] -= 1
            self._pool_size -= 1
            hand = self.hands[self._draw_seat]
            insert_sorted(hand, action)
            if len(hand) == TILES_PER_TURN:
                self._draw_seat += 1
                if self._draw_seat == self.num_players:
                    self.phase = CHOOSE
                    self._waiting = self.num_players
        elif phase == CHOOSE:
            self._choices[player] = action
            self._waiting -= 1
            if not self._waiting:
                self._share()
        else:
            self._customers.append(action)
            self._scored = None
            self.phase = DRAW
            self._draw_seat = 0

    def _share(self) -> None:
        """Resolve the committed choices: deliver every passed tile at once (M3)."""
        n = self.num_players
        kept: list[int] = []
        to_left: list[int] = []
        to_right: list[int] = []
        for seat in range(n):
            hand = self.hands[seat]
            keep, left, right = CHOICES[self._choices[seat]]
            kept.append(hand[keep])
            to_left.append(hand[left])
            to_right.append(hand[right])
        for seat in range(n):
            from_left = to_right[(seat + 1) % n]
            from_right = to_left[(seat - 1) % n]
            self.hands[seat] = sorted((kept[seat], from_left, from_right))
            self._received[2 * seat + FROM_LEFT] = from_left
            self._received[2 * seat + FROM_RIGHT] = from_right
            self._choices[seat] = -1
        self.phase = PLACE
        self._waiting = n * TILES_PER_TURN

    def _end_turn(self) -> None:
        """Every seat has placed: reveal the placements and start the next turn or scoring."""
        n = self.num_players
        self._pending = [[] for _ in range(n)]
        self._received = [-1] * (2 * n)
        self._rows = None
        self._turn += 1
        if self._turn < TURNS_PER_ROUND:
            self.phase = DRAW
            self._draw_seat = 0
        else:
            self._end_round()

    def _end_round(self) -> None:
        """Score Taste and customers, then return every tile to the pool for the next round;
        the cakes stay in sight, as scored, until the next step (the next customer)."""
        n = self.num_players
        tastes, served = scoring.score_boards(self, self._boards)
        ranks = scoring.festive_for_taste(tastes, self.options["all_tied_taste"])
        for seat in range(n):
            sold = sum(1 for number in served[seat] if number is not None)
            self._festive[seat] += ranks[seat] + FESTIVE_PER_CUSTOMER * sold
        self._tastes.append(tastes)
        self._served.append(served)
        if self._round + 1 == ROUNDS:
            self.phase = OVER
            self._turn = TURNS_PER_ROUND - 1
            return
        self._round += 1
        self._turn = 0
        self._scored = tuple(self._boards)
        self._boards = [-1] * (n * SLOTS)
        self._pool = COPIES[:]
        self._pool_size = TOTAL_TILES
        self.phase = REVEAL

    # --- results ------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(points) for points in self._festive]

    def boards(self) -> list[list[int]]:
        """Every seat's tile by slot (-1 empty), this turn's hidden placements included.

        The whole truth, for bots that search worlds of their own drawn with resample.
        """
        return [view.seat_board(self, seat) for seat in range(self.num_players)]

    def coming_tiles(self) -> list[list[int]]:
        """Per seat, the tiles sure to reach its board this turn: its unplaced tiles while
        placing; while choosing, the tile it keeps and those passed to it, once committed.

        The whole truth, like boards(), for bots judging their own redrawn worlds.
        """
        n = self.num_players
        if self.phase == PLACE:
            return [hand[:] for hand in self.hands]
        coming: list[list[int]] = [[] for _ in range(n)]
        if self.phase != CHOOSE:
            return coming
        for seat, choice in enumerate(self._choices):
            if choice >= 0:
                hand = self.hands[seat]
                keep, left, right = CHOICES[choice]
                coming[seat].append(hand[keep])
                coming[(seat + 1) % n].append(hand[left])
                coming[(seat - 1) % n].append(hand[right])
        return coming

    def customer_cards(self) -> list[Customer]:
        """The customers on display this round."""
        return [CUSTOMERS[c] for c in self._customers]

    def winners(self) -> list[int]:
        return scoring.winners(self)

    # --- what each seat sees, and the whole state --------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Public facts, boards as that seat sees them, and the seat's own hand and choices."""
        return view.view(self, player)

    def resample(self, player: int, rng: random.Random) -> MooncakeState:
        return view.resample(self, player, rng)

    def position(self) -> dict[str, Any]:
        return position.position(self)

    def check_components(self) -> list[str]:
        return position.check_components(self)

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        """What viewer learns of the step: hidden draws, choices and placements stay hidden."""
        return told.told(self, player, action, viewer)

    # --- names and refusals -----------------------------------------------------------------
    def _names(self, seat: int) -> ActionNames:
        if seat == CHANCE:
            return REVEAL_NAMES if self.phase == REVEAL else DRAW_NAMES
        if 0 <= seat < self.num_players and len(self.hands[seat]) == TILES_PER_TURN:
            return hand_names(tuple(self.hands[seat]), self._pairwise)
        return PLACE_NAMES

    def _acting_seat(self, player: int | None) -> int:
        """A quick yes for a seat or chance that may act now; the shared checks otherwise."""
        phase = self.phase
        if player is not None and 0 <= player < self.num_players:
            if phase == PLACE and self.hands[player]:
                return player
            if phase == CHOOSE and self._choices[player] < 0:
                return player
        elif player == CHANCE and phase <= DRAW:
            return CHANCE
        return super()._acting_seat(player)

    def _illegal_message(self, action: int, seat: int) -> str:
        if type(action) is not int or not 0 <= action < self.game.num_actions(self.num_players):
            return super()._illegal_message(action, seat)
        return legal.refusal(self, action, seat)

    def __str__(self) -> str:
        return text.render(self)
