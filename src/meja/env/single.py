"""A meja game as a Gymnasium environment: one seat learns, meja bots play the others.

The observation is the learner's encoded view; the legal-action mask is in info["action_mask"]
and in action_masks() (the method sb3-contrib's MaskablePPO reads), the legal actions' names in
info["action_names"]. The reward is the learner's return at the end of the game (1/k if it is one
of k winners, else 0), and 0 before.

An action outside the mask ends the game at once with reward -1 and the refusal in
info["illegal_action"], as PettingZoo's classic games do, so generic checkers that step blindly
sampled actions pass. With illegal_action="raise" it raises IllegalAction and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from meja.bots.base import Bot
from meja.bots.registry import make_bot, split_bot_specs
from meja.core.errors import IllegalAction
from meja.env.spaces import LegalDiscrete, observation_box
from meja.env.table import Table

RENDER_MODES = ("ansi", "human")
ILLEGAL_ACTIONS = ("lose", "raise")
ILLEGAL_REWARD = -1.0


class MejaEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a meja game against bots; seat="random" draws the learner's seat each game."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | str = 0,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action: expected one of {', '.join(ILLEGAL_ACTIONS)}, "
                f"not {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self._forfeited = ""
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode: expected one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.table = Table(game, num_players, **options)
        self.render_mode = render_mode
        count = self.table.num_players
        self._random_seat = seat == "random"
        if not self._random_seat and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count
        ):
            raise ValueError(f"seat: expected 0-{count - 1} or 'random', not {seat!r}")
        self.seat = 0 if self._random_seat else int(seat)
        self.bots = self._opponents(opponents, count - 1)
        self.observation_space = observation_box(self.table)
        self._legal = LegalDiscrete(self.table, self.seat)
        self.action_space = self._legal
        self._bot_rng = random.Random()

    def _opponents(self, opponents: str | Sequence[str], count: int) -> list[Bot]:
        """One bot per other seat: a spec for all of them, or one spec each."""
        specs = split_bot_specs(opponents) if isinstance(opponents, str) else list(opponents)
        if len(specs) == 1:
            specs = specs * count
        if len(specs) != count:
            raise ValueError(
                f"opponents: expected 1 or {count} bot specs for {count} other seats, "
                f"got {len(specs)}"
            )
        return [make_bot(spec, self.table.game) for spec in specs]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision."""
        super().reset(seed=seed)
        rng = self.np_random
        if self._random_seat:
            self.seat = int(rng.integers(self.table.num_players))
            self._legal.follow(self.table, self.seat)
        self._forfeited = ""
        self.table.reset(int(rng.integers(2**63)))
        self._bot_rng = random.Random(int(rng.integers(2**63)))
        self._play_bots()
        return self.table.observe(self.seat), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner plays action, then the bots play until it must decide again."""
        if self.table.over or self._forfeited:
            raise IllegalAction("the game is over; reset it to play again")
        try:
            self.table.act(action, self.seat)
        except IllegalAction as refusal:
            if self.illegal_action == "raise":
                raise
            self._forfeited = str(refusal)
            info = {**self._info(), "illegal_action": self._forfeited}
            return self.table.observe(self.seat), ILLEGAL_REWARD, True, False, info
        self._play_bots()
        state = self.table.state
        done = state.is_terminal()
        reward = state.returns()[self.seat] if done else 0.0
        if self.render_mode == "human":
            self.render()
        return self.table.observe(self.seat), reward, done, self.table.truncated, self._info()

    def _play_bots(self) -> None:
        """Let the other seats move until the learner may act or the game ends."""
        table = self.table
        state = table.state
        while not table.over and self.seat not in state.active_players():
            seat = state.current_player()
            bot = self.bots[seat if seat < self.seat else seat - 1]
            table.act(bot.choose(state, seat, self._bot_rng), seat)
            state = table.state

    def _info(self) -> dict[str, Any]:
        """The mask, the legal actions' names and the learner's seat, for tools that read info."""
        table = self.table
        return {
            "action_mask": table.mask(self.seat),
            "action_names": table.action_names(self.seat),
            "seat": self.seat,
        }

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        """The table in text as the learner sees it."""
        if self.render_mode is None:
            return None
        text = self.table.render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text
