"""What the people at a table say and ask besides moves: chat, and playing again."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

from meja.server.chat import clean_text
from meja.server.connection import encode
from meja.server.protocol import ApiError
from meja.server.storage import (
    ChatRow,
)
from meja.server.table_parts import (
    TableParts,
)

log = logging.getLogger("meja.server")


class TableTalk(TableParts):
    """The talk part of a table: chat, and the rematch it points to."""

    async def play_again(self, rematch: str) -> None:
        """Note the table made to play again (stored already) and tell every page."""
        async with self._lock:
            self.table.rematch = rematch
            self._broadcast()

    async def give_token(self, seat: int, token_hash: str) -> None:
        """Open a seat nobody holds yet (a rematch's) to the token whose hash this is, stored
        before the call returns."""
        async with self._lock:
            if self.seats[seat].token_hash is not None:
                return
            seats = list(self.table.seats)
            seats[seat] = replace(seats[seat], token_hash=token_hash)
            await asyncio.get_running_loop().run_in_executor(
                self.services.db_executor, self.services.storage.set_seats, self.table.id, seats
            )
            self.table.seats = seats
            self.seats[seat].token_hash = token_hash

    def may_read_chat(self, viewer: int | None) -> bool:
        """Whether viewer reads and writes the chat: a seated person always, a spectator
        when the table allows it."""
        return viewer is not None or self.table.spectator_chat

    def chat_for(self, viewer: int | None, upto: int | None = None) -> list[dict[str, Any]]:
        """The chat viewer may read (sent up to log position upto, if given); ApiError
        (spectator) when spectators may not read it."""
        if not self.may_read_chat(viewer):
            raise ApiError("spectator", "this table's chat is for the people at the table", 403)
        return [m.to_dict() for m in self.chat if upto is None or m.step <= upto]

    async def say(self, seat: int | None, text: str, sender: str) -> dict[str, Any]:
        """A message at the table from seat (None: a spectator, known by sender, their
        address): checked, counted against the sender's rate, stored, then sent to every
        socket that may read the chat. Plain text: no page shows it as markup."""
        if not self.may_read_chat(seat):
            raise ApiError("spectator", "spectators may not chat at this table", 403)
        clean = clean_text(text)
        async with self._chat_lock:
            now = self._now()
            self._chat_limit.check(("seat", seat) if seat is not None else sender, now)
            name = "Spectator" if seat is None else self.seats[seat].name
            message = ChatRow(len(self.chat), seat, name, clean, self.position, now)
            try:
                await asyncio.get_running_loop().run_in_executor(
                    self.services.db_executor,
                    self.services.storage.add_chat,
                    self.table.id,
                    message,
                )
            except Exception as exc:
                log.exception("table %s: storing a chat message failed", self.table.id)
                raise ApiError(
                    "storage_error", "the message could not be saved; try again", 503
                ) from exc
            self.chat.append(message)
            shown = message.to_dict()
            text_out = encode({"type": "chat", "message": shown})
            for conn in list(self.connections):
                if self.may_read_chat(conn.seat):
                    conn.push_text(text_out)
            return {"type": "chat", "message": shown}
