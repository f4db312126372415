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
