"""What a seat sees (view) and what it does not know (resample).

view(seat) shows the table as it is. resample redraws what the seat cannot place: the unknown
parts of the other hands and the draw pile are dealt again from one pool, and the other players'
face-down Nasi Lemak values and the Nasi Lemak pile are dealt again. The history shows the table
as it was, and two things the seat watched still limit the world it can be in:

- the game went on after every make, Fan and Swatter, so the active player's fly-free cards at
  that moment showed fewer than five packs (N4, N11), even if flies have landed on them since;
- a seat that handed all its cards of an ingredient to a Supplier holds only the ones it has
  been seen to receive since, until its next turn brings unseen cards again (N7).

Both are read back from the history, only as far as they can still matter.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache
from itertools import product
from math import comb
from operator import add, sub
from typing import TYPE_CHECKING, Any, Final

from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ANNOUNCE,
    ASK,
    CANCEL_TRADE,
    DECLINE,
    END_TURN,
    EXAMINE,
    FAN,
    GIVE,
    MAKE,
    NUM_ACTIONS,
    PLACE,
    SWAT,
    TAKE,
    TAKE_BACK,
    TRIO,
    UNASK,
    WITH_SEAT,
)
from meja.games.nasi_lemak.components import WIN_PACKS
from meja.games.nasi_lemak.scoring import scores, winners
from meja.games.nasi_lemak.tables import (
    DRAW,
    INGREDIENTS,
    KIND_OF_PACKS,
    MAX_TABLE_CARDS,
    OFFER,
    OVER,
    PACKS,
    PHASE_NAMES,
    PICK,
    RESPONSE,
    RISKY_CARDS,
    TRADABLE,
    K,
    block_dicts,
    counts_dict,
    seen_span,
    span,
)
from meja.games.nasi_lemak.told import seen_view

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


def view(state: NasiLemakState, player: int | None) -> dict[str, Any]:
    """What player (None: a spectator) sees: the envelope and the public parts of the turn, its
    own hand and packs, and per seat (seats) the hand size, what it knows of it and the flies."""
    n = state.num_players
    over = state.phase == OVER
    hands = state.hands
    known = state.known
    players = []
    nl = state.nl
    flown = state.flies
    seen = () if player is None else block_dicts(known, player * n * K, n)
    for q in range(n):
        start = q * K
        row = nl[q]
        flies = flown[q]
        entry: dict[str, Any] = {
            "seat": q,
            "hand_size": sum(hands[start : start + K]),
            "nasi_lemak": row[:] if over or q == player else [None] * len(row),
            "flies": list(map(bool, flies)) if flies else [],
        }
        if player is not None and q != player:
            entry["known"] = seen[q].copy()
        players.append(entry)
    out = _public(state)
    out["seat"] = player
    out["seats"] = players
    if player is not None:
        out["hand"] = counts_dict(hands, player * K)
    if over:
        out["scores"] = scores(state)
        out["winners"] = winners(state)
    return out


def _public(state: NasiLemakState) -> dict[str, Any]:
    """What every seat sees of the phase and the piles."""
    phase = state.phase
    # Set one key at a time on the envelope: a dict display merged into it costs a second dict.
    out = state.envelope(PHASE_NAMES[phase], state.turn)
    out["active"] = state.turn_seat
    out["first_player"] = state.first
    out["moves_left"] = state.moves
    out["declined_offers"] = state.declined
    out["end"] = state.end or None
    out["draw_pile"] = sum(state.draw)
    out["discard_pile"] = counts_dict(state.discard)
    out["revealed"] = counts_dict(state.revealed)
    out["nasi_lemak_pile"] = sum(state.pile)
    out["pending_draws"] = state.to_draw
    out["deal_seat"] = state.deal_seat
    out["target"] = state.target
    out["takes_left"] = state.takes
    out["fan_from"] = state.fan_from
    out["offer"] = None
    out["just_seen"] = seen_view(state.just_seen)
    if phase in (OFFER, RESPONSE):
        out["offer"] = {
            "give": counts_dict(state.give),
            "ask": counts_dict(state.ask),
            "taken_back": state.taken_back,
        }
    return out


def resample(state: NasiLemakState, player: int, rng: random.Random) -> NasiLemakState:
    """A clone with the cards and pack values player cannot see dealt again."""
    new = state.clone()
    redraw_cards(new, player, rng)
    if new.phase == PICK:
        # The Officer still knows the whole hand it is picking from.
        new.known[seen_span(state.num_players, new.turn_seat, new.target)] = new.hands[
            span(new.target)
        ]
    if new.phase != OVER:
        redraw_values(new, player, rng)
    return new


def _table(*groups: tuple[int, Iterable[int]]) -> bytes:
    """A code for every action: the group's code for the actions of each group, else 0."""
    table = bytearray(NUM_ACTIONS)
    for code, actions in groups:
        for action in actions:
            table[action] = code
    return bytes(table)


MADE: Final = 1
SWATTED: Final = 2
FANNED: Final = 3
LANDED: Final = 4
FLY_STEPS: Final = _table(
    (MADE, (MAKE, *range(TRIO, ANNOUNCE))),
    (SWATTED, range(SWAT, PLACE)),
    (FANNED, range(FAN, SWAT)),
    (LANDED, range(PLACE, CANCEL_TRADE)),
)
"""What each move does to the cards on the table, for reading the history back."""

_OFFERS: Final = (
    [(GIVE + i, t, 1) for i, t in enumerate(TRADABLE)]
    + [(ASK + i, t, -1) for i, t in enumerate(TRADABLE)]
    + [(TAKE_BACK + i, t, -1) for i, t in enumerate(TRADABLE)]
    + [(UNASK + i, t, 1) for i, t in enumerate(TRADABLE)]
)
OFFERED_CARD = {action: t for action, t, _ in _OFFERS}
OFFERED_SIGN: Final = {action: sign for action, _, sign in _OFFERS}
"""The card an offer step puts on or takes off, and +1 if the partner is to gain it."""

ANSWERED: Final = 1
SUPPLIED: Final = 2
PICKED: Final = 3
EXAMINED: Final = 4
PARTNERED: Final = 5
OFFERED: Final = 6
CARD_STEPS: Final = _table(
    (ANSWERED, (ACCEPT, DECLINE)),
    (SUPPLIED, range(ANNOUNCE, EXAMINE)),
    (PICKED, range(TAKE, GIVE)),
    (EXAMINED, range(EXAMINE, WITH_SEAT)),
    (PARTNERED, range(WITH_SEAT, TAKE)),
    (OFFERED, OFFERED_CARD),
)
"""What each move does that can bound a hand after a Supplier."""

MAX_DEALS: Final = 10_000
"""Deals tried before a state whose cards contradict its history is given up on."""

Kinds = tuple[int, ...]
"""The kind (index into PACKS) of each of a player's bound cards."""
Family = tuple[int, tuple[int, ...]]
"""A player's cards that some check bounds, by count, and the checked sets among them as bits."""


def redraw_cards(state: NasiLemakState, player: int, rng: random.Random) -> None:
    """Deal the cards player cannot place again: same hand sizes, known cards kept."""
    n = state.num_players
    hands = state.hands
    known = state.known
    pool = state.draw[:]
    slots: list[tuple[int, int]] = []
    for q in range(n):
        if q == player:
            continue
        bound = known[seen_span(n, player, q)]
        extra = list(map(sub, hands[span(q)], bound))
        pool = list(map(add, pool, extra))
        hands[span(q)] = bound
        slots.append((q, sum(extra)))
    dealt, state.draw = _deal(pool, slots, supplied_limits(state, player), rng)
    for (q, _), got in zip(slots, dealt, strict=True):
        hands[span(q)] = list(map(add, hands[span(q)], got))
    # What the other seats know must still be true of the redrawn hands. Knowledge shared with
    # player (public events) is kept in the hands already, so only the rest is cut down.
    for q in range(n):
        if q == player:
            continue
        hand = hands[span(q)]
        shared = known[seen_span(n, player, q)]
        for r in range(n):
            if r in (player, q):
                continue
            seen = seen_span(n, r, q)
            row = known[seen]
            if row != shared and any(row):
                known[seen] = list(map(min, row, hand))


def _deal(
    pool: list[int], slots: list[tuple[int, int]], limits: list[dict[int, int]], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """Cards for each (seat, count) slot and the rest for the draw pile, uniformly among the deals
    that keep every limit.

    A seat never draws its barred ingredients (limit 0); the most barred seats draw first. The
    barred sets are nested as a rule (a seat that has waited longer has seen more Suppliers), and
    then this is exact as it stands; otherwise a deal is kept in proportion to the ways it leaves
    the later seats. A deal over a limit above 0 is dealt again.
    """
    barred = [sum(1 << t for t, most in limits[q].items() if not most) for q, _ in slots]
    order = sorted(range(len(slots)), key=lambda i: -barred[i].bit_count())
    total = sum(pool)
    uniform = rng.random
    for _ in range(MAX_DEALS):
        cards = [t for t in range(K) for _ in range(pool[t])]
        left = pool[:]
        dealt = [[0] * K for _ in slots]
        keep = 1.0
        earlier: list[tuple[int, int]] = []
        for i in order:
            free = slots[i][1]
            bars = barred[i]
            if bars:
                choice = len(cards) - sum(left[t] for t in range(K) if bars >> t & 1)
                best = total - sum(pool[t] for t in range(K) if bars >> t & 1)
                best = min(best + sum(f for b, f in earlier if bars & ~b), total) - sum(
                    f for _, f in earlier
                )
                if choice < free:
                    keep = 0.0
                    break
                keep *= comb(choice, free) / comb(best, free)
            got = dealt[i]
            for _ in range(free):
                k = int(uniform() * len(cards))
                while bars >> cards[k] & 1:
                    k = int(uniform() * len(cards))
                t = cards[k]
                cards[k] = cards[-1]
                cards.pop()
                got[t] += 1
                left[t] -= 1
            earlier.append((bars, free))
        if keep < 1.0 and not uniform() < keep:
            continue
        if all(
            got[t] <= most
            for (q, _), got in zip(slots, dealt, strict=True)
            for t, most in limits[q].items()
        ):
            return dealt, left
    raise RuntimeError("resample: no deal of the unseen cards fits the history of this game")


def supplied_limits(state: NasiLemakState, player: int) -> list[dict[int, int]]:
    """Per seat, the most unseen cards of an ingredient it may hold since a Supplier took all (N7).

    After the Supplier, until the seat's next turn, it gains cards only from trades made in the
    open; it may lose some unseen to a Thief or an Officer, which only lowers the true count.
    So the count is at most what the trades brought in net, less what player's own Officer took.
    """
    n = state.num_players
    limits: list[dict[int, int]] = [{} for _ in range(n)]
    waiting = set(range(n)) - {player}
    if not (state.phase == DRAW and state.history and state.history[-1][0] >= 0):
        waiting.discard(state.turn_seat)  # its turn has begun: it may have drawn the ingredient
    if not waiting:
        return limits
    known = state.known
    flow = [[0] * K for _ in range(n)]
    mover = -1
    partner = -1
    offer = [0] * K
    taken: list[int] = []
    for seat, action in reversed(state.history):
        if seat < 0:
            continue
        step = CARD_STEPS[action]
        if step == ANSWERED:
            if action == ACCEPT:
                partner = seat
                offer = [0] * K
            continue
        if seat != mover:
            mover = seat
            waiting.discard(seat)
            if not waiting:
                break
        if not step:
            continue
        if step == SUPPLIED:
            t = INGREDIENTS[action - ANNOUNCE]
            for q in waiting:
                limits[q].setdefault(t, flow[q][t] - known[(player * n + q) * K + t])
        elif step == PICKED:
            if seat == player:
                taken.append(action - TAKE)
        elif step == EXAMINED:
            for t in taken:
                flow[action - EXAMINE][t] -= 1
            taken = []
        elif partner < 0:
            continue
        elif step == PARTNERED:
            flow[partner] = list(map(add, flow[partner], offer))
            partner = -1
        else:
            offer[OFFERED_CARD[action]] += OFFERED_SIGN[action]
    return limits


def redraw_values(state: NasiLemakState, player: int, rng: random.Random) -> None:
    """Deal the pack values of the other players' cards and of the pile again (N4 respected)."""
    if not any(row for q, row in enumerate(state.nl) if q != player):
        return
    counts = list(state.pile)
    checks = survived_checks(state, player)
    families: list[Family] = []
    bound: list[tuple[int, list[int]]] = []
    loose: list[tuple[int, int]] = []
    for q, row in enumerate(state.nl):
        if q == player or not row:
            continue
        for v in row:
            counts[KIND_OF_PACKS[v]] += 1
        cards = 0
        for mask in checks[q]:
            cards |= mask
        held = [j for j in range(len(row)) if cards >> j & 1]
        if held:
            place = {j: k for k, j in enumerate(held)}
            masks = tuple(
                sorted(sum(1 << place[j] for j in held if mask >> j & 1) for mask in checks[q])
            )
            families.append((len(held), masks))
            bound.append((q, held))
        loose.extend((q, j) for j in range(len(row)) if not cards >> j & 1)
    rest = tuple(counts)
    for i, (q, held) in enumerate(bound):
        later = tuple(families[i + 1 :])
        options = [(pick, rows) for pick, rows in _rows(*families[i]) if _fits(pick, rest)]
        weights = [len(rows) * _completions(later, _minus(rest, pick)) for pick, rows in options]
        pick, rows = rng.choices(options, weights=weights)[0]
        for j, kind in zip(held, rows[int(rng.random() * len(rows))], strict=True):
            state.nl[q][j] = PACKS[kind]
        rest = _minus(rest, pick)
    left = list(rest)
    deck = [kind for kind, c in enumerate(left) for _ in range(c)]
    uniform = rng.random
    for q, j in loose:
        kind = deck.pop(int(uniform() * len(deck)))
        state.nl[q][j] = PACKS[kind]
        left[kind] -= 1
    state.pile = left


def survived_checks(state: NasiLemakState, player: int) -> list[list[int]]:
    """Per seat, its sets of fly-free cards (bit j for card j) that could have won but did not.

    The history is read back from the table as it is: a make is undone by taking the card off,
    a Swatter or Fan by putting the fly back, a Fly by lifting it. Before each of those moves was
    undone the active player's fly-free cards are a checked set (N4); so are everyone's where
    the history begins (a position or the empty table), since a player's fly-free cards only
    shrink between its own checks. Reading stops once no other player has cards enough to win.
    """
    n = state.num_players
    sizes = [len(row) for row in state.nl]
    flown = [sum(fly << j for j, fly in enumerate(row)) for row in state.flies]
    seen: list[set[int]] = [set() for _ in range(n)]

    def risky() -> bool:
        return any(size >= RISKY_CARDS for q, size in enumerate(sizes) if q != player)

    if not risky():
        return [[] for _ in range(n)]
    later = (player, END_TURN)  # as if a step that changes nothing came last
    for entry in reversed(state.history):
        seat, action = entry
        if seat >= 0 and (step := FLY_STEPS[action]):
            if step == MADE:
                if later[0] < 0:
                    seen[seat].add((1 << sizes[seat]) - 1 & ~flown[seat])
                    sizes[seat] -= 1
                    if not risky():
                        break
            elif step == SWATTED:
                seen[seat].add((1 << sizes[seat]) - 1 & ~flown[seat])
                flown[seat] |= 1 << (action - SWAT)
            elif step == FANNED:
                if later[0] == seat and FLY_STEPS[later[1]] == LANDED:
                    seen[seat].add((1 << sizes[seat]) - 1 & ~flown[seat])
                    flown[seat] |= 1 << (action - FAN)
            else:
                q, j = divmod(action - PLACE, MAX_TABLE_CARDS)
                flown[q] &= ~(1 << j)
        later = entry
    for q in range(n):
        seen[q].add((1 << sizes[q]) - 1 & ~flown[q])
    return [_widest(masks) for masks in seen]


def _widest(masks: set[int]) -> list[int]:
    """The sets that could show five packs and lie in no other such set."""
    risky = sorted((m for m in masks if m.bit_count() >= RISKY_CARDS), key=int.bit_count)
    return [m for i, m in enumerate(risky) if not any(m & o == m for o in risky[i + 1 :])]


@lru_cache(maxsize=1024)
def _rows(size: int, masks: tuple[int, ...]) -> tuple[tuple[Kinds, tuple[Kinds, ...]], ...]:
    """Every row of kinds for size cards in which each checked set shows fewer than WIN_PACKS,
    grouped by how many of each kind the row uses."""
    groups: dict[tuple[int, ...], list[Kinds]] = {}
    for kinds in product(range(len(PACKS)), repeat=size):
        if all(
            sum(PACKS[kind] for j, kind in enumerate(kinds) if mask >> j & 1) < WIN_PACKS
            for mask in masks
        ):
            pick = tuple(kinds.count(kind) for kind in range(len(PACKS)))
            groups.setdefault(pick, []).append(kinds)
    return tuple((pick, tuple(rows)) for pick, rows in groups.items())


@lru_cache(maxsize=65536)
def _completions(families: tuple[Family, ...], left: tuple[int, ...]) -> int:
    """Ways to deal rows to these families and order the rest of the cards after them."""
    if not families:
        return _arrangements(left)
    return sum(
        len(rows) * _completions(families[1:], _minus(left, pick))
        for pick, rows in _rows(*families[0])
        if _fits(pick, left)
    )


def _fits(pick: tuple[int, ...], left: tuple[int, ...]) -> bool:
    return all(a <= b for a, b in zip(pick, left, strict=True))


def _arrangements(counts: tuple[int, ...]) -> int:
    """Distinct orders of a multiset with these counts."""
    out = 1
    placed = 0
    for c in counts:
        placed += c
        out *= comb(placed, c)
    return out


def _minus(left: tuple[int, ...], pick: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(left, pick, strict=True))
