"""Readers of position fields that every game shares: each checks one JSON value and refuses a
bad one with InvalidPosition naming the field, so that a position is refused by its field.

A field is named as the game names it (``label``: "turn", "cells[3] (d1)" or Peranakan's
quoted "'turn'"). The games' two wordings are both kept, as saved messages are matched on: one
states what was expected ("turn: expected an integer from 1 to 9, got 0"), the other leads
with the value ("round: 4 is outside 1 to 3"); ``between`` and ``value_first`` choose it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meja.core.errors import InvalidPosition

if TYPE_CHECKING:
    from meja.core.game import Game, State

FORMAT = 2
"""The position shape written now; a position without "format" is read as format 1."""
FIRST_PLAYERS_KEY = "players"
"""Format 1's name for num_players, still read in positions of that shape."""


def integer(
    value: Any, label: str, low: int, high: int | None = None, *, between: str | None = None
) -> int:
    """An int (a JSON true is no number) from low to high (no upper bound for None).

    Without ``between`` the range is stated; with it, the value is named outside low..high.
    """
    number = type(value) is int
    inside = number and value >= low and (high is None or value <= high)
    if between is None:
        if not inside:
            top = "" if high is None else f" to {high}"
            raise InvalidPosition(f"{label}: expected an integer from {low}{top}, got {value!r}")
    elif not number:
        raise InvalidPosition(f"{label}: expected an integer, got {value!r}")
    elif not inside:
        top = "" if high is None else f"{between}{high}"
        raise InvalidPosition(f"{label}: {value} is outside {low}{top}")
    return int(value)


def boolean(value: Any, label: str) -> bool:
    """A JSON true or false; 0 and 1 are not flags."""
    if not isinstance(value, bool):
        raise InvalidPosition(f"{label}: expected true or false, got {value!r}")
    return value


def sequence(value: Any, label: str, length: int | None = None) -> list[Any]:
    """A JSON list, of exactly length entries when one is given."""
    if not isinstance(value, list):
        raise InvalidPosition(f"{label}: expected a list, got {value!r}")
    if length is not None and len(value) != length:
        raise InvalidPosition(f"{label}: expected {length} entries, got {len(value)}")
    return value


def lookup(value: Any, label: str, table: Mapping[Any, int], what: str) -> int:
    """The index a name has in table; what says what the name should be ("a cell (a1 .. e5)")."""
    found = table.get(value) if isinstance(value, Hashable) else None
    if found is None:
        raise InvalidPosition(f"{label}: {value!r} is not {what}")
    return found


def lookups(values: Any, label: str, table: Mapping[Any, int], what: str) -> list[int]:
    """A list of names as their indices, the first unknown one named by its index."""
    return [lookup(value, f"{label}[{i}]", table, what) for i, value in enumerate(values)]


def choice(value: Any, label: str, names: Sequence[str]) -> int:
    """The index of one of a few names (a phase), listing them all when value is not one."""
    if not isinstance(value, str) or value not in names:
        raise InvalidPosition(f"{label}: {value!r} is not one of {', '.join(names)}")
    return names.index(value)


def counts(value: Any, label: str, index: Mapping[str, int], what: str) -> list[int]:
    """An object of {name: count} as one count per index entry, zero for names left out."""
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{label}: expected an object of {what} counts, got {value!r}")
    out = [0] * len(index)
    for name, count in value.items():
        at = index.get(name)
        if at is None:
            raise InvalidPosition(f"{label}: unknown {what} {name!r} ({what}s: {', '.join(index)})")
        if type(count) is not int or count < 0:
            raise InvalidPosition(f"{label}: {name} count must be a whole number, got {count!r}")
        out[at] = count
    return out


def header(
    game: Game,
    data: Any,
    kind: str,
    required: Sequence[str],
    optional: Iterable[str] = (),
    *,
    first_shape: Sequence[str] | None = None,
    value_first: bool = False,
) -> tuple[int, dict[str, Any]]:
    """The player count and the resolved options of a JSON object holding every required field
    (first_shape's without "format") and no other than the optional ones; kind names the game."""
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"a {kind} position must be a JSON object")
    keys = required if first_shape is None or "format" in data else first_shape
    missing = [key for key in keys if key not in data]
    if missing:
        raise InvalidPosition(f"{missing[0]}: missing from the position")
    extra = sorted(set(data) - set(keys) - set(optional))
    if extra:
        raise InvalidPosition(f"{extra[0]}: not a field of a {kind} position")
    check_format(data, value_first=value_first)
    count = players(game, data)
    return count, options(game, count, data.get("options", {}))


def check_format(
    data: Mapping[str, Any], label: str = "format", *, value_first: bool = False
) -> None:
    """A position without "format" has the first shape; one with it must be of today's."""
    if "format" not in data:
        return
    given = data["format"]
    if type(given) is not int or given != FORMAT:
        problem = (
            f"{given!r} is not {FORMAT}" if value_first else f"expected {FORMAT}, got {given!r}"
        )
        raise InvalidPosition(f"{label}: {problem}, the format read here")


def players(game: Game, data: Mapping[str, Any], name: Callable[[str], str] = str) -> int:
    """The player count, under format 1's "players" where a first-shape position has it."""
    key = "num_players"
    if "format" not in data and FIRST_PLAYERS_KEY in data:
        key = FIRST_PLAYERS_KEY
    return integer(data[key], name(key), game.min_players, game.max_players)


def options(game: Game, num_players: int, value: Any, label: str = "options") -> dict[str, Any]:
    """The options resolved through the game: every option checked and defaults filled in."""
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{label}: expected an object, got {value!r}")
    try:
        return game.resolve_options(num_players, dict(value))
    except ValueError as exc:
        raise InvalidPosition(f"{label}: {exc}") from None


def check_to_move(
    data: Mapping[str, Any],
    state: State,
    phase: str,
    label: str = "to_move",
    *,
    value_first: bool = False,
) -> None:
    """to_move, where the position gives it, must be the seat the rest of it puts to move."""
    if "to_move" not in data:
        return
    given, seat = data["to_move"], state.current_player()
    if type(given) is not int or given != seat:
        if value_first:
            raise InvalidPosition(f"{label}: {given!r}, but this position has {seat} to move")
        raise InvalidPosition(f"{label}: expected {seat} in the {phase!r} phase, got {given!r}")
