"""The progress bar: games done, games per second and time left, drawn on stderr with rich."""

from __future__ import annotations

from typing import Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class Listener(Protocol):
    """Told how a run advances; the default draws a bar, tests may watch or interrupt."""

    def start(self, total: int) -> None:
        """The run begins with total games to play."""

    def advance(self, games: int) -> None:
        """games more have finished."""

    def stop(self) -> None:
        """The run has ended, finished or interrupted."""


class Silent:
    """A listener that shows nothing."""

    def start(self, total: int) -> None:
        """Nothing to show."""

    def advance(self, games: int) -> None:
        """Nothing to show."""

    def stop(self) -> None:
        """Nothing to show."""


class GamesPerSecond(ProgressColumn):
    """Recent throughput in games per second."""

    def render(self, task: Task) -> Text:
        """The speed rich estimates over its recent samples."""
        speed = task.finished_speed or task.speed
        return Text("? games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")


class ProgressBar:
    """A rich progress bar labelled with what is being simulated."""

    def __init__(self, label: str, console: Console | None = None) -> None:
        self.label = label
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            GamesPerSecond(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=console or Console(stderr=True),
        )
        self.task = self.progress.add_task(label, start=False)

    def start(self, total: int) -> None:
        """Show the bar."""
        self.progress.update(self.task, total=total)
        self.progress.start_task(self.task)
        self.progress.start()

    def advance(self, games: int) -> None:
        """Move the bar on."""
        self.progress.advance(self.task, games)

    def stop(self) -> None:
        """Leave the final bar on screen."""
        self.progress.stop()
