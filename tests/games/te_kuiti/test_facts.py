"""The facts a finished game reports, from the state's own record of why it ended."""

from __future__ import annotations

import random
from collections.abc import Callable

from meja.core.episode import play_random
from meja.games.te_kuiti import GAME, SPEC
from meja.games.te_kuiti.state import TeKuitiState

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
GoneExcept = Callable[..., dict[str, str]]
Around = Callable[..., list[str]]


def test_a_solo_game_lost_to_time_reports_the_turn_limit(build: Build, play: Play) -> None:
    state = play(build(players=1, options={"solo_turn_limit": 1}), "flip a1", "joyful")
    play(state, "flip a2", "sleepy")
    facts = SPEC.facts(state)
    assert facts.end == "turn limit"
    assert facts.stats == {"tiles_removed": 0.0, "fences_left": 30.0, "turns": 1.0}


def test_open_tiles_with_no_pair_are_told_apart_from_a_field_all_enclosed(
    build: Build, play: Play, gone_except: GoneExcept, around: Around
) -> None:
    """Enclosed empty cells do not make an open tile enclosed."""
    cells = gone_except({"a1": "down joyful", "b1": "down sleepy"})
    state = play(build(players=1, cells=cells, fences=around("d5", "e5")), "flip a1", "flip b1")
    assert SPEC.facts(state).end == "no pair left to match"
    cells = gone_except({"a1": "down joyful", "b1": "down shepherd north"})
    state = play(build(players=1, cells=cells, fences=around("a1")), "flip b1")
    assert SPEC.facts(state).end == "every tile enclosed"


def test_a_solo_game_cut_short_by_its_last_fence_counts_the_turns_completed() -> None:
    """T2: the last fence ends the game during a turn, which is not counted as played."""
    state = play_random(GAME.new_state(1), random.Random(4))
    facts = SPEC.facts(state)
    assert facts.end == "fences ran out"
    assert (facts.stats["turns"], state.view(None)["turn"]) == (33.0, 34)


def test_a_two_player_game_reports_each_rounds_shepherd_and_sheep_points() -> None:
    state = play_random(GAME.new_state(2, start_player="1"), random.Random(2))
    facts = SPEC.facts(state)
    assert facts.end == "round 2: fences ran out"
    (first_sheep, first_shepherd), (second_shepherd, second_sheep) = state.round_scores
    assert facts.stats == {
        "shepherd_points_round_1": first_shepherd,
        "sheep_points_round_1": first_sheep,
        "shepherd_points_round_2": second_shepherd,
        "sheep_points_round_2": second_sheep,
        "fences_left": 0.0,
    }
    assert facts.seat_stats == {
        "shepherd_points": (second_shepherd, first_shepherd),
        "sheep_points": (first_sheep, second_sheep),
    }


def test_the_browser_draws_from_the_fields_size() -> None:
    assert SPEC.game is GAME
    assert dict(SPEC.drawing.data) == {"COLS": 5, "ROWS": 5}
