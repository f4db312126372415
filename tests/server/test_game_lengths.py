"""What a lobby card says about a game's turns, as its players count them by the rulebook: one
test per game, read from /api/games as the lobby reads it, beside the moves measured in the same
simulated games (meja/web/lengths.json); and how scripts/game_lengths.py counts those turns."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from meja.core import State, load_game
from meja.core.game import CHANCE
from meja.core.registry import facts_of
from meja.server.api.games import median_moves
from meja.sim.job import make_job
from meja.sim.play import play_game

PERANAKAN_TILES_PLACED_AT_MOST = 36
"""The deck's 40 tiles but the final 4 beside it, never played (Endgame): one a turn."""


def card_lengths(live: Any, name: str) -> dict[int, dict[str, int]]:
    """The game's lengths served to the lobby, by player count."""
    served = {game["name"]: game for game in live.http.get("/api/games").json()}
    lengths = served[name]["lengths"]
    assert lengths, f"{name} has no lengths"
    return {length["players"]: length for length in lengths}


def moves_each(name: str, players: int) -> float:
    """Each player's share of a typical game's moves."""
    return median_moves()[name][str(players)] / players


def test_mooncake_master_is_twelve_turns_each_at_every_table(live: Any) -> None:
    # "Each round will consist of 4 turns. In each turn, all players will play
    # simultaneously"; the game is 3 rounds, so everyone plays all 12 turns.
    for players, length in card_lengths(live, "mooncake").items():
        assert length["turns"] == 12, (players, length)


def test_a_nasi_lemak_turn_of_several_moves_counts_once(live: Any) -> None:
    # "During a player's turn, they draw two cards ... and can make up to three moves".
    for players, length in card_lengths(live, "nasi_lemak").items():
        assert 1 <= length["turns"] < moves_each("nasi_lemak", players), (players, length)


def test_a_peranakan_turn_takes_and_places_one_tile(live: Any) -> None:
    # Steps 1-5 of "How to Play": choose a tile, place it, maybe a pawn; at most 36 are placed.
    for players, length in card_lengths(live, "peranakan").items():
        turns = length["turns"]
        assert turns * players <= PERANAKAN_TILES_PLACED_AT_MOST + players / 2, (players, length)
        assert turns <= moves_each("peranakan", players) / 2, (players, length)


def test_a_te_kuiti_turn_is_two_fences_or_two_tiles_turned(live: Any) -> None:
    # The shepherd "places 2 fences"; the sheep player "flips 2 tiles" (and any ram or
    # shepherd in between); alone, you flip until 2 sheep show.
    lengths = card_lengths(live, "te_kuiti")
    assert sorted(lengths) == [1, 2]
    for players, length in lengths.items():
        assert 1 <= length["turns"] <= moves_each("te_kuiti", players) / 2, (players, length)


# --- how scripts/game_lengths.py (`make lengths`) measures them --------------------------------

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "game_lengths.py"


def lengths_script() -> ModuleType:
    """scripts/game_lengths.py, loaded as a module."""
    spec = importlib.util.spec_from_file_location("game_lengths", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def counted_turns(state: State) -> int:
    """The rulebook's turns in a finished game, counted afresh from its history, not from the
    game's own turn counter: a new turn begins whenever the player whose turn it is changes."""
    game, name = state.game, state.game.name
    replay = game.new_state(state.num_players)
    owners: list[Any] = []
    for player, action in state.history:
        if player != CHANCE:
            if name == "nasi_lemak":  # a trade's answer is given in the proposer's turn
                owner: Any = replay.position()["active"]
            elif name == "te_kuiti":  # a shepherd tile's fence is placed in the sheep's turn
                seen = replay.position()
                owner = (seen["round"], seen["phase"] == "shepherd")
            elif name == "peranakan":  # one tile taken a turn
                taken = replay.action_to_str(action, player).startswith("take")
                owner = len(owners) if taken else None
            else:
                owner = None
            if owner is not None and (not owners or owners[-1] != owner):
                owners.append(owner)
        replay.apply(action, player)
    return len(owners)


@pytest.mark.parametrize(
    ("name", "players"),
    [("peranakan", 3), ("nasi_lemak", 4), ("te_kuiti", 2), ("te_kuiti", 1), ("mooncake", 3)],
)
def test_the_measure_plays_simulated_games_and_counts_the_rulebooks_turns(
    name: str, players: int
) -> None:
    script = lengths_script()
    game = load_game(name)
    job = make_job(game, players, "heuristic", 2, 1, {})
    for index in range(2):
        episode = script.play(job, index, game)
        assert episode.moves == play_game(job, index, game).moves  # `meja simulate`'s game
        turns_each = script.TURN_RULES[name].turns_each(episode.state)
        if name == "mooncake":  # 3 rounds of 4 turns, everyone playing each one
            assert turns_each == 12
        elif players == 1:  # alone, one player's turns: the solo game's own count of them
            played = facts_of(episode.state).stats["turns"]
            assert played <= turns_each <= played + 1, index  # begun, the last maybe cut short
        else:  # the turns go round the table
            assert turns_each == counted_turns(episode.state) / players, index
