"""Peranakan hints in words: the move, and why, from what the heuristic weighs.

The heuristic judges a whole turn (tile, wild Kueh, space, pawn) by each seat's Kueh, counted
toward its scarcest type since sets need one of each, and by the Kueh its waiting Nyonyas and
Babas would collect. So a hint says what the turn brings in Kueh and sets, which pawns collect,
and where a new pawn would look. Everything in Peranakan lies on the table.
"""

from __future__ import annotations

from typing import cast

from meja.bots.heuristics.heuristic import Choose
from meja.bots.heuristics.lookahead import _value as lookahead_value
from meja.bots.heuristics.peranakan import evaluate
from meja.bots.hints.common import counted, listed, plan, sentence
from meja.core import State
from meja.core.told import seat as seat_mention
from meja.games.peranakan.actions import KUEH_BASE, NO_PAWN, PAWN_BASE, PLACE_BASE, TAKE_BASE
from meja.games.peranakan.components import (
    KUEH_NAMES,
    NYONYA,
    PATTERNS,
    SUPPLY_NEXT_TO,
    TILE_KINDS,
    WILD,
)
from meja.games.peranakan.scoring import deck_size, kueh_of, sets_of
from meja.games.peranakan.state import PeranakanState
from meja.games.peranakan.tables import (
    CELL_NAMES,
    CHOOSE_KUEH,
    COLLECT_KUEH,
    DECK_TOP,
    KIND_FIXED,
    KIND_PATTERN,
    KIND_WILDS,
    LINE_OTHERS,
    NUM_KUEH,
    PAWN,
    PLACE,
    TAKE,
    Pawn,
)

PAWN_TITLES = ("Nyonya", "Baba")
FALLBACK = "of every choice, it does most for your sets and your pawns"
LOOKAHEAD = 4
"""The heuristic's look-ahead from a decision, in own steps (heuristics.peranakan.choose)."""
AREAS = ("her row and column", "the spaces around him")


def tile_words(kind: int) -> str:
    """A tile by its pattern and Kueh: "the Goldfish tile showing Tutu Kueh"."""
    icons = TILE_KINDS[kind].icons
    shown = "the rainbow Kueh" if WILD in icons else listed([KUEH_NAMES[i] for i in icons])
    return f"the {PATTERNS[KIND_PATTERN[kind]].capitalize()} tile showing {shown}"


def market_place(pos: int) -> str:
    """A market position as the board labels it."""
    return "the deck" if pos == DECK_TOP else f"Slot {pos}"


def pawn_words(pawn: Pawn, seat: int) -> str:
    """ "your Nyonya on b3", "{1}'s Baba on d4"."""
    cell, owner, kind = pawn
    whose = "your" if owner == seat else f"{seat_mention(owner)}'s"
    return f"{whose} {PAWN_TITLES[kind]} on {CELL_NAMES[cell]}"


def outlook(state: PeranakanState, cell: int, kind: int) -> tuple[int, int]:
    """For a pawn of kind on cell: the Kueh icons it would collect now, and its empty spaces."""
    cells = LINE_OTHERS[cell] if kind == NYONYA else state.neighbours[cell]
    missing = sum(1 for x in cells if state.top[x] < 0)
    icons = sum(len(KIND_FIXED[t]) + KIND_WILDS[t] for t in state.matching_tiles(cell, kind))
    return icons, missing


def _kueh_count(count: int) -> str:
    """ "1 Kueh", "3 Kueh": the word is the same for one and many."""
    return f"{count} Kueh"


def scarcest(counts: list[int]) -> list[int]:
    """The Kueh types a seat has fewest of."""
    least = min(counts)
    return [k for k in range(NUM_KUEH) if counts[k] == least]


def scarce_words(counts: list[int], kueh: int) -> str:
    """Why a Kueh the seat has fewest of is worth most: sets are made of the scarcest type."""
    name = KUEH_NAMES[kueh]
    have = (
        f"you have no {name} yet"
        if not counts[kueh]
        else (f"{name} is the Kueh you have fewest of ({counts[kueh]})")
    )
    return f"{have}, and every set needs one of each Kueh"


def kueh_counts(counts: list[int]) -> str:
    """ "2 Tutu Kueh and 1 Ondeh Ondeh"."""
    return listed([f"{n} {KUEH_NAMES[k]}" for k, n in enumerate(counts) if n]) or "nothing"


def explain(world: State, seat: int, action: int, choose: Choose) -> tuple[str, str]:
    """The hinted step in words and the reason the heuristic prefers it."""
    state = cast(PeranakanState, world)
    phase = state.phase
    if phase == TAKE:
        return _take(state, seat, action, choose)
    if phase in (CHOOSE_KUEH, COLLECT_KUEH):
        return _kueh(state, seat, action)
    if phase == PLACE:
        return _place(state, seat, action, choose)
    if phase == PAWN:
        return _pawn(state, seat, action, choose)
    return "Make this move", "It is the only move you have."


def _take(state: PeranakanState, seat: int, action: int, choose: Choose) -> tuple[str, str]:
    pos = action - TAKE_BASE
    beside = SUPPLY_NEXT_TO[pos]
    if beside == WILD:
        kueh = ", with any 1 Kueh you choose"
    elif state.supply[beside]:
        kueh = f", with 1 {KUEH_NAMES[beside]}"
    else:
        kueh = ""
    move = f"Take {tile_words(state.market[pos])} from {market_place(pos)}{kueh}"
    steps, after = plan(state, seat, action, choose)
    reasons = _turn_reasons(state, after, seat, steps)
    return move, " ".join(sentence(reason) for reason in reasons)


def _turn_reasons(
    before: PeranakanState, after: PeranakanState, seat: int, steps: list[int]
) -> list[str]:
    """Why a turn (or its rest) is worth it: its pawns' harvest, sets, the scarce Kueh, then
    where the tile goes and which pawn it gets."""
    reasons: list[str] = []
    old, new = kueh_of(before, seat), kueh_of(after, seat)
    gained = [b - a for a, b in zip(old, new, strict=True)]
    mine = [p for p in before.pawns if p[1] == seat and p not in after.pawns]
    placed = next((s - PLACE_BASE for s in steps if PLACE_BASE <= s < NO_PAWN), -1)
    pawn = next((s - PAWN_BASE for s in steps if s >= PAWN_BASE), -1)
    if placed < 0 and before.placed >= 0 and before.phase == PAWN:
        placed = before.placed
    where = CELL_NAMES[placed] if placed >= 0 else ""
    new_pawn = (placed, seat, pawn) if pawn >= 0 and placed >= 0 else None
    collected = [p for p in mine if p != new_pawn]
    if collected and placed >= 0 and before.phase != PAWN:
        who = listed([pawn_words(p, seat) for p in collected])
        reasons.append(
            f"on {where} the tile fills the last space {who} needed, so the turn brings "
            f"you {kueh_counts(gained)} in all"
        )
    elif collected:
        who = listed([pawn_words(p, seat) for p in collected])
        reasons.append(f"{who} collects, so the turn brings you {kueh_counts(gained)} in all")
    if sets_of(after, seat) > sets_of(before, seat):
        total = sets_of(after, seat)
        reasons.append(
            f"that completes a set of all four Kueh: you will have {counted(total, 'set')}"
        )
    elif before.phase in (TAKE, CHOOSE_KUEH) and before.gained < 0 and not collected:
        brought = [k for k in range(NUM_KUEH) if gained[k]]
        short = [k for k in brought if k in scarcest(old)]
        if short:
            wild = before.phase == TAKE and SUPPLY_NEXT_TO[steps[0] - TAKE_BASE] == WILD
            choice = f"choose {KUEH_NAMES[short[0]]} with it: " if wild else ""
            reasons.append(f"{choice}{scarce_words(old, short[0])}")
    spoiled = _spoiled(before, after, seat)
    if spoiled:
        also = " also" if reasons else ""
        reasons.append(f"it{also} spoils what {spoiled} could collect")
    if before.phase == TAKE and placed >= 0:
        then = f"then {'stack' if before.top[placed] >= 0 else 'lay'} it on {where}"
        if new_pawn is not None and new_pawn in after.pawns:
            icons, missing = outlook(after, placed, pawn)
            then += (
                f" and put a {PAWN_TITLES[pawn]} on it: {AREAS[pawn]} already show "
                f"{_kueh_count(icons)} of its pattern, with {counted(missing, 'space')} "
                "left to fill"
            )
        reasons.append(then)
    if not reasons:
        reasons.append(FALLBACK)
    return reasons


def _spoiled(before: PeranakanState, after: PeranakanState, seat: int) -> str:
    """A rival pawn that collects less after the turn (a tile of another pattern stacked in
    its lines), in words, or ""."""
    for pawn in before.pawns:
        cell, owner, kind = pawn
        if owner == seat or pawn not in after.pawns:
            continue
        if outlook(after, cell, kind)[0] < outlook(before, cell, kind)[0]:
            return pawn_words(pawn, seat)
    return ""


def _kueh(state: PeranakanState, seat: int, action: int) -> tuple[str, str]:
    kueh = action - KUEH_BASE
    move = f"Choose {KUEH_NAMES[kueh]}"
    counts = kueh_of(state, seat)
    more = counts[:]
    more[kueh] += 1
    if min(more) > min(counts):
        return move, "It completes a set of all four Kueh."
    if kueh in scarcest(counts):
        return move, sentence(scarce_words(counts, kueh))
    return move, "Of the Kueh left in the supply, it does most for your sets."


def _place(state: PeranakanState, seat: int, action: int, choose: Choose) -> tuple[str, str]:
    cell = action - PLACE_BASE
    verb = "Stack" if state.top[cell] >= 0 else "Lay"
    move = f"{verb} {tile_words(state.held)} on {CELL_NAMES[cell]}"
    steps, after = plan(state, seat, action, choose)
    reasons = [r for r in _turn_reasons(state, after, seat, steps) if r != FALLBACK]
    pawn = next((s - PAWN_BASE for s in steps if s >= PAWN_BASE), -1)
    if pawn >= 0 and (cell, seat, pawn) in after.pawns:
        icons, missing = outlook(after, cell, pawn)
        reasons.append(
            f"then put a {PAWN_TITLES[pawn]} on it: {AREAS[pawn]} already show "
            f"{_kueh_count(icons)} of its pattern, with {counted(missing, 'space')} left to fill"
        )
    if not reasons:
        reasons = [_waiting(state, after, seat, cell)]
    return move, " ".join(sentence(reason) for reason in reasons)


def _waiting(before: PeranakanState, after: PeranakanState, seat: int, cell: int) -> str:
    """What laying a tile on cell does for the seat's waiting pawns, or the plain reason."""
    for pawn in before.pawns:
        home, owner, kind = pawn
        if owner != seat or pawn not in after.pawns:
            continue
        gain = outlook(after, home, kind)[0] - outlook(before, home, kind)[0]
        if gain > 0:
            left = outlook(after, home, kind)[1]
            return (
                f"it adds {_kueh_count(gain)} to what {pawn_words(pawn, seat)} will collect, with "
                f"{counted(left, 'space')} left to fill"
            )
    equal = _equally_good(before, seat, PLACE_BASE + cell)
    if equal == len(before.legal_actions(seat)):
        return (
            "any space would do as well: no Nyonya or Baba, yours or a rival's, is waiting "
            "for a tile yet"
        )
    if equal > 1:
        return (
            f"this space is one of {equal} as good as each other: none lies where a Nyonya or "
            "Baba, yours or a rival's, is waiting for its pattern"
        )
    return "of every space, it does most for your Nyonyas and Babas and least for your rivals'"


def _equally_good(state: PeranakanState, seat: int, action: int) -> int:
    """How many of seat's moves the heuristic rates as high as action (its look-ahead)."""
    values = {}
    for move in state.legal_actions(seat):
        child = state.clone()
        child.apply(move, seat)
        values[move] = lookahead_value(child, seat, evaluate, LOOKAHEAD - 1)
    return sum(1 for value in values.values() if value >= values[action] - 1e-9)


def _pawn(state: PeranakanState, seat: int, action: int, choose: Choose) -> tuple[str, str]:
    cell = state.placed
    where = CELL_NAMES[cell]
    if action == NO_PAWN:
        move = f"Put no Nyonya or Baba on {where}"
        held = [kind for kind in (0, 1) if state.hand[seat * 2 + kind]]
        pawns = " or ".join(PAWN_TITLES[kind] for kind in held)
        missing = min(outlook(state, cell, kind)[1] for kind in held)
        if missing > deck_size(state):
            return move, sentence(
                f"Too few tiles are left in the deck to fill the spaces a {pawns} here would "
                "need; keep yours"
            )
        return move, sentence(
            f"A {pawns} here would collect little; keep yours for a tile whose lines already "
            "show more Kueh of its pattern"
        )
    kind = action - PAWN_BASE
    move = f"Put a {PAWN_TITLES[kind]} on {where}"
    steps, after = plan(state, seat, action, choose)
    if (cell, seat, kind) not in after.pawns:
        reasons = _turn_reasons(state, after, seat, steps)
        return move, " ".join(sentence(reason) for reason in reasons)
    trial = state.clone()
    trial.apply(action, seat)
    icons, missing = outlook(trial, cell, kind)
    pattern = PATTERNS[KIND_PATTERN[state.top[cell]]].capitalize()
    return move, sentence(
        f"{AREAS[kind].capitalize()} already show {_kueh_count(icons)} on {pattern} tiles, "
        f"with {counted(missing, 'space')} left to fill; once full, "
        f"{'she' if kind == NYONYA else 'he'} collects them all"
    )
