"""Replays of finished games: every frame as a replay from move 0 shows it, built from
checkpoints and the frames just served rather than from the start each time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meja.core import CHANCE, GameRecord, State, load_game
from meja.core.game import sample_chance
from meja.core.registry import outcome_of, statistics_of
from meja.core.told import say, told_all
from meja.server.replay import MAX_CHECKPOINTS, RECENT_FRAMES, Replay, Replays
from meja.server.storage import TAKE_BACK

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def _finished_table(live: Any, game: str) -> tuple[str, GameRecord]:
    """A game of bots played to the end on the server, and its record."""
    table = live.create(game, seats=BOTS)
    watcher = live.join(table["id"])
    watcher.until(lambda m: m["type"] == "state" and m["result"] is not None)
    record = GameRecord.from_dict(live.http.get(f"/api/tables/{table['id']}/record").json())
    return table["id"], record


NAMES = ["Bot 1", "Bot 2"]
"""The lobby's names for the two bot seats."""


def _expected_frame(record: GameRecord, step: int, seat: int | None) -> dict[str, Any]:
    """What a replay from move 0 shows at step: the state, and each move as told at the time,
    in the words the seat's log gave it."""
    state = record.new_state()
    log = []
    for seq, (player, action) in enumerate(record.history[:step]):
        told = told_all(state, player, action)[record.num_players if seat is None else seat]
        named = told.action is not None
        log.append(
            {
                "seq": seq,
                "player": player,
                "text": say(told.text, seat, NAMES),
                "named": named,
                "record": dict(told.record),
            }
        )
        state.apply(action, player)
    result = None
    if state.is_terminal():
        outcome = outcome_of(state)
        result = {
            "scores": state.scores(),
            "winners": state.winners(),
            "unit": outcome.unit,
            "lines": [say(line, seat, NAMES) for line in outcome.lines],
            "statistics": [row.to_dict() for row in statistics_of(state)],
        }
    return {
        "step": step,
        "total": len(record.history),
        "you": seat,
        "current": state.current_player(),
        "active": state.active_players(),
        "view": state.view(seat),
        "log": log,
        "result": result,
    }


def test_every_frame_of_a_finished_game_is_the_replay_from_move_0(live: Any) -> None:
    table_id, record = _finished_table(live, "peranakan")
    total = len(record.history)
    steps = [*range(total + 1), *range(total - 1, -1, -7), 3, total, 0]
    for seat in (0, None):
        params = {} if seat is None else {"seat": seat}
        for step in steps:
            frame = live.http.get(f"/api/tables/{table_id}/replay/{step}", params=params).json()
            assert frame["type"] == "replay"
            assert frame["table"]["id"] == table_id
            del frame["type"], frame["table"]
            assert frame == _expected_frame(record, step, seat), (seat, step)


def _random_history(game_name: str, seed: int) -> list[tuple[int, int]]:
    """A whole random game of two players."""
    rng = random.Random(seed)
    state = load_game(game_name).new_state(2)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
        else:
            player = state.active_players()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
    return list(state.history)


class Counted:
    """Counts State.apply calls of one game's state class."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, state_class: type[State]) -> None:
        self.calls = 0
        original = state_class.apply

        def apply(state: State, action: int, player: int | None = None) -> None:
            self.calls += 1
            original(state, action, player)

        monkeypatch.setattr(state_class, "apply", apply)

    def cost(self, replay: Replay, step: int) -> int:
        """Moves applied to answer the state at step."""
        before = self.calls
        replay.state_at(step)
        return self.calls - before


@pytest.mark.parametrize("game_name", ["te_kuiti", "mooncake"])
def test_a_step_forward_applies_one_move_and_a_step_back_none(
    monkeypatch: pytest.MonkeyPatch, game_name: str
) -> None:
    game = load_game(game_name)
    history = _random_history(game_name, seed=7)
    replay = Replay(lambda: game.new_state(2), history)
    counted = Counted(monkeypatch, type(game.new_state(2)))
    spacing, middle, total = replay.spacing, len(history) // 2, len(history)
    counted.cost(replay, middle)
    forward = range(middle + 1, middle + 2 * spacing + 1)
    assert [counted.cost(replay, step) for step in forward] == [1] * len(forward)
    back = range(forward[-1] - 1, forward[-1] - 4, -1)
    assert [counted.cost(replay, step) for step in back] == [0] * len(back)
    assert counted.cost(replay, total) <= total - middle + spacing
    between = spacing + spacing // 2
    assert counted.cost(replay, between) == spacing // 2
    assert counted.cost(replay, between - 1) == 0
    assert counted.cost(replay, between + 1) == 1
    assert counted.cost(replay, 2 * spacing) == 0


def test_states_from_checkpoints_match_a_replay_from_move_0_in_any_order() -> None:
    game = load_game("nasi_lemak")
    history = _random_history("nasi_lemak", seed=3)
    replay = Replay(lambda: game.new_state(2), history)
    order = list(range(len(history) + 1))
    random.Random(5).shuffle(order)
    for step in order:
        expected = GameRecord("nasi_lemak", 2, history=history).replay(step, game)
        assert replay.state_at(step).position() == expected.position(), step
        assert replay.states_kept <= MAX_CHECKPOINTS + 1 + RECENT_FRAMES


def test_only_a_few_replays_are_kept(live: Any) -> None:
    lobby = live.app.state.lobby
    lobby.replays = Replays(kept=2)
    tables = [_finished_table(live, "te_kuiti")[0] for _ in range(3)]
    for table_id in tables:
        assert live.http.get(f"/api/tables/{table_id}/replay/1").status_code == 200
    assert [table_id in lobby.replays for table_id in tables] == [False, True, True]


def _with_take_backs(game_name: str, seed: int) -> list[tuple[int, int]]:
    """A whole random game of two players whose every move that may be taken back is taken
    back once, then played again, as a log of moves and take-backs."""
    rng = random.Random(seed)
    state = load_game(game_name).new_state(2)
    log: list[tuple[int, int]] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            step = (CHANCE, sample_chance(state, rng))
        else:
            player = state.active_players()[0]
            step = (player, rng.choice(state.legal_actions(player)))
        state.apply(step[1], step[0])
        log.append(step)
        if step[0] >= 0 and state.undoable(step[0]):
            state = state.undone(step[0])
            log += [(step[0], TAKE_BACK), step]
            state.apply(step[1], step[0])
    return log


def test_a_log_with_take_backs_replays_every_position_and_a_take_back_costs_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = load_game("peranakan")
    log = _with_take_backs("peranakan", seed=4)
    backs = [index for index, (_, action) in enumerate(log) if action == TAKE_BACK]
    assert len(backs) > 10
    replay = Replay(lambda: game.new_state(2), log)
    state = game.new_state(2)
    expected = [state.position()]
    for player, action in log:
        state = state.undone(player) if action == TAKE_BACK else state
        if action != TAKE_BACK:
            state.apply(action, player)
        expected.append(state.position())
    order = list(range(len(log) + 1))
    random.Random(6).shuffle(order)
    for step in order:
        assert replay.state_at(step).position() == expected[step], step
    counted = Counted(monkeypatch, type(game.new_state(2)))
    fresh = Replay(lambda: game.new_state(2), log)
    costs = [counted.cost(fresh, step) for step in range(len(log) + 1)]
    assert [costs[back + 1] for back in backs] == [0] * len(backs)
    assert set(costs) <= {0, 1}
    assert sum(costs) == len(log) - len(backs)


def test_a_finished_game_with_take_backs_replays_as_it_was_played(live: Any, people: Any) -> None:
    table = people(live, "peranakan", 2)
    rng = random.Random(11)
    while not (public := table.waiting())["result"]:
        seat = public["active"][0]
        mine = table.state(seat)
        if mine["undo"] and rng.random() < 0.5:
            table.undo(seat, mine["step"])
        else:
            table.move(seat, rng.choice(mine["legal"])["action"], mine["step"])
    total = public["step"]
    last = live.http.get(f"{table.url}/replay/{total}", params={"seat": 0}).json()
    backs = [line for line in last["log"] if line.get("record", {}).get("undo")]
    assert backs, "no move was taken back"
    assert last["total"] == total
    assert last["view"] == table.state(0)["view"]
    assert last["result"]["scores"] == public["result"]["scores"]
    for line in backs:
        seq, undid = line["seq"], line["record"]["undid"]
        before = live.http.get(f"{table.url}/replay/{undid}", params={"seat": 0}).json()
        after = live.http.get(f"{table.url}/replay/{seq + 1}", params={"seat": 0}).json()
        assert after["view"] == before["view"]
        assert after["log"] == last["log"][: seq + 1]
        assert line["text"] == table.took_back(0, line["player"])
