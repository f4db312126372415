"""Every game has a heuristic bot that beats random play and judges positions as win shares."""

from __future__ import annotations

import random

import pytest

from meja.bots.arena import ArenaSetup, run_games, standings
from meja.bots.heuristic import HeuristicBot, heuristic_values
from meja.bots.heuristics.mooncake import values as mooncake_values
from meja.bots.heuristics.nasi_lemak import values as nasi_lemak_values
from meja.core import CHANCE, list_games
from meja.core.game import sample_chance
from meja.games.mooncake import GAME as MOONCAKE
from meja.games.nasi_lemak import GAME as NASI_LEMAK

GAMES = [game.name for game in list_games()]


MATCH = 30
"""Games of the seeded match: enough that a few lucky random wins cannot decide it."""


@pytest.mark.parametrize("name", GAMES)
def test_the_heuristic_beats_random_play(name: str) -> None:
    """It wins at least 60% of a seeded match (about 80% in Nasi Lemak, all in the others)."""
    setup = ArenaSetup(name, 2, ("heuristic", "random"), seed=21)
    rows = {row.bot: row for row in standings(setup.specs, run_games(setup, MATCH))}
    won = rows["heuristic"].wins
    assert won >= 0.6 * MATCH, f"heuristic won only {won} of {MATCH}"


@pytest.mark.parametrize("name", GAMES)
def test_values_are_win_shares_at_every_step_of_a_game(name: str) -> None:
    game = next(g for g in list_games() if g.name == name)
    values = heuristic_values(game)
    assert values is not None
    bot = HeuristicBot(game)
    players = min(3, game.max_players)
    state = game.new_state(players)
    rng = random.Random(4)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        shares = values(state)
        assert len(shares) == players and sum(shares) == pytest.approx(1.0)
        assert all(0.0 <= share <= 1.0 for share in shares)
        state.apply(bot.choose(state, seat, rng), seat)


def test_a_game_without_a_heuristic_is_refused_by_name() -> None:
    class Unknown:
        name = "backgammon"

    with pytest.raises(ValueError, match="no heuristic bot for backgammon"):
        HeuristicBot(Unknown())  # type: ignore[arg-type]


def test_mooncake_values_count_the_tile_a_seat_keeps_before_it_is_placed() -> None:
    """Choosing which tile to keep is judged by where the kept and passed tiles will go."""
    data = MOONCAKE.new_state(3).position()
    data.update(
        phase="choose",
        turn_in_round=2,
        customers=[1],
        boards=[
            ["LN", "LS", "L-", None] + [None] * 8,
            ["RN", "RS", "R-", None] + [None] * 8,
            ["GN", "GS", "G-", None] + [None] * 8,
        ],
        hands=[["L-", "RSS", "GSS"], ["LNN", "RNN", "GNN"], ["LSS", "R-", "G-"]],
    )
    state = MOONCAKE.from_position(data)
    judged = {}
    for action in state.legal_actions(0):
        child = state.clone()
        child.apply(action, 0)
        judged[state.action_to_str(action, 0).split(",")[0]] = mooncake_values(child)[0]
    assert judged["keep L-"] > max(judged["keep RSS"], judged["keep GSS"])


def _nasi_lemak_share(hand: dict[str, int], packs: list[dict[str, object]]) -> float:
    """Seat 0's estimated win share holding hand and packs, against an empty-handed seat 1."""
    data = {
        "num_players": 2,
        "phase": "main",
        "active": 1,
        "turn": 2,
        "hands": [hand, {}],
        "draw_pile": "rest",
        "nasi_lemak_pile": "rest",
        "nasi_lemak": [packs, []],
    }
    return nasi_lemak_values(NASI_LEMAK.from_position(data))[0]


def test_nasi_lemak_values_count_action_cards_and_flies() -> None:
    """An Officer in hand promises cards (N9), and a fly voids a pack until it goes (N10)."""
    nothing = _nasi_lemak_share({}, [])
    assert _nasi_lemak_share({"officer": 1}, []) > nothing
    assert _nasi_lemak_share({"rice": 1, "egg": 1, "peanuts": 1, "sambal": 1}, []) > (
        _nasi_lemak_share({"rice": 2, "egg": 2}, [])
    )
    fly_free = _nasi_lemak_share({}, [{"packs": 1, "fly": False}])
    under_fly = _nasi_lemak_share({}, [{"packs": 1, "fly": True}])
    assert fly_free > under_fly > nothing
