"""The `meja` command: each sub-command lives in its own module under meja.commands."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from meja import BUILD, __version__
from meja.commands import (
    arena,
    compare,
    demo,
    info,
    play,
    random_game,
    replay,
    rules,
    serve,
    simulate,
)

COMMAND_MODULES = (info, rules, random_game, replay, demo, arena, play, serve, simulate, compare)
"""The sub-commands in the order `meja --help` lists them; each module registers itself."""


class CommandError(Exception):
    """A problem the user caused; printed as one line and exit code 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"meja: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every sub-command registered."""
    parser = _Parser(prog="meja", description="Play, study and simulate four tabletop games.")
    parser.add_argument(
        "--version", action="version", version=f"meja {__version__} ({BUILD} engine)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except BrokenPipeError:
        # The reader (`| head`) has what it wanted: stop quietly, as other shell tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (CommandError, ValueError, OSError) as exc:
        print(f"meja: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("meja: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
