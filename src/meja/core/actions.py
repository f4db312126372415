"""Action names: each game declares its numbered moves once as an ActionNames table, and the
base State names and parses actions through it, with the same edge behaviour in every game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from meja.core.errors import IllegalAction


def normalize(words: str) -> str:
    """The form names are looked up in: lower case, single spaces."""
    return " ".join(words.split()).lower()


class ActionNames:
    """The names of the numbers 0..len-1, and their inverse (lowercased, aliases included)."""

    __slots__ = ("_lookup", "names", "what")

    def __init__(
        self,
        names: Sequence[str],
        aliases: Mapping[str, int] | None = None,
        what: str = "action",
    ) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.what = what
        lookup = {normalize(name): number for number, name in enumerate(self.names)}
        if len(lookup) != len(self.names):
            raise ValueError(f"{what} names are not unique")
        for alias, number in (aliases or {}).items():
            if not 0 <= number < len(self.names):
                raise ValueError(f"alias {alias!r} names no {what}")
            lookup.setdefault(normalize(alias), number)
        self._lookup = lookup

    def __len__(self) -> int:
        return len(self.names)

    def name(self, action: int) -> str:
        """The name of action; IllegalAction for a number outside the table."""
        if type(action) is int and 0 <= action < len(self.names):
            return self.names[action]
        raise IllegalAction(f"{action!r} is not the number of any {self.what} here")

    def parse(self, wanted: str) -> int | None:
        """The number named by normalized words (a name, an alias or digits), or None."""
        number = self._lookup.get(wanted)
        if number is None and wanted.isdigit():
            return int(wanted)
        return number


def numbered(template: str, count: int) -> list[str]:
    """template filled with 0..count-1: names like "start seat 0", "start seat 1"."""
    return [template.format(number) for number in range(count)]


def joined(*tables: Iterable[str]) -> list[str]:
    """Name lists laid end to end, as actions are numbered block after block."""
    return [name for table in tables for name in table]
