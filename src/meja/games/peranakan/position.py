"""Positions: the whole state as data, reading it back with every field checked, and the
component conservation checks.

A position names tiles by code ("Bto": butterfly with tutu and ondeh), cells by name ("c3")
and market places by name ("slot2"); every field is checked and a bad one is named.
Positions of format 2 begin with the envelope every game shares. A position without "format"
has the first shape: "players" and "turn" (the seat to play) under their first names, and no
turn count, which is read from the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from meja.core import position_reading as read
from meja.core.errors import InvalidPosition
from meja.games.peranakan.components import (
    BOARD_COLS,
    BOARD_ROWS,
    KUEH_PER_TYPE,
    KUEH_TYPES,
    MARKET_POSITIONS,
    PAWNS_BY_PLAYER_COUNT,
    SUPPLY_NEXT_TO,
    TILE_KINDS,
    TOTAL_TILES,
    WILD,
)
from meja.games.peranakan.scoring import end_triggered
from meja.games.peranakan.tables import (
    CELL_INDEX,
    CELL_NAMES,
    CHOOSE_KUEH,
    COLLECT_KUEH,
    EMPTY_SPACE,
    KIND_BY_CODE,
    KIND_CODES,
    KIND_COUNTS,
    KIND_LABELS,
    NUM_CELLS,
    NUM_KUEH,
    NUM_MARKET,
    OVER,
    PAWN,
    PAWN_KINDS,
    PAWN_TOKENS,
    PHASE_NAMES,
    PLACE,
    REVEAL,
    REVEAL_ORDER,
    SPACE_TEXTS,
    START,
    TAKE,
    TOKEN_PAWNS,
    Pawn,
)

if TYPE_CHECKING:
    from meja.games.peranakan.game import PeranakanGame
    from meja.games.peranakan.state import PeranakanState


POSITION_KEYS: Final[tuple[str, ...]] = (
    "num_players",
    "phase",
    "to_move",
    "turn",
    "format",
    "turn_seat",
    "options",
    "start",
    "market",
    "board",
    "pawns",
    "hands",
    "kueh",
)
FIRST_NAMES: Final[dict[str, str]] = {"num_players": "players", "turn_seat": "turn"}
"""The first shape's names of the fields format 2 renamed."""
FIRST_KEYS: Final[tuple[str, ...]] = tuple(
    FIRST_NAMES.get(key, key) for key in POSITION_KEYS if key not in ("to_move", "turn", "format")
)
"""The fields of a position without "format", by their first names."""
MAX_TURNS: Final = TOTAL_TILES
"""Every turn places a tile."""
OPTIONAL_KEYS: Final[tuple[str, ...]] = (
    "taken",
    "gained",
    "held",
    "placed",
    "wild_seat",
    "wild_left",
    "collecting",
)
"""Fields of a turn in progress, left out while they have no value."""


def row_text(top: list[int], under: list[int], row: int) -> str:
    """One board row as written in positions: "Bto . Ca/Gw . ." (stacks bottom/top)."""
    spaces = []
    for cell in range(row * BOARD_COLS, (row + 1) * BOARD_COLS):
        kind = top[cell]
        if kind < 0:
            spaces.append(EMPTY_SPACE)
        elif under[cell] < 0:
            spaces.append(KIND_CODES[kind])
        else:
            spaces.append(f"{KIND_CODES[under[cell]]}/{KIND_CODES[kind]}")
    return " ".join(spaces)


def turns_begun(state: PeranakanState) -> int:
    """Turns begun, read from the board: every turn places one tile, and a turn begins once the
    market is dealt (the first) or the turn before it ends, when the next seat is set."""
    placed = sum(kind >= 0 for kind in state.top) + sum(kind >= 0 for kind in state.under)
    phase = state.phase
    if phase in (PAWN, COLLECT_KUEH, OVER) or (not placed and phase in (REVEAL, START)):
        return placed
    return placed + 1


def envelope(state: PeranakanState) -> dict[str, Any]:
    """The fields every game's views and positions begin with."""
    return state.envelope(PHASE_NAMES[state.phase], turns_begun(state))


def table(state: PeranakanState) -> dict[str, Any]:
    """Everything on the table: board rows like "Bto . Ca/Gw . ."; the fields of a turn in
    progress only when set.

    Left out as the rest fixes them: the deck (every tile not seen elsewhere), the supply
    and the pawns that have collected.
    """
    n = state.num_players
    codes, tokens = KIND_CODES, PAWN_TOKENS
    hand, kueh = state.hand, state.kueh
    data: dict[str, Any] = {
        "turn_seat": state.turn_seat,
        "start": state.start if state.start >= 0 else None,
        "market": [codes[k] if k >= 0 else None for k in state.market],
        "board": [row_text(state.top, state.under, row) for row in range(BOARD_ROWS)],
        "pawns": [tokens[p] for p in state.pawns],
        "hands": [hand[s * PAWN_KINDS : (s + 1) * PAWN_KINDS] for s in range(n)],
        "kueh": [kueh[s * NUM_KUEH : (s + 1) * NUM_KUEH] for s in range(n)],
    }
    if state.taken >= 0:
        data["taken"] = MARKET_POSITIONS[state.taken]
    if state.held >= 0:
        data["held"] = codes[state.held]
    if state.placed >= 0:
        data["placed"] = CELL_NAMES[state.placed]
    if state.wild_left:
        data["wild_seat"] = state.wild_seat
        data["wild_left"] = state.wild_left
        data["collecting"] = [tokens[p] for p in state.due]
    return data


def position(state: PeranakanState) -> dict[str, Any]:
    """The envelope, the format, the options, the table and, during a turn, the Kueh its take
    gave (which the turn's sentence names; the view leaves it to the move log)."""
    data = {
        **envelope(state),
        "format": read.FORMAT,
        "options": dict(state.options),
        **table(state),
    }
    if state.gained >= 0:
        data["gained"] = KUEH_TYPES[state.gained]
    return data


def check_components(state: PeranakanState) -> list[str]:
    """Every tile, pawn and Kueh accounted for exactly once, and no space over-crowded."""
    problems: list[str] = []
    tiles = state.deck[:]
    for kind in state.market:
        if kind >= 0:
            tiles[kind] += 1
    if state.held >= 0:
        tiles[state.held] += 1
    top, under = state.top, state.under
    for cell in range(NUM_CELLS):
        if top[cell] >= 0:
            tiles[top[cell]] += 1
            if under[cell] >= 0:
                tiles[under[cell]] += 1
        elif under[cell] >= 0:
            problems.append(f"'board': {CELL_NAMES[cell]} has a covered tile but no top tile")
    if tiles != KIND_COUNTS:
        kind = next(k for k, count in enumerate(tiles) if count != KIND_COUNTS[k])
        problems.append(
            f"'deck': {tiles[kind]} {KIND_LABELS[kind]} tiles in the game, "
            f"expected {KIND_COUNTS[kind]}"
        )
    if sum(state.deck) != state.deck_left:
        problems.append(f"'deck': counts add up to {sum(state.deck)}, not {state.deck_left}")
    allotment = PAWNS_BY_PLAYER_COUNT[state.num_players]
    owned = [a + b for a, b in zip(state.hand, state.retired, strict=True)]
    for _, seat, kind in (*state.pawns, *state.due):
        owned[seat * PAWN_KINDS + kind] += 1
    if owned != list(allotment) * state.num_players or min(state.hand) < 0:
        problems.append(f"'hands': pawns per seat {owned}, expected {allotment} each")
    crowded = _crowding(state)
    if crowded:
        problems.append(crowded)
    for kueh in range(NUM_KUEH):
        held = state.kueh[kueh::NUM_KUEH]
        total = state.supply[kueh] + sum(held)
        if total != KUEH_PER_TYPE or min(state.supply[kueh], *held) < 0:
            problems.append(
                f"'supply': {total} {KUEH_TYPES[kueh]} in the game, expected {KUEH_PER_TYPE}"
            )
    return problems


def _crowding(state: PeranakanState) -> str:
    """A space with more pawns than tiles placed on it (one pawn per placement), or "".

    Pawns still to collect this turn stand on their space until they have collected.
    """
    crowd: dict[int, int] = {}
    for cell, _, _ in (*state.pawns, *state.due):
        crowd[cell] = crowd.get(cell, 0) + 1
    for cell, count in crowd.items():
        height = (state.top[cell] >= 0) + (state.under[cell] >= 0)
        if count > height:
            return f"'pawns': {count} pawns on {height} tile(s) at {CELL_NAMES[cell]}"
    return ""


class _Fields:
    """A position's fields by today's names, each labelled as the position names it (in the
    first shape "players" and "turn" stand for num_players and turn_seat)."""

    def __init__(self, data: Mapping[str, Any], names: Mapping[str, str]) -> None:
        self.data = data
        self.names = names

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(self.names.get(key, key), default)

    def label(self, key: str) -> str:
        return repr(self.names.get(key, key))

    def fail(self, key: str, problem: str) -> InvalidPosition:
        return InvalidPosition(f"{self.label(key)}: {problem}")

    def integer(self, key: str, low: int, high: int, default: Any = None) -> int:
        return read.integer(self.get(key, default), self.label(key), low, high)

    def seat(self, key: str, num_players: int) -> int:
        """A seat number, or -1 for null."""
        value = self.get(key)
        return -1 if value is None else read.integer(value, self.label(key), 0, num_players - 1)

    def name(self, key: str, value: Any, names: Mapping[str, int], what: str) -> int:
        """The index of a known name, or -1 for null."""
        return -1 if value is None else read.lookup(value, self.label(key), names, what)

    def counts(self, key: str, width: int, highs: tuple[int, ...]) -> list[int]:
        """One list of width whole numbers per seat, each from 0 to its high, flattened."""
        label = self.label(key)
        flat: list[Any] = []
        for row in read.sequence(self.get(key), label):
            flat.extend(read.sequence(row, label, width))
        return [read.integer(v, label, 0, highs[i % width]) for i, v in enumerate(flat)]

    def pawns(self, key: str, num_players: int) -> list[Pawn]:
        """Pawns written as kind letter, seat, "@", cell: "N0@c3" is seat 0's Nyonya on c3."""
        out = []
        for token in read.sequence(self.get(key, []), self.label(key)):
            pawn = TOKEN_PAWNS.get(token) if isinstance(token, str) else None
            if pawn is None or pawn[1] >= num_players:
                raise self.fail(
                    key,
                    f"expected a pawn like 'N0@c3' or 'B1@a5' of seats 0-{num_players - 1}, "
                    f"got {token!r}",
                )
            out.append(pawn)
        return out


_MARKET_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(MARKET_POSITIONS)}
_KUEH_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(KUEH_TYPES)}
_TILE: Final = "a tile code like 'Bto'"


def from_position(game: PeranakanGame, data: Mapping[str, Any]) -> PeranakanState:
    """Build and validate a state from position data.

    The deck, the supply and the retired pawns are derived, so they always add up; what is
    left to check is that no count goes negative and that the parts fit together.
    """
    if not isinstance(data, Mapping):
        raise InvalidPosition("a position must be a JSON object")
    first = "format" not in data
    keys = FIRST_KEYS if first else POSITION_KEYS
    missing = [key for key in keys if key not in data]
    if missing:
        raise InvalidPosition(f"the position has no {missing[0]!r} field")
    extra = sorted(set(data) - set(keys) - set(OPTIONAL_KEYS))
    if extra:
        raise InvalidPosition(f"the position has an unknown field {extra[0]!r}")
    r = _Fields(data, FIRST_NAMES if first else {})
    read.check_format(data, r.label("format"))
    n = read.players(game, data, repr)
    state = game.new_state(n, **read.options(game, n, r.get("options"), r.label("options")))
    state.phase = read.choice(r.get("phase"), r.label("phase"), PHASE_NAMES)
    state.turn_seat = r.integer("turn_seat", 0, n - 1)
    state.start = r.seat("start", n)
    market = read.sequence(r.get("market"), r.label("market"), NUM_MARKET)
    state.market = [r.name("market", code, KIND_BY_CODE, _TILE) for code in market]
    state.top, state.under = [], []
    for number, row in enumerate(read.sequence(r.get("board"), r.label("board"), BOARD_ROWS), 1):
        spaces = row.split() if isinstance(row, str) else []
        parsed = [SPACE_TEXTS.get(space) for space in spaces]
        if len(spaces) != BOARD_COLS or None in parsed:
            raise r.fail(
                "board",
                f"row {number} must list {BOARD_COLS} spaces, each '.', a tile or a stack "
                f"like 'Ca/Bto', got {row!r}",
            )
        state.top.extend(space[0] for space in parsed if space)
        state.under.extend(space[1] for space in parsed if space)
    state.pawns = r.pawns("pawns", n)
    state.due = tuple(r.pawns("collecting", n))
    for key, pawns in (("pawns", state.pawns), ("collecting", state.due)):
        for cell, seat, _ in pawns:
            if state.top[cell] < 0:
                where = CELL_NAMES[cell]
                raise r.fail(key, f"seat {seat}'s pawn stands on the empty space {where}")
    allotment = PAWNS_BY_PLAYER_COUNT[n]
    state.hand = r.counts("hands", PAWN_KINDS, allotment)
    if len(state.hand) != n * PAWN_KINDS:
        raise r.fail("hands", f"expected one [nyonyas, babas] pair for each of {n} seats")
    state.retired = [allotment[i % PAWN_KINDS] - count for i, count in enumerate(state.hand)]
    for _, seat, kind in (*state.pawns, *state.due):
        state.retired[seat * PAWN_KINDS + kind] -= 1
    if min(state.retired) < 0:
        raise r.fail("hands", f"more pawns in hand and on the board than the {allotment} each")
    state.kueh = r.counts("kueh", NUM_KUEH, (KUEH_PER_TYPE,) * NUM_KUEH)
    if len(state.kueh) != n * NUM_KUEH:
        raise r.fail("kueh", f"expected one list of {NUM_KUEH} counts for each of {n} seats")
    state.supply = [KUEH_PER_TYPE - sum(state.kueh[t::NUM_KUEH]) for t in range(NUM_KUEH)]
    if min(state.supply) < 0:
        short = KUEH_TYPES[state.supply.index(min(state.supply))]
        raise r.fail("kueh", f"players hold more than the {KUEH_PER_TYPE} {short} in the game")
    state.held = r.name("held", r.get("held"), KIND_BY_CODE, _TILE)
    state.taken = r.name("taken", r.get("taken"), _MARKET_INDEX, "a market position")
    state.gained = r.name("gained", r.get("gained"), _KUEH_INDEX, "a Kueh type like 'tutu'")
    state.placed = r.name("placed", r.get("placed"), CELL_INDEX, "a cell name like 'c3'")
    state.wild_seat = r.seat("wild_seat", n)
    state.wild_left = r.integer("wild_left", 0, NUM_KUEH * KUEH_PER_TYPE, 0)
    state.deck = [kind.count for kind in TILE_KINDS]
    for kind in (*state.market, *state.top, *state.under, state.held):
        if kind >= 0:
            state.deck[kind] -= 1
    for kind, left in enumerate(state.deck):
        if left < 0:
            raise r.fail(
                "board",
                f"{TILE_KINDS[kind].count - left} {TILE_KINDS[kind].label} tiles are out "
                f"(board, market and hand); the game has {TILE_KINDS[kind].count}",
            )
    state.deck_left = sum(state.deck)
    crowded = _crowding(state)
    if crowded:
        raise InvalidPosition(crowded)
    _check_phase(state, r)
    if not first:
        _check_envelope(state, r)
    return state


def _check_envelope(state: PeranakanState, r: _Fields) -> None:
    """The turn count and the seat to move must be the ones the rest of the position shows."""
    turns = turns_begun(state)
    turn = r.integer("turn", 0, MAX_TURNS)
    if turn != turns:
        raise r.fail("turn", f"the board and phase show {turns} turns begun, not {turn}")
    read.check_to_move(r.data, state, PHASE_NAMES[state.phase], r.label("to_move"))


def _check_phase(state: PeranakanState, r: _Fields) -> None:
    """The turn fields must fit the phase, so that the game can go on from here."""
    phase = state.phase
    mid_turn = phase in (CHOOSE_KUEH, PLACE, PAWN, COLLECT_KUEH)
    if state.start < 0 and (phase not in (REVEAL, START) or not state.random_start):
        raise r.fail("start", "the start player must be set once the game is under way")
    if state.start >= 0 and not state.random_start:
        fixed = int(state.options["start_player"])
        if state.start != fixed:
            raise r.fail("start", f"the start_player option makes seat {fixed} start")
    if phase == START and state.start >= 0:
        raise r.fail("start", "the start player is already chosen")
    if (state.taken >= 0) != mid_turn:
        raise r.fail("taken", "a market position is taken only during a turn")
    if state.gained >= 0 and (state.taken < 0 or phase == CHOOSE_KUEH):
        raise r.fail("gained", "a Kueh is gained only by a take whose Kueh is settled")
    if (state.held >= 0) != (phase in (CHOOSE_KUEH, PLACE)):
        raise r.fail("held", "a tile is held only between taking and placing it")
    if (state.placed >= 0) != (phase in (PAWN, COLLECT_KUEH)):
        raise r.fail("placed", "the placed cell is known only after placing")
    if phase != COLLECT_KUEH and (state.due or state.wild_left or state.wild_seat >= 0):
        raise r.fail("collecting", "pawns collect only while a wild Kueh is being chosen")
    if phase == COLLECT_KUEH and (state.wild_left < 1 or state.wild_seat < 0):
        raise r.fail("wild_left", "a wild Kueh choice needs a seat and at least 1 wild icon")
    if phase in (CHOOSE_KUEH, COLLECT_KUEH) and not any(state.supply):
        raise r.fail("supply", "a wild Kueh choice needs some Kueh in the supply")
    if phase == CHOOSE_KUEH and SUPPLY_NEXT_TO[state.taken] != WILD:
        raise r.fail("taken", "only the wild slot lets a player choose a Kueh")
    if state.placed >= 0:
        height = (state.top[state.placed] >= 0) + (state.under[state.placed] >= 0)
        crowd = sum(1 for p in state.pawns if p[0] == state.placed)
        if height == 0 or (phase == PAWN and crowd >= height):
            raise r.fail("placed", "the placed space cannot take another pawn")
    for pawn in state.pawns:
        if state.is_due(pawn) and not (phase == PAWN and state.touches(pawn, state.placed)):
            token = PAWN_TOKENS[pawn]
            raise r.fail("pawns", f"{token} has a filled area and should have collected")
    for pawn in state.due:
        if not state.is_due(pawn):
            token = PAWN_TOKENS[pawn]
            raise r.fail("collecting", f"{token} cannot collect while its area has empty spaces")
    empty = [pos for pos in range(NUM_MARKET) if state.market[pos] < 0]
    if phase == REVEAL:
        gaps = [state.market[pos] < 0 for pos in REVEAL_ORDER]
        if not any(gaps) or gaps != sorted(gaps):
            raise r.fail("market", "tiles are revealed into slot1 to slot4, then the deck top")
        if state.deck_left < len(empty):
            raise r.fail("market", "the deck must hold a tile for each empty market position")
    elif phase != OVER and empty != ([state.taken] if mid_turn else []):
        names = ", ".join(MARKET_POSITIONS[p] for p in empty)
        raise r.fail("market", f"position(s) {names} may not be empty now")
    if phase in (REVEAL, START, TAKE) and end_triggered(state):
        raise r.fail("phase", "an end trigger holds (P9), so the game should be over")
