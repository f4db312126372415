"""Mooncake Master positions: the whole state as data, and loading one back with every field
checked and a bad one named; also the count of every tile in the box.

As a new round begins, scored_round holds the cakes the last one was scored on, in sight until
the next step though the tiles are back in the pool (M5); positions may leave it out (null).
Format 1 (no "format" key) counted "turn" within the round; format 2 calls that "turn_in_round"
and begins with the shared envelope.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, Final

from meja.core import InvalidPosition
from meja.core import position_reading as read
from meja.games.mooncake import scoring
from meja.games.mooncake.components import (
    CAKES,
    CUSTOMERS,
    ROUNDS,
    TILES_PER_TURN,
    TURNS_PER_ROUND,
)
from meja.games.mooncake.legal import choice_actions
from meja.games.mooncake.tables import (
    CHOOSE,
    CODE_TO_TILE,
    COPIES,
    DRAW,
    NUMBER_TO_CUSTOMER,
    OVER,
    PHASES,
    PLACE,
    REVEAL,
    SLOT_CODE_TO_TILE,
    SLOT_INDEX,
    SLOT_NAMES,
    SLOTS,
    TILE_CODES,
    board_codes,
)
from meja.games.mooncake.view import envelope, public, scored_boards, seat_board

if TYPE_CHECKING:
    from meja.games.mooncake.game import MooncakeGame
    from meja.games.mooncake.state import MooncakeState

FIELDS: Final = (
    "num_players",
    "options",
    "phase",
    "round",
    "turn_in_round",
    "customers",
    "festive",
    "tastes",
    "served",
    "boards",
    "pending",
    "hands",
    "choices",
    "received",
)
OPTIONAL_FIELDS: Final = ("scored_round",)
"""Fields a position may leave out: an older position has none, which means null."""
DERIVED_FIELDS: Final = ("format", "to_move", "turn")
"""Envelope fields that follow from the rest: a position may leave them out, and loading
recomputes them, so a hand-edited position need not keep them in step."""
SCORED_KEYS: Final = ("boards",)
SLOT_WHAT: Final = f"a slot ({SLOT_NAMES[0]} to {SLOT_NAMES[-1]})"


def position(state: MooncakeState) -> dict[str, Any]:
    """The whole state, hidden tiles and choices included, as JSON-able data."""
    n = state.num_players
    received = state._received
    data = {**envelope(state), "format": read.FORMAT, **public(state)}
    data["options"] = dict(state.options)
    data["boards"] = [board_codes(seat_board(state, seat)) for seat in range(n)]
    scored = scored_boards(state)
    data["scored_round"] = None if scored is None else {"boards": scored}
    data["pending"] = [[SLOT_NAMES[slot] for slot in p] for p in state._pending]
    data["hands"] = [[TILE_CODES[tile] for tile in hand] for hand in state.hands]
    data["choices"] = [None if choice < 0 else choice for choice in state._choices]
    data["received"] = [
        None
        if received[2 * seat] < 0
        else [TILE_CODES[received[2 * seat]], TILE_CODES[received[2 * seat + 1]]]
        for seat in range(n)
    ]
    return data


def check_components(state: MooncakeState) -> list[str]:
    """Every tile is in the pool, a hand or on a board, as often as the box holds it."""
    counts = state._pool[:]
    for hand in state.hands:
        for tile in hand:
            counts[tile] += 1
    for tile in state._boards:
        if tile >= 0:
            counts[tile] += 1
    if counts == COPIES and sum(state._pool) == state._pool_size:
        return []
    problems = [
        f"{TILE_CODES[tile]}: {count} accounted for, the box holds {COPIES[tile]}"
        for tile, count in enumerate(counts)
        if count != COPIES[tile]
    ]
    if sum(state._pool) != state._pool_size:
        problems.append(f"pool size {state._pool_size} but {sum(state._pool)} tiles in it")
    return problems


def _int(value: Any, field: str, low: int, high: int | None = None) -> int:
    """An integer in low..high, a bad one named by its value."""
    return read.integer(value, field, low, high, between=" to ")


def _tiles(values: Any, field: str, length: int | None = None) -> list[int]:
    """A list of tile codes as tile ids."""
    return read.lookups(read.sequence(values, field, length), field, CODE_TO_TILE, "a tile code")


def _board(value: Any, field: str) -> list[int]:
    """A board's list of codes as tile ids, -1 for an empty slot (None)."""
    return read.lookups(read.sequence(value, field, SLOTS), field, SLOT_CODE_TO_TILE, "a tile code")


def _customer(value: Any, field: str, allowed: list[int]) -> int:
    """A customer card number, as its index, that must be among the allowed indices."""
    index = NUMBER_TO_CUSTOMER.get(_int(value, field, 1))
    if index is None or index not in allowed:
        raise InvalidPosition(f"{field}: customer {value} is not in play")
    return index


def from_position(game: MooncakeGame, data: Mapping[str, Any]) -> MooncakeState:
    """Rebuild a state from MooncakeState.position() data, or raise InvalidPosition."""
    data = _in_format_2(data)
    optional = (*OPTIONAL_FIELDS, *DERIVED_FIELDS)
    n, options = read.header(game, data, "Mooncake Master", FIELDS, optional, value_first=True)
    state = game.new_state(n, **options)
    phase = read.choice(data["phase"], "phase", PHASES)
    round_index = _int(data["round"], "round", 1, ROUNDS) - 1
    turn = _int(data["turn_in_round"], "turn_in_round", 1, TURNS_PER_ROUND) - 1
    if phase == OVER and (round_index != ROUNDS - 1 or turn != TURNS_PER_ROUND - 1):
        raise InvalidPosition(
            f"round: a finished game is in round {ROUNDS}, turn {TURNS_PER_ROUND}"
        )
    if phase == REVEAL and turn:
        raise InvalidPosition("turn_in_round: customers are revealed before turn 1")

    shown = {REVEAL: round_index, OVER: ROUNDS}.get(phase, round_index + 1)
    revealed: list[int] = []
    for i, number in enumerate(read.sequence(data["customers"], "customers", shown)):
        index = _customer(number, f"customers[{i}]", list(range(len(CUSTOMERS))))
        if index in revealed:
            raise InvalidPosition(f"customers[{i}]: customer {number} is revealed twice")
        revealed.append(index)

    finished = ROUNDS if phase == OVER else round_index
    festive = [
        _int(v, f"festive[{s}]", 0)
        for s, v in enumerate(read.sequence(data["festive"], "festive", n))
    ]
    tastes: list[tuple[int, ...]] = []
    for r, row in enumerate(read.sequence(data["tastes"], "tastes", finished)):
        values = read.sequence(row, f"tastes[{r}]", n)
        tastes.append(tuple(_int(v, f"tastes[{r}][{s}]", 0) for s, v in enumerate(values)))
    served: list[tuple[tuple[int | None, ...], ...]] = []
    for r, row in enumerate(read.sequence(data["served"], "served", finished)):
        seats = []
        for s, cakes in enumerate(read.sequence(row, f"served[{r}]", n)):
            sold = [
                -1 if number is None else _customer(number, f"served[{r}][{s}][{c}]", revealed)
                for c, number in enumerate(read.sequence(cakes, f"served[{r}][{s}]", CAKES))
            ]
            buyers = [c for c in sold if c >= 0]
            if len(buyers) != len(set(buyers)) or any(revealed.index(c) > r for c in buyers):
                raise InvalidPosition(
                    f"served[{r}][{s}]: each customer in play that round buys at most one cake"
                )
            seats.append(tuple(None if c < 0 else CUSTOMERS[c].number for c in sold))
        served.append(tuple(seats))

    boards: list[int] = []
    for s, row in enumerate(read.sequence(data["boards"], "boards", n)):
        boards += _board(row, f"boards[{s}]")
    pending: list[list[int]] = []
    for s, names in enumerate(read.sequence(data["pending"], "pending", n)):
        slots = []
        for name in read.sequence(names, f"pending[{s}]"):
            slot = read.lookup(name, f"pending[{s}]", SLOT_INDEX, SLOT_WHAT)
            if slot in slots or boards[s * SLOTS + slot] < 0:
                raise InvalidPosition(f"pending[{s}]: {name} is repeated or holds no tile")
            slots.append(slot)
        if slots and phase != PLACE:
            raise InvalidPosition(f"pending[{s}]: tiles wait to be revealed only while placing")
        pending.append(sorted(slots))
    hands = [
        sorted(_tiles(hand, f"hands[{s}]"))
        for s, hand in enumerate(read.sequence(data["hands"], "hands", n))
    ]
    _check_progress(phase, turn, boards, pending, hands)

    choices = [-1] * n
    for s, choice in enumerate(read.sequence(data["choices"], "choices", n)):
        if choice is None:
            continue
        if phase != CHOOSE:
            raise InvalidPosition(f"choices[{s}]: choices are made only in the choose phase")
        if choice not in choice_actions(tuple(hands[s]), n == 2):
            raise InvalidPosition(f"choices[{s}]: {choice!r} is not a choice for that hand")
        choices[s] = choice
    if phase == CHOOSE and min(choices) >= 0:
        raise InvalidPosition("choices: every seat has chosen, so the tiles should be passed")

    received = [-1] * (2 * n)
    for s, pair in enumerate(read.sequence(data["received"], "received", n)):
        field = f"received[{s}]"
        if pair is None:
            if phase == PLACE:
                raise InvalidPosition(f"{field}: while placing, each seat has received 2 tiles")
            continue
        if phase != PLACE:
            raise InvalidPosition(f"{field}: tiles are received only while placing")
        got = _tiles(pair, field, 2)
        held = hands[s] + [boards[s * SLOTS + slot] for slot in pending[s]]
        for tile in got:
            if tile not in held:
                raise InvalidPosition(f"{field}: {TILE_CODES[tile]} is not among this turn's tiles")
            held.remove(tile)
        received[2 * s], received[2 * s + 1] = got

    used = Counter(boards)
    used.update(chain.from_iterable(hands))
    pool = [copies - used[tile] for tile, copies in enumerate(COPIES)]
    if min(pool) < 0:
        tile = pool.index(min(pool))
        raise InvalidPosition(
            f"boards: {used[tile]} {TILE_CODES[tile]} tiles are in play, "
            f"the box holds {COPIES[tile]}"
        )

    state.phase = phase
    state._round = round_index
    state._turn = turn
    state._customers = revealed
    state._festive = festive
    state._tastes = tastes
    state._served = served
    state._boards = boards
    state._pending = pending
    state.hands = hands
    state._choices = choices
    state._received = received
    state._pool = pool
    state._pool_size = sum(pool)
    state._draw_seat = next((s for s, hand in enumerate(hands) if len(hand) < TILES_PER_TURN), n)
    if phase == CHOOSE:
        state._waiting = choices.count(-1)
    elif phase == PLACE:
        state._waiting = sum(len(hand) for hand in hands)
    _read_scored(state, data.get("scored_round"))
    return state


def _in_format_2(data: Any) -> Any:
    """A format 1 position (no "format") in today's keys: its "turn" is the turn in the round."""
    if not isinstance(data, Mapping) or "format" in data or "turn_in_round" in data:
        return data  # not a position, or today's keys (the format perhaps left out)
    old = dict(data)
    if "turn" in old:
        old["turn_in_round"] = old.pop("turn")
    return old


def _read_scored(state: MooncakeState, value: Any) -> None:
    """The cakes the last round was scored on: only before the next round's customer, every
    cake complete, and scoring what tastes and served say that round scored."""
    key = "scored_round"
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{key}: expected null or an object with {', '.join(SCORED_KEYS)}")
    if sorted(value) != sorted(SCORED_KEYS):
        raise InvalidPosition(f"{key}: expected the key {', '.join(SCORED_KEYS)}")
    if state.phase != REVEAL or not state._round:
        raise InvalidPosition(f"{key}: only as a new round begins, before its customer")
    n = state.num_players
    boards: list[int] = []
    for s, row in enumerate(read.sequence(value["boards"], f"{key}.boards", n)):
        board = _board(row, f"{key}.boards[{s}]")
        empty = board.count(-1)
        if empty:
            raise InvalidPosition(
                f"{key}.boards[{s}]: {empty} empty slot(s), but a round is scored on full cakes"
            )
        boards += board
    used = Counter(boards)
    for tile, copies in enumerate(COPIES):
        if used[tile] > copies:
            raise InvalidPosition(
                f"{key}.boards: {used[tile]} {TILE_CODES[tile]} tiles are in play, "
                f"the box holds {copies}"
            )
    tastes, served = scoring.score_boards(state, boards)
    last = len(state._tastes) - 1
    if tastes != state._tastes[last]:
        raise InvalidPosition(
            f"{key}: its cakes taste {list(tastes)}, but tastes[{last}] is "
            f"{list(state._tastes[last])}"
        )
    if served != state._served[last]:
        raise InvalidPosition(
            f"{key}: its cakes sell to {[list(c) for c in served]}, but served[{last}] is "
            f"{[list(c) for c in state._served[last]]}"
        )
    state._scored = tuple(boards)


def _check_progress(
    phase: int, turn: int, boards: list[int], pending: list[list[int]], hands: list[list[int]]
) -> None:
    """Hand sizes and filled slots must match the phase and turn."""
    for s, hand in enumerate(hands):
        filled = SLOTS - boards[s * SLOTS : (s + 1) * SLOTS].count(-1)
        waiting = len(pending[s])
        expected = {REVEAL: 0, OVER: SLOTS}.get(phase, TILES_PER_TURN * turn + waiting)
        if filled != expected:
            raise InvalidPosition(f"boards[{s}]: {filled} tiles placed, expected {expected}")
        size = len(hand)
        if phase in (REVEAL, OVER) and size:
            raise InvalidPosition(f"hands[{s}]: no tiles are held in the {PHASES[phase]} phase")
        if phase == CHOOSE and size != TILES_PER_TURN:
            raise InvalidPosition(f"hands[{s}]: {size} tiles, expected {TILES_PER_TURN}")
        if phase == PLACE and size + waiting != TILES_PER_TURN:
            raise InvalidPosition(
                f"hands[{s}]: {size} in hand and {waiting} placed, expected {TILES_PER_TURN}"
            )
        if phase == DRAW and size > TILES_PER_TURN:
            raise InvalidPosition(f"hands[{s}]: {size} tiles, at most {TILES_PER_TURN}")
    if phase == DRAW:
        sizes = [len(hand) for hand in hands]
        drawing = next((s for s, size in enumerate(sizes) if size < TILES_PER_TURN), None)
        if drawing is None or any(sizes[drawing + 1 :]):
            raise InvalidPosition(
                "hands: seats draw in order, so only the seats before the one drawing hold tiles"
            )
    if phase == PLACE and not any(hands):
        raise InvalidPosition("hands: every tile is placed, so the turn should be over")
