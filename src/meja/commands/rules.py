"""`meja rules GAME --where [TAG]`: the code that carries each reading of a game, and its tests.

Without --where, `meja rules GAME` prints the rules document (meja.commands.info).
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from meja.commands import info
from meja.commands.common import counted
from meja.core import load_game
from meja.rules.index import Place, Reading, RuleIndex, build, checkout_tests

EVERY = ""
"""--where without a TAG: every reading."""


def register(sub: Any) -> None:
    """Add --where to the rules sub-command that meja.commands.info registers."""
    rules = sub.choices["rules"]
    rules.add_argument(
        "--where",
        nargs="?",
        const=EVERY,
        metavar="TAG",
        help="where the engine carries reading TAG (e.g. N9) and which tests pin it; "
        "without TAG, a line for every reading",
    )
    rules.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the rules document, the whole rule index, or one reading's places."""
    if args.where is None:
        return info.run_rules(args)
    game = load_game(args.game)
    index = build(game.name, checkout_tests())
    if args.where == EVERY:
        print(every_reading(index, game.title))
    else:
        print(one_reading(index.reading(args.where), game.title))
    return 0


def _tests_in_brief(reading: Reading) -> str:
    if reading.tests is None:
        return "tests not available"
    return counted(len(reading.tests), "test") if reading.tests else "no test"


def every_reading(index: RuleIndex, title: str) -> str:
    """One line per reading: its label, title, and how many places carry and pin it."""
    lines = [f"{title}: the code and tests of each reading (--where TAG lists them)"]
    for reading in index.readings:
        name = textwrap.shorten(reading.title or "", 36, placeholder="...")
        code = counted(len(reading.carriers), "place") if reading.carriers else "no code"
        lines.append(f"{reading.label:<4} {name:<36} {code}, {_tests_in_brief(reading)}")
    return "\n".join(lines)


def _places(places: tuple[Place, ...]) -> list[str]:
    return [f"  {place.name}  line {place.line}" for place in places]


def one_reading(reading: Reading, title: str) -> str:
    """The reading's label and title, then each place that carries it and each test that pins it."""
    named = f"{reading.label} {reading.title}" if reading.title else reading.label
    lines = [f"{named} ({title})"]
    if reading.carriers:
        lines += [f"Carried by {counted(len(reading.carriers), 'place')}:"]
        lines += _places(reading.carriers)
    else:
        lines.append(f"Carried by: no code of the game cites {reading.label}")
    if reading.tests is None:
        lines.append("Pinned by: the tests are not available (an installed meja has none)")
    elif reading.tests:
        lines += [f"Pinned by {counted(len(reading.tests), 'test')}:", *_places(reading.tests)]
    else:
        lines.append(f"Pinned by: no test cites {reading.label}")
    return "\n".join(lines)
