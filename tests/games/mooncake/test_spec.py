"""The GameSpec: facts of a finished game and the components the browser draws from."""

from __future__ import annotations

import json
import random

from meja.bots.heuristics.mooncake import HEURISTIC, choose, values
from meja.core.episode import play_random
from meja.games.mooncake import GAME, SPEC


def test_facts_count_rounds_taste_and_customers_from_the_round_results() -> None:
    state = play_random(GAME.new_state(3), random.Random(5))
    facts = SPEC.facts(state)
    view = state.view(None)
    assert facts.end == "3 rounds played"
    served = [sum(c is not None for rnd in view["served"] for c in rnd[seat]) for seat in range(3)]
    assert facts.seat_stats["customers_served"] == tuple(float(s) for s in served)
    assert facts.stats["customers_served"] == sum(served)
    assert facts.seat_stats["taste_value"][1] == sum(rnd[1] for rnd in view["tastes"]) / 3
    tied = state.scores().count(max(state.scores())) > 1 and len(state.winners()) == 1
    assert facts.stats["won_on_taste_tiebreak"] == float(tied)


def test_the_drawing_holds_the_components_the_browser_reads_as_json() -> None:
    data = SPEC.drawing.data
    assert sorted(data) == ["CAKES", "CUSTOMERS", "QUARTERS", "ROUNDS", "TURNS_PER_ROUND"]
    assert json.loads(json.dumps(data)) == data
    assert data["CUSTOMERS"][2]["conditions"] == [
        {"stat": "flavours", "op": "==", "value": ["green_tea"]}
    ]
    fresh = GAME.new_state(2)
    assert SPEC.game is GAME and "round 1 turn 1" in str(fresh)
    assert SPEC.render_seat(fresh, None).startswith("Round 1, turn 1: reveal")


def test_the_heuristic_is_described_with_its_values() -> None:
    assert HEURISTIC.choose is choose and HEURISTIC.values is values
