"""Te Kuiti's move log and the end of a game in words, seats written {n} for core.told.say.

Cells are named as the board labels them (column letter, row number: "b3"), fences by the tiles
they lie between or the side of the field they close ("between b2 and b3", "above b1"). A
sentence never names the face of a tile that stays on the field, so the log is no memory aid for
tiles gone back face down (T4a); it names only tiles that leave the field for good and lie in
sight from then on: a collected pair by its printed kind ("Joyful"), a ram, a shepherd tile.
Every sentence is in the past tense, so "You" needs no verb of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meja.core.game import CHANCE
from meja.core.spec import Outcome
from meja.core.told import seat
from meja.games.te_kuiti.actions import TURN_SIDE
from meja.games.te_kuiti.components import ROUNDS, SIDES, TILE_TYPES
from meja.games.te_kuiti.scoring import CLEARED, ENCLOSED, FENCES_RAN_OUT, NO_PAIR, TURN_LIMIT
from meja.games.te_kuiti.tables import (
    CELL_EDGES,
    CELL_NAMES,
    EDGE_OPEN,
    INTERIOR,
    NUM_EDGES,
    PAD_BIT,
    RAM_TYPES,
    SHEPHERD_TYPES,
    TILE_DAISY,
    TILE_KIND,
    reachable,
)

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState

BORDER_WORDS: Final = {"north": "above", "east": "right of", "south": "below", "west": "left of"}


def _edge_words() -> tuple[str, ...]:
    """Each edge as a sentence places it: between its two tiles, or beside its one."""
    cells: list[list[tuple[int, str]]] = [[] for _ in range(NUM_EDGES)]
    for cell, edges in enumerate(CELL_EDGES):
        for side, edge in zip(SIDES, edges, strict=True):
            cells[edge].append((cell, side))
    words = []
    for around in cells:
        if len(around) == 2:
            first, second = sorted(cell for cell, _ in around)
            words.append(f"between {CELL_NAMES[first]} and {CELL_NAMES[second]}")
        else:
            cell, side = around[0]
            words.append(f"{BORDER_WORDS[side]} {CELL_NAMES[cell]}")
    return tuple(words)


EDGE_WORDS: Final = _edge_words()
"""Where each fence stands, in words: "between b2 and b3", "above b1", "right of e4"."""

BONUS_AFTER: Final = frozenset((CHANCE, tile) for tile in SHEPHERD_TYPES)
"""The steps an extra fence follows: a shepherd tile turned up."""

KIND_NAMES: Final = tuple(t.kind.capitalize() for t in TILE_TYPES)
"""Each tile type's printed kind, as the rulebook names it ("Joyful", "Ram")."""


def first_shepherd(shepherd: int) -> str:
    """The random draw of the first shepherd (T4b)."""
    return f"The draw made {seat(shepherd)} the first shepherd."


def shepherd_fences(state: TeKuitiState, player: int, edge: int) -> str:
    """The shepherd's turn, said at its last fence: "" for the first of two (its sense waits
    for the second), else every fence of the turn and the end of the round it may bring."""
    if state.to_place > 1:
        return ""
    first = _first_fence(state, player)
    if first is None:
        placed = f"a fence {EDGE_WORDS[edge]}"
    else:
        placed = f"two fences: {EDGE_WORDS[first]}, and {EDGE_WORDS[edge]}"
    if state.supply == 1:
        return f"{seat(player)} put up {placed}, the last in the supply; {round_over(state)}."
    if state.last_turn:
        return f"{seat(player)} put up {placed} in the round's last turn; {round_over(state)}."
    return f"{seat(player)} put up {placed}."


def _first_fence(state: TeKuitiState, player: int) -> int | None:
    """The fence this shepherd turn began with, from the history (None for a turn of one).

    A sole fence can follow the extra fence of a shepherd tile that ended the sheep turn, with
    one fence left: that fence came just after the shepherd tile turned up.
    """
    history = state.history
    if not history:
        return None
    mover, action = history[-1]
    if mover != player or action >= NUM_EDGES:
        return None
    if state.supply == 1 and len(history) > 1 and history[-2] in BONUS_AFTER:
        return None
    return action


def round_over(state: TeKuitiState) -> str:
    """The clause for the end of the round, with the roles it swaps."""
    if state.round >= ROUNDS:
        return f"round {state.round} and the game were over"
    return f"round {state.round} was over and {seat(state.sheep)} became the shepherd"


def bonus_fence(state: TeKuitiState, player: int, edge: int) -> str:
    """The shepherd tile's extra fence (rulebook: placed at once, anywhere)."""
    placed = f"{seat(player)} put up the shepherd tile's extra fence {EDGE_WORDS[edge]}"
    if state.supply > 1:
        return f"{placed}."
    if state.immediate:
        return f"{placed}, the last in the supply; {round_over(state)}."
    return f"{placed}, the last in the supply, so the round would end with this turn."


def ram_removal(player: int, edge: int) -> str:
    """The fence a ram takes down, back to the shepherd's supply (or the solo reserve)."""
    return f"{seat(player)} took down the fence {EDGE_WORDS[edge]} for the ram."


def flip(state: TeKuitiState, player: int, cell: int) -> str:
    """A tile turned over. One seen before shows at once, so what it does is said here; an
    unseen one's outcome is the chance step's to say."""
    said = f"{seat(player)} turned over {CELL_NAMES[cell]}"
    tile = state.tiles[cell]
    if tile < 0:
        return f"{said}."
    if not (state.solo and TILE_DAISY[tile] and state.supply):
        return f"{said}{_pair(state, player, cell, tile, None, ' and')}."
    if state.supply == 1 and state.immediate:
        return f"{said}, and its daisy put up the last fence in the reserve."
    pair = _pair(state, player, cell, tile, state.daisy_edge(cell), ", and")
    if pair:
        return f"{said}, its daisy put up a fence{pair}."
    return f"{said}, and its daisy put up a fence."


def turned_up(state: TeKuitiState, tile: int) -> str:
    """A chance step that turned up an unseen tile: only what leaves the field is named."""
    cell = state.pending
    if state.solo and TILE_DAISY[tile]:
        return ""  # its daisy's side is drawn next, and that step says what the daisy did
    if tile in RAM_TYPES:
        if state.fences:
            return ""
        return f"The ram on {CELL_NAMES[cell]} left the field with no fence to take down."
    if tile in SHEPHERD_TYPES:
        if state.supply:
            return ""
        return f"The shepherd tile on {CELL_NAMES[cell]} left the field with no fence to add."
    pair = _pair(state, state.sheep, cell, tile, None, "")
    return f"{pair.strip()}." if pair else ""


def oriented(state: TeKuitiState, turn: int) -> str:
    """A solo daisy tile's side drawn (T9): its fence is said, never the side it faces."""
    cell = state.pending
    tile = state.tiles[cell]
    name = CELL_NAMES[cell]
    if state.supply == 1 and state.immediate:
        return f"The daisy on {name} put up the last fence in the reserve."
    if tile in SHEPHERD_TYPES:
        if not state.supply:
            return f"The shepherd tile on {name} left the field with no fence left to put up."
        return f"The shepherd tile on {name} put up a fence by its daisy and left the field."
    if not state.supply:
        pair = _pair(state, state.sheep, cell, tile, None, "")
        return f"{pair.strip()}." if pair else ""
    pair = _pair(state, state.sheep, cell, tile, state.daisy_edge(cell, TURN_SIDE[turn]), ", and")
    return f"The daisy on {name} put up a fence{pair}."


def _pair(
    state: TeKuitiState, player: int, cell: int, tile: int, fence: int | None, joint: str
) -> str:
    """The clause for the pair taken when this sheep is the turn's second and matches the
    first, neither enclosed (T1) once the daisy's fence (if any) stands; "" if none is taken."""
    if len(state.revealed) != 1 or state.endgame or tile in RAM_TYPES or tile in SHEPHERD_TYPES:
        return ""
    other = state.revealed[0]
    if TILE_KIND[state.tiles[other]] != TILE_KIND[tile]:
        return ""
    enclosed = state.enclosed if fence is None else _enclosed_with(state, fence)
    if enclosed & (PAD_BIT[cell] | PAD_BIT[other]):
        return ""
    cells = f"{CELL_NAMES[other]} and {CELL_NAMES[cell]}"
    if joint == " and":
        return f" and collected a pair of {KIND_NAMES[tile]} sheep with {CELL_NAMES[other]}"
    return f"{joint} {seat(player)} collected a pair of {KIND_NAMES[tile]} sheep from {cells}"


def _enclosed_with(state: TeKuitiState, edge: int) -> int:
    """The enclosed cells once one more fence stands on edge (a solo daisy's fence)."""
    vertical, bit = EDGE_OPEN[edge]
    east = state.open_east & ~bit if vertical else state.open_east
    south = state.open_south if vertical else state.open_south & ~bit
    return INTERIOR & ~reachable(east, south)


def collect(player: int, tile: int, a: int, b: int) -> str:
    """A pair collected in the end-of-round mode, both face up for all to see (T4)."""
    return (
        f"{seat(player)} collected a pair of {KIND_NAMES[tile]} sheep "
        f"from {CELL_NAMES[a]} and {CELL_NAMES[b]}."
    )


def end_turn(player: int) -> str:
    """The sheep player stops collecting and passes the turn (T4)."""
    return f"{seat(player)} ended the turn."


SOLO_LOSSES: Final = {
    FENCES_RAN_OUT: "the reserve ran out of fences with {left} still on the field",
    TURN_LIMIT: "the game reached its limit of {limit}",
    ENCLOSED: "every tile left on the field was fenced in",
    NO_PAIR: "no two of the tiles left open could make a pair",
}
"""Why a solo game was lost, by the end the state records."""


def outcome(state: TeKuitiState) -> Outcome:
    """What decided a finished game: the totals and each round (two players), or why the
    solo field was or was not cleared."""
    if state.solo:
        return Outcome("tiles off the field", (_solo_line(state),))
    lines = []
    for number, points in enumerate(state.round_scores, start=1):
        shepherd = state.start if number % 2 else 1 - state.start
        lines.append(
            f"Round {number}: {seat(shepherd)} enclosed {_count(points[shepherd], 'tile')} "
            f"and {seat(1 - shepherd)} collected {_count(points[1 - shepherd], 'sheep')}."
        )
    totals = [int(score) for score in state.scores()]
    winners = state.winners()
    if len(winners) == 1:
        best = winners[0]
        lines.append(
            f"{seat(best)} won with {_count(totals[best], 'point')} to {totals[1 - best]}."
        )
    else:
        lines.append(
            f"{seat(0)} and {seat(1)} tied on {_count(totals[0], 'point')}, a draw; "
            "the rulebook says to play again."
        )
    return Outcome("points", tuple(lines))


def _solo_line(state: TeKuitiState) -> str:
    """The solo game's result and, when lost, its reason."""
    if state.end == CLEARED or state.won:
        return f"{seat(0)} cleared the whole field."
    left = state.present.bit_count()
    reason = SOLO_LOSSES.get(state.end, SOLO_LOSSES[NO_PAIR])
    return (
        f"{seat(0)} lost: "
        + reason.format(left=_count(left, "tile"), limit=_count(state.turn_limit, "turn"))
        + "."
    )


def _count(number: int, noun: str) -> str:
    """A count with its noun, plural when it is not one ("sheep" stays "sheep")."""
    return f"{number} {noun}" if number == 1 or noun == "sheep" else f"{number} {noun}s"
