"""Split a job into chunks of games sized from the measured pace, so each takes about a second.

Small chunks at the start keep the progress bar lively and balance the workers; later chunks grow
so that sending work and results between processes costs little. The split never changes results.
"""

from __future__ import annotations

import time

TARGET_SECONDS = 1.0
MAX_CHUNK = 500


class ChunkPlanner:
    """Hands out consecutive ranges of game indexes; sizes follow the pace seen so far."""

    def __init__(self, total: int, workers: int) -> None:
        self.total = total
        self.workers = workers
        self.next_index = 0
        self.done = 0
        self.started = time.perf_counter()

    def record(self, games: int) -> None:
        """Note that games more have finished."""
        self.done += games

    def next_range(self) -> tuple[int, int] | None:
        """The next (start, stop) to play, or None when every game has been handed out."""
        if self.next_index >= self.total:
            return None
        start = self.next_index
        self.next_index = min(self.total, start + self._size())
        return start, self.next_index

    def _size(self) -> int:
        """Games per chunk: about TARGET_SECONDS of one worker's time, never all that is left."""
        if self.done == 0:
            return 1
        seconds_per_game = (time.perf_counter() - self.started) * self.workers / self.done
        size = int(TARGET_SECONDS / max(seconds_per_game, 1e-6))
        fair_share = -(-(self.total - self.next_index) // (2 * self.workers))
        return max(1, min(size, MAX_CHUNK, fair_share))
