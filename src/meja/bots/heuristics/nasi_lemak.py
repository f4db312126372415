"""Nasi Lemak heuristic: pursue missing ingredients, use Supplier and Officer well, fight flies.

Decisions read only state.view(player): the bot's own hand and packs, hand sizes, the cards it
knows others hold (from offers and its own Officer looks), and the flies on the table.
"""

from __future__ import annotations

import random
from typing import Any, cast

from meja.bots.heuristics.values import win_shares
from meja.core import State
from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ASK,
    CARD_TYPES,
    DECLINE,
    END_TURN,
    FAN,
    GIVE,
    INGREDIENTS,
    MAK_CIK,
    MAK_CIK_SETS,
    MAKE,
    MAX_TABLE_CARDS,
    OFFICER,
    PLACE,
    PROPOSE,
    SUPPLIER,
    SWAT,
    TAKE,
    THIEF,
    TRADABLE,
    TRADE,
    WHOLESALER,
    WITH_SEAT,
)
from meja.games.nasi_lemak.state import NasiLemakState

KEYS = tuple(card.key for card in CARD_TYPES)
INGREDIENT_KEYS = tuple(KEYS[t] for t in INGREDIENTS)

TAKE_PRIORITY = ("mak_cik", "swatter", "fan", "supplier", "officer", "fly", "thief", "wholesaler")
"""After missing ingredients, the cards most worth taking from another hand."""

TEMPERATURE = 1.0
"""Pack gap that makes a seat e times likelier to win."""


def _missing(hand: dict[str, int]) -> list[str]:
    """Ingredients the hand lacks for a full Nasi Lemak."""
    return [key for key in INGREDIENT_KEYS if not hand.get(key)]


def _leader_card(view: dict[str, Any], player: int, legal: list[int]) -> int | None:
    """A fly placement on the card of the opponent with most fly-free Nasi Lemak cards."""
    best: tuple[int, int] | None = None
    choice = None
    for action in legal:
        if action < PLACE:
            continue
        seat, card = divmod(action - PLACE, MAX_TABLE_CARDS)
        if seat == player:
            continue
        free = sum(1 for fly in view["players"][seat]["flies"] if not fly)
        key = (free, -card)
        if best is None or key > best:
            best, choice = key, action
    return choice


def _respond(view: dict[str, Any], hand: dict[str, int]) -> int:
    """Accept an offer that brings a missing ingredient without giving up a needed one."""
    offer = view["offer"]
    missing = _missing(hand)
    gains = any(key in missing for key in offer["give"])
    for key, count in offer["ask"].items():
        left = hand.get(key, 0) - count
        if key in INGREDIENT_KEYS and left < 1:
            return DECLINE
    return ACCEPT if gains else DECLINE


def _pick(hand: dict[str, int], legal: list[int], rng: random.Random) -> int:
    """Take a missing ingredient, else the most useful card on offer."""
    names = {KEYS[a - TAKE]: a for a in legal}
    for key in _missing(hand):
        if key in names:
            return names[key]
    for key in TAKE_PRIORITY:
        if key in names:
            return names[key]
    return rng.choice(legal)


def _offer(view: dict[str, Any], hand: dict[str, int], legal: list[int]) -> int:
    """Offer a spare ingredient for a missing one, then propose."""
    offer = view["offer"]
    if not offer["give"]:
        spare = [key for key in INGREDIENT_KEYS if hand.get(key, 0) > 1]
        gives = {KEYS[TRADABLE[a - GIVE]]: a for a in legal if GIVE <= a < ASK}
        for key in spare:
            if key in gives:
                return gives[key]
    if not offer["ask"]:
        asks = {KEYS[TRADABLE[a - ASK]]: a for a in legal if ASK <= a < ASK + len(TRADABLE)}
        for key in _missing(hand):
            if key in asks:
                return asks[key]
    return PROPOSE if PROPOSE in legal else legal[-1]


def _trade_partner(view: dict[str, Any], player: int, missing: list[str]) -> int | None:
    """An opponent known to hold a missing ingredient."""
    for entry in view["players"]:
        if entry["seat"] != player and any(entry.get("known", {}).get(k) for k in missing):
            return int(entry["seat"])
    return None


def _main(view: dict[str, Any], player: int, hand: dict[str, int], legal: list[int]) -> int:
    """The most useful move, in the order a sensible beginner would think of them."""
    allowed = set(legal)
    missing = _missing(hand)
    if MAKE in allowed:
        return MAKE
    trios = [a for a in legal if MAK_CIK <= a < SUPPLIER]
    if trios:
        return max(
            trios, key=lambda a: sum(hand.get(KEYS[t], 0) for t in MAK_CIK_SETS[a - MAK_CIK])
        )
    cleanup = [a for a in legal if SWAT <= a < PLACE] or [a for a in legal if FAN <= a < SWAT]
    if cleanup:
        return cleanup[0]
    others = [e for e in view["players"] if e["seat"] != player]
    if missing:
        officers = [a for a in legal if OFFICER <= a < WITH_SEAT]
        if officers:
            return max(officers, key=lambda a: view["players"][a - OFFICER]["hand_size"])
        suppliers = {INGREDIENT_KEYS[a - SUPPLIER]: a for a in legal if SUPPLIER <= a < OFFICER}
        if suppliers:
            known = {k: sum(e.get("known", {}).get(k, 0) for e in others) for k in missing}
            wanted = max(missing, key=lambda k: (known[k], -missing.index(k)))
            return suppliers[wanted]
        if WHOLESALER in allowed:
            return WHOLESALER
    if THIEF in allowed and sum(e["hand_size"] for e in others) >= len(others):
        return THIEF
    fly = _leader_card(view, player, legal)
    if fly is not None:
        return fly
    spare = any(hand.get(k, 0) > 1 for k in INGREDIENT_KEYS)
    if TRADE in allowed and missing and spare and _trade_partner(view, player, missing) is not None:
        return TRADE
    return END_TURN


def choose(state: State, player: int, rng: random.Random) -> int:
    """The beginner's move for the current phase."""
    view: dict[str, Any] = state.view(player)
    legal = state.legal_actions(player)
    hand: dict[str, int] = view["hand"]
    phase = view["phase"]
    if phase == "main":
        return _main(view, player, hand, legal)
    if phase == "response":
        return _respond(view, hand) if ACCEPT in legal else DECLINE
    if phase == "pick":
        return _pick(hand, legal, rng)
    if phase == "fan_target":
        return _leader_card(view, player, legal) or rng.choice(legal)
    if phase == "partner":
        partner = _trade_partner(view, player, _missing(hand))
        return (
            WITH_SEAT + partner
            if partner is not None and WITH_SEAT + partner in legal
            else legal[0]
        )
    if phase == "offer":
        return _offer(view, hand, legal)
    return rng.choice(legal)


def values(state: State) -> list[float]:
    """Estimated win shares from fly-free packs and progress toward the next Nasi Lemak."""
    game = cast(NasiLemakState, state)
    worth = []
    for seat in range(game.num_players):
        base = seat * len(KEYS)
        have = sum(1 for t in INGREDIENTS if game.hands[base + t])
        worth.append(game.fly_free_packs(seat) + 0.25 * have)
    return win_shares(worth, TEMPERATURE)
