"""Mooncake Master in words: the move log's sentences and the end of the game, seats as {n}.

A tile is named by its paste and what it shows ("a Lotus quarter with a hazelnut and a
clockwise half yolk"), a customer by its card's name and text. Which sentence a viewer is told
is told.py's part; this module only builds them, from facts it is handed, as strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from meja.core.spec import Outcome
from meja.core.told import seat
from meja.games.mooncake.components import CUSTOMERS, QUARTERS, TILE_TYPES, TileType

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState

UNIT: Final = "Festive Points"
PASTES: Final = ("Lotus", "Red Bean", "Green Tea")
"""The three pastes as the rulebook's flavour list names them, short."""


def listed(items: Sequence[str]) -> str:
    """Items as a sentence lists them: 'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _counted(count: int, one: str, many: str) -> str:
    return f"a {one}" if count == 1 else f"{count} {many}"


def _tile_words(kind: TileType) -> str:
    """One tile: its paste, then its hazelnuts, watermelon seeds and half yolks."""
    face = kind.face
    marks = []
    if face.nuts:
        marks.append(_counted(face.nuts, "hazelnut", "hazelnuts"))
    if face.seeds:
        marks.append(_counted(face.seeds, "watermelon seed", "watermelon seeds"))
    if face.yolk_cw and face.yolk_ccw:
        marks.append("two half yolks")
    elif face.yolk_cw:
        marks.append("a clockwise half yolk")
    elif face.yolk_ccw:
        marks.append("an anticlockwise half yolk")
    paste = PASTES[kind.flavour]
    if not marks:
        return f"a plain {paste} quarter"
    return f"a {paste} quarter with {listed(marks)}"


TILES: Final = tuple(_tile_words(kind) for kind in TILE_TYPES)
"""Indexed by tile id: the tile in words, built once."""


def drew(drawer: int, tiles: Sequence[int]) -> str:
    """The drawer's three tiles of a turn."""
    return f"{seat(drawer)} drew {listed([TILES[tile] for tile in tiles])}"


def arrived(customer: int) -> str:
    """A Customer card turned face up (M7), by its printed name and text."""
    card = CUSTOMERS[customer]
    return f"A new customer arrived: {card.name}, who wants a mooncake with {card.text}"


HIDDEN_CHOICE: Final = "kept a tile and passed two"


def kept(player: int, keep: int, left: int, right: int, neighbours: tuple[int, int]) -> str:
    """A keep/pass choice in full; with 2 players both tiles go to the one opponent (M3)."""
    to_left, to_right = neighbours
    if to_left == to_right:
        passed = f"{both(left, right)} to {seat(to_left)}"
    else:
        passed = f"{TILES[left]} to {seat(to_left)} and {TILES[right]} to {seat(to_right)}"
    return f"{seat(player)} kept {TILES[keep]} and passed {passed}"


def both(tile: int, other: int) -> str:
    """Two tiles handed to one seat, in a fixed order whichever came first."""
    return listed([TILES[t] for t in sorted((tile, other))])


def received(viewer: int, gifts: Sequence[tuple[int, int]]) -> str:
    """What viewer got at the delivery: (giver, tile) from each neighbour, one giver with 2."""
    (first, tile), (second, other) = gifts
    if first == second:
        return f"{seat(first)} passed {seat(viewer)} {both(tile, other)}"
    got = f"{TILES[tile]} from {seat(first)} and {TILES[other]} from {seat(second)}"
    return f"{seat(viewer)} got {got}"


DELIVERED: Final = "every passed tile was handed over"
PLACED_HIDDEN: Final = "placed three tiles"
TURNED_UP: Final = "every tile placed this turn was turned face up"


def placed(player: int, tiles: Sequence[tuple[int, int]]) -> str:
    """A seat's placements of a turn, (tile, slot) in slot order, grouped by cake."""
    size = len(QUARTERS)
    cakes: dict[int, list[str]] = {}
    for tile, slot in tiles:
        cakes.setdefault(slot // size + 1, []).append(TILES[tile])
    groups = [f"{listed(names)} in cake {cake}" for cake, names in cakes.items()]
    if len(groups) == len(tiles):
        return f"{seat(player)} placed {listed(groups)}"
    return f"{seat(player)} placed {', and '.join(groups)}"


def scored(
    round_number: int,
    tastes: Sequence[int],
    served: Sequence[Sequence[int | None]],
) -> str:
    """A round's scoring: every seat's Taste Value, best first, and the cakes it sold."""
    order = sorted(range(len(tastes)), key=lambda s: -tastes[s])
    figures = [f"Taste {tastes[order[0]]} for {seat(order[0])}"]
    figures += [f"{tastes[s]} for {seat(s)}" for s in order[1:]]
    names = {card.number: card.name for card in CUSTOMERS}
    sales = []
    for s, cakes in enumerate(served):
        buyers = [names[number] for number in cakes if number is not None]
        if buyers:
            what = "a cake" if len(buyers) == 1 else "cakes"
            sales.append(f"{seat(s)} sold {what} to {listed(buyers)}")
    text = f"round {round_number} was scored: {listed(figures)}"
    return "; ".join([text, *sales]) if sales else f"{text}; no customer bought a cake"


def sentence(*clauses: str) -> str:
    """Clauses of one step, each beginning with a seat, joined into one sentence."""
    return "; ".join(clause for clause in clauses if clause) + "."


def outcome(state: MooncakeState) -> Outcome:
    """Who won and by how many Festive Points, and how a tie on points was settled (M8)."""
    festive = state._festive
    winners = state.winners()
    if not winners or not state._tastes:
        return Outcome(UNIT)
    best = festive[winners[0]]
    tied = [s for s, points in enumerate(festive) if points == best]
    if len(tied) == 1:
        return Outcome(UNIT, (f"{seat(winners[0])} won with {best} {UNIT}.",))
    last = state._tastes[-1]
    top = last[winners[0]]
    both = f"{listed([seat(s) for s in tied])} tied on {best} {UNIT}"
    losers = [f"{seat(s)}'s {last[s]}" for s in tied if s not in winners]
    if not losers:
        return Outcome(UNIT, (f"{both} and on last round's Taste, {top}, and shared the win.",))
    against = f"{top} to {listed(losers)}"
    if len(winners) == 1:
        return Outcome(UNIT, (f"{both}; {seat(winners[0])} won on last round's Taste, {against}.",))
    sharers = listed([seat(s) for s in winners])
    return Outcome(
        UNIT, (f"{both}; {sharers} had the best Taste last round, {against}, and shared the win.",)
    )
