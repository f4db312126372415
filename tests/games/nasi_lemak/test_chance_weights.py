"""Chance comes in the rulebook's proportions: a banana-leaf card is drawn by the number of such
cards left in the draw pile, a Nasi Lemak card by the one- and two-pack cards left in its pile,
a Thief's steal by the cards in the target's hand, and a random start seat evenly (N13).

The counts are written out here from the rulebook's components list, not read from the game's
components: 15 Nasi Lemak cards (8 of one pack, 7 of two); 50 ingredients (10 each of Rice, Egg,
Peanuts, Anchovies Sambal, Cucumber); 25 actions (3 each of Officer, Thief, Supplier,
Wholesaler, Mak Cik Nasi Lemak and Fan, 5 Fly, 2 Fly Swatter).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.games.nasi_lemak import GAME, NasiLemakState

INGREDIENTS = {"rice": 10, "egg": 10, "peanuts": 10, "sambal": 10, "cucumber": 10}
ACTIONS = {"officer": 3, "thief": 3, "supplier": 3, "wholesaler": 3, "mak_cik": 3}
ACTIONS |= {"fan": 3, "fly": 5, "swatter": 2}
BANANA_LEAF = Counter(INGREDIENTS | ACTIONS)
"""The 75 banana-leaf cards, dealt, drawn and turned up by a Wholesaler."""
NASI_LEMAK = Counter({"1 pack": 8, "2 packs": 7})
"""The 15 golden-back Nasi Lemak cards."""


def _weights(state: NasiLemakState) -> dict[str, float]:
    """The pending chance event as {outcome name: probability}, names as in positions."""
    return {
        state.action_to_str(a, CHANCE).replace("mak cik", "mak_cik"): p
        for a, p in state.chance_outcomes()
    }


def _even(counts: Counter[str]) -> dict[str, Any]:
    """Each name's chance: its count over the total."""
    return {name: pytest.approx(n / counts.total()) for name, n in counts.items() if n}


def _out_of_the_draw_pile(position: dict[str, Any]) -> Counter[str]:
    """Banana-leaf cards in hands, on the discard pile, turned up, or flying on the table."""
    out: Counter[str] = Counter()
    for hand in position["hands"]:
        out.update(hand)
    out.update(position["discard_pile"])
    out.update(position["revealed"])
    out["fly"] += sum(card["fly"] for row in position["nasi_lemak"] for card in row)
    return out


def test_the_rulebook_counts_seventy_five_banana_leaf_and_fifteen_nasi_lemak_cards() -> None:
    assert sum(INGREDIENTS.values()) == 50
    assert sum(ACTIONS.values()) == 25
    assert BANANA_LEAF.total() == 75
    assert NASI_LEMAK.total() == 15
    assert 8 * 1 + 7 * 2 == 22


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_first_card_dealt_is_drawn_from_all_seventy_five(players: int) -> None:
    state = GAME.new_state(players)
    assert state.current_player() == CHANCE
    assert _weights(state) == _even(BANANA_LEAF)
    assert _weights(state)["fly"] == pytest.approx(5 / 75)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_draw_weighs_the_cards_left_where_it_is_drawn_from(players: int) -> None:
    """At every chance step of seeded random games: a deal, draw or Wholesaler's card weighs the
    printed counts less the cards out of the draw pile; a Nasi Lemak card the 8 and 7 less the
    cards on the table; a steal the target's hand; the random start seat 1/n each."""
    phases: Counter[str] = Counter()
    for seed in range(2):
        rng = random.Random(seed * 1_000 + players)
        state = GAME.new_state(players, start_player="random")
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                position = state.position()
                phase = position["phase"]
                phases[phase] += 1
                weights = _weights(state)
                if phase in ("deal", "draw", "reveal"):
                    assert weights == _even(BANANA_LEAF - _out_of_the_draw_pile(position))
                elif phase == "cook":
                    made = [card["packs"] for row in position["nasi_lemak"] for card in row]
                    made_names = [f"{packs} pack" + "s" * (packs > 1) for packs in made]
                    assert weights == _even(NASI_LEMAK - Counter(made_names))
                elif phase == "steal":
                    hand = position["hands"][position["target"]]
                    assert weights == _even(Counter({f"steal {c}": n for c, n in hand.items()}))
                else:
                    assert phase == "start"
                    assert weights == _even(Counter(f"start seat {s}" for s in range(players)))
            seat, action = random_step(state, rng)
            state.apply(action, seat)
    assert phases["deal"] == 2 * 7 * players
    assert all(phases[phase] for phase in ("draw", "reveal", "cook", "steal"))
    assert phases["start"] == 2
