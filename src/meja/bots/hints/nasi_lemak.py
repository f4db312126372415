"""Nasi Lemak hints in words: the move, and why, from the heuristic's rules of thumb.

The heuristic thinks in the order a sensible beginner would: make a Nasi Lemak (or Mak Cik)
when it can, clear flies off its own cards, chase a missing ingredient with the Officer,
Supplier or Wholesaler, steal, put flies on the leader, trade a spare for a missing ingredient.
The reasons follow the same order and read only the seat's own view: its hand, the hand sizes,
the cards it knows others hold, and the flies on the table.
"""

from __future__ import annotations

from typing import Any

from meja.bots.heuristics.heuristic import Choose
from meja.bots.hints.common import counted, listed, sentence
from meja.core import State
from meja.core.told import seat as seat_mention
from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ANNOUNCE,
    ASK,
    CANCEL_TRADE,
    DECLINE,
    END_TURN,
    EXAMINE,
    FAN,
    FLY,
    GIVE,
    MAK_CIK,
    MAKE,
    OFFICER,
    PLACE,
    PROPOSE,
    SUPPLIER,
    SWAT,
    TAKE,
    TAKE_BACK,
    THIEF,
    TRADE,
    TRIO,
    UNASK,
    WHOLESALER,
    WITH_SEAT,
)
from meja.games.nasi_lemak.tables import (
    INGREDIENTS,
    KEYS,
    MAK_CIK_SETS,
    MAX_TABLE_CARDS,
    TRADABLE,
)
from meja.games.nasi_lemak.words import NAMES, ORDINALS, PLURAL_NAMES

PLAY_WORDS = {
    MAK_CIK: "Play Mak Cik Nasi Lemak",
    WHOLESALER: "Play the Wholesaler",
    SUPPLIER: "Play the Supplier",
    OFFICER: "Play the Officer",
    THIEF: "Play the Thief",
    FLY: "Play a Fly",
}
INGREDIENT_KEYS = tuple(KEYS[t] for t in INGREDIENTS)
NAME_OF = dict(zip(KEYS, NAMES, strict=True))
PLURAL_OF = dict(zip(KEYS, PLURAL_NAMES, strict=True))


def _card(key: str, count: int = 1) -> str:
    """ "1 Egg", "2 Eggs"."""
    return f"{count} {NAME_OF[key] if count == 1 else PLURAL_OF[key]}"


def _names(keys: list[str]) -> str:
    return listed([NAME_OF[key] for key in keys])


def _missing(hand: dict[str, int]) -> list[str]:
    """Ingredients the hand lacks for a full Nasi Lemak."""
    return [key for key in INGREDIENT_KEYS if not hand.get(key)]


def _own_card(index: int) -> str:
    return f"your {ORDINALS[index]} Nasi Lemak card"


def move_words(view: dict[str, Any], seat: int, action: int) -> str:
    """The move as the player would make it, in words."""
    if action == END_TURN:
        return "End your turn"
    if action == MAKE:
        return "Make a Nasi Lemak"
    if action in PLAY_WORDS:
        return PLAY_WORDS[action]
    if action == TRADE:
        return "Start a trade"
    if action == PROPOSE:
        return "Propose the trade"
    if action in (ACCEPT, DECLINE):
        offerer = seat_mention(view["active"])
        return f"{'Accept' if action == ACCEPT else 'Turn down'} {offerer}'s offer"
    if action == CANCEL_TRADE:
        return "Cancel the trade"
    if TRIO <= action < ANNOUNCE:
        trio = [KEYS[t] for t in MAK_CIK_SETS[action - TRIO]]
        return f"Use {_names(trio)} with Mak Cik Nasi Lemak"
    if ANNOUNCE <= action < EXAMINE:
        return f"Name {NAMES[INGREDIENTS[action - ANNOUNCE]]}"
    if EXAMINE <= action < WITH_SEAT:
        return f"Look at {seat_mention(action - EXAMINE)}'s hand"
    if WITH_SEAT <= action < TAKE:
        return f"Trade with {seat_mention(action - WITH_SEAT)}"
    if TAKE <= action < GIVE:
        return f"Take 1 {NAMES[action - TAKE]}"
    if GIVE <= action < ASK:
        return f"Offer 1 {NAMES[TRADABLE[action - GIVE]]}"
    if ASK <= action < FAN:
        return f"Ask for 1 {NAMES[TRADABLE[action - ASK]]}"
    if FAN <= action < SWAT:
        return f"Fan the Fly off {_own_card(action - FAN)}"
    if SWAT <= action < PLACE:
        return f"Swat the Fly on {_own_card(action - SWAT)}"
    if PLACE <= action < CANCEL_TRADE:
        owner, index = divmod(action - PLACE, MAX_TABLE_CARDS)
        return f"Put the Fly on {seat_mention(owner)}'s {ORDINALS[index]} Nasi Lemak card"
    if TAKE_BACK <= action < UNASK:
        return f"Take 1 {NAMES[TRADABLE[action - TAKE_BACK]]} back off the offer"
    return f"Stop asking for {NAMES[TRADABLE[action - UNASK]]}"


def explain(world: State, seat: int, action: int, choose: Choose) -> tuple[str, str]:
    """The hinted step in words and the reason the heuristic prefers it."""
    view: dict[str, Any] = world.view(seat)
    return move_words(view, seat, action), sentence(_why(view, seat, action))


def _others(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [entry for entry in view["seats"] if entry["seat"] != seat]


def _free_cards(entry: dict[str, Any]) -> int:
    return sum(1 for fly in entry["flies"] if not fly)


def _holders(view: dict[str, Any], seat: int, keys: list[str]) -> list[tuple[int, str, int]]:
    """(seat, card, count) for each card of keys another seat is known to hold."""
    found = []
    for entry in _others(view, seat):
        for key in keys:
            count = entry.get("known", {}).get(key, 0)
            if count:
                found.append((int(entry["seat"]), key, count))
    return found


def _why(view: dict[str, Any], seat: int, action: int) -> str:
    hand: dict[str, int] = view["hand"]
    missing = _missing(hand)
    needs = f"you still need {_names(missing)}" if missing else ""
    others = _others(view, seat)
    if action == MAKE:
        return (
            "you hold all five ingredients: a Nasi Lemak card brings 1 or 2 packs, and 5 "
            "fly-free packs win the game"
        )
    if action == MAK_CIK:
        return (
            "Mak Cik Nasi Lemak makes a Nasi Lemak from just three different ingredients, "
            "and you have them"
        )
    if TRIO <= action < ANNOUNCE:
        used = [KEYS[t] for t in MAK_CIK_SETS[action - TRIO]]
        kept = [key for key in INGREDIENT_KEYS if hand.get(key, 0) - (key in used) > 0]
        if not kept:
            return "Mak Cik takes any three different ingredients, and these are the ones you have"
        return f"it leaves you {_names(kept)} toward your next Nasi Lemak"
    if SWAT <= action < PLACE:
        return "while a Fly sits on your card, its packs do not count; the Swatter sends it away"
    if FAN <= action < SWAT:
        return (
            "while a Fly sits on your card, its packs do not count; the Fan blows it onto a "
            "rival's card instead"
        )
    if action == OFFICER:
        fullest = max(others, key=lambda e: e["hand_size"])
        return (
            f"{needs}: the Officer looks into a hand and takes two cards from it, and "
            f"{seat_mention(fullest['seat'])} holds {counted(fullest['hand_size'], 'card')}"
        )
    if action == SUPPLIER:
        return f"{needs}: name one, and every other player hands you all of theirs"
    if action == WHOLESALER:
        return f"{needs}: the Wholesaler turns up three cards and you keep every ingredient"
    if action == THIEF:
        return "the Thief takes a card at random from every other hand: more cards for you"
    if action == FLY:
        leader = max(others, key=_free_cards)
        return (
            f"{seat_mention(leader['seat'])} has a fly-free Nasi Lemak card: a Fly on it "
            "stops its packs from counting"
        )
    if action == TRADE or WITH_SEAT <= action < TAKE:
        found = _holders(view, seat, missing)
        if found:
            who, key, count = found[0]
            return (
                f"{seat_mention(who)} is known to hold {_card(key, count)}, which you need, "
                "and you have a spare ingredient to offer"
            )
        return "a trade can bring an ingredient you need for one you have to spare"
    if action == END_TURN:
        if view["phase"] == "main" and missing:
            return (
                f"{needs}, and none of your cards gets {'it' if len(missing) == 1 else 'them'} "
                "now; keep your cards for a later turn"
            )
        return "nothing more helps now; your cards keep for a later turn"
    if ANNOUNCE <= action < EXAMINE:
        key = KEYS[INGREDIENTS[action - ANNOUNCE]]
        held = sum(count for _, _, count in _holders(view, seat, [key]))
        if held:
            return f"the others are known to hold {_card(key, held)}, and all must come to you"
        if key in missing:
            return f"you have no {NAME_OF[key]}, and a Nasi Lemak needs one of each ingredient"
        return "it is the ingredient most likely to come to you"
    if EXAMINE <= action < WITH_SEAT:
        entry = view["seats"][action - EXAMINE]
        return (
            f"{seat_mention(entry['seat'])} holds the most cards "
            f"({entry['hand_size']}), so you have most to choose from"
        )
    if TAKE <= action < GIVE:
        key = KEYS[action - TAKE]
        if key in missing:
            return f"you have no {NAME_OF[key]}, and a Nasi Lemak needs one of each ingredient"
        return "of the cards in this hand, it is the most use to you"
    if PLACE <= action < CANCEL_TRADE:
        owner, _ = divmod(action - PLACE, MAX_TABLE_CARDS)
        entry = view["seats"][owner]
        if len(others) == 1:
            return "the card is fly-free: with the Fly on it, its packs stop counting"
        return (
            f"{seat_mention(owner)} has the most fly-free Nasi Lemak cards "
            f"({_free_cards(entry)}): with the Fly on one, its packs stop counting"
        )
    if GIVE <= action < ASK:
        key = KEYS[TRADABLE[action - GIVE]]
        return f"you have {_card(key, hand.get(key, 0))}, more than a Nasi Lemak needs"
    if ASK <= action < FAN:
        key = KEYS[TRADABLE[action - ASK]]
        return f"you have no {NAME_OF[key]}, and a Nasi Lemak needs one of each ingredient"
    if action == PROPOSE:
        offer = view["offer"] or {"give": {}, "ask": {}}
        gives = listed([_card(key, count) for key, count in offer["give"].items()])
        asks = listed([_card(key, count) for key, count in offer["ask"].items()])
        if gives and asks:
            return f"the offer gives {gives}, which you can spare, for {asks}, which you need"
        return "the offer is ready to be put to its partner"
    if action in (ACCEPT, DECLINE):
        return _answer(view, hand, missing, action)
    return "the offer is not one worth making now"


def _answer(view: dict[str, Any], hand: dict[str, int], missing: list[str], action: int) -> str:
    offer = view["offer"] or {"give": {}, "ask": {}}
    brings = [key for key in offer["give"] if key in missing]
    costly = [
        key
        for key, count in offer["ask"].items()
        if key in INGREDIENT_KEYS and hand.get(key, 0) - count < 1
    ]
    if action == ACCEPT:
        return f"it brings you {_names(brings)}, which you need, and costs no ingredient you need"
    if brings and costly:
        return f"it would cost your last {_names(costly)}, which a Nasi Lemak needs as well"
    if not brings:
        return "it brings you no ingredient you are missing"
    return "you cannot give every card it asks for"
