"""`meja demo GAME`: watch bots play a whole game in the terminal, one move at a time.

What the watcher sees is what a spectator at the web table sees: the board drawn by the game's
own terminal renderer for seat None, and each step in the words the game declares it tells the
spectator (State.told, worded by core.told.say), with the seats named as the lobby names bots.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shlex
import sys
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from time import sleep
from typing import Any

from rich.cells import cell_len
from rich.console import Console, Group
from rich.containers import Lines
from rich.live import Live
from rich.panel import Panel
from rich.text import Text

from meja.bots.registry import make_bot, split_bot_specs
from meja.commands.common import (
    add_game_argument,
    add_option_argument,
    counted,
    game_and_options,
    player_count,
)
from meja.commands.play_session import LOG_MARK, render_table
from meja.core import Game, State
from meja.core.episode import play_episode
from meja.core.registry import outcome_of, spec_of
from meja.core.told import say

DEFAULT_PACE = 0.8
"""Seconds between two steps the spectator is told of."""

RECENT = 12
"""The most sentences shown under the board while watching; fewer when the window is short."""

MIN_LOG_ROWS = 3
"""Rows of sentences kept under the board even when the board must be cut to fit the window."""

TALLER = "… the table goes on: make the window taller to see all of it"


def register(sub: Any) -> None:
    """Add the demo sub-command."""
    parser = sub.add_parser(
        "demo",
        help="watch bots play a whole game in the terminal",
        description="Watch bots play a whole game as a spectator at the table sees it: the board "
        "redrawn after each move and what each move was, in words. Ctrl-C stops watching.",
    )
    add_game_argument(parser)
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players")
    parser.add_argument(
        "--bots",
        "-b",
        default="heuristic",
        help="comma-separated bots by seat, repeated to fill the seats, e.g. "
        "ismcts:iterations=200,random (default: heuristic)",
    )
    parser.add_argument("--seed", "-s", type=int, default=None, help="random seed")
    parser.add_argument(
        "--pace",
        type=pace_seconds,
        default=DEFAULT_PACE,
        metavar="SECONDS",
        help=f"seconds between moves (default {DEFAULT_PACE}); 0 prints the whole game at once "
        "as plain lines",
    )
    parser.add_argument(
        "--quiet", "-q", action="store_true", help="print only the final table and the result"
    )
    add_option_argument(parser)
    parser.set_defaults(handler=run)


def pace_seconds(text: str) -> float:
    """A finite number of seconds, 0 or more, for argparse."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, 0 or more, got {text!r}")
    return value


def bot_lineup(game: Game, players: int, text: str) -> list[str]:
    """One bot spec per seat, cycling a shorter list as `meja simulate --bots` does."""
    specs = split_bot_specs(text)
    if len(specs) > players:
        raise ValueError(f"--bots: {len(specs)} bots for {players} players")
    return [specs[seat % len(specs)] for seat in range(players)]


class Spectator:
    """Tells each step as the game tells a spectator, and shows the table at the chosen pace.

    play_episode reports a step just before it is applied, so its sentence is held until the
    next report (or the end), when the board it changed can be drawn with it. With a console
    (a terminal and a pace) the board is redrawn in place above the latest sentences, fitted to
    the window, and left whole on the screen at the end; without one each sentence is a plain
    line and the final board follows them.
    """

    def __init__(self, game: Game, names: list[str], pace: float, console: Console | None) -> None:
        self.title = game.title
        self.names = names
        self.pace = pace
        self.console = console
        self.live: Live | None = None
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.pending = ""
        self.state: State | None = None
        """The state last shown, drawn whole when watching ends."""
        self.width = 0
        """The panel's width so far: it only grows, so the board does not jump about."""

    def print(self, line: str, style: str = "") -> None:
        """A line outside the board: wrapped between words in a terminal, else as it is."""
        if self.console is None:
            print(line, flush=True)
        else:
            self.console.print(line, style=style, markup=False)

    @contextmanager
    def watching(self) -> Iterator[None]:
        """The board redrawn in place while the game is played, when there is a console; when
        the game ends or the watcher stops it, the last board is printed whole in its place."""
        if self.console is None:
            yield
            return
        try:
            with Live(console=self.console, auto_refresh=False, transient=True) as self.live:
                yield
        finally:
            self.live = None
            if self.state is not None:
                self.console.print(self.frame(self.state, fit=False))

    def on_step(self, state: State, seat: int, action: int) -> None:
        """Show the step before this one on the board it left, then hold this one's words."""
        self.show(state)
        self.pending = say(state.told(seat, action, None).text, None, self.names)

    def show(self, state: State) -> None:
        """The held sentence, if any, and the board as it now stands; then wait."""
        text, self.pending = self.pending, ""
        if not text:
            return
        if self.live is None:
            print(LOG_MARK + text, flush=True)
        else:
            self.recent.append(text)
            self.state = state
            self.live.update(self.frame(state), refresh=True)
        if self.pace:
            sleep(self.pace)

    def finish(self, state: State) -> None:
        """The last step and the final board (printed after the plain lines)."""
        self.show(state)
        self.state = state
        if self.console is None:
            print()
            print(render_table(state, None, self.names))

    def frame(self, state: State, *, fit: bool = True) -> Group:
        """The board in a panel and the latest sentences under it. Fitted to the window, the
        board gives way (its last lines cut, with a word on why) so that the newest sentence
        always shows; unfitted, it is whole, for the screen left behind, with the sentences that
        fit under it."""
        console = self.console
        assert console is not None
        board = render_table(state, None, self.names)
        widest = max((cell_len(line) for line in board.splitlines()), default=0) + 4
        self.width = min(max(self.width, widest, cell_len(self.title) + 8), console.width)
        rows = Text(board).wrap(console, self.width - 4)
        said = [Text(LOG_MARK + line).wrap(console, console.width) for line in self.recent]
        room = console.height - 4  # the panel's two borders, the hint to stop, the cursor
        if fit and len(rows) > room - MIN_LOG_ROWS:
            keep = max(1, room - max(MIN_LOG_ROWS, len(said[-1]) if said else 0) - 1)
            rows = Lines([*rows[:keep], Text(TALLER, "dim italic")])
        log: list[Text] = []
        left = room - len(rows)
        for index, lines in enumerate(reversed(said)):
            if log and len(lines) > left:
                break
            left -= len(lines)
            log[:0] = [Text.assemble(line, style="bold" if index == 0 else "dim") for line in lines]
        panel = Panel(Text("\n").join(rows), title=self.title, width=self.width)
        hint = [Text("Ctrl-C stops watching.", "dim")] if fit else []
        return Group(panel, *log, *hint)


def run(args: argparse.Namespace) -> int:
    """Play bots against each other, showing each move and then the final table and result.

    A reader that stops early (`meja demo ... | head`) ends the demo quietly.
    """
    try:
        return watch(args)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def watch(args: argparse.Namespace) -> int:
    """The demo itself: who plays, every step, the final table and the result."""
    game, options = game_and_options(args)
    players = player_count(game, args.players)
    lineup = bot_lineup(game, players, args.bots)
    policies = [make_bot(spec, game).choose for spec in lineup]
    seed = random.randrange(1_000_000) if args.seed is None else args.seed
    state = game.new_state(players, **options)
    names = [f"Bot {seat + 1}" for seat in range(players)]
    console = Console(highlight=False)
    live = args.pace > 0 and console.is_terminal and not args.quiet
    spectator = Spectator(game, names, args.pace, console if live else None)
    seats = ", ".join(f"{name} ({spec})" for name, spec in zip(names, lineup, strict=True))
    spectator.print(f"{game.title}: {counted(players, 'bot')}, seed {seed}. {seats}.")
    spec = spec_of(game)
    if spec is not None and not args.quiet:
        spectator.print(spec.blurb)
    try:
        with spectator.watching():
            on_step = None if args.quiet else spectator.on_step
            play_episode(state, policies, random.Random(seed), on_step=on_step)
            spectator.finish(state)
    except KeyboardInterrupt:
        print(f"Stopped watching; `{again(args, game, seed)}` plays this game again.")
        return 130
    spectator.print("")
    scores, *said = result_lines(state, names)
    spectator.print(scores)
    for line in said:
        spectator.print(line, "bold")
    return 0


def again(args: argparse.Namespace, game: Game, seed: int) -> str:
    """The command that plays the same game again."""
    words = ["meja", "demo", game.name]
    if args.players is not None:
        words += ["--players", str(args.players)]
    if args.bots != "heuristic":
        words += ["--bots", args.bots]
    for option in args.option:
        words += ["--option", option]
    return shlex.join([*words, "--seed", str(seed)])


def result_lines(state: State, names: list[str]) -> list[str]:
    """The final scores, then who won and why as the game words it for a spectator (the lines
    of the web table's end screen); a game whose words name no winner gets a plain sentence."""
    outcome = outcome_of(state)
    scores = ", ".join(f"{score:g} for {names[seat]}" for seat, score in enumerate(state.scores()))
    unit = outcome.unit[:1].upper() + outcome.unit[1:]
    said = [say(line, None, names) for line in outcome.lines]
    winners = [names[seat] for seat in state.winners()]
    if winners and not any(name in line for line in said for name in winners):
        said.append(f"{' and '.join(winners)} {'won' if len(winners) == 1 else 'shared the win'}.")
    elif not said:
        said.append("Nobody won.")
    return [f"Game over. {unit}: {scores}.", *said]
