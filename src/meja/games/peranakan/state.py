"""The Peranakan state: its fields, whose move it is, chance, and the rules that apply a move.

A turn is take a tile, place it, maybe place a pawn, collect, refill. State is kept in flat lists
of ints so that clone() and random play stay cheap. Each physical choice is its own action
(take -> [wild Kueh] -> cell -> pawn -> [wild Kueh while collecting]); a choice with a single
option is made automatically.
"""

from __future__ import annotations

from typing import Any, Final

from meja.core.actions import ActionNames
from meja.core.chance import one_each
from meja.core.fields import compared, declare
from meja.core.game import CHANCE, TERMINAL, Game, State
from meja.core.start_player import start_seat_names
from meja.core.tally import span_any
from meja.core.told import Told
from meja.games.peranakan import legal, scoring, text, told
from meja.games.peranakan import position as positions
from meja.games.peranakan import view as views
from meja.games.peranakan.actions import (
    KUEH_BASE,
    NO_PAWN,
    PAWN_BASE,
    PLACE_BASE,
    PLAYER_ACTIONS,
    REVEALS,
    TAKE_BASE,
)
from meja.games.peranakan.components import NYONYA, SUPPLY_NEXT_TO, WILD
from meja.games.peranakan.tables import (
    AREA_CELLS,
    CHOOSE_KUEH,
    COLLECT_KUEH,
    DECK_TOP,
    KIND_FIXED,
    KIND_PATTERN,
    KIND_WILDS,
    LINE_OTHERS,
    LINE_SETS,
    NEIGHBOUR_SETS,
    NEIGHBOURHOODS,
    NUM_KUEH,
    OVER,
    PAWN,
    PAWN_KINDS,
    PLACE,
    REVEAL,
    REVEAL_ORDER,
    START,
    TAKE,
    TOUCH_MASKS,
    Pawn,
)

FIELDS: Final = declare(
    shared="phase turn_seat start retired held taken placed due wild_seat wild_left gained",
    copied="market deck top under pawns hand supply kueh",
    derived="neighbours areas area_cells touch_masks nyonya_own baba_own random_start deck_left",
)
"""Each field once, with how clone() copies it and whether equality looks at it."""


class PeranakanState(State):
    """One game of Peranakan: Tiles and Tactics in progress."""

    _compared = compared(FIELDS)
    """Every field position() is made from."""

    phase: int
    turn_seat: int
    start: int
    market: list[int]
    deck: list[int]
    deck_left: int
    top: list[int]
    under: list[int]
    pawns: list[Pawn]
    hand: list[int]
    retired: list[int]
    supply: list[int]
    kueh: list[int]
    held: int
    taken: int
    placed: int
    due: tuple[Pawn, ...]
    wild_seat: int
    wild_left: int
    gained: int
    """The Kueh type the turn's take gave (-1: none), which the turn's sentence names."""

    def __init__(self, game: Game, num_players: int, options: dict[str, Any]) -> None:
        super().__init__(game, num_players, options)
        self._set_rules()

    def _set_rules(self) -> None:
        """Cache the option-dependent tables used on the hot path."""
        self.neighbours = NEIGHBOURHOODS[self.options["baba_neighbourhood"]]
        self.areas = (LINE_SETS, NEIGHBOUR_SETS[self.options["baba_neighbourhood"]])
        self.area_cells = AREA_CELLS[self.options["baba_neighbourhood"]]
        self.touch_masks = TOUCH_MASKS[self.options["baba_neighbourhood"]]
        self.nyonya_own = bool(self.options["nyonya_counts_own_tile"])
        self.baba_own = bool(self.options["baba_counts_own_tile"])
        self.random_start = self.options["start_player"] == "random"

    def clone(self) -> PeranakanState:
        """A fully independent copy. Lists changed in place are copied; retired and due are shared,
        as they are replaced when a pawn collects, never changed in place."""
        copy = PeranakanState(self.game, self.num_players, self.options)
        copy.history = self.history[:]
        copy.phase = self.phase
        copy.turn_seat = self.turn_seat
        copy.start = self.start
        copy.retired = self.retired
        copy.held = self.held
        copy.taken = self.taken
        copy.placed = self.placed
        copy.due = self.due
        copy.wild_seat = self.wild_seat
        copy.wild_left = self.wild_left
        copy.gained = self.gained
        copy.market = self.market[:]
        copy.deck = self.deck[:]
        copy.top = self.top[:]
        copy.under = self.under[:]
        copy.pawns = self.pawns[:]
        copy.hand = self.hand[:]
        copy.supply = self.supply[:]
        copy.kueh = self.kueh[:]
        copy.neighbours = self.neighbours
        copy.areas = self.areas
        copy.area_cells = self.area_cells
        copy.touch_masks = self.touch_masks
        copy.nyonya_own = self.nyonya_own
        copy.baba_own = self.baba_own
        copy.random_start = self.random_start
        copy.deck_left = self.deck_left
        return copy

    # --- whose move -----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= START:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == COLLECT_KUEH:
            return self.wild_seat
        return self.turn_seat

    def _chance_counts(self) -> list[int]:
        """A tile from the deck, or the starting seat."""
        if self.phase == REVEAL:
            return self.deck
        if self.phase == START:
            return one_each(self.num_players)
        return []

    def _names(self, seat: int) -> ActionNames:
        """Player moves, or the pending chance event's outcomes: a start seat or a tile."""
        if seat != CHANCE:
            return PLAYER_ACTIONS
        return start_seat_names(self.num_players) if self.phase == START else REVEALS

    # --- the rules --------------------------------------------------------------------------
    def _apply(self, action: int, player: int) -> None:
        phase = self.phase
        if phase == PLACE:
            self._place(action - PLACE_BASE)
        elif phase == PAWN:
            if action != NO_PAWN:
                kind = action - PAWN_BASE
                self.hand[self.turn_seat * PAWN_KINDS + kind] -= 1
                self.pawns.append((self.placed, self.turn_seat, kind))
            self._collect()
        elif phase == TAKE:
            self._take(action - TAKE_BASE)
        elif phase == REVEAL:
            self._reveal(action)
        elif phase == CHOOSE_KUEH:
            self.gained = action - KUEH_BASE
            self._give(self.turn_seat, self.gained)
            self.phase = PLACE
        elif phase == COLLECT_KUEH:
            self._give(self.wild_seat, action - KUEH_BASE)
            self.wild_left -= 1
            self._continue_collecting()
        else:
            self.start = self.turn_seat = action
            self.phase = TAKE

    def _reveal(self, kind: int) -> None:
        """Turn up a tile from the unordered deck onto the first empty market position."""
        self.deck[kind] -= 1
        self.deck_left -= 1
        market = self.market
        for pos in REVEAL_ORDER:
            if market[pos] < 0:
                market[pos] = kind
                break
        if market[DECK_TOP] < 0:
            return
        self.phase = START if self.start < 0 else TAKE

    def _take(self, pos: int) -> None:
        """Step 1: take a market tile and the Kueh beside it (any type on the wild slot, P5)."""
        self.held = self.market[pos]
        self.market[pos] = -1
        self.taken = pos
        self.phase = PLACE
        kueh = SUPPLY_NEXT_TO[pos]
        if kueh != WILD:
            if self.supply[kueh]:
                self.gained = kueh
                self._give(self.turn_seat, kueh)
            return
        stocked = [t for t in range(NUM_KUEH) if self.supply[t]]
        if len(stocked) > 1:
            self.phase = CHOOSE_KUEH
        elif stocked:
            self.gained = stocked[0]
            self._give(self.turn_seat, stocked[0])

    def _give(self, seat: int, kueh: int) -> None:
        """Move one Kueh of a type with stock from the supply to seat."""
        self.supply[kueh] -= 1
        self.kueh[seat * NUM_KUEH + kueh] += 1

    def _place(self, cell: int) -> None:
        """Step 2: place on an empty space or stack once over a single tile (P10; the rulebook's
        "Step 3" for stacking is a typo for this step, P11)."""
        if self.top[cell] >= 0:
            self.under[cell] = self.top[cell]
        self.top[cell] = self.held
        self.held = -1
        self.placed = cell
        base = self.turn_seat * PAWN_KINDS
        if span_any(self.hand, base, base + PAWN_KINDS):
            self.phase = PAWN
        else:
            self._collect()

    def is_due(self, pawn: Pawn) -> bool:
        """A Nyonya's row and column, or a Baba's neighbourhood, are all filled (P2, P4)."""
        cell, _, kind = pawn
        top = self.top
        return all(top[other] >= 0 for other in self.area_cells[kind][cell])

    def touches(self, pawn: Pawn, cell: int) -> bool:
        """Whether a tile placed on cell lies in the pawn's area or under the pawn."""
        home, _, kind = pawn
        return self.touch_masks[kind][home] >> cell & 1 == 1

    def _collect(self) -> None:
        """Step 4: due pawns collect, active player first then clockwise (P7).

        Only pawns whose area holds the new tile can have become due this turn.
        """
        placed = self.placed
        due: list[Pawn] = []
        staying: list[Pawn] = []
        for pawn in self.pawns:
            if self.touches(pawn, placed) and self.is_due(pawn):
                due.append(pawn)
            else:
                staying.append(pawn)
        if due:
            self.pawns = staying
            n, turn = self.num_players, self.turn_seat
            due.sort(key=lambda p: (p[1] - turn) % n)
            self.due = tuple(due)
        self._continue_collecting()

    def _continue_collecting(self) -> None:
        """Resolve collections until a wild choice is needed (the owner names any type with
        stock, P6), then finish the turn."""
        supply = self.supply
        while True:
            while self.wild_left:
                stocked = [t for t in range(NUM_KUEH) if supply[t]]
                if len(stocked) > 1:
                    self.phase = COLLECT_KUEH
                    return
                if stocked:
                    self._give(self.wild_seat, stocked[0])
                    self.wild_left -= 1
                else:
                    self.wild_left = 0
            if not self.due:
                break
            cell, seat, kind = self.due[0]
            self.due = self.due[1:]
            retired = self.retired[:]
            retired[seat * PAWN_KINDS + kind] += 1
            self.retired = retired
            wilds = 0
            for tile in self.matching_tiles(cell, kind):
                for kueh in KIND_FIXED[tile]:
                    if supply[kueh]:
                        self._give(seat, kueh)
                wilds += KIND_WILDS[tile]
            self.wild_seat = seat
            self.wild_left = wilds
        self._end_turn()

    def matching_tiles(self, cell: int, kind: int) -> list[int]:
        """Tiles a pawn on cell collects from: same pattern in its lines or neighbourhood (P3)."""
        top = self.top
        pattern = KIND_PATTERN[top[cell]]
        if kind == NYONYA:
            cells, own = LINE_OTHERS[cell], self.nyonya_own
        else:
            cells, own = self.neighbours[cell], self.baba_own
        tiles = [top[x] for x in cells if top[x] >= 0 and KIND_PATTERN[top[x]] == pattern]
        if own:
            tiles.append(top[cell])
        return tiles

    def _end_turn(self) -> None:
        """Step 5: slide toward slot4 and refill from the deck (P8); then the end checks (P9)."""
        taken, market = self.taken, self.market
        if taken != DECK_TOP:
            market[2 : taken + 1] = market[1:taken]
            market[1] = market[DECK_TOP]
            market[DECK_TOP] = -1
        self.taken = self.placed = self.wild_seat = self.gained = -1
        if self.end_triggered():
            self.phase = OVER
            return
        self.turn_seat = (self.turn_seat + 1) % self.num_players
        self.phase = REVEAL

    # --- legality, scoring, positions, views and text, each in its own module ------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        return legal.legal_actions(self, player)

    def _is_legal(self, action: int, seat: int) -> bool:
        return legal.is_legal(self, action, seat)

    def _illegal_message(self, action: int, seat: int) -> str:
        return legal.refusal(self, action, seat)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def kueh_of(self, seat: int) -> list[int]:
        return scoring.kueh_of(self, seat)

    def sets_of(self, seat: int) -> int:
        return scoring.sets_of(self, seat)

    def deck_size(self) -> int:
        return scoring.deck_size(self)

    def end_triggered(self) -> bool:
        return scoring.end_triggered(self)

    def position(self) -> dict[str, Any]:
        return positions.position(self)

    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        return told.told(self, player, action, viewer)

    def check_components(self) -> list[str]:
        return positions.check_components(self)

    def __str__(self) -> str:
        return text.compact(self)
