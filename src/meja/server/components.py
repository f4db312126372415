"""A game's printed components (its components module) as JSON data, for the browser to draw.

Every game keeps its pieces as plain data in components.py; the client reads names, counts and
card texts from here instead of repeating them.
"""

from __future__ import annotations

import dataclasses
import importlib
from functools import cache
from typing import Any

from meja.core import Game

_NOT_DATA = object()


def _jsonable(value: Any) -> Any:
    """value as JSON data, or _NOT_DATA for anything that is not plain data."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _jsonable(
            {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
        )
    if isinstance(value, tuple | list | frozenset | set):
        items = [_jsonable(item) for item in value]
        return _NOT_DATA if any(item is _NOT_DATA for item in items) else items
    if isinstance(value, dict):
        if not all(isinstance(key, str | int) for key in value):
            return _NOT_DATA
        entries = {str(key): _jsonable(item) for key, item in value.items()}
        return _NOT_DATA if _NOT_DATA in entries.values() else entries
    return _NOT_DATA


@cache
def components_of(game: Game) -> dict[str, Any]:
    """The public constants of the game's components module; empty if it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.components")
    except ImportError:
        return {}
    out: dict[str, Any] = {}
    for name, value in vars(module).items():
        if name.isupper() and not name.startswith("_"):
            data = _jsonable(value)
            if data is not _NOT_DATA:
                out[name] = data
    return out
