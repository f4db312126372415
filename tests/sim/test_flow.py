"""How a game unfolds, measured on hand-built games: turns, branching, margin, lead, settling."""

from __future__ import annotations

import random

import pytest

from meja.core import load_game
from meja.core.episode import GameResult, play_episode, random_policy
from meja.sim.flow import Flow, FlowRecorder, lead_changes, settled_turn, winning_margin
from meja.sim.measures import flow_summary, flow_values
from meja.sim.results import PlayedGame


def test_a_lead_changes_when_another_seat_leads_alone() -> None:
    samples = [[0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3]]
    assert lead_changes(samples) == 2


def test_a_tie_ends_nobody_s_lead_and_the_first_leader_takes_it_from_nobody() -> None:
    assert lead_changes([[0, 0, 0], [0, 2, 0], [2, 2, 0], [2, 3, 0]]) == 0
    assert lead_changes([[0, 0], [0, 0]]) == 0


def test_the_settled_turn_is_when_the_winner_went_ahead_for_good() -> None:
    samples = [[0, 0], [1, 0], [1, 2], [3, 2], [4, 2]]
    assert settled_turn(samples, [0]) == 3


def test_a_win_on_a_tie_break_is_settled_only_by_the_last_turn() -> None:
    samples = [[0, 0], [2, 0], [2, 1], [2, 2]]
    assert settled_turn(samples, [0]) == 3


def test_shared_winners_are_settled_once_both_are_ahead_of_the_rest() -> None:
    samples = [[0, 0, 0], [1, 0, 1], [1, 1, 0], [2, 2, 1]]
    assert settled_turn(samples, [0, 1]) == 2


def test_no_winner_or_every_seat_winning_has_no_settled_turn() -> None:
    assert settled_turn([[0, 0], [1, 1]], []) is None
    assert settled_turn([[0, 0], [1, 1]], [0, 1]) is None


def test_the_winning_margin_is_measured_against_the_best_loser() -> None:
    assert winning_margin((5.0, 3.0, 4.0), (0,)) == 1.0
    assert winning_margin((5.0, 5.0, 2.0), (0, 1)) == 3.0
    assert winning_margin((4.0, 4.0), (1,)) == 0.0
    assert winning_margin((4.0, 4.0), (0, 1)) is None
    assert winning_margin((0.0,), ()) is None


def test_turns_are_a_seat_s_consecutive_decisions_and_scores_are_read_as_each_begins() -> None:
    reads: list[int] = []
    points = [0.0, 0.0]

    def scores() -> list[float]:
        reads.append(1)
        return list(points)

    recorder = FlowRecorder()
    recorder.decision(0, 3, scores)
    recorder.decision(
        0, 1, scores
    )  # a chance step between two of seat 0's decisions changes nothing
    points[0] = 2.0
    recorder.decision(1, 6, scores)
    points[1] = 3.0
    recorder.decision(0, 2, scores)
    flow = recorder.flow([2.0, 3.0], [1])
    assert (flow.turns, flow.decisions, flow.options, flow.forced) == (3, 4, 12, 1)
    assert len(reads) == 3
    assert flow.branching == 3.0 and flow.decisions_per_turn == pytest.approx(4 / 3)
    assert flow.running and flow.lead_changes == 1 and flow.settled_turn == 2
    assert flow.settled_share == pytest.approx(2 / 3)


def test_scores_that_move_only_at_the_end_are_not_a_running_score() -> None:
    recorder = FlowRecorder()
    for seat in (0, 1, 0, 1):
        recorder.decision(seat, 2, lambda: [0.0, 0.0])
    assert not recorder.flow([1.0, 4.0], [1]).running


@pytest.mark.parametrize("name", ["peranakan", "nasi_lemak"])
def test_measuring_the_random_bot_leaves_its_games_as_they_were(name: str) -> None:
    game = load_game(name)
    for seed in range(3):
        plain = play_episode(game.new_state(3), [random_policy] * 3, random.Random(seed))
        recorder = FlowRecorder()
        measured = play_episode(
            game.new_state(3), [recorder.wrap(random_policy)] * 3, random.Random(seed)
        )
        assert measured.state.history == plain.state.history
        assert recorder.flow(measured.scores, measured.winners).decisions == measured.moves


def _played(index: int, scores: tuple[float, ...], flow: Flow | None) -> PlayedGame:
    """A hand-built record: the top score wins."""
    best = max(scores)
    winners = tuple(seat for seat, score in enumerate(scores) if score == best)
    returns = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(len(scores)))
    plain = GameResult(index, index, ("heuristic",) * len(scores), scores, returns, winners, 9, 9)
    return PlayedGame(**vars(plain), flow=flow)


def test_measures_over_a_run_of_hand_built_games() -> None:
    results = [
        _played(0, (4.0, 2.0), Flow(10, 30, 90, 3, True, 2, 8)),
        _played(1, (1.0, 3.0), Flow(12, 24, 120, 0, True, 0, 12)),
    ]
    values = flow_values(results, 2)
    assert values["turns"] == [10, 12] and values["turns per seat"] == [5.0, 6.0]
    assert values["decisions per turn"] == [3.0, 2.0]
    assert values["branching factor"] == [3.0, 5.0]
    assert values["forced decisions"] == [0.1, 0.0]
    assert values["winning margin"] == [2.0, 2.0]
    assert values["lead changes"] == [2, 0]
    assert values["settled share"] == [0.8, 1.0]
    summary = flow_summary(results, 2)
    assert summary["lead_changed"] == 0.5 and summary["settled_on_last_turn"] == 0.5


def test_a_game_without_a_running_score_has_no_lead_measures() -> None:
    results = [_played(i, (1.0, 0.0), Flow(6, 6, 12, 0, False, 1, 6)) for i in range(3)]
    values = flow_values(results, 2)
    assert "lead changes" not in values and "settled share" not in values
    assert values["winning margin"] == [1.0, 1.0, 1.0]


def test_a_solo_game_has_no_margin_or_lead() -> None:
    results = [_played(0, (5.0,), Flow(8, 8, 16, 0, True, 0, None))]
    assert set(flow_values(results, 1)) == {
        "turns",
        "turns per seat",
        "decisions per turn",
        "branching factor",
        "forced decisions",
    }
