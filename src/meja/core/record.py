"""GameRecord: a game saved as JSON and rebuilt by replaying its history through the rules."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meja import __version__
from meja.core.errors import InvalidPosition
from meja.core.game import Game, State

RECORD_KEYS = ("game", "num_players", "options", "history", "meja")


@dataclass
class GameRecord:
    """The format shared by saved games, server persistence, replays and golden playthroughs."""

    game: str
    num_players: int
    options: dict[str, Any] = field(default_factory=dict)
    history: list[tuple[int, int]] = field(default_factory=list)
    meja: str = __version__

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        """Capture everything needed to rebuild state."""
        return cls(
            game=state.game.name,
            num_players=state.num_players,
            options=dict(state.options),
            history=list(state.history),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form with histories as [player, action] pairs."""
        return {
            "game": self.game,
            "num_players": self.num_players,
            "options": dict(self.options),
            "history": [[p, a] for p, a in self.history],
            "meja": self.meja,
        }

    def to_json(self) -> str:
        """Compact JSON text; one history step per pair."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Validate the record's shape; raises InvalidPosition naming the bad field."""
        if not isinstance(data, dict):
            raise InvalidPosition("a game record must be a JSON object")
        missing = [key for key in RECORD_KEYS[:4] if key not in data]
        if missing:
            raise InvalidPosition(f"the record has no {missing[0]!r} field")
        extra = sorted(set(data) - set(RECORD_KEYS))
        if extra:
            raise InvalidPosition(f"the record has an unknown field {extra[0]!r}")
        if not isinstance(data["game"], str):
            raise InvalidPosition("'game' must be a game name")
        num = data["num_players"]
        if isinstance(num, bool) or not isinstance(num, int):
            raise InvalidPosition("'num_players' must be an integer")
        options = data["options"]
        if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
            raise InvalidPosition("'options' must be an object of option names")
        steps = data["history"]
        if not isinstance(steps, list):
            raise InvalidPosition("'history' must be a list of [player, action] pairs")
        history: list[tuple[int, int]] = []
        for index, step in enumerate(steps, start=1):
            if (
                not isinstance(step, list)
                or len(step) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in step)
            ):
                raise InvalidPosition(f"step {index}: expected [player, action], got {step!r}")
            history.append((step[0], step[1]))
        version = data.get("meja", __version__)
        if not isinstance(version, str):
            raise InvalidPosition("'meja' must be the version string that saved the record")
        return cls(data["game"], num, dict(options), history, version)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse JSON text; raises InvalidPosition on malformed JSON."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            reason = f"{exc.msg} at line {exc.lineno}"
            raise InvalidPosition(f"not a JSON game record ({reason})") from None
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        """Write the record to path as JSON."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record from path; raises InvalidPosition or OSError."""
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    def new_state(self, game: Game | None = None) -> State:
        """The starting state of this record's game and options; InvalidPosition if they are bad.

        The options are checked by the game first, so that one the game lacks (even one called
        num_players) is refused by name instead of breaking the call.
        """
        if game is None:
            from meja.core.registry import load_game

            try:
                game = load_game(self.game)
            except ValueError as exc:
                raise InvalidPosition(f"'game': {exc}") from None
        try:
            game.resolve_options(self.num_players, self.options)
            return game.new_state(self.num_players, **self.options)
        except ValueError as exc:
            raise InvalidPosition(f"the record's setup is invalid: {exc}") from None

    def replay(self, steps: int | None = None, game: Game | None = None) -> State:
        """Rebuild the state after the first steps moves (all by default), checking every rule."""
        state = self.new_state(game)
        end = len(self.history) if steps is None else steps
        if not 0 <= end <= len(self.history):
            raise InvalidPosition(f"step {end} is outside this game (0-{len(self.history)})")
        for index, (player, action) in enumerate(self.history[:end], start=1):
            try:
                state.apply(action, player)
            except ValueError as exc:
                raise InvalidPosition(f"step {index}: {exc}") from None
        return state

    def states(self, game: Game | None = None) -> list[State]:
        """Every state from the start to the end, for stepping through a replay."""
        state = self.new_state(game)
        out = [state.clone()]
        for index, (player, action) in enumerate(self.history, start=1):
            try:
                state.apply(action, player)
            except ValueError as exc:
                raise InvalidPosition(f"step {index}: {exc}") from None
            out.append(state.clone())
        return out
