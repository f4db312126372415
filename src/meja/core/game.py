"""The game protocol: a stateless Game and a mutable State, with explicit chance nodes.

Every game, bot, server, simulator and RL adapter speaks only this interface.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from meja.core import tally
from meja.core.actions import ActionNames, normalize
from meja.core.chance import can_draw, draw_outcomes, pick_drawn, pick_listed
from meja.core.errors import GameOver, IllegalAction, NotYourTurn
from meja.core.told import Told, plainly

CHANCE: Final = -1
"""current_player() while a random event is pending."""

TERMINAL: Final = -2
"""current_player() once the game is over."""


STEP_SEATS: Final = 8
"""Seats a shared step pair is kept for: CHANCE and seats 0 to 6."""
STEP_ACTIONS: Final = 1 << 12
"""Actions a shared step pair is kept for; a larger one gets a pair of its own."""
_STEP_PAIRS: Final[list[object]] = []
"""The (seat, action) pairs histories record, made once each, by action and seat."""


def step_pair(seat: int, action: int) -> object:
    """The (seat, action) tuple a history records, shared by every step and game that takes it:
    a tuple never changes, and a step that makes none gives the cycle collector nothing new."""
    if not (-1 <= seat < STEP_SEATS - 1 and 0 <= action < STEP_ACTIONS):
        return (seat, action)
    index = action * STEP_SEATS + seat + 1
    pairs = _STEP_PAIRS
    if index >= len(pairs):
        pairs.extend([None] * (index + 1 - len(pairs)))
    pair = pairs[index]
    if pair is None:
        pair = (seat, action)
        pairs[index] = pair
    return pair


@dataclass(frozen=True)
class Option:
    """A named game option with its default and allowed values, declared as data."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    kind: type = str
    minimum: int | float | None = None
    maximum: int | float | None = None
    label: str = ""
    """The option as a player reads it ("Half-yolk bonus"); help is the designer's line."""
    choice_labels: tuple[str, ...] = ()
    """Each of choices in words, in the same order."""
    explain: str = ""
    """One line a player understands, without the rule labels help cites."""

    def parse(self, text: str) -> Any:
        """Turn a command-line or form string into a typed value, or raise ValueError."""
        if self.kind is bool:
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.name!r}: expected true or false, got {text!r}")
        if self.kind in (int, float):
            try:
                return self.kind(text)
            except ValueError:
                raise ValueError(f"option {self.name!r}: expected a number, got {text!r}") from None
        return text

    def validate(self, value: Any) -> Any:
        """Check a typed value against the declared kind, range and choices."""
        if isinstance(value, str) and self.kind is not str:
            value = self.parse(value)
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, self.kind) or (self.kind is not bool and isinstance(value, bool)):
            raise ValueError(f"option {self.name!r}: expected {self.kind.__name__}, got {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.name!r}: {value!r} is not one of {allowed}")
        if self.minimum is not None and isinstance(value, int | float) and value < self.minimum:
            raise ValueError(f"option {self.name!r}: {value!r} is below {self.minimum}")
        if self.maximum is not None and isinstance(value, int | float) and value > self.maximum:
            raise ValueError(f"option {self.name!r}: {value!r} is above {self.maximum}")
        return value


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """Static facts about one game and the factory for its states; one instance per game."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()

    @abstractmethod
    def new_state(self, num_players: int, **options: Any) -> State:
        """A fresh game; options are validated and rejected with ValueError naming them."""

    @abstractmethod
    def num_actions(self, num_players: int) -> int:
        """Size of the fixed action space for this player count."""

    @abstractmethod
    def max_game_length(self, num_players: int) -> int:
        """An upper bound on len(history) of any game, chance steps included."""

    @abstractmethod
    def from_position(self, data: Mapping[str, Any]) -> State:
        """Inverse of State.position(); raises InvalidPosition naming the bad field."""

    def player_counts(self) -> range:
        """Every supported player count."""
        return range(self.min_players, self.max_players + 1)

    def default_players(self) -> int:
        """The player count a command uses when none is given: 2 where the game allows it."""
        return 2 if self.min_players <= 2 <= self.max_players else self.min_players

    def resolve_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Check the player count and every option, filling in defaults."""
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ValueError(f"num_players: expected an integer, got {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"num_players: {self.title} is for {self.min_players}-{self.max_players} "
                f"players, not {num_players}"
            )
        known = {opt.name: opt for opt in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise ValueError(f"unknown option {unknown[0]!r} for {self.name} (options: {names})")
        resolved: dict[str, Any] = {}
        for opt in self.options:
            resolved[opt.name] = opt.validate(options.get(opt.name, opt.default))
        return resolved

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One game in progress. Mutable; clone() before exploring alternatives.

    A game declares its fields once, in FIELDS (meja.core.fields): _compared, what equal states
    share, follows from it, and its clone() is checked against it. _copied and _copied_rows serve
    the generic clone() below, for states whose fields live in their __dict__.
    """

    _copied: ClassVar[tuple[str, ...]] = ()
    """List fields clone() copies one level deep (lists of ints, strings or tuples)."""
    _copied_rows: ClassVar[tuple[str, ...]] = ()
    """Fields holding lists of lists, which clone() copies two levels deep."""
    _compared: ClassVar[tuple[str, ...]] = ()
    """The fields that decide equality beside num_players and options."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: dict[str, Any] | None = None,
        history: list[tuple[int, int]] | None = None,
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.options: dict[str, Any] = dict(options or {})
        self.history: list[tuple[int, int]] = list(history or [])

    # --- the protocol every game implements -------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """Seat 0..n-1, CHANCE or TERMINAL."""

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal actions of player (default: the current player); [] if it may not act."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs, sorted by outcome, while current_player() is CHANCE."""
        return draw_outcomes(self._chance_counts())

    def _chance_counts(self) -> list[int]:
        """The pending chance event as a draw: counts[k] items of outcome k ([] for none).
        Games state their events this way; one that overrides chance_outcomes need not."""
        return []

    def pick_outcome(self, roll: float) -> int:
        """The outcome of the pending chance event that a roll in [0, 1) picks from
        chance_outcomes(), found from the counts alone where the game states them."""
        counts = self._chance_counts()
        if counts:
            return pick_drawn(counts, roll, tally.total(counts))
        return pick_listed(self.chance_outcomes(), roll)

    @abstractmethod
    def _apply(self, action: int, player: int) -> None:
        """Apply a checked, legal action for player (or CHANCE); the game's own rules."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points so far, per seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won after the game's tie-breaks; [] before the end or in a lost solo game."""

    def clone(self) -> State:
        """A fully independent copy: shared immutable fields, copied declared lists. The games
        write their own, field by field, which the compiled build needs; this one serves
        states whose fields live in their __dict__ (games written elsewhere, test games)."""
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.game = self.game
        copy.num_players = self.num_players
        copy.options = dict(self.options)
        copy.history = self.history[:]
        for name in self._copied:
            setattr(copy, name, getattr(self, name)[:])
        for name in self._copied_rows:
            setattr(copy, name, [row[:] for row in getattr(self, name)])
        return copy

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-able data holding exactly what player may see (None: a spectator)."""

    @abstractmethod
    def position(self) -> dict[str, Any]:
        """The whole state, hidden parts included, as JSON-able data."""

    @abstractmethod
    def _names(self, seat: int) -> ActionNames:
        """The table naming seat's actions now (seat CHANCE: the pending event's outcomes)."""

    def action_to_str(self, action: int, player: int | None = None) -> str:
        """A short human-readable name of action, stable enough to parse back."""
        return self._names(self.current_player() if player is None else player).name(action)

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        """What viewer (a seat, or None for the spectator) learns when player plays action here.

        Called on the state before the step, and computed from the step alone in constant time.
        The default suits perfect information: every step is named to everyone, and only a
        chance outcome turns up something no one could know before it.
        """
        return Told(plainly(self, player, action), {"action": action}, reveals=player == CHANCE)

    def undoable(self, seat: int) -> bool:
        """Whether seat may take back its last move now: its own, in its turn, with nothing
        revealed to any viewer since (meja.core.undo)."""
        return self.undo_refusal(seat) is None

    def undo_refusal(self, seat: int) -> str | None:
        """Why seat may not take back its last move now, in words; None when it may."""
        from meja.core import undo

        return undo.refusal(self, seat)

    def undone(self, seat: int) -> State:
        """A new state without seat's last move; raises IllegalAction saying why it may not."""
        from meja.core import undo

        return undo.undone(self, seat)

    def check_components(self) -> list[str]:
        """Problems with component conservation (empty when every piece is accounted for)."""
        return []

    # --- shared behaviour ----------------------------------------------------------------
    def active_players(self) -> list[int]:
        """Seats that may act now; several in simultaneous phases."""
        player = self.current_player()
        return [player] if player >= 0 else []

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        """At terminal: 1/k for each of k winners and 0 for the others."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        won = self.winners()
        share = 1.0 / len(won) if won else 0.0
        return [share if seat in won else 0.0 for seat in range(self.num_players)]

    def resample(self, player: int, rng: random.Random) -> State:
        """A clone with everything hidden from player redrawn; perfect-information games clone."""
        return self.clone()

    def apply(self, action: int, player: int | None = None) -> None:
        """Apply action for player (default: the current player); raises IllegalAction."""
        self.apply_checked(action, self.check(action, player))

    def apply_checked(self, action: int, seat: int) -> None:
        """Apply an action that check() accepted for seat, without testing it again: for
        callers that check a step, store it, then take it (the server's move path)."""
        self._apply(action, seat)
        cast(list[object], self.history).append(step_pair(seat, action))

    def check(self, action: int, player: int | None = None) -> int:
        """The seat that would play action, or IllegalAction: apply's test, changing nothing,
        for callers that must store a step before they take it."""
        seat = self._acting_seat(player)
        if seat == CHANCE:
            if not self._is_possible_outcome(action):
                raise IllegalAction(f"{action!r} is not a possible outcome of this chance event")
        elif not self._is_legal(action, seat):
            raise IllegalAction(self._illegal_message(action, seat))
        return seat

    def _is_legal(self, action: int, seat: int) -> bool:
        """Whether seat may play action now; games override this with a cheaper test."""
        return action in self.legal_actions(seat)

    def _is_possible_outcome(self, action: int) -> bool:
        """Whether action is an outcome of the pending chance event."""
        counts = self._chance_counts()
        if counts:
            return can_draw(counts, action)
        return any(outcome == action for outcome, _ in self.chance_outcomes())

    def str_to_action(self, text: str, player: int | None = None) -> int:
        """Parse an action name (any case and spacing, aliases allowed) or number for player;
        raises IllegalAction saying why."""
        seat = self._acting_seat(player)
        action = self._names(seat).parse(normalize(text))
        if action is None:
            raise IllegalAction(self._unknown_words(text, seat))
        if seat == CHANCE:
            if self._is_possible_outcome(action):
                return action
            raise IllegalAction(f"{text!r} is not a possible outcome of this chance event")
        if self._is_legal(action, seat):
            return action
        raise IllegalAction(self._refusal(text, action, seat))

    def _unknown_words(self, text: str, seat: int) -> str:
        """The message for words that name no action at all."""
        if seat == CHANCE:
            return f"{text!r} is not a possible outcome of this chance event"
        return f"{text!r} is not a legal move now"

    def _refusal(self, text: str, action: int, seat: int) -> str:
        """The message for words naming an action seat may not play now."""
        return f"{text!r} is not a legal move now: {self._illegal_message(action, seat)}"

    def envelope(self, phase: str, turn: int) -> dict[str, Any]:
        """The fields every view and position begins with, named alike in every game: the
        player count, the phase, the seat to act (CHANCE, TERMINAL) and the turns begun."""
        return {
            "num_players": self.num_players,
            "phase": phase,
            "to_move": self.current_player(),
            "turn": turn,
        }

    def _acting_seat(self, player: int | None) -> int:
        """Resolve the seat that acts, or raise GameOver / NotYourTurn."""
        current = self.current_player()
        if current == TERMINAL:
            raise GameOver("the game is over; no more moves can be made")
        if player is None or player == current:
            return current
        if player == CHANCE:
            if current != CHANCE:
                raise NotYourTurn("no chance event is pending")
            return CHANCE
        if player not in self.active_players():
            if current == CHANCE:
                raise NotYourTurn("a chance event must be resolved first")
            waiting = ", ".join(str(p) for p in self.active_players())
            raise NotYourTurn(f"it is not seat {player}'s turn (waiting for seat {waiting})")
        return player

    def _illegal_message(self, action: int, seat: int) -> str:
        """Explain why action is refused, naming it when it is a valid action number."""
        if not isinstance(action, int) or not 0 <= action < self.game.num_actions(self.num_players):
            return f"{action!r} is not an action of {self.game.title}"
        return f"seat {seat} cannot play action {action} now"

    def __eq__(self, other: object) -> bool:
        """Equal declared fields, or equal positions for a state that declares none."""
        if not isinstance(other, State):
            return NotImplemented
        if type(self) is not type(other):
            return False
        if not self._compared:
            return self.position() == other.position()
        return (
            self.num_players == other.num_players
            and self.options == other.options
            and all(getattr(self, name) == getattr(other, name) for name in self._compared)
        )

    def __repr__(self) -> str:
        return f"<{self.game.name} state, {len(self.history)} steps>"

    __hash__ = None  # type: ignore[assignment]


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw one outcome of the pending chance event by its probability."""
    return state.pick_outcome(rng.random())


def draw_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """One of (outcome, probability) pairs, drawn by its probability with one rng.random()."""
    return pick_listed(outcomes, rng.random())


def random_step(state: State, rng: random.Random) -> tuple[int, int]:
    """Pick a uniformly random (seat, action) for any active seat, or a chance outcome."""
    player = state.current_player()
    if player == CHANCE:
        return CHANCE, sample_chance(state, rng)
    active = state.active_players()
    seat = active[0] if len(active) == 1 else rng.choice(active)
    return seat, rng.choice(state.legal_actions(seat))
