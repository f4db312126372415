"""The registry: games found by name, options parsed from key=value strings."""

from __future__ import annotations

import pytest

from meja.core import list_games, load_game, parse_options


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess' \\(known games: "):
        load_game("chess")


def test_every_listed_game_loads_by_name_with_dashes_forgiven() -> None:
    for game in list_games():
        assert load_game(game.name.replace("_", "-").upper()) is game


def test_parse_options_types_values_and_refuses_bad_ones(race) -> None:
    assert parse_options(race, ["target=9", "start=first"]) == {"target": 9, "start": "first"}
    with pytest.raises(ValueError, match="option 'target': expected a number, got 'x'"):
        parse_options(race, ["target=x"])
    with pytest.raises(ValueError, match="expected key=value"):
        parse_options(race, ["target"])
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        parse_options(race, ["colour=red"])
