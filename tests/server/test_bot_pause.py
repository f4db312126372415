"""A bot thinks while people follow the last step: its thinking and the pause that lets people
see each move overlap, so a slow bot does not add its thinking on top of the pause."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import wait_until

HEURISTIC = {"kind": "bot", "bot": "heuristic"}


def test_a_bot_is_asked_for_its_move_at_once_and_moves_when_the_pause_is_over(
    live_factory: Any,
) -> None:
    live = live_factory(bot_pause=60.0)
    lanes = live.app.state.lobby.services.bots
    asked: list[int] = []
    """The number of steps of the game each time a bot was asked."""
    choose = lanes.choose

    async def recording(table: str, bot: Any, state: Any, player: int, *args: Any) -> int:
        asked.append(len(state.history))
        return int(await choose(table, bot, state, player, *args))

    lanes.choose = recording
    table = live.create("te_kuiti", seats=[HEURISTIC, HEURISTIC])
    wait_until(lambda: asked, "the bot to be asked for its move during the pause")
    summary = live.http.get(f"/api/tables/{table['id']}").json()
    assert summary["step"] == asked[0], "the move waits for the pause, so people can follow it"
