"""The shared start-player option: a seat as text or int, or random; never a missing seat."""

from __future__ import annotations

import pytest

from meja.core import load_game


@pytest.mark.parametrize("name", ["peranakan", "nasi_lemak"])
def test_a_start_seat_may_be_given_as_a_number_or_as_text(name: str) -> None:
    game = load_game(name)
    assert game.resolve_options(3, {"start_player": 2})["start_player"] == "2"
    assert game.resolve_options(3, {"start_player": "random"})["start_player"] == "random"


@pytest.mark.parametrize(("name", "rule"), [("peranakan", "P13"), ("nasi_lemak", "N13")])
def test_a_start_seat_beyond_the_table_is_refused(name: str, rule: str) -> None:
    game = load_game(name)
    with pytest.raises(ValueError, match="seat 3 does not exist with 3 players"):
        game.resolve_options(3, {"start_player": 3})
    option = next(o for o in game.options if o.name == "start_player")
    assert rule in option.help and "random" in option.choices
