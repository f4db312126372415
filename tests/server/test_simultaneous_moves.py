"""In a simultaneous phase a person's move stays good while the others play on: only a
change in the moves they may make refuses it as stale."""

import random
from typing import Any


def _placing_together(table: Any, rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """Random moves until both seats may place a cake at once: each seat's state then."""
    for _ in range(400):
        public = table.waiting()
        assert not public["result"], "the game ended before both seats placed at once"
        states = [table.state(seat) for seat in (0, 1)]
        if public["active"] == [0, 1] and all(
            state["legal"][0]["text"].startswith("place") for state in states
        ):
            return states[0], states[1]
        seat = rng.choice(public["active"])
        mine = table.state(seat)
        answer = table.move(seat, rng.choice(mine["legal"])["action"], mine["step"])
        assert answer.status_code == 200, answer.text
    raise AssertionError("no moment in 400 moves when both seats could place")


def test_a_cake_placed_by_the_other_seat_does_not_refuse_yours(live: Any, people: Any) -> None:
    """Mooncake Master's placing is simultaneous: the other player's cake changes what you
    see, not what you may do, so the placement you chose before it still goes through."""
    table = people(live, "mooncake", 2)
    mine, theirs = _placing_together(table, random.Random(4))
    placed = table.move(1, theirs["legal"][0]["action"], theirs["step"])
    assert placed.status_code == 200, placed.text
    now = table.state(0)
    assert now["view"] != mine["view"], "the other seat's cake is on the table for you to see"
    assert now["legal"] == mine["legal"]
    answer = table.move(0, mine["legal"][-1]["action"], mine["step"])
    assert answer.status_code == 200, answer.text
    assert answer.json()["step"] == now["step"] + 1


def test_a_move_chosen_before_your_choices_changed_is_stale(live: Any, people: Any) -> None:
    """Once your own placement has changed what you may do next, a move chosen before it is
    refused, and the refusal says why."""
    table = people(live, "mooncake", 2)
    mine, _ = _placing_together(table, random.Random(4))
    assert table.move(0, mine["legal"][0]["action"], mine["step"]).status_code == 200
    refused = table.move(0, mine["legal"][-1]["action"], mine["step"])
    assert refused.status_code == 409
    assert refused.json()["code"] == "stale"
    assert "the moves you may make have changed since" in refused.json()["message"]
