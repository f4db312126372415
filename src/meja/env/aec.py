"""A meja game as a PettingZoo AEC environment: every seat an agent, chance drawn inside.

Observations are {"observation": the seat's encoded view, "action_mask": its legal actions}; the
selected agent's info names its legal actions. Rewards are the game's returns at the end (1/k for
each of k winners); a game the adapters cut short (meja.env.lengths) is truncated with rewards 0.
Mooncake Master's simultaneous choices are taken one seat after another; what a seat committed
stays hidden from the others until the phase resolves, because each observation comes from that
seat's view (meja.env.parallel_env takes them together).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from meja.core.errors import IllegalAction
from meja.env.spaces import LegalDiscrete, mask_box, observation_box
from meja.env.table import Table

RENDER_MODES = ("ansi", "human")


class MejaAECEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One game of a meja title for num_players agents named player_0, player_1, ..."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "meja",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode: expected one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.table = Table(game, num_players, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meja_{self.table.game.name}_v0"}
        count = self.table.num_players
        self.possible_agents = [f"player_{seat}" for seat in range(count)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = observation_box(self.table)
        mask = mask_box(self.table)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: LegalDiscrete(self.table, seat) for agent, seat in self._seats.items()
        }
        self._seeder = random.Random()
        self.agents: list[str] = []
        self._started = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's fixed action space; sample() without a mask draws a legal action."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; the same seed gives the same chance draws."""
        if seed is not None:
            self._seeder = random.Random(seed)
        self.table.reset(self._seeder.getrandbits(64))
        self._started = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_step()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """agent's encoded view and legal-action mask."""
        self._check_started()
        seat = self._seats[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        """The selected agent plays action; IllegalAction for anything outside its mask."""
        self._check_started()
        if not self.agents:
            raise IllegalAction("the game is over; reset it to play again")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalAction(f"the game is over; {agent} may only step with None")
            self._was_dead_step(action)
            return
        self.table.act(action, self._seats[agent])
        self._cumulative_rewards[agent] = 0.0
        if self._after_step():
            self._accumulate_rewards()  # only the last step pays: every other one adds 0
        if self.render_mode == "human":
            self.render()

    def _check_started(self) -> None:
        """Refuse to play or observe before the first reset, which deals the game."""
        if not self._started:
            raise IllegalAction("the env has no game yet; call reset() first")

    def _after_step(self) -> bool:
        """Select the seat to move and name its actions, or end the game for everyone with its
        returns, or truncate it with none (True)."""
        table = self.table
        state = table.state
        if table.truncated:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
            return True
        if state.is_terminal():
            for agent, value in zip(self.possible_agents, state.returns(), strict=True):
                self.rewards[agent] = value
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return True
        self.rewards = dict.fromkeys(self.agents, 0.0)
        seat = state.current_player()
        self.agent_selection = self.possible_agents[seat]
        self.infos = {agent: {} for agent in self.agents}
        self.infos[self.agent_selection]["action_names"] = table.action_names(seat)
        return False

    def render(self) -> str | None:
        """The table in text as a spectator sees it: no hidden card is shown."""
        if self.render_mode is None:
            return None
        text = self.table.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
        return None
