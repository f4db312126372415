"""Server settings, with defaults suited to friends playing over the internet."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """Everything `meja serve` can tune; tests shorten the waits."""

    db_url: str | None = None
    """SQLAlchemy URL of the store; None means a SQLite file in the user's data directory."""
    bot_pause: float = 0.6
    """Seconds a bot waits before moving, so people can follow what it does."""
    away_grace: float = 20.0
    """Seconds a seat may stay disconnected before a bot plays for it."""
    standin_bot: str | None = None
    """The bot that plays for absent players; None picks the strongest one available."""
    max_message_bytes: int = 4096
    """Largest websocket message a client may send."""
    max_body_bytes: int = 65_536
    """Largest HTTP request body."""
    message_rate: float = 20.0
    """Websocket messages per second a connection may send on average (--message-rate)."""
    message_burst: int = 40
    """Messages a connection may send at once before the rate applies (--message-burst)."""
    max_open_tables: int = 500
    """Unfinished tables the server holds at most (--max-tables)."""
    bot_threads: int = 2
    """Threads that run bots, so that thinking never blocks the event loop."""
    max_bot_iterations: int = 5000
    """Most ISMCTS iterations a table's bot may spend on a move, so no table hogs a thread
    (--bot-iterations)."""
    max_bot_seconds: float = 5.0
    """Most seconds a table's ISMCTS bot may think about a move (--bot-seconds)."""
    join_timeout: float = 30.0
    """Seconds a new websocket has to join, whatever else it sends meanwhile."""
    unjoined_expiry: float = 600.0
    """Seconds a table with seats for people may wait for its first person before it is ended
    (--unjoined-expiry)."""
    tables_per_client: int = 20
    """Unfinished tables one client address may have made (--tables-per-client)."""
    searching_bots_per_client: int = 6
    """Searching bots (ismcts) one client address may seat at its unfinished tables
    (--searching-bots-per-client)."""
    sockets_per_client: int = 100
    """Websockets one client address may hold open at once (--sockets-per-client)."""
    joins_per_minute: int = 120
    """Websockets one client address may open in a minute (--joins-per-minute)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses of proxies whose X-Forwarded-For names the client (--trusted-proxy)."""
    allowed_origins: tuple[str, ...] = ()
    """Origins, besides the server's own, whose pages may open its websockets
    (--allowed-origin)."""
    api_docs: bool = False
    """Serve the interactive API docs at /api/docs, whose script comes from a CDN (--api-docs)."""
    max_header_bytes: int = 16_384
    """Largest total size of an HTTP request's headers."""
    bus_url: str | None = None
    """Redis URL of the bus that joins several processes serving one database (--bus); None:
    this process serves alone."""
    lease_seconds: float = 5.0
    """Seconds a process's claim on a table lasts unrenewed; another process takes a table
    over soon after its owner stops renewing (--lease-seconds)."""
    idle_seconds: float = 300.0
    """Seconds a table with no socket and nothing to do stays in memory (--idle-seconds)."""
