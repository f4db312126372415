"""A meja game as a PettingZoo ParallelEnv: every seat that may act now acts in the same step.

Made for Mooncake Master, whose turns are simultaneous: every seat chooses its keep-and-pass at
once, then places its tiles at once. Each step takes one action from every agent whose mask is
not empty (one placement each while placing) and applies them together; chance is drawn inside.
The other games work too, with one agent acting per step. An agent that may not act now has an
all-zero mask, and whatever it sends is ignored.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from meja.core.errors import IllegalAction
from meja.env.spaces import LegalDiscrete, mask_box, observation_box
from meja.env.table import Table

RENDER_MODES = ("ansi", "human")

Observation = dict[str, np.ndarray]
StepResult = tuple[
    dict[str, Observation],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


class MejaParallelEnv(ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """One game of a meja title for num_players agents named player_0, player_1, ..., all the
    seats that may act stepping together."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "meja"}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode: expected one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.table = Table(game, num_players, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meja_{self.table.game.name}_parallel_v0"}
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

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's fixed action space; sample() without a mask draws a legal action."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game, at the first step where a seat decides; the same seed, the same draws."""
        if seed is not None:
            self._seeder = random.Random(seed)
        self.table.reset(self._seeder.getrandbits(64))
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: dict[str, Any]) -> StepResult:
        """Every agent that may act plays its action, together; IllegalAction, changing
        nothing, for a missing action or one outside its mask."""
        table = self.table
        if not self.agents:
            raise IllegalAction("the game is over; reset it to play again")
        movers = [seat for seat in table.state.active_players() if table.mask(seat).any()]
        moves: list[tuple[int, int]] = []
        for seat in movers:
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise IllegalAction(f"{agent} may act now and sent no action")
            number = table.number(actions[agent])
            if not table.mask(seat)[number]:
                table.state.check(number, seat)  # raises in the rules' own words
            moves.append((seat, number))
        # The seats' choices are hidden commitments, none changing what another may do, so
        # applying them one after another is applying them together.
        for seat, number in moves:
            table.apply(number, seat)
        table.resolve_chance()
        if self.render_mode == "human":
            self.render()
        return self._outcome()

    def _outcome(self) -> StepResult:
        """What every live agent receives after a step; the agents leave once the game ends."""
        table = self.table
        agents = self.agents
        observations = self._observations()
        infos = self._infos()
        ended = table.over
        if table.state.is_terminal():
            returns = table.state.returns()
            rewards = {agent: float(returns[self._seats[agent]]) for agent in agents}
        else:
            rewards = dict.fromkeys(agents, 0.0)
        terminations = dict.fromkeys(agents, table.state.is_terminal())
        truncations = dict.fromkeys(agents, table.truncated)
        if ended:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        """Every live agent's encoded view and legal-action mask."""
        table = self.table
        return {
            agent: {
                "observation": table.observe(self._seats[agent]),
                "action_mask": table.mask(self._seats[agent]),
            }
            for agent in self.agents
        }

    def _infos(self) -> dict[str, dict[str, Any]]:
        """Every live agent's legal actions by name (none for an agent that may not act)."""
        return {
            agent: {"action_names": self.table.action_names(self._seats[agent])}
            for agent in self.agents
        }

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
