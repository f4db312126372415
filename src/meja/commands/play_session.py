"""An interactive game in the terminal: one human seat against bots, shown only what it may see.

Everything the human is told derives from state.view(human) (the table) and state.told (what the
game declares the human learns from each step), as in every other front end. Seats go by their
names at the table ("You", "Bot 2"), and the table, the moves and the prompt are worded by each
game's text module, as the browser table words them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from meja.bots.base import Bot
from meja.commands.info import DOCS_DIR
from meja.core import CHANCE, GameRecord, IllegalAction, State
from meja.core.game import sample_chance
from meja.core.registry import outcome_of, spec_of
from meja.core.told import say
from meja.games.mooncake import text as mooncake_text
from meja.games.nasi_lemak import text as nasi_lemak_text
from meja.games.peranakan import text as peranakan_text
from meja.games.te_kuiti import text as te_kuiti_text

HUMAN = "human"

HELP = """\
Type the number of a move. Other commands:
  moves        show the table and the legal moves again
  legend       what the marks on the table mean
  undo         take back your last move, one at a time, while it is still
               your turn and nothing has shown since (no tile or card turned
               up, no other player's move, no move of yours that showed
               something hidden)
  save FILE    save the game so far as a JSON record (see `meja replay`)
  rules        print the rules of this game
  help         this text
  quit         leave the game"""


class TableText(Protocol):
    """What a game's text module gives the terminal: the table, each move and the question
    in words, seats written {n} for core.told.say, and the legend of the table's marks."""

    def table(self, state: Any, seat: int | None, names: Sequence[str] = ..., /) -> str: ...

    def move_words(self, state: Any, seat: int, action: int, /) -> tuple[str, str]: ...

    def prompt(self, state: Any, seat: int, /) -> str: ...

    def legend(self) -> str: ...


TEXTS: dict[str, TableText] = {
    "mooncake": mooncake_text,
    "nasi_lemak": nasi_lemak_text,
    "peranakan": peranakan_text,
    "te_kuiti": te_kuiti_text,
}
"""The games' text modules by game name, listed by hand as meja.games lists their specs."""


def table_text(state: State) -> TableText | None:
    """The text module of a registered game; None for a game built outside meja.games."""
    return TEXTS.get(state.game.name) if spec_of(state.game) is not None else None


def seat_names(num_players: int) -> list[str]:
    """Seats as the terminal names them, as the lobby names bots; say() words the viewer's
    own as "You"."""
    return [f"Bot {seat + 1}" for seat in range(num_players)]


def render_view(state: State, seat: int | None) -> str:
    """The table as seat sees it, drawn by the game's spec (render_seat: its pieces as codes,
    for replays and logs); a game with no spec (one built outside meja.games) is shown as an
    outline of its view data."""
    spec = spec_of(state.game)
    if spec is not None:
        return spec.render_seat(state, seat)
    return "\n".join(_view_lines(state.view(seat), 0))


def render_table(state: State, seat: int | None, names: Sequence[str] | None = None) -> str:
    """The table as seat sees it in words, as `meja play` shows it: drawn by the game's text
    module with seats by names (seat_names by default, the viewer's own as "You"); a game
    without one is drawn as render_view draws it."""
    text = table_text(state)
    if text is None:
        return render_view(state, seat)
    return text.table(state, seat, names or seat_names(state.num_players))


def _view_lines(data: Any, indent: int) -> list[str]:
    """A readable outline of JSON-like view data."""
    pad = "  " * indent
    if isinstance(data, dict):
        lines = []
        for key, value in data.items():
            if isinstance(value, dict | list) and not _is_flat(value):
                lines.append(f"{pad}{key}:")
                lines.extend(_view_lines(value, indent + 1))
            else:
                lines.append(f"{pad}{key}: {_flat(value)}")
        return lines
    if isinstance(data, list) and not _is_flat(data):
        lines = []
        for index, item in enumerate(data):
            lines.append(f"{pad}[{index}]")
            lines.extend(_view_lines(item, indent + 1))
        return lines
    return [f"{pad}{_flat(data)}"]


def _is_flat(value: Any) -> bool:
    """Whether value prints well on one line."""
    if isinstance(value, dict):
        return len(value) <= 6 and all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        scalars = all(not isinstance(v, dict | list) for v in value)
        rows = len(value) <= 8 and all(
            isinstance(v, list) and all(not isinstance(x, dict | list) for x in v) for v in value
        )
        return scalars or rows
    return True


def _flat(value: Any) -> str:
    """One-line text of a scalar, a flat list or a small flat dict."""
    if isinstance(value, dict):
        return ", ".join(f"{k}={_flat(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    if value is None:
        return "-"
    return str(value)


def _initial(text: str) -> str:
    """text with its first letter capitalised and the rest as written (names keep theirs)."""
    return text[:1].upper() + text[1:]


LOG_MARK = "· "
"""Begins every line of the move log, setting it apart from the table and the prompts."""


class TerminalSession:
    """Runs one game: asks the human for moves, lets bots play, and narrates what is visible."""

    def __init__(
        self,
        state: State,
        human: int,
        bots: dict[int, Bot],
        labels: list[str],
        seed: int,
        console: Console,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.state = state
        self.human = human
        self.bots = bots
        self.labels = labels
        self.seed = seed
        self.console = console
        self.ask = ask or (lambda prompt: console.input(prompt))
        self.chance_rng = random.Random(f"{seed}:chance")
        self.bot_rngs = {seat: random.Random(f"{seed}:seat{seat}") for seat in bots}
        self.shown: dict[str, Any] | None = None
        self.just_moved = False
        self.names = seat_names(state.num_players)
        """Seats as the log names them, as the lobby would; the human is "You"."""
        self.text = table_text(state)

    def run(self) -> int:
        """Play to the end or until the human quits; returns the exit code."""
        game = self.state.game
        seats = ", ".join(
            "you" if i == self.human else f"{self.names[i]} ({label})"
            for i, label in enumerate(self.labels)
        )
        self.console.print(f"[bold]{escape(game.title)}[/bold]  (seed {self.seed})  {seats}")
        self.console.print(
            "Type [bold]help[/bold] for commands, [bold]legend[/bold] for the table's marks."
        )
        while not self.state.is_terminal():
            if self.human in self.state.active_players():
                if not self._human_turn():
                    self.console.print("You left the game.")
                    return 0
            else:
                self._other_turn()
        self._show_table()
        self._show_result()
        return 0

    # --- the human's turn ----------------------------------------------------------------
    def _human_turn(self) -> bool:
        """Ask until the human makes a legal move (True) or quits (False)."""
        self._show_table()
        self._show_moves()
        while True:
            try:
                text = self.ask(f"{self._prompt()}> ").strip()
            except EOFError:
                return False
            if not text:
                continue
            command, _, argument = text.partition(" ")
            command = command.lower()
            if command in ("quit", "exit"):
                return False
            if command == "help":
                self.console.print(HELP, markup=False)
            elif command == "legend":
                self._show_legend()
            elif command == "moves":
                self._show_table()
                self._show_moves()
            elif command == "rules":
                self._show_rules()
            elif command == "save":
                self._save(argument.strip())
            elif command == "undo":
                if self._undo():
                    return True
            else:
                action = self._parse_move(text)
                if action is not None:
                    self._apply_human(action)
                    return True

    def _parse_move(self, text: str) -> int | None:
        """A move by its number in the list or its name; explains and returns None if neither."""
        legal = self.state.legal_actions(self.human)
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"No move {number}: choose a number from 1 to {len(legal)}.")
            return None
        try:
            return self.state.str_to_action(text, self.human)
        except IllegalAction as exc:
            self.console.print(f"{escape(str(exc))}. Type a move's number, or help.")
            return None

    def _apply_human(self, action: int) -> None:
        """Play the human's move and say it as the game tells it to the human."""
        simultaneous = len(self.state.active_players()) > 1
        told = self.state.told(self.human, action, self.human)
        secret = self.state.told(self.human, action, None).action is None
        self._say(told.text)
        self.state.apply(action, self.human)
        self.just_moved = True
        if secret and simultaneous and any(s != self.human for s in self.state.active_players()):
            self.console.print("Your move stays hidden from the others until they have all moved.")

    def _undo(self) -> bool:
        """Take back the human's last move if the game allows it (State.undo_refusal, the rule
        the server and the browser follow too), saying what was taken back or why not."""
        reason = self.state.undo_refusal(self.human)
        if reason is not None:
            self.console.print(escape(f"Cannot take back: {reason}."))
            return False
        action = self.state.history[-1][1]
        before = self.state.undone(self.human)
        self.console.print(escape(f"Taken back: {self._described(before, action)}"))
        self.state = before
        return True

    def _described(self, state: State, action: int) -> str:
        """The human's move from state as the game told it to them ("you put up ..."), or in
        the move list's words where the game tells it with the move it prepares."""
        text = say(state.told(self.human, action, self.human).text, self.human, self.names)
        if not text:
            heading, words = self._move_words(state, action)
            move = f"{heading} {words}" if heading else words
            return move[:1].lower() + move[1:] + "."
        for mine in ("You ", "Your "):
            if text.startswith(mine):
                return mine.lower() + text[len(mine) :]
        return text

    def _save(self, path: str) -> None:
        """Save the game so far; a bad path is reported and changes nothing."""
        if not path:
            self.console.print("Usage: save FILE")
            return
        try:
            GameRecord.from_state(self.state).save(path)
        except OSError as exc:
            self.console.print(f"Could not save to {escape(path)}: {escape(exc.strerror or '')}")
            return
        self.console.print(f"Saved the game to {escape(path)}.")

    def _show_rules(self) -> None:
        """Print the rules document of the game."""
        path = Path(DOCS_DIR) / f"{self.state.game.name}.md"
        if path.is_file():
            self.console.print(path.read_text(encoding="utf-8"), markup=False)
        else:
            self.console.print(f"No rules document found at {path}.")

    # --- bots and chance -------------------------------------------------------------------
    def _other_turn(self) -> None:
        """Resolve chance or let the lowest active bot seat move, and say what the game tells.

        A chance step is mentioned only when the human is told which outcome it was.
        """
        seat = self.state.current_player()
        if seat == CHANCE:
            action = sample_chance(self.state, self.chance_rng)
        else:
            if self.just_moved and self.state.view(self.human) != self.shown:
                # What the human's turn turned up, before the others move (T4a's turned tiles,
                # say, which go face down at the next move).
                self._show_table()
            self.just_moved = False
            action = self.bots[seat].choose(self.state, seat, self.bot_rngs[seat])
        told = self.state.told(seat, action, self.human)
        self.state.apply(action, seat)
        self._say(told.text)

    def _say(self, text: str) -> None:
        """One sentence of the move log, as the browser would show it to the human's seat."""
        if text:
            self.console.print(LOG_MARK + escape(say(text, self.human, self.names)))

    # --- display -------------------------------------------------------------------------
    def _show_table(self) -> None:
        """The table from the human's seat."""
        self.shown = self.state.view(self.human)
        text = render_table(self.state, self.human, self.names)
        title = escape(self.state.game.title)
        self.console.print(Panel(escape(text), title=title, expand=False))

    def _show_legend(self) -> None:
        """What the marks on the table mean, as the game's text module explains them."""
        if self.text is None:
            self.console.print("This game's table is its view data, with no marks to explain.")
        else:
            self.console.print(self.text.legend(), markup=False)

    def _prompt(self) -> str:
        """Whose turn it is and what they are asked, in words: "Your turn: choose a tile"."""
        if self.text is None:
            return "Your move"
        return say(self.text.prompt(self.state, self.human), self.human, self.names)

    def _move_words(self, state: State, action: int) -> tuple[str, str]:
        """One of the human's moves in words (a heading its neighbours may share, and the
        rest), or by its name for a game without a text module."""
        if self.text is None:
            return "", state.action_to_str(action, self.human)
        heading, words = self.text.move_words(state, self.human, action)
        return say(heading, self.human, self.names), say(words, self.human, self.names)

    def _show_moves(self) -> None:
        """Number every legal move in words, moves that share a heading listed under it."""
        legal = self.state.legal_actions(self.human)
        group: list[str] = []
        heading = ""
        for number, action in enumerate(legal, start=1):
            above, words = self._move_words(self.state, action)
            if above != heading:
                self._show_group(heading, group)
                heading, group = above, []
            group.append(f"[bold]{number})[/bold] {escape(words)}")
        self._show_group(heading, group)

    def _show_group(self, heading: str, items: list[str]) -> None:
        """A heading over its moves in columns; moves without one in columns of their own."""
        if not items:
            return
        if heading:
            self.console.print(escape(f"{heading}:"))
        self.console.print(Columns(items, padding=(0, 3)))

    def _show_result(self) -> None:
        """Final scores and winners."""
        outcome = outcome_of(self.state)
        scores = ", ".join(
            f"{'you' if i == self.human else self.names[i]} {s:g}"
            for i, s in enumerate(self.state.scores())
        )
        winners = self.state.winners()
        if not winners:
            result = "nobody wins"
        elif self.human in winners:
            result = "you win" if len(winners) == 1 else "you share the win"
        else:
            result = "winner: " + ", ".join(self.names[w] for w in winners)
        self.console.print(
            escape(f"Game over. {_initial(outcome.unit)}: {scores}. {_initial(result)}.")
        )
        for line in outcome.lines:
            self.console.print(escape(say(line, self.human, self.names)))
