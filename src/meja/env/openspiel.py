"""The meja games as OpenSpiel games, so OpenSpiel's algorithms and bots can play and learn them.

Importing this module registers meja_peranakan, meja_te_kuiti, meja_nasi_lemak and meja_mooncake
with pyspiel; pyspiel.load_game("meja_peranakan(players=3)") then works. Each state wraps a
Table, so chance, the action checks and each seat's observation memory are those of the other
RL adapters; the games themselves know nothing of OpenSpiel.
"""

from __future__ import annotations

import json
import random
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel

from meja.core.actions import ActionNames
from meja.core.game import TERMINAL, Game, State
from meja.core.registry import list_games
from meja.core.registry import load_game as load_meja_game
from meja.core.start_player import RANDOM_START, StartPlayerGame
from meja.env.information import information_layout, write_information
from meja.env.table import Table
from meja.games.mooncake.actions import DRAW_NAMES, REVEAL_NAMES
from meja.games.nasi_lemak.actions import CARDS, PACK_CARDS, STOLEN
from meja.games.peranakan.actions import REVEALS
from meja.games.te_kuiti.actions import TILES, TURNS

PERFECT = pyspiel.GameType.Information.PERFECT_INFORMATION
IMPERFECT = pyspiel.GameType.Information.IMPERFECT_INFORMATION

INFORMATION: dict[str, pyspiel.GameType.Information] = {
    # Every seat's view shows the whole table; the deck is an unordered multiset until a tile is
    # turned up, so nothing fixed is hidden from anyone.
    "peranakan": PERFECT,
    # Every seat and the spectator see the same board, and every tile face was shown to all
    # when it was turned up. A face-down tile's view forgets its face as a test of memory, not
    # as a secret: with perfect recall, as OpenSpiel assumes, nothing is hidden.
    "te_kuiti": PERFECT,
    # Each seat's view hides the other hands, save what the seat has seen of them.
    "nasi_lemak": IMPERFECT,
    # Each seat's view hides the others' hands and their choices and placements until the
    # phase resolves; the simultaneous choices are taken one seat after another.
    "mooncake": IMPERFECT,
}
"""The OpenSpiel information kind of each game, decided from what its views hide."""

CHANCE_EVENTS: dict[str, tuple[ActionNames, ...]] = {
    "peranakan": (REVEALS,),
    "te_kuiti": (TILES, TURNS),
    "nasi_lemak": (CARDS, STOLEN, PACK_CARDS),
    "mooncake": (DRAW_NAMES, REVEAL_NAMES),
}
"""The tables naming the outcomes of each game's chance events (outcome k is named at index k),
besides the draw of a random start seat."""

START_OPTION = "start_player"
RANDOM_SEAT = -1
"""pyspiel reads the text "1" as an integer, so the start seat is an integer parameter there,
with -1 for meja's "random" (a start seat drawn as a chance event)."""

PREFIX = "meja_"


def short_name(game: Game | str) -> str:
    """The pyspiel name of a meja game: meja_<game>."""
    return PREFIX + (game if isinstance(game, str) else game.name)


def max_chance_outcomes(game: Game, num_players: int) -> int:
    """One more than the largest chance outcome number: the longest outcome table, or the seat
    count where a random start seat may be drawn."""
    longest = max(len(names) for names in CHANCE_EVENTS[game.name])
    return max(longest, num_players) if isinstance(game, StartPlayerGame) else longest


def parameter_specification(game: Game) -> dict[str, Any]:
    """The pyspiel parameters of game with their defaults: players and every game option."""
    spec: dict[str, Any] = {"players": game.default_players()}
    for option in game.options:
        spec[option.name] = _to_parameter(option.name, option.default)
    return spec


def _to_parameter(name: str, value: Any) -> Any:
    """A meja option value as pyspiel holds it."""
    if name == START_OPTION:
        return RANDOM_SEAT if value == RANDOM_START else int(value)
    return value


def _to_option(name: str, value: Any) -> Any:
    """A pyspiel parameter value as the meja option takes it."""
    if name == START_OPTION and value == RANDOM_SEAT:
        return RANDOM_START
    return value


class HiddenInformationWarning(UserWarning):
    """A search that reads the true state was set to play a game with hidden information."""


def game_type(game: Game, num_players: int | None = None) -> pyspiel.GameType:
    """The GameType of game; with num_players, the one that count plays (a solo game's single
    return is 0 or 1, so it is general-sum, not constant-sum)."""
    solo = num_players == 1
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=INFORMATION[game.name],
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
    )


def game_info(game: Game, num_players: int, max_length: int) -> pyspiel.GameInfo:
    """The GameInfo of game for num_players: returns are 1/k for each of k winners, else 0;
    max_length is the adapters' bound (meja.env.lengths)."""
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_actions(num_players),
        max_chance_outcomes=max_chance_outcomes(game, num_players),
        num_players=num_players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None if num_players == 1 else 1.0,
        max_game_length=max_length,
    )


def load(game: str, num_players: int | None = None, **options: Any) -> pyspiel.Game:
    """The pyspiel game for a meja game name, player count and meja options; an unknown game, a
    bad count or a bad option raises meja's own ValueError."""
    meja_game = load_meja_game(game)
    count = meja_game.default_players() if num_players is None else num_players
    resolved = meja_game.resolve_options(count, options)
    params = {"players": count}
    params.update({name: _to_parameter(name, value) for name, value in resolved.items()})
    return pyspiel.load_game(short_name(meja_game), params)


class MejaGame(pyspiel.Game):  # type: ignore[misc]
    """One meja game at one player count and set of options, as pyspiel sees it; each game is a
    subclass naming its meja game (pyspiel keeps the class registered until the process ends)."""

    meja_game: ClassVar[Game]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.meja_game
        given = dict(params or {})
        count = given.pop("players", game.default_players())
        options = {name: _to_option(name, value) for name, value in given.items()}
        table = Table(game, count, **options)
        resolved = {name: _to_parameter(name, v) for name, v in table.options.items()}
        super().__init__(
            game_type(game, count),
            game_info(game, count, table.max_length),
            {"players": count, **resolved},
        )
        self.table = table
        self.hidden = INFORMATION[game.name] == IMPERFECT

    def new_initial_state(self) -> MejaState:
        """A new game, at its first chance event or decision."""
        return MejaState(self, Play.fresh(self.table, self.hidden))

    def max_chance_nodes_in_history(self) -> int:
        """No game is longer than its history, chance steps included."""
        return self.table.max_length

    def get_type(self) -> pyspiel.GameType:
        """The game's type; asked by OpenSpiel's MCTSBot (and AlphaZero's, built on it) on a game
        with hidden information, it warns that the search would see every hidden card."""
        if INFORMATION[self.meja_game.name] == IMPERFECT:
            _warn_if_perfect_search(sys._getframe(1), short_name(self.meja_game))
        return super().get_type()

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> Observer:
        """What a seat observes (its view, encoded), or with perfect recall its information
        state (its view and what it was told of every step)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        recall = False
        if iig_obs_type is not None:
            single = pyspiel.PrivateInfoType.SINGLE_PLAYER
            if not iig_obs_type.public_info or iig_obs_type.private_info != single:
                raise ValueError(
                    "a meja observation is one seat's view: public information and that "
                    "seat's private information"
                )
            recall = iig_obs_type.perfect_recall
        return Observer(self.table, recall)


def _warn_if_perfect_search(caller: Any, name: str) -> None:
    """Warn when caller is OpenSpiel's MCTSBot being built: it searches the true state."""
    if caller.f_code.co_name != "__init__":
        return
    from open_spiel.python.algorithms.mcts import MCTSBot

    if isinstance(caller.f_locals.get("self"), MCTSBot):
        warnings.warn(
            f"MCTSBot searches the true state of {name}, seeing every hidden card; for a search "
            "on what the seat knows, use ISMCTSBot with state.resample_from_infostate "
            "(docs/rl.md, Search)",
            HiddenInformationWarning,
            stacklevel=4,
        )


class Recall:
    """What every seat was told of each step, written out only when an information state is
    read: the game as it stood after the last step written, replayed forward on demand, so play
    that never reads an information state pays nothing for it."""

    __slots__ = ("cursor", "lines")

    def __init__(self, cursor: State, lines: list[str]) -> None:
        self.cursor = cursor
        self.lines = lines

    def copy(self) -> Recall:
        """An independent recall; the cursor is shared, as catching up replaces it."""
        return Recall(self.cursor, self.lines[:])

    def catch_up(self, history: list[tuple[int, int]]) -> None:
        """Write every seat's lines for the steps of history not yet written."""
        done = len(self.cursor.history)
        if done == len(history):
            return
        cursor = self.cursor.clone()
        seats = range(len(self.lines))
        added: list[list[str]] = [[] for _ in seats]
        for player, action in history[done:]:
            for seat in seats:
                told = cursor.told(player, action, seat)
                record = json.dumps(dict(told.record), sort_keys=True)
                added[seat].append(f"\n{player} {record} {told.text}")
            cursor.apply(action, player)
        self.cursor = cursor
        self.lines = [line + "".join(more) for line, more in zip(self.lines, added, strict=True)]


class Play:
    """A Table and, in a game with hidden information, what each seat was told: the Python side
    of a MejaState, copied whole when pyspiel clones the state."""

    __slots__ = ("recall", "table")

    def __init__(self, table: Table, recall: Recall | None) -> None:
        self.table = table
        self.recall = recall

    @classmethod
    def fresh(cls, table: Table, hidden: bool) -> Play:
        """A new game on a copy of table, which has had no step yet."""
        table = table.clone()
        seats = table.num_players
        return cls(table, Recall(table.state.clone(), [""] * seats) if hidden else None)

    def step(self, action: int, player: int) -> None:
        """player (a seat or CHANCE) takes action; IllegalAction, changing nothing, if not legal."""
        table = self.table
        number = table.number(action)
        if table.remembers:
            player = table.state.check(number, player)
        table.apply(number, player)

    def information(self, seat: int) -> str:
        """seat's view, then a line for each step: what seat was told of it, or where nothing is
        hidden, the step itself."""
        state = self.table.state
        view = _text(state.view(seat))
        if self.recall is None:
            return view + "".join(f"\n{player} {action}" for player, action in state.history)
        self.recall.catch_up(state.history)
        return view + self.recall.lines[seat]

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        """The copy pyspiel makes of a cloned state: independent table, memory and recall."""
        return Play(self.table.clone(), None if self.recall is None else self.recall.copy())

    def __reduce__(self) -> tuple[Callable[..., Play], tuple[Any, ...]]:
        """A serialized state is its game and history, replayed on loading."""
        table = self.table
        history = list(table.state.history)
        return (replayed, (table.game.name, table.num_players, table.options, history))


def replayed(name: str, num_players: int, options: dict[str, Any], history: list[Any]) -> Play:
    """The Play reached by history from the start of a game."""
    game = load_meja_game(name)
    play = Play.fresh(Table(game, num_players, **options), INFORMATION[name] == IMPERFECT)
    for player, action in history:
        play.step(action, player)
    return play


def _text(view: Mapping[str, Any]) -> str:
    """A view as compact, stable JSON text."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class MejaState(pyspiel.State):  # type: ignore[misc]
    """One meja game in progress; meja's rules decide everything, this only translates."""

    def __init__(self, game: MejaGame, play: Play) -> None:
        super().__init__(game)
        self.play = play

    @property
    def meja_state(self) -> State:
        """The meja State underneath."""
        return self.play.table.state

    def current_player(self) -> int:
        table = self.play.table
        player: int = table.state.current_player()
        if player == TERMINAL or table.truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        table = self.play.table
        actions: list[int] = [] if table.truncated else table.state.legal_actions(player)
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes: list[tuple[int, float]] = self.play.table.state.chance_outcomes()
        return outcomes

    def _apply_action(self, action: int) -> None:
        self.play.step(int(action), self.play.table.state.current_player())

    def _action_to_string(self, player: int, action: int) -> str:
        text: str = self.play.table.state.action_to_str(int(action), player)
        return text

    def is_terminal(self) -> bool:
        return self.play.table.over

    def returns(self) -> list[float]:
        """meja's returns; a game cut short at the adapters' bound is shared by every seat."""
        table = self.play.table
        if table.truncated:
            return [1.0 / table.num_players] * table.num_players
        values: list[float] = table.state.returns()
        return values

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> MejaState:
        """A copy in which everything hidden from player_id is redrawn by meja's resample, for
        ISMCTS. Every seat's memory and recall are kept: player_id's hold in every redraw, the
        others' stay as they were in the game itself."""
        play = self.play
        twin: MejaState = self.clone()
        rng = random.Random(int(probability_sampler() * 2**53))
        drawn = play.table.state.resample(player_id, rng)
        twin.play.table.state = drawn
        if play.recall is not None:
            play.recall.catch_up(drawn.history)
            twin.play.recall = Recall(drawn.clone(), play.recall.lines[:])
        return twin

    def __str__(self) -> str:
        return str(self.play.table.state)


class Observer:
    """pyspiel's Python observer: a seat's encoded observation and its view as text, or with
    perfect recall its information state: the tensor of meja.env.information and the text of
    its view and what it was told of every step."""

    def __init__(self, table: Table, recall: bool) -> None:
        self.recall = recall
        self.dict: dict[str, np.ndarray] = {}
        layout = information_layout(table) if recall else table.layout
        self.tensor = np.zeros(layout.size, dtype=np.float32)
        for field in layout.fields:
            if field.size:
                self.dict[field.name] = self.tensor[layout.slice(field.name)]

    def set_from(self, state: MejaState, player: int) -> None:
        """Write player's observation (or information state) of state into tensor."""
        table = state.play.table
        if self.recall:
            write_information(table, player, self.tensor)
        else:
            self.tensor[:] = table.observe(player)

    def string_from(self, state: MejaState, player: int) -> str:
        """player's view as JSON text, followed with perfect recall by what it was told."""
        if self.recall:
            return state.play.information(player)
        return _text(state.play.table.state.view(player))


def _registered() -> dict[str, type[MejaGame]]:
    """Register every meja game with pyspiel under its short name: a class, as pyspiel's own
    Python games do, since a class outlives the interpreter's teardown."""
    classes: dict[str, type[MejaGame]] = {}
    for game in list_games():
        title = "".join(word.title() for word in game.name.split("_"))
        kind = type(f"{title}Game", (MejaGame,), {"meja_game": game, "__doc__": game.title})
        pyspiel.register_game(game_type(game), kind)
        classes[game.name] = kind
    return classes


GAMES = _registered()
"""The pyspiel game class of each meja game, by meja name."""
