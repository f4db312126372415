"""`meja serve`: run the web app, its API and the tables' websockets."""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import socket
import threading
import webbrowser
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from meja import BUILD
from meja.commands.common import positive_seconds, whole_number

if TYPE_CHECKING:
    from meja.server import Settings

WS_MAX_BYTES = 65_536
"""Websocket messages larger than this, whole or in fragments, are cut off by the transport
itself (1009)."""

HEADER_BYTES = 16_384
"""Largest total size of a request's headers."""

MIN_BURST = 40
"""Messages a connection may send at once unless --message-burst says otherwise (or twice
--message-rate, if that is more)."""

WORKER_SETTINGS = "MEJA_WORKER_SETTINGS"
"""The environment variable that hands the settings to --workers processes."""

TEXT_FORMAT = "%(asctime)s %(levelname)s %(message)s"
"""A log line for people reading a terminal (--log-format text)."""

NAMED_FIRST = (("table %s", "table"), ("refused %s", "client"))
"""How the server's log messages begin when their first argument is a table's id or a client's
address: the JSON lines give that argument a field of its own."""


class JsonLines(logging.Formatter):
    """One JSON object a line (--log-format json), for a log collector to index: time, level,
    logger, message, the table or client the message is about, and any traceback as a field."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if isinstance(record.msg, str) and isinstance(record.args, tuple) and record.args:
            for start, field in NAMED_FIRST:
                if record.msg.startswith(start):
                    entry[field] = str(record.args[0])
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str)


def configure_logging(log_format: str) -> None:
    """Log at INFO and above to stderr, as text lines or JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=logging.INFO, handlers=[handler])


def register(sub: Any) -> None:
    """Add the serve sub-command."""
    parser = sub.add_parser("serve", help="run the web app: play in a browser with friends or bots")
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="port to listen on (default 8000; 0: any free port)"
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        default=None,
        help="database URL, e.g. sqlite:///meja.db or postgresql://user@host/meja "
        "(default: a SQLite file in your data directory)",
    )
    parser.add_argument(
        "--bus",
        metavar="URL",
        default=None,
        help="Redis URL, e.g. redis://127.0.0.1:6379/0, that joins every process serving one "
        "PostgreSQL database: each table is served by one process, and any process reaches it "
        "(default: none; this process serves its database alone)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes on this machine behind one port, each serving its share of "
        "the tables (default 1; more need PostgreSQL and --bus)",
    )
    parser.add_argument(
        "--lease-seconds",
        type=positive_seconds,
        default=5.0,
        metavar="SECONDS",
        help="how long a process's claim on a table lasts unrenewed: another process takes "
        "a table over this long after its process died (default 5)",
    )
    parser.add_argument(
        "--idle-seconds",
        type=positive_seconds,
        default=300.0,
        metavar="SECONDS",
        help="a table with no one connected and nothing to do leaves memory after this, and "
        "is loaded again when asked for (default 300)",
    )
    parser.add_argument(
        "--bot-pause",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="how long bots wait before moving, so people can follow (default 0.6)",
    )
    parser.add_argument(
        "--away-grace",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="how long a disconnected player has before a bot plays for them (default 20)",
    )
    parser.add_argument(
        "--message-rate",
        type=float,
        default=20.0,
        metavar="PER_SECOND",
        help="websocket messages a connection may send per second on average (default 20)",
    )
    parser.add_argument(
        "--message-burst",
        type=whole_number,
        default=None,
        metavar="MESSAGES",
        help=f"websocket messages a connection may send at once before the rate applies "
        f"(default {MIN_BURST}, or twice --message-rate if that is more)",
    )
    parser.add_argument(
        "--max-tables",
        type=whole_number,
        default=500,
        metavar="TABLES",
        help="unfinished tables the server holds at most; more are refused (default 500)",
    )
    parser.add_argument(
        "--bot-seconds",
        type=positive_seconds,
        default=5.0,
        metavar="SECONDS",
        help="most seconds a table's searching bot (ismcts) may think a move (default 5)",
    )
    parser.add_argument(
        "--bot-iterations",
        type=whole_number,
        default=5000,
        metavar="ITERATIONS",
        help="most iterations a table's searching bot (ismcts) may spend a move (default 5000)",
    )
    parser.add_argument(
        "--unjoined-expiry",
        type=positive_seconds,
        default=600.0,
        metavar="SECONDS",
        help="a table with seats for people that nobody joins within this time ends "
        "(default 600: 10 minutes)",
    )
    parser.add_argument(
        "--searching-bots-per-client",
        type=whole_number,
        default=6,
        metavar="BOTS",
        help="searching bots (ismcts) one client address may seat at its unfinished tables"
        " (default 6)",
    )
    parser.add_argument(
        "--tables-per-client",
        type=whole_number,
        default=20,
        metavar="TABLES",
        help="unfinished tables one client address may have made (default 20)",
    )
    parser.add_argument(
        "--sockets-per-client",
        type=whole_number,
        default=100,
        metavar="SOCKETS",
        help="websockets one client address may hold open at once (default 100)",
    )
    parser.add_argument(
        "--joins-per-minute",
        type=whole_number,
        default=120,
        metavar="SOCKETS",
        help="websockets one client address may open in a minute (default 120)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front of the server, whose X-Forwarded-For names the client; "
        "repeat for several (default: none, the peer's address is the client's)",
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another site whose pages may open the tables' websockets, e.g. "
        "https://games.example; repeat for several (default: the server's own pages only)",
    )
    parser.add_argument(
        "--api-docs",
        action="store_true",
        help="serve the interactive API docs at /api/docs (their script comes from a CDN)",
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="the log on stderr: lines for people (text, the default) or one JSON object a "
        "line for a log collector (json)",
    )
    parser.add_argument(
        "--open", action="store_true", help="open the lobby in your web browser once serving"
    )
    parser.set_defaults(handler=run)


def _listen(host: str, port: int) -> socket.socket:
    """Bind the listening socket now, so a busy port is a one-line error."""
    if not 0 <= port < 65536:
        raise ValueError(f"--port: {port} is not a port number (0 picks a free one)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(2048)
    return sock


def run(args: argparse.Namespace) -> int:
    """Open the store, bind the port and serve until interrupted."""
    try:
        import uvicorn
        from uvicorn.config import LOGGING_CONFIG

        from meja.server import create_app
        from meja.server.sole_server import claim_sqlite
        from meja.server.storage import SqlStorage, default_db_url
        from meja.server.transport import LingeringWebSockets, raise_open_files
    except ImportError as exc:
        raise ValueError(
            f"the web app needs the 'web' extra: pip install 'meja[web]' ({exc})"
        ) from None
    for name in ("bot_pause", "away_grace"):
        if getattr(args, name) < 0:
            raise ValueError(f"--{name.replace('_', '-')}: must not be negative")
    if args.message_rate <= 0:
        raise ValueError("--message-rate: must be positive")
    db_url = args.db or default_db_url()
    check_workers(args.workers, args.bus, db_url)
    if args.bus is not None:
        check_bus(args.bus, db_url)
    claim = claim_sqlite(db_url)
    try:
        sock = _listen(args.host, args.port)
    except (OSError, ValueError):
        claim.release()
        raise
    settings = settings_from(args, db_url)
    try:
        # Workers make their own app; this process only opens (and upgrades) the store once.
        app = SqlStorage(db_url).close() if args.workers > 1 else create_app(settings)
    except ValueError:
        sock.close()
        claim.release()
        raise
    configure_logging(args.log_format)
    raise_open_files()
    port = sock.getsockname()[1]
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    engine = "compiled" if BUILD == "compiled" else "pure Python"
    print(
        f"meja is serving on http://{shown_host}:{port}/  (store: {_safe(db_url)};"
        f" engine: {engine})",
        flush=True,
    )
    if args.open:
        lobby = f"http://{shown_host}:{port}/"
        threading.Thread(target=webbrowser.open, args=[lobby], daemon=True).start()
    workers = args.workers
    if workers > 1:
        os.environ[WORKER_SETTINGS] = json.dumps(
            {"settings": dataclasses.asdict(settings), "log_format": args.log_format}
        )
    config = uvicorn.Config(
        "meja.commands.serve:worker_app" if workers > 1 else app,
        factory=workers > 1,
        workers=workers,
        ws=LingeringWebSockets,
        ws_max_size=WS_MAX_BYTES,
        h11_max_incomplete_event_size=HEADER_BYTES,
        proxy_headers=bool(args.trusted_proxy),
        forwarded_allow_ips=list(args.trusted_proxy) or None,
        log_level="warning",
        # As JSON lines, uvicorn's own messages go to the root logger's handler with the rest.
        log_config=None if args.log_format == "json" else LOGGING_CONFIG,
        lifespan="on",
    )
    if workers > 1:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[sock]).run()
    else:
        uvicorn.Server(config).run(sockets=[sock])
    claim.release()
    return 0


def worker_app() -> Any:
    """The app of one of --workers processes, from the settings the first process left in
    the environment; each worker is a process of its own among those serving the database."""
    from meja.server import Settings, create_app
    from meja.server.transport import raise_open_files

    given = json.loads(os.environ[WORKER_SETTINGS])
    fields = {
        name: tuple(value) if isinstance(value, list) else value
        for name, value in given["settings"].items()
    }
    configure_logging(given["log_format"])
    raise_open_files()
    return create_app(Settings(**fields))


def check_workers(workers: int, bus_url: str | None, db_url: str) -> None:
    """ValueError in one line unless --workers can share the database: one process per
    SQLite file, and PostgreSQL with --bus for several."""
    from sqlalchemy.engine import make_url

    if workers < 1:
        raise ValueError("--workers: must be at least 1")
    if workers == 1:
        return
    if make_url(db_url).get_backend_name() == "sqlite":
        raise ValueError(
            "--workers: a SQLite database is served by one process; several workers need "
            "PostgreSQL (--db postgresql://...) and --bus"
        )
    if bus_url is None:
        raise ValueError(
            "--workers: several workers need --bus redis://... to reach each other's tables"
        )


def check_bus(bus_url: str, db_url: str) -> None:
    """ValueError in one line unless the bus answers and the database can be shared."""
    from sqlalchemy.engine import make_url

    if make_url(db_url).get_backend_name() == "sqlite":
        raise ValueError(
            "--bus: a SQLite database is served by one process; several processes need "
            "PostgreSQL (--db postgresql://...)"
        )
    try:
        import redis
    except ImportError as exc:
        raise ValueError(
            f"--bus needs the 'server' extra: pip install 'meja[server]' ({exc})"
        ) from None
    try:
        client = redis.Redis.from_url(bus_url, socket_connect_timeout=2.0, socket_timeout=2.0)
        client.ping()
        client.close()
    except ValueError as exc:
        raise ValueError(f"--bus: {bus_url!r} is not a Redis URL ({exc})") from None
    except (redis.RedisError, OSError) as exc:
        raise ValueError(f"--bus: cannot reach Redis at {bus_url} ({exc})") from None


def settings_from(args: argparse.Namespace, db_url: str) -> Settings:
    """The server's settings from the command line."""
    from meja.server import Settings

    burst = args.message_burst or max(MIN_BURST, int(2 * args.message_rate))
    return Settings(
        db_url=db_url,
        bot_pause=args.bot_pause,
        away_grace=args.away_grace,
        message_rate=args.message_rate,
        message_burst=burst,
        max_open_tables=args.max_tables,
        max_bot_seconds=args.bot_seconds,
        max_bot_iterations=args.bot_iterations,
        unjoined_expiry=args.unjoined_expiry,
        tables_per_client=args.tables_per_client,
        searching_bots_per_client=args.searching_bots_per_client,
        sockets_per_client=args.sockets_per_client,
        joins_per_minute=args.joins_per_minute,
        trusted_proxies=tuple(args.trusted_proxy),
        allowed_origins=tuple(origin.rstrip("/") for origin in args.allowed_origin),
        api_docs=args.api_docs,
        max_header_bytes=HEADER_BYTES,
        bus_url=args.bus,
        lease_seconds=args.lease_seconds,
        idle_seconds=args.idle_seconds,
    )


def _safe(url: str) -> str:
    """The database URL with any password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
