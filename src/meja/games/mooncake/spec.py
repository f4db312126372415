"""Mooncake Master's GameSpec: its text drawings, what the browser draws from, its facts and
its outcome in words."""

from __future__ import annotations

from typing import Any

from meja.core.spec import Drawing, GameSpec
from meja.games.mooncake import facts, statistics, text, words
from meja.games.mooncake.components import (
    CAKES,
    CUSTOMERS,
    QUARTERS,
    ROUNDS,
    TURNS_PER_ROUND,
    Customer,
)
from meja.games.mooncake.game import GAME
from meja.games.mooncake.state import MooncakeState


def _card(customer: Customer) -> dict[str, Any]:
    """A customer card as the browser reads it: its number, name, text and conditions."""
    return {
        "number": customer.number,
        "name": customer.name,
        "text": customer.text,
        "conditions": [
            {
                "stat": condition.stat,
                "op": condition.op,
                "value": list(condition.value)
                if isinstance(condition.value, tuple)
                else condition.value,
            }
            for condition in customer.conditions
        ],
    }


SPEC: GameSpec[MooncakeState] = GameSpec(
    game=GAME,
    render_seat=text.render_seat,
    drawing=Drawing(
        1,
        {
            "CAKES": CAKES,
            "CUSTOMERS": [_card(customer) for customer in CUSTOMERS],
            "QUARTERS": list(QUARTERS),
            "ROUNDS": ROUNDS,
            "TURNS_PER_ROUND": TURNS_PER_ROUND,
        },
    ),
    facts=facts.facts,
    outcome=words.outcome,
    statistics=statistics.statistics,
    blurb=(
        "Each turn keep one of three mooncake quarters, pass the other two to your neighbours and "
        "fit what you get into three cakes. Bake for Taste and please the customers to earn the "
        "most Festive Points."
    ),
)
