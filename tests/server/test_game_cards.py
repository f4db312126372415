"""What the lobby's card of each game says: its description and how long it usually runs."""

from __future__ import annotations

from typing import Any

from meja.core import list_games
from meja.core.registry import spec_of
from meja.server.api.games import SECONDS_PER_MOVE, median_moves, median_turns_each


def test_the_lengths_file_covers_every_game_and_player_count() -> None:
    for measured in (median_moves(), median_turns_each()):
        for game in list_games():
            counts = [str(n) for n in range(game.min_players, game.max_players + 1)]
            assert sorted(measured[game.name]) == sorted(counts), game.name
            assert all(count > 0 for count in measured[game.name].values()), game.name


def test_each_game_is_served_with_its_description_and_length(live: Any) -> None:
    served = {game["name"]: game for game in live.http.get("/api/games").json()}
    for game in list_games():
        info = served[game.name]
        spec = spec_of(game)
        assert spec is not None and info["blurb"] == spec.blurb != ""
        lengths = info["lengths"]
        assert [length["players"] for length in lengths] == list(
            range(game.min_players, game.max_players + 1)
        )
        for length in lengths:
            moves = median_moves()[game.name][str(length["players"])]
            assert length["turns"] == median_turns_each()[game.name][str(length["players"])]
            assert length["minutes"] == max(1, round(moves * SECONDS_PER_MOVE / 60))
