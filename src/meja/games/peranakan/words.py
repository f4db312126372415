"""The move log and the end of a game in words: one sentence per completed turn or choice.

A turn (take a tile and its Kueh, place the tile, maybe a Nyonya or Baba) is said once, at the
step that completes it, read from the state before that step; the pawns that collect then are
said in the same sentence. Seats are written {n} for core.told.say to word for each viewer.
Everything in Peranakan is public, so every viewer is told the same words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meja.core.spec import Outcome
from meja.core.told import seat
from meja.games.peranakan.actions import KUEH_BASE, NO_PAWN, PAWN_BASE, PLACE_BASE
from meja.games.peranakan.components import KUEH_NAMES, NYONYA, PATTERNS, TILE_KINDS, WILD
from meja.games.peranakan.facts import ends
from meja.games.peranakan.scoring import kueh_of, sets_of
from meja.games.peranakan.tables import (
    CELL_NAMES,
    DECK_TOP,
    KIND_FIXED,
    KIND_PATTERN,
    KIND_WILDS,
    LINE_OTHERS,
    NUM_KUEH,
    PLACE,
    Pawn,
)

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState

PAWN_TITLES: Final = ("Nyonya", "Baba")


def _tile(kind: int) -> str:
    """A tile by its printed pattern and the Kueh on it: "a Goldfish tile showing Tutu Kueh"."""
    icons = TILE_KINDS[kind].icons
    shown = "the rainbow Kueh" if WILD in icons else " and ".join(KUEH_NAMES[i] for i in icons)
    return f"a {PATTERNS[KIND_PATTERN[kind]].capitalize()} tile showing {shown}"


def _listed(parts: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _kueh_counts(counts: list[int]) -> list[str]:
    """Kueh counts as words in type order: ["2 Tutu Kueh", "1 Ondeh Ondeh"]."""
    return [f"{n} {KUEH_NAMES[k]}" for k, n in enumerate(counts) if n]


def _collections(
    state: PeranakanState, top: list[int], due: list[Pawn] | tuple[Pawn, ...], supply: list[int]
) -> list[str]:
    """What each due pawn collects, in collecting order, until a wild Kueh must be chosen.

    Follows the rules' own order (PeranakanState._continue_collecting) on a copy of the supply:
    printed Kueh while stock lasts, then wild icons, given out without asking while only one
    type has stock. A pawn whose wild icons await a choice is the last one said; the choices
    continue the story.
    """
    said = []
    for cell, owner, kind in due:
        counts = [0] * NUM_KUEH
        pattern = KIND_PATTERN[top[cell]]
        if kind == NYONYA:
            area, own = LINE_OTHERS[cell], state.nyonya_own
        else:
            area, own = state.neighbours[cell], state.baba_own
        tiles = [top[x] for x in area if KIND_PATTERN[top[x]] == pattern]
        if own:
            tiles.append(top[cell])
        wilds = 0
        for tile in tiles:
            for k in KIND_FIXED[tile]:
                if supply[k]:
                    supply[k] -= 1
                    counts[k] += 1
            wilds += KIND_WILDS[tile]
        wilds = _auto_wilds(supply, wilds, counts)
        got = _kueh_counts(counts)
        if wilds:
            got.append(f"{wilds} Kueh of {seat(owner)}'s choice")
        what = _listed(got) if got else "nothing"
        said.append(f"{seat(owner)}'s {PAWN_TITLES[kind]} on {CELL_NAMES[cell]} collected {what}")
        if wilds:
            break
    return said


def _auto_wilds(supply: list[int], wilds: int, counts: list[int]) -> int:
    """Give out wild icons while at most one Kueh type has stock; the icons left to choose."""
    while wilds:
        stocked = [k for k in range(NUM_KUEH) if supply[k]]
        if len(stocked) > 1:
            return wilds
        if stocked:
            supply[stocked[0]] -= 1
            counts[stocked[0]] += 1
        wilds -= 1
    return 0


def _due(state: PeranakanState, top: list[int], cell: int, new: Pawn | None) -> list[Pawn]:
    """The pawns a tile on cell completes, in collecting order: the mover's first (P7)."""
    pawns = [*state.pawns, new] if new else state.pawns
    due = [
        pawn
        for pawn in pawns
        if state.touches(pawn, cell) and all(top[x] >= 0 for x in state.areas[pawn[2]][pawn[0]])
    ]
    n, turn = state.num_players, state.turn_seat
    due.sort(key=lambda p: (p[1] - turn) % n)
    return due


def turn(state: PeranakanState, action: int) -> str:
    """The turn's sentence, at its last step: placing the tile (no pawn in hand) or the pawn."""
    mover = state.turn_seat
    if state.phase == PLACE:
        cell, kind = action - PLACE_BASE, state.held
        stacked = state.top[cell] >= 0
        top = state.top[:]
        top[cell] = kind
        new = None
    else:
        cell, kind, top = state.placed, state.top[state.placed], state.top
        stacked = state.under[cell] >= 0
        new = (cell, mover, action - PAWN_BASE) if action != NO_PAWN else None
    source = "the deck" if state.taken == DECK_TOP else "the market"
    steps = [f"took {_tile(kind)} from {source}"]
    if state.gained >= 0:
        steps.append(f"gained 1 {KUEH_NAMES[state.gained]}")
    steps.append(f"{'stacked' if stacked else 'laid'} it on {CELL_NAMES[cell]}")
    if new:
        steps.append(f"placed a {PAWN_TITLES[new[2]]} on it")
    sentence = f"{seat(mover)} {_listed(steps)}"
    collected = _collections(state, top, _due(state, top, cell, new), state.supply[:])
    return "; ".join((sentence, *collected)) + "."


def choice(state: PeranakanState, action: int) -> str:
    """A wild Kueh chosen while collecting, and the collecting it lets go on."""
    kueh = action - KUEH_BASE
    chooser = state.wild_seat
    supply = state.supply[:]
    supply[kueh] -= 1
    counts = [0] * NUM_KUEH
    left = _auto_wilds(supply, state.wild_left - 1, counts)
    sentence = f"{seat(chooser)} chose 1 {KUEH_NAMES[kueh]}"
    if any(counts):
        sentence += f", then got {_listed(_kueh_counts(counts))}, the only Kueh left"
    if left:
        return sentence + "."
    collected = _collections(state, state.top, state.due, supply)
    return "; ".join((sentence, *collected)) + "."


def revealed(state: PeranakanState, kind: int) -> str:
    """The deck turning up its next tile (P8); the setup's deal to the four spaces goes unsaid."""
    if any(state.market[pos] < 0 for pos in range(1, len(state.market))):
        return ""
    return f"The deck turned up {_tile(kind)}."


def started(first: int) -> str:
    """Who the draw for the start player chose (P13)."""
    return f"{seat(first)} went first."


ENDINGS: Final = {
    "deck empty": "the deck ran out of tiles",
    "Kueh supplies empty": "the Kueh supplies ran out",
    "all pawns collected": "every Nyonya and Baba had collected",
}
"""facts.ends' triggers as the last line says them."""


def _sets(n: int) -> str:
    return f"{n} set" if n == 1 else f"{n} sets"


def outcome(state: PeranakanState) -> Outcome:
    """Who won on sets, how a tie on sets was broken by Kueh in total (P12), and why it ended."""
    seats = range(state.num_players)
    sets = [sets_of(state, s) for s in seats]
    totals = [sum(kueh_of(state, s)) for s in seats]
    winners = state.winners()
    lines = []
    tied = [s for s in seats if sets[s] == max(sets)]
    best = _sets(max(sets))
    if len(tied) == 1:
        lines.append(f"{seat(tied[0])} won with {best}.")
    elif len(winners) == len(tied):
        names = _listed([seat(s) for s in tied])
        lines.append(f"{names} tied on {best} and {totals[tied[0]]} Kueh, and shared the win.")
    else:
        names = _listed([seat(s) for s in tied])
        others = sorted((totals[s] for s in tied if s not in winners), reverse=True)
        figures = f"{totals[winners[0]]} to {_listed([str(total) for total in others])}"
        shared = "shared the win" if len(winners) > 1 else "won"
        who = _listed([seat(s) for s in winners])
        lines.append(f"{names} tied on {best}; {who} {shared} on Kueh collected, {figures}.")
    held = ends(state)
    if held:
        lines.append(f"The game ended when {_listed([ENDINGS[end] for end in held])}.")
    return Outcome("sets", tuple(lines))
