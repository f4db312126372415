"""One game as the RL adapters drive it: chance drawn inside, actions checked, views encoded.

PettingZoo, Gymnasium and OpenSpiel each wrap a Table, so seeding, chance, the action mask, the
memory each seat keeps and the errors a caller gets are the same in all three.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from meja.core.errors import IllegalAction
from meja.core.game import CHANCE, Game, State, sample_chance
from meja.core.registry import load_game, spec_of
from meja.env.encoders import encoder_class
from meja.env.encoding import Encoder
from meja.env.lengths import max_game_length, truncates

TRUTH_TYPES = (bool, np.bool_)
"""Integers in Python's eyes that are no action numbers."""
INTEGER_TYPES = (int, np.integer)
"""Built once: a union written in isinstance is built again at every call."""


class Table:
    """A meja game with an encoder per seat and its own seeded generator for chance."""

    def __init__(self, game: str | Game, num_players: int | None = None, **options: Any) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        count = self.game.default_players() if num_players is None else num_players
        self.options = self.game.resolve_options(count, options)
        self.num_players = count
        self.num_actions = self.game.num_actions(count)
        kind = encoder_class(self.game.name)
        self.encoders: list[Encoder] = [kind(count, self.options, seat) for seat in range(count)]
        self.remembers = kind.remembers
        self.glimpses = kind.glimpse is not Encoder.glimpse
        self.public_memory = kind.remembers_public and not self.glimpses
        self.layout = self.encoders[0].layout
        self.rng = random.Random()
        self.state: State = self.game.new_state(count, **self.options)
        self.max_length = max_game_length(self.game, count, self.options)
        self.can_truncate = truncates(self.game)

    @property
    def truncated(self) -> bool:
        """Whether the game reached max_length unfinished, where the adapters end it."""
        state = self.state
        return (
            self.can_truncate and len(state.history) >= self.max_length and not state.is_terminal()
        )

    @property
    def over(self) -> bool:
        """Whether the game is finished, by its rules or by truncation."""
        return self.state.is_terminal() or self.truncated

    def reset(self, seed: int | None = None) -> None:
        """A new game; seed fixes every chance draw from here on."""
        self.rng = random.Random(seed)
        self.state = self.game.new_state(self.num_players, **self.options)
        for encoder in self.encoders:
            encoder.forget()
        self.resolve_chance()

    def resolve_chance(self) -> None:
        """Draw chance outcomes until a seat must decide or the game is over."""
        state = self.state
        while state.current_player() == CHANCE and not self.truncated:
            self.apply(sample_chance(state, self.rng), CHANCE)

    def apply(self, action: int, player: int | None) -> None:
        """Apply one step, telling each encoder that remembers what its seat learns from it and
        showing the view after a reveal to one that glimpses.

        What a step tells is read before the step is taken but kept only once the rules have
        accepted it, so a refused action changes no seat's memory.
        """
        state = self.state
        if not self.remembers:
            state.apply(action, player)
            return
        mover = state.current_player() if player is None else player
        try:
            if self.public_memory:
                news = state.told(mover, action, None)
            else:
                told = [state.told(mover, action, encoder.seat) for encoder in self.encoders]
        except Exception:
            state.apply(action, player)  # an action the rules refuse may not be tellable
            raise
        state.apply(action, player)
        if self.public_memory:
            # The spectator's Told serves every seat, and a public memory glimpses nothing.
            for encoder in self.encoders:
                encoder.remember(mover, news)
            return
        for encoder, news in zip(self.encoders, told, strict=True):
            encoder.remember(mover, news)
        if self.glimpses:
            for encoder, news in zip(self.encoders, told, strict=True):
                if news.reveals:
                    encoder.glimpse(state.view(encoder.seat))

    def act(self, action: Any, seat: int | None = None) -> None:
        """seat (the seat to move by default) plays action, then chance is drawn.

        An action that is not a legal action number raises IllegalAction and changes nothing.
        """
        self.apply(self.number(action), seat)
        self.resolve_chance()

    def number(self, action: Any) -> int:
        """action as an action number of this game, or IllegalAction saying why it is not one."""
        if self.over:
            raise IllegalAction("the game is over; reset it to play again")
        if isinstance(action, TRUTH_TYPES) or not isinstance(action, INTEGER_TYPES):
            raise IllegalAction(f"an action is an integer, not {action!r}")
        number = int(action)
        if not 0 <= number < self.num_actions:
            raise IllegalAction(
                f"action {number} is outside the action space 0..{self.num_actions - 1}"
            )
        return number

    def observe(self, seat: int) -> np.ndarray:
        """seat's observation now, from its view and its memory."""
        return self.encoders[seat].observe(self.state.view(seat))

    def mask(self, seat: int) -> np.ndarray:
        """1 for each action seat may take now, 0 elsewhere (all 0 when seat may not act)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        legal = [] if self.truncated else self.state.legal_actions(seat)
        if legal:
            mask.put(legal, 1)
        return mask

    def action_names(self, seat: int) -> list[str]:
        """The names of seat's legal actions now, in ascending action order (the mask's)."""
        if self.truncated:
            return []
        state = self.state
        return [state.action_to_str(action, seat) for action in state.legal_actions(seat)]

    def render(self, seat: int | None) -> str:
        """The table as seat sees it, in text (None: as a spectator)."""
        spec = spec_of(self.game)
        if spec is None:
            return str(self.state.view(seat))
        return spec.render_seat(self.state, seat)

    def clone(self) -> Table:
        """An independent copy: state, generator and every seat's memory."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin.encoders = [encoder.copy() for encoder in self.encoders]
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def describe(self) -> Mapping[str, Any]:
        """The game, player count and options, for errors and reprs."""
        return {"game": self.game.name, "num_players": self.num_players, **self.options}
