"""A game state's fields, declared once by name with how a copy takes each, from which the game's
clone() and its equality follow. clone() is written out field by field beside the declaration,
as the compiled engine needs to copy fast; tests hold it to clone_lines() of the declaration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

SHARED: Final = "shared"
"""A value equal states share, which a copy shares too: immutable, or replaced when it changes
and never changed in place."""
COPIED: Final = "copied"
"""A list equal states share, changed in place, so a copy takes it one level deep."""
ROWS: Final = "rows"
"""A list of lists equal states share, changed in place, so a copy takes it two levels deep."""
DERIVED: Final = "derived"
"""A value that follows from the options or the other fields (a cache, a count kept beside its
source), so equality does not look at it; a copy shares it."""
DERIVED_COPIED: Final = "derived copied"
"""A derived list changed in place, which a copy takes one level deep."""
COMPARED: Final = frozenset({SHARED, COPIED, ROWS})
"""The kinds of field that decide whether two states are equal."""


def declare(
    *,
    shared: str = "",
    copied: str = "",
    rows: str = "",
    derived: str = "",
    derived_copied: str = "",
) -> dict[str, str]:
    """A state's fields by kind, each a string of names apart by spaces, each name given once: a
    name given twice is refused."""
    fields: dict[str, str] = {}
    for kind, names in (
        (SHARED, shared),
        (COPIED, copied),
        (ROWS, rows),
        (DERIVED, derived),
        (DERIVED_COPIED, derived_copied),
    ):
        for name in names.split():
            if name in fields:
                raise ValueError(f"the field {name} is declared twice")
            fields[name] = kind
    return fields


def compared(fields: Mapping[str, str]) -> tuple[str, ...]:
    """The fields that decide equality, in the order declared."""
    return tuple(name for name, kind in fields.items() if kind in COMPARED)


def clone_lines(fields: Mapping[str, str]) -> list[str]:
    """The statements a clone() sets its copy's fields with, one per field, in declared order."""
    lines = ["copy.history = self.history[:]"]
    for name, kind in fields.items():
        if kind in (COPIED, DERIVED_COPIED):
            lines.append(f"copy.{name} = self.{name}[:]")
        elif kind == ROWS:
            lines.append(f"copy.{name} = [row[:] for row in self.{name}]")
        else:
            lines.append(f"copy.{name} = self.{name}")
    return lines
