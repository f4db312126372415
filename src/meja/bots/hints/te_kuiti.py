"""Te Kuiti hints in words: the move, and why, from what the heuristic weighs.

The shepherd's heuristic scores enclosed tiles and open tiles by how many of their sides are
fenced, and plans both fences of a turn together; the sheep's flips from memory. Both players
saw every tile turned up, so, like the bots, the hint remembers them: in a memory game the
sheep's hint is a memory aid, which is why a table may be made without hints.
"""

from __future__ import annotations

from typing import cast

from meja.bots.heuristics.heuristic import Choose
from meja.bots.hints.common import counted, listed, plan, sentence
from meja.core import State
from meja.core.told import seat as seat_mention
from meja.games.te_kuiti.actions import COLLECT, END_TURN, FLIP, PAIRS, PLACE, REMOVE
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import (
    BONUS,
    CELL_EDGES,
    CELL_NAMES,
    COLLECTING,
    FLIPPING,
    NUM_CELLS,
    PAD_BIT,
    RAM_TYPES,
    SHEPHERD_TURN,
    SHEPHERD_TYPES,
    TILE_KIND,
)
from meja.games.te_kuiti.words import EDGE_WORDS, KIND_NAMES


def explain(world: State, seat: int, action: int, choose: Choose) -> tuple[str, str]:
    """The hinted step in words and the reason the heuristic prefers it."""
    state = cast(TeKuitiState, world)
    if action == END_TURN:
        return "End your turn", "No pair of face-up sheep is left to collect."
    if action >= COLLECT:
        first, second = PAIRS[action - COLLECT]
        kind = KIND_NAMES[state.tiles[first]]
        move = f"Collect the pair of {kind} sheep on {CELL_NAMES[first]} and {CELL_NAMES[second]}"
        return move, "A pair collected is 2 points for you, and no fence can take it back."
    if action >= FLIP:
        return f"Turn over {CELL_NAMES[action - FLIP]}", _flip_reason(state, action - FLIP)
    if action >= REMOVE:
        edge = action - REMOVE
        return f"Take down the fence {EDGE_WORDS[edge]}", _ram_reason(state, seat, edge)
    edge = action - PLACE
    move = f"Put up a fence {EDGE_WORDS[edge]}"
    if state.phase not in (SHEPHERD_TURN, BONUS):
        return move, "It is the move the rules leave you."
    return move, _fence_reason(state, seat, action, choose)


def _open_cells(state: TeKuitiState) -> list[int]:
    """Cells whose tile is on the field and not fenced in."""
    open_tiles = state.present & ~state.enclosed
    return [cell for cell in range(NUM_CELLS) if open_tiles & PAD_BIT[cell]]


def _sides(state: TeKuitiState, cell: int) -> int:
    """How many of cell's four sides have a fence."""
    return sum(state.fences >> edge & 1 for edge in CELL_EDGES[cell])


def _enclosed(state: TeKuitiState) -> int:
    """Tiles on the field inside fences: the shepherd's points."""
    return (state.present & state.enclosed).bit_count()


def _cells(cells: list[int]) -> str:
    return listed([CELL_NAMES[cell] for cell in cells])


def _fence_reason(state: TeKuitiState, seat: int, action: int, choose: Choose) -> str:
    steps, after = plan(state, seat, action, choose)
    fences = [step - PLACE for step in steps if PLACE <= step < REMOVE]
    then = ""
    if len(fences) > 1:
        then = f"with your next fence {EDGE_WORDS[fences[1]]}, "
    gained = _enclosed(after) - _enclosed(state)
    if gained > 0:
        return sentence(
            f"{then}it shuts in {counted(gained, 'more tile')}: every tile fenced in is a "
            "point for you at the end of the round, and the sheep cannot turn it over"
        )
    near = [c for c in _open_cells(after) if _sides(after, c) == 3 and _sides(state, c) < 3]
    if near:
        return sentence(
            f"{then}it leaves {_cells(near)} fenced on three sides: one more fence shuts "
            f"{'it' if len(near) == 1 else 'each'} in, a point for you"
        )
    closer = [c for c in _open_cells(after) if _sides(after, c) > _sides(state, c)]
    if closer:
        most = max(_sides(after, c) for c in closer)
        best = [c for c in closer if _sides(after, c) == most]
        return sentence(
            f"{then}it builds on the fences around {_cells(best[:3])}, so fewer fences will "
            "be needed to shut tiles in"
        )
    return sentence(f"{then}it starts a pen where later fences can shut tiles in")


def _ram_reason(state: TeKuitiState, seat: int, edge: int) -> str:
    shepherd = seat_mention(state.shepherd)
    trial = state.clone()
    trial.apply(REMOVE + edge, seat)
    freed = _enclosed(state) - _enclosed(trial)
    if freed > 0:
        them, score = ("it", "scores") if freed == 1 else ("them", "score")
        return sentence(
            f"It opens a pen: {counted(freed, 'tile')} no longer {score} for {shepherd}, and "
            f"you may turn {them} over again"
        )
    weaker = [c for c in _open_cells(state) if _sides(trial, c) < _sides(state, c)]
    three = [c for c in weaker if _sides(state, c) == 3]
    if three:
        return sentence(
            f"{_cells(three)} had fences on three sides: {shepherd} needed just one more "
            f"fence to shut {'it' if len(three) == 1 else 'each'} in"
        )
    return sentence(f"Of all the fences, losing this one sets {shepherd}'s pens back most")


def _a(word: str) -> str:
    """The word with its indefinite article."""
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


def _known(state: TeKuitiState, cell: int) -> int:
    """The sheep kind on cell if anyone saw it, else -1 (rams, shepherd tiles, unseen)."""
    tile = state.tiles[cell]
    if tile < 0 or tile in RAM_TYPES or tile in SHEPHERD_TYPES:
        return -1
    return TILE_KIND[tile]


def _flip_reason(state: TeKuitiState, cell: int) -> str:
    """Why this tile: it completes a pair seen before, starts one, or shows an unseen tile."""
    if state.phase not in (FLIPPING, COLLECTING):
        return "It is the tile left to turn over."
    kind = _known(state, cell)
    names = KIND_NAMES
    if state.revealed:
        shown = state.revealed[-1]
        wanted = _known(state, shown)
        if kind >= 0 and kind == wanted:
            return sentence(
                f"You saw {_a(names[state.tiles[cell]])} sheep on {CELL_NAMES[cell]} earlier: "
                f"it pairs with the one on {CELL_NAMES[shown]}, 2 points for you"
            )
        if state.tiles[cell] < 0:
            return sentence(
                f"No tile you have seen and may turn over matches the {names[state.tiles[shown]]} "
                f"sheep on {CELL_NAMES[shown]}, so turn one nobody has seen: it may be its pair"
            )
        return sentence(
            f"No face-down tile can match the sheep on {CELL_NAMES[shown]}; this one at "
            "least shows nothing new to the shepherd"
        )
    if kind >= 0:
        partner = [
            c
            for c in range(NUM_CELLS)
            if c != cell and state.down & ~state.enclosed & PAD_BIT[c] and _known(state, c) == kind
        ]
        if partner:
            return sentence(
                f"You have seen two {names[state.tiles[cell]]} sheep: on {CELL_NAMES[cell]} "
                f"and {CELL_NAMES[partner[0]]}. Turn this one, then the other, to collect "
                "the pair"
            )
    if state.tiles[cell] < 0:
        return sentence(
            "You know of no pair yet: turn a tile nobody has seen, to learn more of the field"
        )
    return sentence("Every open tile has been seen; this one may still find its match")
