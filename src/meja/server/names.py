"""Seat names people choose: shown to everyone at the table, so nothing in one may disguise what
it says or pass for a name the table gives ("You", a bot's "Bot 2")."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from meja.server.protocol import ApiError

REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Control, format (the bidirectional overrides and isolates U+202A-202E and U+2066-2069, the
marks U+200E/F, zero-width characters), surrogate, private-use and line or paragraph separator
characters: none of them is a letter anyone means to show."""

BOT_NAME: Final = re.compile(r"bot\d+")
"""A bot's name as the table gives it ("Bot 2"), once spaces are gone and case folded."""


def _folded(name: str) -> str:
    """The name as it reads: compatibility forms folded (full-width letters are letters), case
    folded and every space gone."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(char for char in text if not char.isspace())


def check_name(
    name: str, field: str, default: str, own: str | None = None, *, guided: bool = False
) -> str:
    """The name to seat, without the spaces around it (default when nothing is left);
    ApiError(bad_name) in one line when it holds a hidden or control character or is a name
    the table reserves ("You" and "Bot <n>", in any case and spacing). A bot seat may keep
    its own name own; the one person of a guided first game may be "You", as Learn to play
    names them."""
    for char in name:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            code = f"U+{ord(char):04X}"
            described = unicodedata.name(char, "a control character")
            raise ApiError(
                "bad_name",
                f"{field}: names may not hold control or text-direction characters "
                f"({code} {described.lower()})",
            )
    trimmed = name.strip()
    if not trimmed:
        return default
    folded = _folded(trimmed)
    if own is not None and folded == _folded(own):
        return trimmed
    if (folded == "you" and not guided) or BOT_NAME.fullmatch(folded):
        raise ApiError(
            "bad_name",
            f"{field}: {trimmed!r} is reserved: the table calls each player 'You' and bots "
            "'Bot <n>'; choose another name",
        )
    return trimmed
