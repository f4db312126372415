"""Mooncake Master's rules: draws, simultaneous choose-and-share and placing, scoring, views.

Turn flow: chance draws 3 tiles for each seat in seat order; every seat commits a keep/left/right
choice (hidden until all have chosen); the tiles are delivered; every seat places its 3 tiles one
action at a time (hidden until all have placed, unless placement_reveal is "open").
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain, repeat
from typing import Any, cast

from meja.core import CHANCE, TERMINAL, Game, State, Told
from meja.core.actions import ActionNames
from meja.core.chance import can_draw, draw_outcomes, in_range
from meja.games.mooncake import scoring
from meja.games.mooncake.actions import (
    CHOICES,
    DRAW_NAMES,
    NUM_ACTIONS,
    PLACE_BASE,
    PLACE_NAMES,
    REVEAL_NAMES,
    choice_text,
    hand_names,
)
from meja.games.mooncake.components import (
    CUSTOMERS,
    FESTIVE_PER_CUSTOMER,
    ROUNDS,
    TILE_TYPES,
    TILES_PER_TURN,
    TOTAL_TILES,
    TURNS_PER_ROUND,
    Customer,
)
from meja.games.mooncake.notation import SLOT_NAMES, SLOTS, TILE_CODES, board_codes
from meja.games.mooncake.text import render_position

REVEAL, DRAW, CHOOSE, PLACE, OVER = range(5)
PHASES = ("reveal", "draw", "choose", "place", "over")

NUM_TILE_TYPES = len(TILE_TYPES)
COPIES = [tile.copies for tile in TILE_TYPES]

FROM_LEFT, FROM_RIGHT = 0, 1
"""Offsets in a seat's pair of received tiles: from its left neighbour, from its right."""

REVEAL_TOGETHER = "together"
REVEAL_OPEN = "open"
PLACEMENT_REVEAL_CHOICES = (REVEAL_TOGETHER, REVEAL_OPEN)


@cache
def choice_actions(hand: tuple[int, ...], pairwise: bool) -> tuple[int, ...]:
    """The distinct keep/pass choices of a sorted hand (duplicate tiles give one choice).

    With 2 players (pairwise) both passed tiles go to the opponent, so only the kept tile matters.
    """
    seen: set[tuple[int, ...]] = set()
    out: list[int] = []
    for action, (keep, left, right) in enumerate(CHOICES):
        passed = (hand[left], hand[right])
        key = (hand[keep], *sorted(passed)) if pairwise else (hand[keep], *passed)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return tuple(out)


@cache
def gift_table(num_players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """[giver][seat]: indices into the received list of the tiles giver passes to seat."""
    return tuple(
        tuple(
            tuple(
                2 * seat + offset
                for offset, neighbour in ((FROM_LEFT, seat + 1), (FROM_RIGHT, seat - 1))
                if neighbour % num_players == giver and seat != giver
            )
            for seat in range(num_players)
        )
        for giver in range(num_players)
    )


def _pick(items: list[int], count: int, rand: Callable[[], float]) -> list[int]:
    """Move count uniformly chosen items to the front (a partial Fisher-Yates) and return them."""
    size = len(items)
    for i in range(count):
        j = i + int(rand() * (size - i))
        items[i], items[j] = items[j], items[i]
    return items[:count]


class MooncakeState(State):
    """A game in progress, kept in flat lists of tile ids (-1: none) for speed.

    The pool is always the box minus the hands and boards; it is kept as counts per tile id so
    that a draw's chance outcomes are cheap.
    """

    _copied = (
        "_pool",
        "_choices",
        "_boards",
        "_received",
        "_customers",
        "_festive",
        "_tastes",
        "_served",
    )
    _copied_rows = ("_hands", "_pending")
    _compared = (
        "_phase",
        "_round",
        "_turn",
        "_boards",
        "_hands",
        "_choices",
        "_received",
        "_pending",
        "_customers",
        "_festive",
        "_tastes",
        "_served",
        "_scored",
    )
    """Everything position() holds, in internal form (pool and counters follow from it)."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: dict[str, Any] | None = None,
        history: list[tuple[int, int]] | None = None,
    ) -> None:
        super().__init__(game, num_players, options, history)
        n = num_players
        self._pairwise = n == 2
        self._hide_places = self.options["placement_reveal"] == REVEAL_TOGETHER
        self._phase = REVEAL
        self._round = 0
        self._turn = 0
        self._draw_seat = 0
        self._waiting = 0
        """Seats yet to choose (choose phase) or tiles yet to place (place phase)."""
        self._pool = COPIES[:]
        self._pool_size = TOTAL_TILES
        self._hands: list[list[int]] = [[] for _ in range(n)]
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

    # --- turn order ---------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self._phase
        if phase <= DRAW:
            return CHANCE
        if phase == CHOOSE:
            for seat, choice in enumerate(self._choices):
                if choice < 0:
                    return seat
        elif phase == PLACE:
            for seat, hand in enumerate(self._hands):
                if hand:
                    return seat
        return TERMINAL

    def active_players(self) -> list[int]:
        if self._phase == CHOOSE:
            return [seat for seat, choice in enumerate(self._choices) if choice < 0]
        if self._phase == PLACE:
            return [seat for seat, hand in enumerate(self._hands) if hand]
        return []

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self.num_players:
            return []
        hand = self._hands[seat]
        if self._phase == CHOOSE:
            if self._choices[seat] >= 0:
                return []
            return list(choice_actions(tuple(hand), self._pairwise))
        if self._phase != PLACE or not hand:
            return []
        base = seat * SLOTS
        boards = self._boards
        empty = [slot for slot in range(SLOTS) if boards[base + slot] < 0]
        out: list[int] = []
        previous = -1
        for tile in hand:
            if tile != previous:
                start = PLACE_BASE + tile * SLOTS
                out.extend([start + slot for slot in empty])
                previous = tile
        return out

    def _is_legal(self, action: int, seat: int) -> bool:
        if type(action) is not int:
            return False
        if self._phase == CHOOSE:
            return self._choices[seat] < 0 and action in choice_actions(
                tuple(self._hands[seat]), self._pairwise
            )
        if self._phase != PLACE or not PLACE_BASE <= action < NUM_ACTIONS:
            return False
        tile, slot = divmod(action - PLACE_BASE, SLOTS)
        return tile in self._hands[seat] and self._boards[seat * SLOTS + slot] < 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase == DRAW:
            return draw_outcomes(self._pool, self._pool_size)
        if self._phase == REVEAL:
            shown = self._customers
            unseen = [int(c not in shown) for c in range(len(CUSTOMERS))]
            return draw_outcomes(unseen, len(CUSTOMERS) - len(shown))
        return []

    def _is_possible_outcome(self, action: int) -> bool:
        if self._phase == DRAW:
            return can_draw(self._pool, action)
        if self._phase == REVEAL:
            return in_range(action, len(CUSTOMERS)) and action not in self._customers
        return False

    # --- applying -----------------------------------------------------------------------
    def _apply(self, action: int, player: int) -> None:
        phase = self._phase
        if phase == PLACE:
            tile, slot = divmod(action - PLACE_BASE, SLOTS)
            self._hands[player].remove(tile)
            self._boards[player * SLOTS + slot] = tile
            insort(self._pending[player], slot)
            if not self._hide_places:
                self._rows = None
            self._waiting -= 1
            if not self._waiting:
                self._end_turn()
        elif phase == DRAW:
            self._pool[action] -= 1
            self._pool_size -= 1
            hand = self._hands[self._draw_seat]
            insort(hand, action)
            if len(hand) == TILES_PER_TURN:
                self._draw_seat += 1
                if self._draw_seat == self.num_players:
                    self._phase = CHOOSE
                    self._waiting = self.num_players
        elif phase == CHOOSE:
            self._choices[player] = action
            self._waiting -= 1
            if not self._waiting:
                self._share()
        else:
            self._customers.append(action)
            self._scored = None
            self._phase = DRAW
            self._draw_seat = 0

    def _share(self) -> None:
        """Resolve the committed choices: deliver every passed tile at once (M3)."""
        n = self.num_players
        kept: list[int] = []
        to_left: list[int] = []
        to_right: list[int] = []
        for seat in range(n):
            hand = self._hands[seat]
            keep, left, right = CHOICES[self._choices[seat]]
            kept.append(hand[keep])
            to_left.append(hand[left])
            to_right.append(hand[right])
        for seat in range(n):
            from_left = to_right[(seat + 1) % n]
            from_right = to_left[(seat - 1) % n]
            self._hands[seat] = sorted((kept[seat], from_left, from_right))
            self._received[2 * seat + FROM_LEFT] = from_left
            self._received[2 * seat + FROM_RIGHT] = from_right
            self._choices[seat] = -1
        self._phase = PLACE
        self._waiting = n * TILES_PER_TURN

    def _end_turn(self) -> None:
        """Every seat has placed: reveal the placements and start the next turn or scoring."""
        n = self.num_players
        self._pending = [[] for _ in range(n)]
        self._received = [-1] * (2 * n)
        self._rows = None
        self._turn += 1
        if self._turn < TURNS_PER_ROUND:
            self._phase = DRAW
            self._draw_seat = 0
        else:
            self._end_round()

    def score_boards(
        self, boards: Sequence[int]
    ) -> tuple[tuple[int, ...], tuple[tuple[int | None, ...], ...]]:
        """Every seat's Taste Value on these boards and, per cake, the number of the customer
        on display it sells to, or None."""
        customers = [CUSTOMERS[c] for c in self._customers]
        bonus = self.options["half_yolk_bonus"]
        tastes: list[int] = []
        served: list[tuple[int | None, ...]] = []
        for seat in range(self.num_players):
            board = boards[seat * SLOTS : (seat + 1) * SLOTS]
            taste, assignment = scoring.score_board(board, customers, bonus)
            tastes.append(taste)
            served.append(tuple(None if c < 0 else customers[c].number for c in assignment))
        return tuple(tastes), tuple(served)

    def _end_round(self) -> None:
        """Score Taste and customers, then return every tile to the pool for the next round;
        the cakes stay in sight, as scored, until the next step (the next customer)."""
        n = self.num_players
        tastes, served = self.score_boards(self._boards)
        ranks = scoring.festive_for_taste(tastes, self.options["all_tied_taste"])
        for seat in range(n):
            sold = sum(1 for number in served[seat] if number is not None)
            self._festive[seat] += ranks[seat] + FESTIVE_PER_CUSTOMER * sold
        self._tastes.append(tastes)
        self._served.append(served)
        if self._round + 1 == ROUNDS:
            self._phase = OVER
            self._turn = TURNS_PER_ROUND - 1
            return
        self._round += 1
        self._turn = 0
        self._scored = tuple(self._boards)
        self._boards = [-1] * (n * SLOTS)
        self._pool = COPIES[:]
        self._pool_size = TOTAL_TILES
        self._phase = REVEAL

    # --- results ------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(points) for points in self._festive]

    def boards(self) -> list[list[int]]:
        """Every seat's tile by slot (-1 empty), this turn's hidden placements included.

        The whole truth, for bots that search worlds of their own drawn with resample.
        """
        return [self._board(seat) for seat in range(self.num_players)]

    def coming_tiles(self) -> list[list[int]]:
        """Per seat, the tiles sure to reach its board this turn: its unplaced tiles while
        placing; while choosing, the tile it keeps and those passed to it, once committed.

        The whole truth, like boards(), for bots judging their own redrawn worlds.
        """
        n = self.num_players
        if self._phase == PLACE:
            return [hand[:] for hand in self._hands]
        coming: list[list[int]] = [[] for _ in range(n)]
        if self._phase != CHOOSE:
            return coming
        for seat, choice in enumerate(self._choices):
            if choice >= 0:
                hand = self._hands[seat]
                keep, left, right = CHOICES[choice]
                coming[seat].append(hand[keep])
                coming[(seat + 1) % n].append(hand[left])
                coming[(seat - 1) % n].append(hand[right])
        return coming

    def customer_cards(self) -> list[Customer]:
        """The customers on display this round."""
        return [CUSTOMERS[c] for c in self._customers]

    def winners(self) -> list[int]:
        """Most Festive Points, then the highest Taste Value of the last round, else shared (M8)."""
        if self._phase != OVER:
            return []
        best = max(self._festive)
        tied = [seat for seat, points in enumerate(self._festive) if points == best]
        last = self._tastes[-1]
        top = max(last[seat] for seat in tied)
        return [seat for seat in tied if last[seat] == top]

    # --- hidden information -------------------------------------------------------------
    def resample(self, player: int, rng: random.Random) -> MooncakeState:
        """Redraw other seats' hidden tiles and the pool, and their hidden commitments.

        Kept: everything public, player's own tiles and choices, and the tiles player passed
        this turn (they stay with that neighbour until placed).
        """
        copy = cast(MooncakeState, self.clone())
        if self._phase == PLACE:
            copy._redraw_placing(player, rng.random)
        elif self._phase in (DRAW, CHOOSE):
            copy._redraw_hands(player, rng.random)
        return copy

    def _deck(self, total: int, rand: Callable[[], float]) -> list[int]:
        """Take total random tiles out of the pool."""
        pool = self._pool
        drawn = _pick(
            list(chain.from_iterable(map(repeat, range(NUM_TILE_TYPES), pool))), total, rand
        )
        for tile in drawn:
            pool[tile] -= 1
        return drawn

    def _redraw_hands(self, player: int, rand: Callable[[], float]) -> None:
        """Draw or choose phase: other hands come from the unseen tiles; choices follow them."""
        hands = self._hands
        pool = self._pool
        others = [seat for seat, hand in enumerate(hands) if hand and seat != player]
        for seat in others:
            for tile in hands[seat]:
                pool[tile] += 1
        drawn = self._deck(sum([len(hands[seat]) for seat in others]), rand)
        choices = self._choices
        start = 0
        for seat in others:
            end = start + len(hands[seat])
            tiles = sorted(drawn[start:end])
            start = end
            hands[seat] = tiles
            if choices[seat] >= 0:
                options = choice_actions(tuple(tiles), self._pairwise)
                choices[seat] = options[int(rand() * len(options))]

    def _redraw_placing(self, player: int, rand: Callable[[], float]) -> None:
        """Place phase: redraw other seats' unknown tiles, hidden placements and provenance.

        player knows the tiles it passed this turn, so those stay with the seat that got them.
        """
        hide = self._hide_places
        pool = self._pool
        hands = self._hands
        boards = self._boards
        received = self._received
        pending = self._pending
        gifts = gift_table(self.num_players)[player]
        plans: list[tuple[int, list[int], int]] = []
        total = 0
        for seat, hand in enumerate(hands):
            if seat == player:
                continue
            base = seat * SLOTS
            placed = [boards[base + slot] for slot in pending[seat]]
            held = hand + placed if hide else hand[:]
            fixed: list[int] = []
            for index in gifts[seat]:
                tile = received[index]
                if not hide and tile in placed:
                    placed.remove(tile)
                else:
                    held.remove(tile)
                    fixed.append(tile)
            for tile in held:
                pool[tile] += 1
            plans.append((seat, fixed, len(held)))
            total += len(held)
        drawn = self._deck(total, rand)
        start = 0
        for seat, fixed, count in plans:
            tiles = fixed + drawn[start : start + count]
            start += count
            base = seat * SLOTS
            slots = pending[seat]
            if fixed:
                _pick(tiles, len(tiles), rand)
            turn = tiles + [boards[base + slot] for slot in slots] if not hide else tiles[:]
            if hide and slots:
                empty = sorted([slot for slot in range(SLOTS) if boards[base + slot] < 0] + slots)
                for slot in slots:
                    boards[base + slot] = -1
                slots = pending[seat] = _pick(empty, len(slots), rand)
                for slot in slots:
                    boards[base + slot] = tiles.pop()
            tiles.sort()
            hands[seat] = tiles
            known = gifts[seat]
            for index in known:
                turn.remove(received[index])
            for index in (2 * seat + FROM_LEFT, 2 * seat + FROM_RIGHT):
                if index not in known:
                    received[index] = turn.pop(int(rand() * len(turn)))

    # --- what each seat sees --------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        """What every seat and spectator may see, apart from the boards."""
        return {
            "round": self._round + 1,
            "turn": self._turn + 1,
            "phase": PHASES[self._phase],
            "customers": [CUSTOMERS[c].number for c in self._customers],
            "festive": self._festive[:],
            "tastes": [list(tastes) for tastes in self._tastes],
            "served": [[list(cakes) for cakes in seats] for seats in self._served],
        }

    def _board(self, seat: int) -> list[int]:
        return self._boards[seat * SLOTS : (seat + 1) * SLOTS]

    def _scored_boards(self) -> list[list[str | None]] | None:
        """Every seat's board as the last round was scored, while it is still in sight."""
        scored = self._scored
        if scored is None:
            return None
        return [board_codes(scored[s * SLOTS : (s + 1) * SLOTS]) for s in range(self.num_players)]

    def _public_rows(self) -> list[list[str | None]]:
        """Every seat's board as others see it (tiles placed this turn hidden, unless open)."""
        rows = self._rows
        if rows is None:
            rows = []
            for seat, pending in enumerate(self._pending):
                board = self._board(seat)
                if self._hide_places:
                    for slot in pending:
                        board[slot] = -1
                rows.append(board_codes(board))
            self._rows = rows
        return rows

    def view(self, player: int | None) -> dict[str, Any]:
        """Public facts, boards as that seat sees them, and the seat's own hand and choices."""
        data = self._public()
        data["active"] = self.active_players()
        boards = [row[:] for row in self._public_rows()]
        data["boards"] = boards
        scored = self._scored_boards()
        data["scored_round"] = None if scored is None else {"round": self._round, "boards": scored}
        data["hand_sizes"] = [len(hand) for hand in self._hands]
        data["pool_size"] = self._pool_size
        if player is None:
            return data
        hand = self._hands[player]
        pending = self._pending[player]
        if pending and self._hide_places:
            boards[player] = board_codes(self._board(player))
        choice = self._choices[player]
        data["seat"] = player
        data["hand"] = [TILE_CODES[tile] for tile in hand]
        data["choice"] = None if choice < 0 else choice_text(hand, choice, self._pairwise)
        data["pending"] = [SLOT_NAMES[slot] for slot in sorted(pending)]
        if self._phase == PLACE:
            n = self.num_players
            received = self._received
            data["received"] = {
                "from_left": TILE_CODES[received[2 * player + FROM_LEFT]],
                "from_right": TILE_CODES[received[2 * player + FROM_RIGHT]],
            }
            data["passed"] = {
                "left": TILE_CODES[received[2 * ((player + 1) % n) + FROM_RIGHT]],
                "right": TILE_CODES[received[2 * ((player - 1) % n) + FROM_LEFT]],
            }
        else:
            data["received"] = data["passed"] = None
        return data

    def position(self) -> dict[str, Any]:
        n = self.num_players
        received = self._received
        data = self._public()
        data["num_players"] = n
        data["options"] = dict(self.options)
        data["boards"] = [board_codes(self._board(seat)) for seat in range(n)]
        scored = self._scored_boards()
        data["scored_round"] = None if scored is None else {"boards": scored}
        data["pending"] = [[SLOT_NAMES[slot] for slot in sorted(p)] for p in self._pending]
        data["hands"] = [[TILE_CODES[tile] for tile in hand] for hand in self._hands]
        data["choices"] = [None if choice < 0 else choice for choice in self._choices]
        data["received"] = [
            None
            if received[2 * seat] < 0
            else [TILE_CODES[received[2 * seat]], TILE_CODES[received[2 * seat + 1]]]
            for seat in range(n)
        ]
        return data

    # --- text ------------------------------------------------------------------------------
    def _names(self, seat: int) -> ActionNames:
        if seat == CHANCE:
            return REVEAL_NAMES if self._phase == REVEAL else DRAW_NAMES
        if 0 <= seat < self.num_players and len(self._hands[seat]) == TILES_PER_TURN:
            return hand_names(tuple(self._hands[seat]), self._pairwise)
        return PLACE_NAMES

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        """What viewer learns of the step: hidden draws, choices and placements stay hidden."""
        from meja.games.mooncake.told import told  # told.py reads this module's constants

        return told(self, player, action, viewer)

    def _acting_seat(self, player: int | None) -> int:
        """A quick yes for a seat or chance that may act now; the shared checks otherwise."""
        phase = self._phase
        if player is not None and 0 <= player < self.num_players:
            if phase == PLACE and self._hands[player]:
                return player
            if phase == CHOOSE and self._choices[player] < 0:
                return player
        elif player == CHANCE and phase <= DRAW:
            return CHANCE
        return super()._acting_seat(player)

    def _illegal_message(self, action: int, seat: int) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return super()._illegal_message(action, seat)
        if self._phase == CHOOSE:
            options = "; ".join(self.action_to_str(a, seat) for a in self.legal_actions(seat))
            return (
                f"seat {seat} must choose which tile to keep and which to pass "
                f"({options}), not {self.action_to_str(action, seat)}"
            )
        if action < PLACE_BASE:
            return f"seat {seat} must place a tile now; the keep/pass choice is already made"
        tile, slot = divmod(action - PLACE_BASE, SLOTS)
        if tile not in self._hands[seat]:
            hand = " ".join(TILE_CODES[t] for t in self._hands[seat])
            return f"seat {seat} has no {TILE_CODES[tile]} tile to place (hand: {hand})"
        return f"slot {SLOT_NAMES[slot]} of seat {seat} already holds a tile; tiles never move"

    def check_components(self) -> list[str]:
        """Every tile is in the pool, a hand or on a board, as often as the box holds it."""
        counts = self._pool[:]
        for hand in self._hands:
            for tile in hand:
                counts[tile] += 1
        for tile in self._boards:
            if tile >= 0:
                counts[tile] += 1
        if counts == COPIES and sum(self._pool) == self._pool_size:
            return []
        problems = [
            f"{TILE_CODES[tile]}: {count} accounted for, the box holds {COPIES[tile]}"
            for tile, count in enumerate(counts)
            if count != COPIES[tile]
        ]
        if sum(self._pool) != self._pool_size:
            problems.append(f"pool size {self._pool_size} but {sum(self._pool)} tiles in it")
        return problems

    def __str__(self) -> str:
        return render_position(self.position())
