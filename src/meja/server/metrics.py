"""What an operator can graph about a running server, in Prometheus' text format (GET /metrics).

Events are counted where they happen, at the cost of an increment; everything that is a level
(tables, sockets, bot jobs) is read from the lobby when the server is scraped, so keeping it
costs nothing between scrapes. Each app has a registry of its own, so apps never share numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from meja.server.lobby import Lobby

ACK_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Upper bounds, in seconds, of the acknowledgement histogram: a sync of the disk takes about a
millisecond, and an acknowledgement past 100 ms is one a player notices."""


class Metrics:
    """The server's counters and histogram, in one registry."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        self.steps_stored = Counter(
            "meja_steps_stored",
            "Steps (moves, bot moves and chance draws) stored, by game.",
            ["game"],
            registry=self.registry,
        )
        self.move_ack = Histogram(
            "meja_move_ack_seconds",
            "Seconds from a person's move received to it stored and sent to the table.",
            buckets=ACK_BUCKETS,
            registry=self.registry,
        )
        self.leases_taken_over = Counter(
            "meja_leases_taken_over",
            "Tables this server took over from another server process.",
            registry=self.registry,
        )
        self.refusals = Counter(
            "meja_refusals",
            "Error answers, over HTTP and websockets, by their error code.",
            ["code"],
            registry=self.registry,
        )

    def refused(self, code: str) -> None:
        """Count an error answered to a client."""
        self.refusals.labels(code).inc()


class LobbyCollector(Collector):
    """The lobby's levels, read when the server is scraped: tables in memory, open sockets and
    bot jobs. Scrapes run on the event loop, so they read the tables between two steps."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def describe(self) -> Iterator[Metric]:
        yield from self._families()

    def collect(self) -> Iterator[Metric]:
        tables = {"unfinished": 0, "finished": 0}
        sockets = {"seated": 0, "spectator": 0}
        finished_cache = self.lobby._finished.values()
        for room in [*self.lobby.open.values(), *finished_cache]:
            tables["finished" if room.finished else "unfinished"] += 1
            for conn in room.connections:
                sockets["spectator" if conn.seat is None else "seated"] += 1
        table_family, socket_family, waiting, running = self._families()
        for state, count in tables.items():
            table_family.add_metric([state], count)
        for kind, count in sockets.items():
            socket_family.add_metric([kind], count)
        for lane, (jobs_waiting, jobs_running) in self.lobby.services.bots.load().items():
            waiting.add_metric([lane], jobs_waiting)
            running.add_metric([lane], jobs_running)
        yield from (table_family, socket_family, waiting, running)

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, ...]:
        return (
            GaugeMetricFamily(
                "meja_tables", "Tables held in memory, unfinished or finished.", labels=["state"]
            ),
            GaugeMetricFamily(
                "meja_websockets",
                "Websockets joined to a table, by a seat or a spectator.",
                labels=["kind"],
            ),
            GaugeMetricFamily(
                "meja_bot_jobs_waiting", "Bot moves and hints waiting for a lane.", labels=["lane"]
            ),
            GaugeMetricFamily(
                "meja_bot_jobs_running", "Bot moves and hints being worked out.", labels=["lane"]
            ),
        )
