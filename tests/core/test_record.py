"""GameRecord: JSON round trip, replay, and refusal of broken records at the exact step."""

from __future__ import annotations

import json
import random

import pytest

from meja.core import GameRecord, InvalidPosition
from meja.core.episode import play_random


def _finished(race, seed: int = 1) -> GameRecord:
    return GameRecord.from_state(play_random(race.new_state(2, target=9), random.Random(seed)))


def test_record_round_trips_through_json_and_replays_to_the_same_state(race, tmp_path) -> None:
    record = _finished(race)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded.to_dict() == record.to_dict()
    state = loaded.replay(game=race)
    assert state.is_terminal() and state.total >= 9
    assert state.history == record.history


def test_replay_to_an_intermediate_step(race) -> None:
    record = _finished(race)
    state = record.replay(2, game=race)
    assert len(state.history) == 2


def test_a_move_that_breaks_a_rule_is_reported_with_its_step_number(race) -> None:
    record = _finished(race)
    record.history[3] = (record.history[3][0], 7)
    with pytest.raises(InvalidPosition, match=r"^step 4: "):
        record.replay(game=race)


def test_a_move_by_the_wrong_seat_is_reported_with_its_step_number(race) -> None:
    record = _finished(race)
    player, action = record.history[2]
    record.history[2] = (1 - player, action)
    with pytest.raises(InvalidPosition, match=r"^step 3: it is not seat"):
        record.replay(game=race)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not a JSON game record"),
        ("[1, 2]", "must be a JSON object"),
        ('{"game": "race", "num_players": 2, "options": {}}', "no 'history' field"),
        (
            '{"game": "race", "num_players": 2, "options": {}, "history": [[0]]}',
            r"step 1: expected \[player, action\]",
        ),
        (
            '{"game": "race", "num_players": 2, "options": {}, "history": [], "x": 1}',
            "unknown field 'x'",
        ),
        ('{"game": "race", "num_players": "2", "options": {}, "history": []}', "num_players"),
    ],
)
def test_malformed_records_are_refused_with_the_field_named(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        GameRecord.from_json(text)


def test_a_record_with_bad_options_is_refused(race) -> None:
    record = GameRecord.from_dict(
        json.loads('{"game": "race", "num_players": 2, "options": {"target": 99}, "history": []}')
    )
    with pytest.raises(InvalidPosition, match="setup is invalid: option 'target'"):
        record.replay(game=race)


def test_states_lists_every_step_for_replay_viewers(race) -> None:
    record = _finished(race)
    states = record.states(game=race)
    assert len(states) == len(record.history) + 1
    assert states[0].history == [] and states[-1].is_terminal()


def test_a_record_holds_the_moves_as_they_stand_after_a_take_back() -> None:
    """A move taken back is not in the record: the record of a game with a take-back is the
    record of the game that never made the move, the one form records have always had."""
    from meja.core import load_game

    def played(state, *moves: str):
        for move in moves:
            state.apply(state.str_to_action(move))
        return state

    game = load_game("te_kuiti")
    changed_mind = played(game.new_state(2), "fence b2n").undone(0)
    played(changed_mind, "fence c3n", "fence a1w")
    never = played(game.new_state(2), "fence c3n", "fence a1w")
    record = GameRecord.from_state(changed_mind)
    assert record.to_dict() == GameRecord.from_state(never).to_dict()
    replayed = GameRecord.from_json(record.to_json()).replay()
    assert replayed == never and replayed.history == never.history
