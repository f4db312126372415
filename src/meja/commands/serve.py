"""`meja serve`: run the web app, its API and the tables' websockets."""

from __future__ import annotations

import argparse
import logging
import socket
import threading
import webbrowser
from typing import TYPE_CHECKING, Any

from meja.commands.common import positive_seconds, whole_number

if TYPE_CHECKING:
    from meja.server import Settings

WS_MAX_BYTES = 65_536
"""Websocket frames larger than this are cut off by the transport itself."""

MIN_BURST = 40
"""Messages a connection may send at once unless --message-burst says otherwise (or twice
--message-rate, if that is more)."""


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

        from meja.server import create_app
        from meja.server.storage import default_db_url
    except ImportError as exc:
        raise ValueError(
            f"the web app needs the 'web' extra: pip install 'meja[web]' ({exc})"
        ) from None
    for name in ("bot_pause", "away_grace"):
        if getattr(args, name) < 0:
            raise ValueError(f"--{name.replace('_', '-')}: must not be negative")
    if args.message_rate <= 0:
        raise ValueError("--message-rate: must be positive")
    sock = _listen(args.host, args.port)
    db_url = args.db or default_db_url()
    try:
        app = create_app(settings_from(args, db_url))
    except ValueError:
        sock.close()
        raise
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    port = sock.getsockname()[1]
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"meja is serving on http://{shown_host}:{port}/  (store: {_safe(db_url)})", flush=True)
    if args.open:
        lobby = f"http://{shown_host}:{port}/"
        threading.Thread(target=webbrowser.open, args=[lobby], daemon=True).start()
    config = uvicorn.Config(app, ws_max_size=WS_MAX_BYTES, log_level="warning", lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])
    return 0


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
    )


def _safe(url: str) -> str:
    """The database URL with any password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
