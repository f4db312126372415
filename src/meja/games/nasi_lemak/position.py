"""Positions: the whole Nasi Lemak state as JSON-able data, and its validating loader.

A position is what a designer writes to set up a situation: hands and piles as {card: count}
(the draw pile and the Nasi Lemak pile may say "rest" for every card not placed elsewhere),
Nasi Lemak cards as {"packs", "fly"}, the phase with its pending details, and what the whole
table has just seen of the last step that nothing else shows (just_seen, until the next step).
Format 2 begins with the envelope every game shares; a position without "format" is the earlier
shape, the same fields without to_move.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import gt
from typing import TYPE_CHECKING, Any, Final

from meja.core import position_reading as read
from meja.core.errors import InvalidPosition
from meja.core.tally import span_total
from meja.games.nasi_lemak.components import (
    CARD_TYPES,
    DRAW_PER_TURN,
    HAND_SIZE,
    MOVES_PER_TURN,
    NASI_LEMAK_CARDS,
    OFFICER_TAKE,
    WHOLESALER_REVEAL,
    WIN_PACKS,
)
from meja.games.nasi_lemak.legal import fly_targets, trios
from meja.games.nasi_lemak.tables import (
    CARD_INDEX,
    COOK,
    DEAL,
    DRAW,
    ENDS,
    FAN_TARGET,
    FIVE_PACKS,
    FLY_CARD,
    FLY_TARGET,
    INGREDIENTS,
    KEYS,
    MAIN,
    MAX_TABLE_CARDS,
    OFFER,
    OVER,
    PACKS,
    PARTNER,
    PHASE_NAMES,
    PICK,
    RESPONSE,
    REVEAL,
    START,
    STEAL,
    TRADABLE,
    TRIO_CHOICE,
    K,
    counts_dict,
    read_counts,
    read_int,
    seen_span,
    span,
)
from meja.games.nasi_lemak.told import Announced, Examined, JustSeen, TurnedUp, kept, seen_data

if TYPE_CHECKING:
    from meja.games.nasi_lemak.game import NasiLemakGame
    from meja.games.nasi_lemak.state import NasiLemakState

REQUIRED: Final = (
    "num_players",
    "phase",
    "active",
    "hands",
    "draw_pile",
    "nasi_lemak_pile",
    "nasi_lemak",
)
OPTIONAL: Final = (
    "format",
    "to_move",
    "options",
    "first_player",
    "turn",
    "moves_left",
    "declined_offers",
    "end",
    "discard_pile",
    "revealed",
    "known",
    "pending_draws",
    "deal_seat",
    "target",
    "takes_left",
    "officer_took",
    "fan_from",
    "offer",
    "just_seen",
)
OFFER_FIELDS: Final = {"give", "ask", "taken_back"}
"""The parts of an offer: its two sides and how many cards were taken back out of it."""
PACK_CHOICES: Final = " or ".join(str(packs) for packs in PACKS)
REST: Final = "rest"
SEEN_FIELDS: Final = {
    "supplier": ("announced", "handed_over"),
    "officer": ("examined",),
    "wholesaler": ("turned_up",),
}
"""The facts a position gives for each card that can leave something just seen."""


def position(state: NasiLemakState) -> dict[str, Any]:
    """Everything, hidden cards included."""
    n = state.num_players
    offer = None
    if state.phase in (OFFER, RESPONSE):
        offer = {
            "give": counts_dict(state.give),
            "ask": counts_dict(state.ask),
            "taken_back": state.taken_back,
        }
    took = {"officer_took": KEYS[state.took]} if state.took >= 0 else {}
    return {
        **state.envelope(PHASE_NAMES[state.phase], state.turn),
        "format": read.FORMAT,
        "options": dict(state.options),
        "active": state.turn_seat,
        "first_player": state.first,
        "moves_left": state.moves,
        "declined_offers": state.declined,
        "end": state.end or None,
        "hands": [counts_dict(state.hands, q * K) for q in range(n)],
        "draw_pile": counts_dict(state.draw),
        "discard_pile": counts_dict(state.discard),
        "revealed": counts_dict(state.revealed),
        "nasi_lemak_pile": {str(p): c for p, c in zip(PACKS, state.pile, strict=True)},
        "nasi_lemak": [
            [{"packs": v, "fly": bool(f)} for v, f in zip(values, flies, strict=True)]
            for values, flies in zip(state.nl, state.flies, strict=True)
        ],
        "known": [
            [start // K // n, start // K % n, counts_dict(state.known, start)]
            for start in range(0, n * n * K, K)
            if any(state.known[start : start + K])
        ],
        "pending_draws": state.to_draw,
        "deal_seat": state.deal_seat,
        "target": state.target,
        "takes_left": state.takes,
        **took,
        "fan_from": state.fan_from,
        "offer": offer,
        "just_seen": seen_data(state.just_seen),
    }


def check_components(state: NasiLemakState) -> list[str]:
    """Cards created or lost, negative counts, or knowledge that is no longer true."""
    n = state.num_players
    problems = []
    for t, card in enumerate(CARD_TYPES):
        places = [state.draw[t], state.discard[t], state.revealed[t]]
        places += [state.hands[q * K + t] for q in range(n)]
        if t == FLY_CARD:
            places += [sum(row) for row in state.flies]
            places.append(int(state.phase == FLY_TARGET))
        if min(places) < 0:
            problems.append(f"a negative count of {card.key}")
        if sum(places) != card.count:
            problems.append(f"{sum(places)} {card.key} cards in play, the deck has {card.count}")
    for kind, nl_card in enumerate(NASI_LEMAK_CARDS):
        total = state.pile[kind] + sum(row.count(nl_card.packs) for row in state.nl)
        if state.pile[kind] < 0 or total != nl_card.count:
            problems.append(
                f"{total} Nasi Lemak cards of {nl_card.packs} packs, expected {nl_card.count}"
            )
    if state.sizes != count_hands(state):
        problems.append(f"hand sizes kept as {state.sizes}, counted {count_hands(state)}")
    known = state.known
    for q in range(n):
        hand = state.hands[span(q)]
        for p in range(n):
            bounds = known[seen_span(n, p, q)]
            if any(bounds) and (p == q or min(bounds) < 0 or any(map(gt, bounds, hand))):
                problems.append(f"seat {p} believes seat {q} holds {counts_dict(bounds)}")
    return problems


def count_hands(state: NasiLemakState) -> list[int]:
    """Cards in each hand, counted afresh from the hands, to check or set the kept sizes."""
    return [span_total(state.hands, q * K, q * K + K) for q in range(state.num_players)]


def from_position(game: NasiLemakGame, data: Mapping[str, Any]) -> NasiLemakState:
    """A fresh state with every field set from a position; InvalidPosition names the bad field."""
    num_players, options = read.header(
        game, data, "Nasi Lemak", REQUIRED, OPTIONAL, value_first=True
    )
    state = game.new_state(num_players, **options)
    _load_cards(state, data)
    _load_phase(state, data)
    _check_consistency(state)
    state.just_seen = load_just_seen(state, data.get("just_seen"))
    read.check_to_move(data, state, PHASE_NAMES[state.phase], value_first=True)
    return state


def _load_cards(state: NasiLemakState, data: Mapping[str, Any]) -> None:
    """Hands, piles, the table and the knowledge bounds, with every card accounted for."""
    n = state.num_players
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise InvalidPosition(f"hands: expected a list of {n} hands")
    state.hands = []
    for q, hand in enumerate(hands):
        state.hands += read_counts(hand, f"hands[{q}]")
    state.sizes = count_hands(state)
    state.discard = read_counts(data.get("discard_pile", {}), "discard_pile")
    state.revealed = read_counts(data.get("revealed", {}), "revealed")
    state.nl, state.flies = _load_table(data["nasi_lemak"], n)
    rows = [state.hands[span(q)] for q in range(n)]
    placed = [sum(column) for column in zip(state.discard, state.revealed, *rows, strict=True)]
    placed[FLY_CARD] += sum(sum(row) for row in state.flies)
    placed[FLY_CARD] += data["phase"] == PHASE_NAMES[FLY_TARGET]
    draw = data["draw_pile"]
    if draw == REST:
        state.draw = [card.count - placed[t] for t, card in enumerate(CARD_TYPES)]
    else:
        state.draw = read_counts(draw, "draw_pile")
    for t, card in enumerate(CARD_TYPES):
        total = placed[t] + state.draw[t]
        if total != card.count or state.draw[t] < 0:
            raise InvalidPosition(
                f"draw_pile: {max(total, placed[t])} {card.key} cards in hands, piles and "
                f"on the table; the deck has {card.count}"
            )
    if not any(state.draw):
        # The discard pile is reshuffled the moment the draw pile empties (N12), so a position
        # that leaves it waiting beside an empty draw pile is read as just after the reshuffle.
        state.draw, state.discard = state.discard, [0] * K
    state.pile = _load_pile(data["nasi_lemak_pile"], state.nl)
    state.known = [0] * (n * n * K)
    known = data.get("known", [])
    if not isinstance(known, list):
        raise InvalidPosition("known: expected a list of [seat, other seat, {card: count}]")
    for index, entry in enumerate(known):
        field = f"known[{index}]"
        if not isinstance(entry, list) or len(entry) != 3:
            raise InvalidPosition(f"{field}: expected [seat, other seat, {{card: count}}]")
        p, q, cards = entry
        if type(p) is not int or type(q) is not int or not 0 <= p < n or not 0 <= q < n or p == q:
            raise InvalidPosition(f"{field}: expected two different seats, got {p!r} and {q!r}")
        counts = read_counts(cards, field)
        hand = state.hands[span(q)]
        if any(map(gt, counts, hand)):
            t = next(t for t in range(K) if counts[t] > hand[t])
            raise InvalidPosition(f"{field}: seat {q} does not hold {counts[t]} {KEYS[t]}")
        state.known[seen_span(n, p, q)] = counts


def _load_table(value: Any, n: int) -> tuple[list[list[int]], list[list[int]]]:
    """Each seat's Nasi Lemak cards as pack values and fly flags."""
    if not isinstance(value, list) or len(value) != n:
        raise InvalidPosition(f"nasi_lemak: expected a list of {n} rows of cards")
    values: list[list[int]] = []
    flies: list[list[int]] = []
    for q, row in enumerate(value):
        if not isinstance(row, list) or len(row) > MAX_TABLE_CARDS:
            raise InvalidPosition(
                f"nasi_lemak[{q}]: expected a list of at most {MAX_TABLE_CARDS} cards"
            )
        values.append([])
        flies.append([])
        for j, card in enumerate(row):
            if (
                not isinstance(card, Mapping)
                or set(card) != {"packs", "fly"}
                or card["packs"] not in PACKS
                or isinstance(card["packs"], bool)
                or not isinstance(card["fly"], bool)
            ):
                raise InvalidPosition(
                    f'nasi_lemak[{q}][{j}]: expected {{"packs": {PACK_CHOICES}, "fly": true/false}}'
                )
            values[q].append(card["packs"])
            flies[q].append(int(card["fly"]))
    return values, flies


def _load_pile(value: Any, table: list[list[int]]) -> list[int]:
    """The face-down Nasi Lemak pile by pack count; "rest" for the cards not on the table."""
    on_table = [sum(row.count(card.packs) for row in table) for card in NASI_LEMAK_CARDS]
    if value == REST:
        pile = [card.count - used for card, used in zip(NASI_LEMAK_CARDS, on_table, strict=True)]
    elif isinstance(value, Mapping) and set(value) <= {str(p) for p in PACKS}:
        pile = []
        for card in NASI_LEMAK_CARDS:
            count = value.get(str(card.packs), 0)
            if isinstance(count, bool) or not isinstance(count, int):
                raise InvalidPosition(f"nasi_lemak_pile: count of {card.packs} must be a number")
            pile.append(count)
    else:
        shape = ", ".join(f'"{packs}": count' for packs in PACKS)
        raise InvalidPosition(f'nasi_lemak_pile: expected {{{shape}}} or "rest"')
    for card, count, used in zip(NASI_LEMAK_CARDS, pile, on_table, strict=True):
        if count < 0 or count + used != card.count:
            raise InvalidPosition(
                f"nasi_lemak_pile: {max(count, 0) + used} cards of {card.packs} packs in the "
                f"pile and on the table; the game has {card.count}"
            )
    return pile


def _load_phase(state: NasiLemakState, data: Mapping[str, Any]) -> None:
    """The phase, whose turn it is, and the details of a move in progress."""
    n = state.num_players
    phase = state.phase = read.choice(data["phase"], "phase", PHASE_NAMES)
    setup = phase == START
    state.turn_seat = read_int(data, "active", -1 if setup else 0, -1 if setup else n - 1)
    low, high = (-1, -1) if setup else (0, n - 1)
    start = state.options["start_player"]
    default_first = state.turn_seat if setup or not start.isdigit() else int(start)
    state.first = read_int(data, "first_player", low, high, default_first)
    state.turn = read_int(data, "turn", 0, state.max_turns, 0 if phase in (START, DEAL) else 1)
    if phase not in (START, DEAL) and not state.turn:
        raise InvalidPosition("turn: the first turn is turn 1")
    busy = phase in (MAIN, PARTNER, OFFER, RESPONSE)  # no move spent yet
    state.moves = read_int(data, "moves_left", 1 if busy else 0, MOVES_PER_TURN, MOVES_PER_TURN)
    state.declined = read_int(data, "declined_offers", 0, state.max_declined, 0)
    if phase in (PARTNER, OFFER, RESPONSE) and state.declined >= state.max_declined:
        raise InvalidPosition("declined_offers: no more offers may be made this turn")
    end = data.get("end")
    if (end is None) == (phase == OVER) or (end is not None and end not in ENDS):
        raise InvalidPosition(f"end: one of {', '.join(ENDS)} exactly when the game is over")
    state.end = end or ""
    state.to_draw = read_int(data, "pending_draws", 0, HAND_SIZE, 0)
    state.deal_seat = read_int(data, "deal_seat", -1, n - 1, -1)
    state.target = read_int(data, "target", -1, n - 1, -1)
    state.takes = read_int(data, "takes_left", 0, OFFICER_TAKE, 0)
    state.took = _load_took(state, data.get("officer_took"))
    state.fan_from = read_int(data, "fan_from", -1, MAX_TABLE_CARDS - 1, -1)
    state.give = [0] * K
    state.ask = [0] * K
    state.taken_back = 0
    offer = data.get("offer")
    if (offer is not None) != (phase in (OFFER, RESPONSE)):
        raise InvalidPosition("offer: present exactly while an offer is built or answered")
    if offer is not None:
        if not isinstance(offer, Mapping) or not {"give", "ask"} <= set(offer) <= OFFER_FIELDS:
            raise InvalidPosition(
                'offer: expected {"give": {...}, "ask": {...}} and optionally "taken_back"'
            )
        state.give = read_counts(offer["give"], "offer.give")
        state.ask = read_counts(offer["ask"], "offer.ask")
        taken = {"offer.taken_back": offer.get("taken_back", 0)}
        state.taken_back = read_int(taken, "offer.taken_back", 0, state.take_back_limit)


def _load_took(state: NasiLemakState, key: Any) -> int:
    """The card the Officer took first, named while it takes its last one: in its hand now."""
    if key is None:
        return -1
    t = CARD_INDEX.get(key) if isinstance(key, str) else None
    if t is None or state.phase != PICK or state.takes != 1:
        raise InvalidPosition("officer_took: a card, only while the Officer takes its last one")
    if not state.hands[state.turn_seat * K + t]:
        raise InvalidPosition(f"officer_took: the Officer holds no {key}")
    return t


def _check_consistency(state: NasiLemakState) -> None:
    """Cross-field rules: each phase's pending details, and no unnoticed win (N4)."""
    phase = state.phase
    n = state.num_players
    act = state.turn_seat
    needs_draw = {DEAL: HAND_SIZE, DRAW: DRAW_PER_TURN, REVEAL: WHOLESALER_REVEAL}
    if phase in needs_draw:
        if not 1 <= state.to_draw <= needs_draw[phase]:
            raise InvalidPosition(f"pending_draws: expected 1..{needs_draw[phase]} in this phase")
        if not any(state.draw):
            raise InvalidPosition("draw_pile: empty while a card is to be drawn")
    elif state.to_draw:
        raise InvalidPosition("pending_draws: only while cards are dealt, drawn or revealed")
    if (phase == DEAL) != (state.deal_seat >= 0):
        raise InvalidPosition("deal_seat: a seat exactly while cards are dealt")
    if phase == REVEAL:
        if sum(state.revealed) + state.to_draw > WHOLESALER_REVEAL:
            raise InvalidPosition("revealed: more cards than the Wholesaler turns up")
    elif any(state.revealed):
        raise InvalidPosition("revealed: cards lie revealed outside a Wholesaler move")
    targeted = (STEAL, PICK, OFFER, RESPONSE)
    if (phase in targeted) != (state.target >= 0) or state.target == act >= 0:
        raise InvalidPosition("target: another seat exactly during a Thief, Officer or trade")
    if phase == STEAL and not state.hand_size(state.target):
        raise InvalidPosition("target: the Thief's victim has no card")
    if (phase == PICK) != (state.takes > 0) or state.takes > (
        state.hand_size(state.target) if phase == PICK else 0
    ):
        raise InvalidPosition("takes_left: cards the examined hand still holds, only while picking")
    if (
        phase == PICK
        and state.known[seen_span(n, act, state.target)] != state.hands[span(state.target)]
    ):
        raise InvalidPosition("known: the Officer must know the examined hand")
    if (phase == FAN_TARGET) != (state.fan_from >= 0):
        raise InvalidPosition("fan_from: one of the active player's cards exactly while fanning")
    if phase == FAN_TARGET and not (
        state.fan_from < len(state.flies[act]) and state.flies[act][state.fan_from]
    ):
        raise InvalidPosition("fan_from: must be one of the active player's cards with a fly")
    if phase in (OFFER, RESPONSE):
        _check_offer(state)
    if phase in (FLY_TARGET, FAN_TARGET) and not fly_targets(state):
        raise InvalidPosition("nasi_lemak: no opponent has a card the fly could land on")
    if phase == TRIO_CHOICE and not trios(state):
        raise InvalidPosition("hands: the active player holds no three different ingredients")
    if phase in (COOK, TRIO_CHOICE) and not any(state.pile):
        raise InvalidPosition("nasi_lemak_pile: empty while a Nasi Lemak card is to be taken")
    for q in range(n):
        packs = state.fly_free_packs(q)
        if phase == OVER and state.end == FIVE_PACKS and q == act:
            if packs < WIN_PACKS:
                raise InvalidPosition(f"nasi_lemak[{q}]: the winner has only {packs} packs")
        elif packs >= WIN_PACKS and phase != OVER:
            raise InvalidPosition(f"nasi_lemak[{q}]: {packs} fly-free packs would have won")


def _check_offer(state: NasiLemakState) -> None:
    """An offer of tradable cards the active player holds, within the limits."""
    n = state.num_players
    act = state.turn_seat
    for t in range(K):
        if (state.give[t] or state.ask[t]) and t not in TRADABLE:
            raise InvalidPosition(f"offer: {CARD_TYPES[t].key} cannot be traded")
        if state.give[t] > state.hands[act * K + t]:
            raise InvalidPosition(
                f"offer.give: seat {act} does not hold {state.give[t]} {CARD_TYPES[t].key}"
            )
        for r in range(n):
            if r != act and state.known[(r * n + act) * K + t] < state.give[t]:
                raise InvalidPosition(f"known: seat {r} has seen the cards seat {act} offers")
    given = sum(state.give)
    asked = sum(state.ask)
    if max(given, asked) > state.offer_limit or asked > state.hand_size(state.target):
        raise InvalidPosition("offer: larger than the offer limit or the partner's hand")
    if state.phase == RESPONSE and (min(given, asked) < state.min_trade or not given + asked):
        raise InvalidPosition("offer: too small to be proposed")


def load_just_seen(state: NasiLemakState, value: Any) -> JustSeen | None:
    """What the table just saw: a Supplier, Officer or Wholesaler move that has just finished."""
    key = "just_seen"
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{key}: expected null or an object naming the card just played")
    card = value.get("card")
    if not isinstance(card, str) or card not in SEEN_FIELDS:
        raise InvalidPosition(f"{key}.card: {card!r} is not one of {', '.join(SEEN_FIELDS)}")
    fields = ("card", "seat", *SEEN_FIELDS[card])
    if set(value) != set(fields):
        raise InvalidPosition(f"{key}: expected the fields {', '.join(fields)} for a {card}")
    n = state.num_players
    seat = read_int({f"{key}.seat": value["seat"]}, f"{key}.seat", 0, n - 1)
    picking = card == "officer" and state.phase == PICK and state.turn_seat == seat
    if not picking and not _just_played(state, seat):
        raise InvalidPosition(
            f"{key}.seat: seat {seat} has just played, so it must be active in the main phase "
            f"(or the game over), or seat {(seat + 1) % n} must have just become active"
        )
    if card == "officer":
        return _load_examined(state, seat, value["examined"])
    if card == "supplier":
        return _load_announced(state, seat, value["announced"], value["handed_over"])
    cards = read_counts(value["turned_up"], f"{key}.turned_up")
    if not 1 <= sum(cards) <= WHOLESALER_REVEAL:
        raise InvalidPosition(
            f"{key}.turned_up: a Wholesaler turns up 1..{WHOLESALER_REVEAL} cards"
        )
    _check_held(state, seat, kept(tuple(cards)), f"{key}.turned_up", "kept")
    return TurnedUp(seat, tuple(cards))


def _just_played(state: NasiLemakState, seat: int) -> bool:
    """Whether seat's move may have just ended: its turn goes on or ended, or the game did."""
    if state.turn_seat == seat:
        return state.phase == MAIN or (state.phase == OVER and state.end != FIVE_PACKS)
    return state.turn_seat == (seat + 1) % state.num_players and state.phase in (DRAW, MAIN)


def _load_examined(state: NasiLemakState, seat: int, value: Any) -> Examined:
    """The seat examined: the one the Officer picks from, or one whose hand was empty (N9)."""
    field = "just_seen.examined"
    q = read_int({field: value}, field, 0, state.num_players - 1)
    if q == seat:
        raise InvalidPosition(f"{field}: the Officer examines another seat, not seat {seat}")
    if state.phase == PICK and q != state.target:
        raise InvalidPosition(f"{field}: seat {q}, but the Officer picks from seat {state.target}")
    if state.phase != PICK and state.hand_size(q):
        raise InvalidPosition(
            f"{field}: seat {q} holds cards, so the Officer would be picking from them"
        )
    return Examined(seat, q)


def _load_announced(state: NasiLemakState, seat: int, name: Any, handed: Any) -> Announced:
    """The ingredient named and the cards handed over: none of it is left in other hands (N7)."""
    field = "just_seen.announced"
    t = CARD_INDEX.get(name) if isinstance(name, str) else None
    if t is None or t not in INGREDIENTS:
        names = ", ".join(KEYS[i] for i in INGREDIENTS)
        raise InvalidPosition(f"{field}: {name!r} is not an ingredient ({names})")
    n = state.num_players
    if (
        not isinstance(handed, list)
        or len(handed) != n
        or any(type(count) is not int or count < 0 for count in handed)
    ):
        raise InvalidPosition(f"just_seen.handed_over: expected {n} counts, one per seat")
    if handed[seat]:
        raise InvalidPosition(f"just_seen.handed_over[{seat}]: the Supplier hands itself nothing")
    for q in range(n):
        if q != seat and state.hands[q * K + t]:
            raise InvalidPosition(f"{field}: seat {q} still holds {name}, yet all were handed over")
    row = [0] * K
    row[t] = sum(handed)
    _check_held(state, seat, row, "just_seen.handed_over", "handed over")
    return Announced(seat, t, tuple(handed))


def _check_held(state: NasiLemakState, seat: int, cards: list[int], field: str, how: str) -> None:
    """Seat must still hold the cards it has just gained."""
    for t, count in enumerate(cards):
        have = state.hands[seat * K + t]
        if have < count:
            raise InvalidPosition(
                f"{field}: seat {seat} holds only {have} {KEYS[t]}, fewer than the {count} {how}"
            )
