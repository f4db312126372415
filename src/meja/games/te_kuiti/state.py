"""Te Kuiti's rules: fences, flips, enclosures, the end-of-round mode, scoring and the solo game.

The field is kept as bitmasks over a padded grid (see field.py) and a few flat lists, so that
cloning and random play stay cheap. A tile's identity is fixed only when it is first flipped:
until then it is one of the unseen tiles (the pool), drawn by a chance event.
"""

from __future__ import annotations

import random
from typing import Any, cast

from meja.core.actions import ActionNames
from meja.core.chance import can_draw, draw_outcomes, in_range, uniform_outcomes
from meja.core.game import CHANCE, TERMINAL, Game, State
from meja.core.start_player import RANDOM_START, start_seat_names
from meja.core.told import Told
from meja.games.te_kuiti.actions import (
    ACTION_NAMES,
    ACTIONS,
    COLLECT,
    END_TURN,
    FLIP,
    NUM_ACTIONS,
    PAIR_ACTION,
    PAIRS,
    PLACE,
    REMOVE,
    TILE_NAMES,
    TILES,
    TURN_SIDE,
    TURNS,
)
from meja.games.te_kuiti.components import (
    ENDGAME_OPEN_TILES,
    FENCES,
    FENCES_PER_TURN,
    RAM,
    ROUNDS,
    SHEEP_KINDS,
    SHEEP_PER_TURN,
    SHEPHERD,
    SIDES,
    TILE_TYPES,
)
from meja.games.te_kuiti.ended import DOWN, GONE, UP, EndedField
from meja.games.te_kuiti.field import (
    ALL_EDGES,
    ALL_OPEN_EAST,
    ALL_OPEN_SOUTH,
    CELL_EDGES,
    CELL_GROUPS,
    CELL_NAMES,
    EDGE_GROUPS,
    EDGE_NAMES,
    EDGE_OPEN,
    INTERIOR,
    NUM_CELLS,
    NUM_EDGES,
    PAD_BIT,
    bit_lister,
    list_cell_names,
    list_cells,
    list_edge_names,
    list_edges,
    reachable,
)
from meja.games.te_kuiti.text import render
from meja.games.te_kuiti.told import told as told_step

SHEPHERD_TURN, FLIPPING, REVEAL, ORIENT, RAM_CHOICE, BONUS, COLLECTING, OVER, START = range(9)
PHASE_NAMES = ("shepherd", "flip", "reveal", "orient", "ram", "bonus", "collect", "over", "start")
"""Phase names as they appear in positions and views."""

TILE_KIND: tuple[int, ...] = tuple(
    SHEEP_KINDS.index(t.kind) if t.kind in SHEEP_KINDS else -1 for t in TILE_TYPES
)
"""Sheep kind index of each tile type, -1 for rams and shepherds."""
TILE_DAISY: tuple[bool, ...] = tuple(t.daisy for t in TILE_TYPES)
RAM_TYPES = frozenset(i for i, t in enumerate(TILE_TYPES) if t.kind == RAM)
SHEPHERD_TYPES = frozenset(i for i, t in enumerate(TILE_TYPES) if t.kind == SHEPHERD)
TILE_COUNTS: tuple[int, ...] = tuple(t.count for t in TILE_TYPES)
list_places = bit_lister(range(PLACE, PLACE + NUM_EDGES), EDGE_GROUPS)
list_removes = bit_lister(range(REMOVE, REMOVE + NUM_EDGES), EDGE_GROUPS)
list_flips = bit_lister(range(FLIP, FLIP + NUM_CELLS), CELL_GROUPS)
UP_TEXT: tuple[tuple[str, ...], ...] = tuple((*(f"{n} {s}" for s in SIDES), n) for n in TILE_NAMES)
"""A face-up tile as views show it, by tile and daisy side (index -1: no side)."""
POSITION_TEXT: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(
        (*(f"{face} {name} {side}" for side in SIDES), f"{face} {name}")
        for name in (*TILE_NAMES, "?")
    )
    for face in ("down", "up", "gone")
)
"""A cell as positions write it, by face (down, up, gone), tile (-1: unseen) and side."""
MOVE_HINT = "(try 'fence b3n', 'remove b3n', 'flip c2', 'collect a1 c4' or 'end turn')"


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
    a stand-in seat that no view or position shows.
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

    _copied = ("tiles", "sides", "pool", "revealed", "round_scores")
    _compared = (
        "round",
        "start",
        "shepherd",
        "phase",
        "to_place",
        "fences",
        "present",
        "down",
        "tiles",
        "sides",
        "pending",
        "revealed",
        "turning_back",
        "ended",
        "endgame",
        "last_turn",
        "fences_out",
        "round_scores",
        "turn",
        "won",
    )
    """Every field a position holds; the others (supply, enclosures, the pool...) follow."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: dict[str, Any],
        history: list[tuple[int, int]] | None = None,
    ) -> None:
        super().__init__(game, num_players, options, history)
        self.solo = num_players == 1
        self.immediate = options["out_of_fences"] == "immediate"
        self.turn_limit = options["solo_turn_limit"]
        self.round_scores = []
        self.turn = 0
        self.won = False
        choice = options["start_player"]
        self.start = 0 if self.solo else -1 if choice == RANDOM_START else int(choice)
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

    # --- whose move, and what is legal -------------------------------------------------
    def current_player(self) -> int:
        return self.movers[self.phase]

    def legal_actions(self, player: int | None = None) -> list[int]:
        mover = self.current_player()
        if mover < 0 or (player is not None and player != mover):
            return []
        phase = self.phase
        if phase in (SHEPHERD_TURN, BONUS):
            return list_places(ALL_EDGES & ~self.fences)
        if phase == RAM_CHOICE:
            return list_removes(self.fences)
        if phase == FLIPPING:
            actions = list_flips(self.down & ~self.enclosed)
            if self.endgame:
                actions += self.pair_actions()
            return actions
        return [*self.pair_actions(), END_TURN]

    def pair_actions(self) -> list[int]:
        """Collect actions for every visible, non-enclosed matching pair (end-of-round mode)."""
        visible = self.present & ~self.down & ~self.enclosed
        if not visible:
            return []
        by_kind: dict[int, list[int]] = {}
        for cell in list_cells(visible):
            by_kind.setdefault(TILE_KIND[self.tiles[cell]], []).append(cell)
        actions = [
            PAIR_ACTION[(a, b)]
            for cells in by_kind.values()
            for i, a in enumerate(cells)
            for b in cells[i + 1 :]
        ]
        actions.sort()
        return actions

    def can_collect(self, a: int, b: int) -> bool:
        """Whether cells a and b show matching sheep, face up and not enclosed."""
        visible = self.present & ~self.down & ~self.enclosed
        return (
            bool(visible & PAD_BIT[a])
            and bool(visible & PAD_BIT[b])
            and TILE_KIND[self.tiles[a]] == TILE_KIND[self.tiles[b]]
        )

    def _is_legal(self, action: int, seat: int) -> bool:
        if not isinstance(action, int):
            return False
        phase = self.phase
        if phase in (SHEPHERD_TURN, BONUS):
            return PLACE <= action < REMOVE and not self.fences >> (action - PLACE) & 1
        if phase == RAM_CHOICE:
            return REMOVE <= action < FLIP and bool(self.fences >> (action - REMOVE) & 1)
        if FLIP <= action < COLLECT:
            return phase == FLIPPING and bool(self.down & ~self.enclosed & PAD_BIT[action - FLIP])
        if COLLECT <= action < END_TURN:
            return self.endgame and self.can_collect(*PAIRS[action - COLLECT])
        return action == END_TURN and phase == COLLECTING

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == REVEAL:
            return draw_outcomes(self.pool, sum(self.pool))
        if self.phase == ORIENT:
            return uniform_outcomes(len(TURN_SIDE))
        if self.phase == START:
            return uniform_outcomes(self.num_players)
        return []

    def _is_possible_outcome(self, action: int) -> bool:
        if self.phase == REVEAL:
            return can_draw(self.pool, action)
        if self.phase == START:
            return in_range(action, self.num_players)
        return self.phase == ORIENT and in_range(action, len(TURN_SIDE))

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
        elif phase == SHEPHERD_TURN:
            self.place(action - PLACE)
            self.to_place -= 1
            if self.supply == 0 or (self.to_place == 0 and self.last_turn):
                self.end_round()
            elif self.to_place == 0:
                self.next_flip()
        elif phase == BONUS:
            self.place(action - PLACE)
            if self.supply == 0 and self.immediate:
                self.end_round()
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
            if phase == COLLECTING and not self.pair_actions():
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

    def daisy_edge(self, cell: int) -> int:
        """The edge the daisy points at, or the next unfenced side clockwise (T9)."""
        edges = CELL_EDGES[cell]
        side = self.sides[cell]
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
                        self.finish_solo()
                        return
                    self.fences_out = True
        if tile in RAM_TYPES:
            self.take_away(cell)
            if self.fences:
                self.phase = RAM_CHOICE
            else:
                self.next_flip()
        elif tile in SHEPHERD_TYPES:
            self.take_away(cell)
            if self.solo or not self.supply:
                self.next_flip()
            else:
                self.phase = BONUS
        else:
            self.down &= ~PAD_BIT[cell]
            self.revealed.append(cell)
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
        if self.endgame and self.pair_actions():
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
            self.turn += 1
            self.end_solo_turn()
            return
        if self.fences_out:
            self.end_round()
            return
        if self.endgame and not self.down & ~self.enclosed:
            self.last_turn = True
        self.phase = SHEPHERD_TURN
        self.to_place = min(FENCES_PER_TURN, self.supply)

    def end_solo_turn(self) -> None:
        """Win on an empty field; lose when fences ran out, nothing can change, or time is up."""
        if not self.present or self.fences_out or self.stuck() or self.turn >= self.turn_limit:
            self.finish_solo()
        else:
            self.phase = FLIPPING

    def stuck(self) -> bool:
        """No flip can ever complete a pair: every open tile is known and no two of them match."""
        open_tiles = self.present & ~self.enclosed
        if open_tiles & self.unseen:
            return False
        kinds = [TILE_KIND[self.tiles[cell]] for cell in list_cells(open_tiles)]
        return len(set(kinds)) == len(kinds)

    def finish_solo(self) -> None:
        """The solo game is over: won exactly when every tile has left the field."""
        self.phase = OVER
        self.won = not self.present

    def end_round(self) -> None:
        """Score the round (T7), then swap roles for the next one or end the game."""
        points = [0, 0]
        points[self.shepherd] = (self.present & self.enclosed).bit_count()
        points[self.sheep] = self.collected
        self.round_scores.append((points[0], points[1]))
        if self.round < ROUNDS:
            ended = self.ended_field()
            self.start_round(self.round + 1, self.sheep)
            self.ended = ended
        else:
            self.phase = OVER
            self.to_place = 0

    def ended_field(self) -> EndedField:
        """The field as it lies now, the tiles turning back still face up (T4a)."""
        shown = self.present & ~self.down
        for cell in self.turning_back:
            shown |= PAD_BIT[cell]
        faces = tuple(
            GONE if not self.present & bit else UP if shown & bit else DOWN for bit in PAD_BIT
        )
        tiles = tuple(-1 if face == DOWN else t for face, t in zip(faces, self.tiles, strict=True))
        return EndedField(self.fences, self.enclosed, faces, tiles)

    # --- results -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        if self.solo:
            return [float(NUM_CELLS - self.present.bit_count())]
        totals = [0.0, 0.0]
        for first, second in self.round_scores:
            totals[0] += first
            totals[1] += second
        if self.phase != OVER:
            totals[self.sheep] += self.collected
        return totals

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        if self.solo:
            return [0] if self.won else []
        totals = self.scores()
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    # --- copies, names, views ------------------------------------------------------------
    @property
    def phase_name(self) -> str:
        """The phase as named in positions and views."""
        return PHASE_NAMES[self.phase]

    def resample(self, player: int, rng: random.Random) -> TeKuitiState:
        """Nothing unseen is fixed (unflipped tiles are drawn when flipped), so a clone will do."""
        return cast(TeKuitiState, self.clone())

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
        return told_step(self, player, action)

    def _unknown_words(self, text: str, seat: int) -> str:
        if seat == CHANCE:
            return super()._unknown_words(text, seat)
        return f"{text!r} is not a Te Kuiti move {MOVE_HINT}"

    def _illegal_message(self, action: int, seat: int) -> str:
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            return super()._illegal_message(action, seat)
        name = ACTION_NAMES[action]
        phase = self.phase
        if phase in (SHEPHERD_TURN, BONUS):
            if action < REMOVE:
                return f"{name}: edge {EDGE_NAMES[action - PLACE]} already has a fence"
            return f"{name}: the shepherd must place a fence now (e.g. 'fence c3n')"
        if phase == RAM_CHOICE:
            if REMOVE <= action < FLIP:
                return f"{name}: there is no fence on {EDGE_NAMES[action - REMOVE]}"
            return f"{name}: a ram was flipped; choose a fence to remove first"
        if FLIP <= action < COLLECT:
            cell = action - FLIP
            bit = PAD_BIT[cell]
            where = CELL_NAMES[cell]
            if phase == COLLECTING:
                return f"{name}: the flips of this turn are over; collect pairs or end the turn"
            if not self.present & bit:
                return f"{name}: the tile on {where} has left the field"
            if self.enclosed & bit:
                return f"{name}: {where} is enclosed and cannot be flipped"
            return f"{name}: {where} is already face up"
        if COLLECT <= action < END_TURN:
            if not self.endgame:
                return f"{name}: pairs are chosen only in the end-of-round mode"
            return f"{name}: these are not two face-up, non-enclosed, matching sheep"
        if action == END_TURN:
            return f"{name}: keep flipping until {SHEEP_PER_TURN} sheep are revealed"
        return f"{name}: it is time to flip a tile (e.g. 'flip c3')"

    def view(self, player: int | None) -> dict[str, Any]:
        """Only public facts: a face-down tile never shows its identity, even if seen before.

        The one exception is T4a: tiles just turned back show their faces, to every seat and
        the spectator alike, until the next action; so does the field the last round ended on.
        """
        present, down, tiles, sides = self.present, self.down, self.tiles, self.sides
        cells = [
            "gone" if not present & bit else "down" if down & bit else UP_TEXT[tiles[c]][sides[c]]
            for c, bit in enumerate(PAD_BIT)
        ]
        for cell in self.turning_back:
            cells[cell] = UP_TEXT[tiles[cell]][sides[cell]]
        removed: dict[str, int] = {}
        for cell in list_cells(INTERIOR & ~present):
            name = TILE_NAMES[tiles[cell]]
            removed[name] = removed.get(name, 0) + 1
        return {
            "seat": player,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.movers[self.phase],
            "shepherd": None if self.solo or self.start < 0 else self.shepherd,
            "sheep": None if self.start < 0 else self.sheep,
            "supply": self.supply,
            "fences_to_place": self.to_place,
            "fences": list_edge_names(self.fences),
            "cells": cells,
            "enclosed": list_cell_names(self.enclosed),
            "flipping": CELL_NAMES[self.pending] if self.pending >= 0 else None,
            "revealed": [CELL_NAMES[c] for c in self.revealed],
            "turning_back": [CELL_NAMES[c] for c in self.turning_back],
            "ended_round": None if self.ended is None else self.ended.view(self.round - 1),
            "end_of_round": self.endgame,
            "last_turn": self.last_turn,
            "fences_out": self.fences_out,
            "removed": removed,
            "scores": self.scores(),
            "round_scores": [list(points) for points in self.round_scores],
            "turn": self.turn,
            "winners": self.winners(),
        }

    def position(self) -> dict[str, Any]:
        """Everything, hidden identities included: a cell reads "<face> <tile>[ <side>]".

        A tile turning back still shows, so it is written face up and listed in turning_back.
        """
        present, down, tiles, sides = self.present, self.down, self.tiles, self.sides
        cells = [
            POSITION_TEXT[2 if not present & bit else 0 if down & bit else 1][tiles[c]][sides[c]]
            for c, bit in enumerate(PAD_BIT)
        ]
        for cell in self.turning_back:
            cells[cell] = POSITION_TEXT[1][tiles[cell]][sides[cell]]
        result = None
        if self.solo and self.phase == OVER:
            result = "won" if self.won else "lost"
        return {
            "players": self.num_players,
            "options": dict(self.options),
            "round": self.round,
            "start": None if self.start < 0 else self.start,
            "shepherd": None if self.start < 0 else self.shepherd,
            "phase": PHASE_NAMES[self.phase],
            "supply": self.supply,
            "fences_to_place": self.to_place,
            "fences": list_edge_names(self.fences),
            "cells": cells,
            "flipping": CELL_NAMES[self.pending] if self.pending >= 0 else None,
            "revealed": [CELL_NAMES[c] for c in self.revealed],
            "turning_back": [CELL_NAMES[c] for c in self.turning_back],
            "ended_round": None if self.ended is None else self.ended.position(),
            "end_of_round": self.endgame,
            "last_turn": self.last_turn,
            "fences_out": self.fences_out,
            "round_scores": [list(points) for points in self.round_scores],
            "turn": self.turn,
            "result": result,
        }

    def check_components(self) -> list[str]:
        problems: list[str] = []
        if self.supply + self.fences.bit_count() != FENCES:
            problems.append(
                f"{self.supply} fences in supply + {self.fences.bit_count()} on the field "
                f"!= {FENCES}"
            )
        seen = [0] * len(TILE_COUNTS)
        for tile in self.tiles:
            if tile >= 0:
                seen[tile] += 1
        for t, count in enumerate(TILE_COUNTS):
            if seen[t] + self.pool[t] != count:
                problems.append(f"{TILE_NAMES[t]}: {seen[t]} seen + {self.pool[t]} unseen")
        gone_sheep = sum(
            1 for c in list_cells(INTERIOR & ~self.present) if TILE_KIND[self.tiles[c]] >= 0
        )
        if gone_sheep != self.collected:
            problems.append(f"{gone_sheep} sheep left the field but {self.collected} collected")
        return problems

    def __str__(self) -> str:
        return render(self)
