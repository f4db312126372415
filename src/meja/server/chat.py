"""Chat at a table: plain text, at most CHAT_CHARS characters a message and CHAT_BURST messages
per CHAT_WINDOW seconds from each sender. The chat is never part of the game's record."""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Hashable
from typing import Final

from meja.server.protocol import ApiError

CHAT_CHARS: Final = 500
"""The longest message, in characters."""
CHAT_BURST: Final = 5
"""Messages a sender may send within CHAT_WINDOW seconds."""
CHAT_WINDOW: Final = 10.0
"""The seconds over which CHAT_BURST messages are counted."""
CHAT_SENT: Final = 200
"""The latest messages a page is sent when it joins; the rest are at GET .../chat."""

ALLOWED_CONTROLS: Final = frozenset("\n\t")
"""Control characters a message may hold: a line break, a tab."""
DIRECTION_MARKS: Final = frozenset(
    [*map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A)), "\u200e", "\u200f"]
)
"""Text-direction overrides, embeddings, isolates and marks, which make text read otherwise
than it is written."""


def clean_text(text: str) -> str:
    """The message to store, without the spaces around it; ApiError(bad_request) in one line
    when it is empty, too long, or holds a control or text-direction character."""
    trimmed = text.strip()
    if not trimmed:
        raise ApiError("bad_request", "text: a message needs some text")
    if len(trimmed) > CHAT_CHARS:
        raise ApiError(
            "bad_request", f"text: at most {CHAT_CHARS} characters a message, not {len(trimmed)}"
        )
    for char in trimmed:
        control = unicodedata.category(char) == "Cc" and char not in ALLOWED_CONTROLS
        if control or char in DIRECTION_MARKS:
            raise ApiError(
                "bad_request",
                f"text: messages may not hold control or text-direction characters "
                f"(U+{ord(char):04X})",
            )
    return trimmed


class ChatLimit:
    """How many messages each sender sent in the last CHAT_WINDOW seconds."""

    def __init__(self) -> None:
        self._sent: dict[Hashable, deque[float]] = {}

    def check(self, sender: Hashable, now: float) -> None:
        """Count a message of sender at now; ApiError(rate_limited) in words when it is one
        too many (a refused message does not count)."""
        times = self._sent.setdefault(sender, deque())
        while times and times[0] <= now - CHAT_WINDOW:
            times.popleft()
        if len(times) >= CHAT_BURST:
            wait = max(1, round(times[0] + CHAT_WINDOW - now))
            raise ApiError(
                "rate_limited",
                f"you are sending messages too fast: at most {CHAT_BURST} in "
                f"{CHAT_WINDOW:g} seconds; wait {wait} s",
                429,
            )
        times.append(now)
        if len(self._sent) > 1000:
            self._forget(now)

    def _forget(self, now: float) -> None:
        """Drop senders with nothing in the window, so spectators coming and going cost
        nothing."""
        for sender in [key for key, times in self._sent.items() if times[-1] <= now - CHAT_WINDOW]:
            del self._sent[sender]
