"""Te Kuiti's state: its fields, who moves, the chance events and what each move does.

The field is kept as bitmasks over a padded grid (see tables.py) and a few flat lists, so that
cloning and random play stay cheap. A tile's identity is fixed only when it is first flipped:
until then it is one of the unseen tiles (the pool), drawn by a chance event.
"""

from __future__ import annotations

import random
from typing import Any, Final

from meja.core.actions import ActionNames
from meja.core.chance import one_each
from meja.core.fields import compared, declare
from meja.core.game import CHANCE, TERMINAL, Game, State
from meja.core.start_player import RANDOM_START, start_seat_names
from meja.core.told import Told
from meja.games.te_kuiti import legal, scoring
from meja.games.te_kuiti import position as positions
from meja.games.te_kuiti import view as views
from meja.games.te_kuiti.actions import (
    ACTIONS,
    COLLECT,
    END_TURN,
    FLIP,
    PAIRS,
    PLACE,
    REMOVE,
    TILES,
    TURN_SIDE,
    TURNS,
)
from meja.games.te_kuiti.components import (
    ENDGAME_OPEN_TILES,
    FENCES,
    FENCES_PER_TURN,
    SHEEP_PER_TURN,
)
from meja.games.te_kuiti.scoring import (
    FENCES_RAN_OUT,
    PLAYING,
    EndedField,
    end_round,
    end_solo_turn,
    finish_solo,
)
from meja.games.te_kuiti.tables import (
    ALL_OPEN_EAST,
    ALL_OPEN_SOUTH,
    BONUS,
    CELL_EDGES,
    CELL_NAMES,
    COLLECTING,
    EDGE_OPEN,
    FLIPPING,
    INTERIOR,
    NUM_CELLS,
    ORIENT,
    OVER,
    PAD_BIT,
    PHASE_NAMES,
    RAM_CHOICE,
    RAM_TYPES,
    REVEAL,
    SHEPHERD_TURN,
    SHEPHERD_TYPES,
    START,
    TILE_COUNTS,
    TILE_DAISY,
    TILE_KIND,
    list_edges,
    reachable,
)
from meja.games.te_kuiti.text import render
from meja.games.te_kuiti.told import told as told_step

MOVE_HINT: Final = "(try 'fence b3n', 'remove b3n', 'flip c2', 'collect a1 c4' or 'end turn')"


FIELDS: Final = declare(
    shared="round start shepherd phase to_place fences present down pending revealed turning_back "
    "ended endgame last_turn fences_out round_scores turn won end",
    copied="tiles sides",
    derived="solo immediate turn_limit sheep movers supply open_east open_south enclosed unseen "
    "collected",
    derived_copied="pool",
)
"""Each field once, with how clone() copies it and whether equality looks at it."""


class TeKuitiState(State):
    """A game of Te Kuiti: two rounds for two players, or the solo game.

    fences is a bitmask over edges; present, down, unseen and enclosed are bitmasks over the
    padded grid (tiles on the field, of them those face down, never flipped, fenced in). tiles
    and sides give each cell's tile type and daisy side once seen (-1 before); pool counts the
    unseen tiles by type; revealed lists this turn's face-up sheep; pending is the cell whose
    flip awaits a chance outcome. turning_back holds the cells of the tiles just turned back
    face down: they lie face down for the rules, but every view shows their faces until the
    next action is applied (T4a). ended holds the field the last round ended on, shown to
    everyone beside the new field until the next action, as the table still shows it. start is
    the first shepherd (T4b), -1 while a random draw of it is pending; until then shepherd holds
    a stand-in seat that no view or position shows. turn counts the turns begun, the shepherd's
    and the sheep player's alike (0 before the draw of the first shepherd); end records why the
    game ended (see scoring.py).
    """

    solo: bool
    immediate: bool
    turn_limit: int
    round: int
    start: int
    shepherd: int
    sheep: int
    movers: tuple[int, ...]
    phase: int
    to_place: int
    supply: int
    fences: int
    open_east: int
    open_south: int
    enclosed: int
    present: int
    down: int
    unseen: int
    tiles: list[int]
    sides: list[int]
    pool: list[int]
    revealed: list[int]
    turning_back: tuple[int, ...]
    ended: EndedField | None
    pending: int
    endgame: bool
    last_turn: bool
    fences_out: bool
    collected: int
    round_scores: list[tuple[int, int]]
    turn: int
    won: bool
    end: int

    _compared = compared(FIELDS)
    """Every field a position holds; the others (supply, enclosures, the pool...) follow."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: dict[str, Any],
        history: list[tuple[int, int]] | None = None,
        *,
        blank: bool = False,
    ) -> None:
        """The first round set up; blank leaves every field to clone(), which sets them all."""
        super().__init__(game, num_players, options, history)
        if blank:
            return
        self.solo = num_players == 1
        self.immediate = options["out_of_fences"] == "immediate"
        self.turn_limit = options["solo_turn_limit"]
        self.round_scores = []
        self.won = False
        self.end = PLAYING
        choice = options["start_player"]
        self.start = 0 if self.solo else -1 if choice == RANDOM_START else int(choice)
        self.turn = 0 if self.start < 0 else 1
        self.start_round(1, max(self.start, 0))
        if self.start < 0:
            self.phase = START
            self.to_place = 0

    def start_round(self, number: int, shepherd: int) -> None:
        """Lay out every tile face down and give the shepherd all the fences."""
        self.round = number
        self.shepherd = shepherd
        self.sheep = shepherd if self.solo else 1 - shepherd
        movers = {SHEPHERD_TURN: shepherd, BONUS: shepherd, OVER: TERMINAL}
        movers.update(dict.fromkeys((REVEAL, ORIENT, START), CHANCE))
        self.movers = tuple(movers.get(phase, self.sheep) for phase in range(len(PHASE_NAMES)))
        self.supply = FENCES
        self.fences = 0
        self.open_east = ALL_OPEN_EAST
        self.open_south = ALL_OPEN_SOUTH
        self.enclosed = 0
        self.present = INTERIOR
        self.down = INTERIOR
        self.unseen = INTERIOR
        self.tiles = [-1] * NUM_CELLS
        self.sides = [-1] * NUM_CELLS
        self.pool = list(TILE_COUNTS)
        self.revealed = []
        self.turning_back = ()
        self.ended = None
        self.pending = -1
        self.endgame = False
        self.last_turn = False
        self.fences_out = False
        self.collected = 0
        if self.solo:
            self.phase = FLIPPING
            self.to_place = 0
        else:
            self.phase = SHEPHERD_TURN
            self.to_place = min(FENCES_PER_TURN, self.supply)

    def clone(self) -> TeKuitiState:
        """A fully independent copy. Lists changed in place are copied; revealed and round_scores
        are shared, as they are replaced when they change, never changed in place."""
        copy = TeKuitiState(self.game, self.num_players, self.options, blank=True)
        copy.history = self.history[:]
        copy.round = self.round
        copy.start = self.start
        copy.shepherd = self.shepherd
        copy.phase = self.phase
        copy.to_place = self.to_place
        copy.fences = self.fences
        copy.present = self.present
        copy.down = self.down
        copy.pending = self.pending
        copy.revealed = self.revealed
        copy.turning_back = self.turning_back
        copy.ended = self.ended
        copy.endgame = self.endgame
        copy.last_turn = self.last_turn
        copy.fences_out = self.fences_out
        copy.round_scores = self.round_scores
        copy.turn = self.turn
        copy.won = self.won
        copy.end = self.end
        copy.tiles = self.tiles[:]
        copy.sides = self.sides[:]
        copy.solo = self.solo
        copy.immediate = self.immediate
        copy.turn_limit = self.turn_limit
        copy.sheep = self.sheep
        copy.movers = self.movers
        copy.supply = self.supply
        copy.open_east = self.open_east
        copy.open_south = self.open_south
        copy.enclosed = self.enclosed
        copy.unseen = self.unseen
        copy.collected = self.collected
        copy.pool = self.pool[:]
        return copy

    # --- whose move, and what is legal -------------------------------------------------
    def current_player(self) -> int:
        return self.movers[self.phase]

    def legal_actions(self, player: int | None = None) -> list[int]:
        return legal.legal_actions(self, player)

    def _is_legal(self, action: int, seat: int) -> bool:
        return legal.is_legal(self, action, seat)

    def _chance_counts(self) -> list[int]:
        """A flipped tile's type from the pool, a daisy's turn, or the first shepherd."""
        if self.phase == REVEAL:
            return self.pool
        if self.phase == ORIENT:
            return one_each(len(TURN_SIDE))
        if self.phase == START:
            return one_each(self.num_players)
        return []

    # --- applying actions ----------------------------------------------------------------
    def _apply(self, action: int, seat: int) -> None:
        if self.turning_back:
            self.turning_back = ()
        if self.ended is not None:
            self.ended = None
        phase = self.phase
        if phase == REVEAL:
            cell = self.pending
            self.tiles[cell] = action
            self.pool[action] -= 1
            self.unseen &= ~PAD_BIT[cell]
            self.resolve_flip(cell)
        elif phase == ORIENT:
            self.sides[self.pending] = TURN_SIDE[action]
            self.resolve_flip(self.pending)
        elif phase == START:
            self.start = action
            self.start_round(1, action)
            self.turn += 1
        elif phase == SHEPHERD_TURN:
            self.place(action - PLACE)
            self.to_place -= 1
            if self.supply == 0 or (self.to_place == 0 and self.last_turn):
                end_round(self)
            elif self.to_place == 0:
                self.turn += 1
                self.next_flip()
        elif phase == BONUS:
            self.place(action - PLACE)
            if self.supply == 0 and self.immediate:
                end_round(self)
                return
            if self.supply == 0:
                self.fences_out = True
            self.next_flip()
        elif phase == RAM_CHOICE:
            self.remove(action - REMOVE)
            self.next_flip()
        elif action == END_TURN:
            self.end_sheep_turn()
        elif action >= COLLECT:
            self.collect(*PAIRS[action - COLLECT])
            if phase == COLLECTING and not legal.pair_actions(self):
                self.end_sheep_turn()
        else:
            cell = action - FLIP
            self.pending = cell
            if self.tiles[cell] < 0:
                self.phase = REVEAL
            else:
                self.resolve_flip(cell)

    def place(self, edge: int) -> None:
        """Put a fence from the supply on edge and recompute the enclosures."""
        self.fences |= 1 << edge
        vertical, bit = EDGE_OPEN[edge]
        if vertical:
            self.open_east &= ~bit
        else:
            self.open_south &= ~bit
        self.supply -= 1
        self.update_enclosures()

    def set_fences(self, fences: int) -> None:
        """Put fences on exactly the edges of the mask, the rest staying in the supply."""
        self.fences = fences
        self.open_east = ALL_OPEN_EAST
        self.open_south = ALL_OPEN_SOUTH
        for edge in list_edges(fences):
            vertical, bit = EDGE_OPEN[edge]
            if vertical:
                self.open_east &= ~bit
            else:
                self.open_south &= ~bit
        self.supply = FENCES - fences.bit_count()
        self.update_enclosures()

    def remove(self, edge: int) -> None:
        """Return the fence on edge to the supply (a ram's effect)."""
        self.fences &= ~(1 << edge)
        vertical, bit = EDGE_OPEN[edge]
        if vertical:
            self.open_east |= bit
        else:
            self.open_south |= bit
        self.supply += 1
        self.update_enclosures()

    def update_enclosures(self) -> None:
        """A cell is enclosed when no fence-free path joins it to the outside."""
        self.enclosed = INTERIOR & ~reachable(self.open_east, self.open_south)
        self.check_endgame()

    def check_endgame(self) -> None:
        """Enter the end-of-round mode once few enough tiles are left open (T4); it stays on."""
        if (
            not self.endgame
            and not self.solo
            and (self.present & ~self.enclosed).bit_count() <= ENDGAME_OPEN_TILES
        ):
            self.endgame = True

    def take_away(self, cell: int) -> None:
        """Remove the tile on cell from the field for good."""
        bit = PAD_BIT[cell]
        self.present &= ~bit
        self.down &= ~bit
        self.check_endgame()

    def collect(self, a: int, b: int) -> None:
        """The sheep player takes a matching pair."""
        self.take_away(a)
        self.take_away(b)
        self.collected += 2

    def daisy_edge(self, cell: int, side: int | None = None) -> int:
        """The edge the daisy points at, or the next unfenced side clockwise (T9); side is
        the daisy's, when it is not yet set on the cell."""
        edges = CELL_EDGES[cell]
        side = self.sides[cell] if side is None else side
        for step in range(len(edges)):
            edge = edges[(side + step) % len(edges)]
            if not self.fences >> edge & 1:
                return edge
        raise AssertionError(f"flipped tile {CELL_NAMES[cell]} has no open side")

    def resolve_flip(self, cell: int) -> None:
        """Carry out what the tile just turned face up on cell does."""
        self.pending = -1
        tile = self.tiles[cell]
        if self.solo and TILE_DAISY[tile]:
            if self.sides[cell] < 0:
                self.pending = cell
                self.phase = ORIENT
                return
            if self.supply:
                self.place(self.daisy_edge(cell))
                if self.supply == 0:
                    if self.immediate:
                        self.turning_back = (cell,)
                        finish_solo(self, FENCES_RAN_OUT)
                        return
                    self.fences_out = True
        if tile in RAM_TYPES:
            self.take_away(cell)
            if self.fences:
                self.phase = RAM_CHOICE
            else:  # T3: a ram with no fence on the field does nothing; the sheep flips again
                self.next_flip()
        elif tile in SHEPHERD_TYPES:
            self.take_away(cell)
            if self.solo or not self.supply:
                self.next_flip()
            else:
                self.phase = BONUS
        else:
            self.down &= ~PAD_BIT[cell]
            self.revealed = [*self.revealed, cell]
            if len(self.revealed) < SHEEP_PER_TURN:
                self.next_flip()
            elif self.endgame:
                self.flips_done()
            else:
                self.match_revealed()

    def match_revealed(self) -> None:
        """Take the two revealed sheep if they match and neither is enclosed now (T1)."""
        a, b = self.revealed
        if TILE_KIND[self.tiles[a]] == TILE_KIND[self.tiles[b]] and not (
            self.enclosed & (PAD_BIT[a] | PAD_BIT[b])
        ):
            self.collect(a, b)
        self.end_sheep_turn()

    def next_flip(self) -> None:
        """Go on flipping while a tile can be flipped; otherwise the flips are over (T5)."""
        if self.down & ~self.enclosed:
            self.phase = FLIPPING
        else:
            self.flips_done()

    def flips_done(self) -> None:
        """In the end-of-round mode the sheep player may now collect pairs; else the turn ends."""
        if self.endgame and legal.pair_actions(self):
            self.phase = COLLECTING
        else:
            self.end_sheep_turn()

    def end_sheep_turn(self) -> None:
        """Turn the revealed sheep back (not in the end-of-round mode) and pass the turn.

        The sheep turned back stay in sight until the next action (T4a); a new round lays out
        a fresh field, so a turn that ends the round leaves nothing to show.
        """
        if not self.endgame:
            back = tuple(cell for cell in self.revealed if self.present & PAD_BIT[cell])
            for cell in back:
                self.down |= PAD_BIT[cell]
            self.turning_back = back
        self.revealed = []
        if self.solo:
            end_solo_turn(self)
            return
        if self.fences_out:
            end_round(self)
            return
        if self.endgame and not self.down & ~self.enclosed:
            self.last_turn = True
        self.turn += 1
        self.phase = SHEPHERD_TURN
        self.to_place = min(FENCES_PER_TURN, self.supply)

    # --- results, names, views ------------------------------------------------------------
    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    @property
    def phase_name(self) -> str:
        """The phase as named in positions and views."""
        return PHASE_NAMES[self.phase]

    def resample(self, player: int, rng: random.Random) -> TeKuitiState:
        return views.resample(self, player, rng)

    def _names(self, seat: int) -> ActionNames:
        """The moves; for chance, a flip's tile types, a daisy's turns or the first shepherd."""
        if seat != CHANCE:
            return ACTIONS
        if self.phase == ORIENT:
            return TURNS
        if self.phase == START:
            return start_seat_names(self.num_players)
        return TILES

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        """Every viewer sees the same board, so is told the same: moves by name, chance steps
        by their cell alone (see told.py)."""
        return told_step(self, player, action, viewer)

    def _unknown_words(self, text: str, seat: int) -> str:
        if seat == CHANCE:
            return super()._unknown_words(text, seat)
        return f"{text!r} is not a Te Kuiti move {MOVE_HINT}"

    def _illegal_message(self, action: int, seat: int) -> str:
        if not isinstance(action, int) or not 0 <= action < len(ACTIONS):
            return super()._illegal_message(action, seat)
        return legal.refusal(self, action, seat)

    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def position(self) -> dict[str, Any]:
        return positions.position(self)

    def check_components(self) -> list[str]:
        return positions.check_components(self)

    def __str__(self) -> str:
        return render(self)
