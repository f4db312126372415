"""Te Kuiti heuristic: remember every flipped tile, and as shepherd fence in the largest pockets.

Both players saw every flip, so a tile's identity stays known after it is turned back: the state
keeps it (resample leaves it in place) and this bot uses it as a perfect memory. Tiles never
flipped are unknown and read as -1.
"""

from __future__ import annotations

import random
from typing import Final, cast

from meja.bots.heuristics.heuristic import Heuristic
from meja.bots.heuristics.lookahead import best_action
from meja.bots.heuristics.values import linear_shares
from meja.core import State
from meja.games.te_kuiti.actions import COLLECT, END_TURN, FLIP, PLACE, REMOVE
from meja.games.te_kuiti.components import SHEEP_KINDS, SHEEP_PER_TURN
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import (
    BONUS,
    CELL_EDGES,
    COLLECTING,
    FLIPPING,
    NUM_CELLS,
    OVER,
    PAD_BIT,
    RAM_CHOICE,
    RAM_TYPES,
    SHEPHERD_TURN,
    TILE_KIND,
    WIDTH,
    list_cells,
)

ENCLOSED_WORTH: Final = 10.0
"""A tile inside fences is a point for the shepherd."""

SIDE_WORTH: Final[tuple[float, ...]] = (0.0, 0.3, 1.0, 3.0, 0.0)
"""Worth to the shepherd of an open tile by how many of its sides are fenced."""

FENCE_SHORTLIST: Final = 10
"""Single fences worth pairing up when the shepherd plans both fences of a turn."""


def cells_of(mask: int) -> list[int]:
    """Cell numbers whose bit is set in a field mask."""
    return [cell for cell, bit in enumerate(PAD_BIT) if mask & bit]


def _known_kind(state: TeKuitiState, cell: int) -> int:
    """The sheep kind on cell if it was ever flipped, -1 for rams, shepherds and unseen tiles."""
    tile = state.tiles[cell]
    return TILE_KIND[tile] if tile >= 0 else -1


def shepherd_value(state: State, player: int) -> float:
    """Tiles already enclosed, plus open tiles that are nearly fenced in."""
    game = cast(TeKuitiState, state)
    present = game.present
    value = ENCLOSED_WORTH * (present & game.enclosed).bit_count()
    fences = game.fences
    for cell in cells_of(present & ~game.enclosed):
        sides = 0
        for edge in CELL_EDGES[cell]:
            sides += fences >> edge & 1
        value += SIDE_WORTH[sides]
    return value


ROLE_FEATURES: Final = (
    "score",
    "enclosed",
    "sides3",
    "sides2",
    "sides1",
    "supply",
    "placing",
    "pairs",
    "singles",
    "unseen",
    "flips",
    "rams",
    "fence_reach",
)
"""Per round: the seat's points so far; as shepherd, its enclosed tiles, open tiles by fenced
sides, fences left and fences to place before the next flip; as sheep, remembered open pairs,
remembered open singles, never-flipped open tiles, flips left this turn and rams still unseen;
as shepherd again, fences left times the share of the field still open."""

(
    SCORE,
    ENCLOSED,
    SIDES3,
    SIDES2,
    SIDES1,
    SUPPLY,
    PLACING,
    PAIRS,
    SINGLES,
    UNSEEN,
    FLIPS,
    RAMS,
    FENCE_REACH,
) = range(len(ROLE_FEATURES))
ROUND_FEATURES: Final = len(ROLE_FEATURES)
"""Round 2's copy of a role feature sits this far after round 1's."""

FEATURES: Final[tuple[str, ...]] = (
    *(f"r1_{name}" for name in ROLE_FEATURES),
    *(f"r2_{name}" for name in ROLE_FEATURES),
    "r1_shepherd",
    "r2_score_late",
)
"""Role features are zero for the seat not in the role. Round 2 has its own copy, since the
same lead decides more once no round is left; r1_shepherd marks the seat that will be the sheep
in round 2, and r2_score_late sharpens the score as round 2's field empties."""
R1_SHEPHERD: Final = 2 * ROUND_FEATURES
R2_SCORE_LATE: Final = R1_SHEPHERD + 1

# fmt: off
WEIGHTS: Final[tuple[float, ...]] = (
    0.368, 0.669, 0.429, 0.331, 0.066, -0.036, 0.184, 0.335, 0.166, -0.015, 0.037, 0.268, 0.038,
    0.715, 0.979, 0.862, 0.519, 0.141, -0.018, 0.299, 1.219, 0.506, 0.287, 0.107, 0.223, 0.147,
    -0.167, 0.167,
)
"""The conditional logit's weight of each FEATURES entry, fitted to the results of seeded games
(scripts/fit_values.py). Rows: round 1, round 2, the rest."""
# fmt: on

_RAM_TILES: Final = tuple(sorted(RAM_TYPES))


def _side_counts(game: TeKuitiState) -> tuple[int, int, int]:
    """Open tiles with exactly 3, 2 and 1 fenced sides, counted bit-parallel over the field."""
    open_east, open_south = game.open_east, game.open_south
    east = ~open_east
    south = ~open_south
    west = ~(open_east << 1)
    north = ~(open_south << WIDTH)
    low1, high1 = east ^ south, east & south
    low2, high2 = west ^ north, west & north
    low, carry = low1 ^ low2, low1 & low2
    mid = high1 ^ high2 ^ carry
    open_tiles = game.present & ~game.enclosed
    return (
        (open_tiles & mid & low).bit_count(),
        (open_tiles & mid & ~low).bit_count(),
        (open_tiles & low & ~mid).bit_count(),
    )


def features(state: State) -> list[list[float]]:
    """Each seat's row: its score, and what its role in this round has on the field."""
    game = cast(TeKuitiState, state)
    scores = game.scores()
    rows = [[0.0] * len(FEATURES) for _ in scores]
    if game.solo:
        return rows
    base = 0 if game.round == 1 else ROUND_FEATURES
    present, enclosed, unseen = game.present, game.enclosed, game.unseen
    open_tiles = present & ~enclosed
    open_count = open_tiles.bit_count()
    for seat, points in enumerate(scores):
        rows[seat][base + SCORE] = points
    if game.round == 1:
        rows[game.shepherd][R1_SHEPHERD] = 1.0
    else:
        late = (NUM_CELLS - open_count) / NUM_CELLS
        for seat, points in enumerate(scores):
            rows[seat][R2_SCORE_LATE] = points * late
    phase = game.phase
    shepherd = rows[game.shepherd]
    shepherd[base + ENCLOSED] = (present & enclosed).bit_count()
    sides = _side_counts(game)
    shepherd[base + SIDES3], shepherd[base + SIDES2], shepherd[base + SIDES1] = sides
    shepherd[base + SUPPLY] = game.supply
    shepherd[base + PLACING] = game.to_place if phase == SHEPHERD_TURN else float(phase == BONUS)
    shepherd[base + FENCE_REACH] = game.supply * open_count / NUM_CELLS
    counts = [0] * len(SHEEP_KINDS)
    tiles = game.tiles
    for cell in list_cells(open_tiles & ~unseen):
        counts[TILE_KIND[tiles[cell]]] += 1
    pairs = singles = 0
    for count in counts:
        pairs += count >> 1
        singles += count & 1
    sheep = rows[game.sheep]
    sheep[base + PAIRS] = pairs
    sheep[base + SINGLES] = singles
    sheep[base + UNSEEN] = (open_tiles & unseen).bit_count()
    if phase not in (SHEPHERD_TURN, OVER):
        sheep[base + FLIPS] = SHEEP_PER_TURN - len(game.revealed)
    rams = 0
    for tile in _RAM_TILES:
        rams += game.pool[tile]
    sheep[base + RAMS] = rams
    return rows


def values(state: State) -> list[float]:
    """Estimated win shares: a conditional logit on features(), exact once the game is over."""
    if state.is_terminal():
        return state.returns()
    if cast(TeKuitiState, state).solo:
        return [0.5]
    return linear_shares(features(state), WEIGHTS)


def _flip_choice(state: TeKuitiState, rng: random.Random) -> int:
    """Complete a remembered pair if possible, else learn something by flipping an unseen tile."""
    flippable = cells_of(state.down & ~state.enclosed)
    by_kind: dict[int, list[int]] = {}
    for cell in flippable:
        kind = _known_kind(state, cell)
        if kind >= 0:
            by_kind.setdefault(kind, []).append(cell)
    if state.revealed:
        wanted = _known_kind(state, state.revealed[-1])
        partners = [c for c in by_kind.get(wanted, []) if c not in state.revealed]
        if partners:
            return FLIP + rng.choice(partners)
    else:
        pairs = [cells for cells in by_kind.values() if len(cells) >= 2]
        if pairs:
            return FLIP + rng.choice(rng.choice(pairs))
    unseen = [c for c in flippable if state.tiles[c] < 0]
    if unseen:
        return FLIP + rng.choice(unseen)
    known = [c for c in flippable if len(by_kind.get(_known_kind(state, c), [])) < 2]
    return FLIP + rng.choice(known or flippable)


def _fence_choice(state: TeKuitiState, player: int, legal: list[int], rng: random.Random) -> int:
    """The fence that starts the best pair of fences, searched among the best single ones."""
    fences = [a for a in legal if PLACE <= a < REMOVE]
    if state.phase != SHEPHERD_TURN or state.to_place < 2:
        return best_action(state, player, shepherd_value, rng, depth=1, actions=fences)
    scored = []
    for action in fences:
        child = state.clone()
        child.apply(action, player)
        scored.append((shepherd_value(child, player), rng.random(), action))
    scored.sort(reverse=True)
    shortlist = [action for _, _, action in scored[:FENCE_SHORTLIST]]
    return best_action(state, player, shepherd_value, rng, depth=2, actions=shortlist)


def _ram_choice(state: TeKuitiState, player: int, rng: random.Random) -> int:
    """Remove the fence whose loss costs the shepherd most."""
    return best_action(state, player, lambda s, p: -shepherd_value(s, p), rng, depth=1)


def choose(state: State, player: int, rng: random.Random) -> int:
    """Shepherd: the best pair of fences. Sheep: collect pairs, then flip from memory."""
    game = cast(TeKuitiState, state)
    phase = game.phase
    legal = game.legal_actions(player)
    if phase in (SHEPHERD_TURN, BONUS):
        return _fence_choice(game, player, legal, rng)
    if phase == RAM_CHOICE:
        return _ram_choice(game, player, rng)
    pairs = [a for a in legal if COLLECT <= a < END_TURN]
    if pairs:
        return pairs[0]
    if phase == COLLECTING:
        return END_TURN
    if phase == FLIPPING:
        return _flip_choice(game, rng)
    return rng.choice(legal)


HEURISTIC: Final = Heuristic(
    choose=choose,
    values=values,
    # A shepherd's turn offers some 60 fences, each of which should see more than a handful of
    # visits: 400 on pure Python, four times that compiled, which runs over four times as many
    # iterations a second (docs/bots.md).
    search_iterations=1600,
)
