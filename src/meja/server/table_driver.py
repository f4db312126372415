"""What moves a table along without a person: chance draws, bots and stand-ins, each thinking
in the bot lanes, and hints worked out the same way for the person who asks."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import Any

from meja.bots.hints import hint, offers_hints
from meja.bots.random_bot import RandomBot
from meja.core import CHANCE
from meja.core.game import sample_chance
from meja.core.told import say
from meja.server.protocol import ApiError
from meja.server.table_parts import (
    TableParts,
)

log = logging.getLogger("meja.server")

RETRY_PAUSE = 1.0
"""Seconds before the server retries a move of its own that could not be stored."""


class TableDriver(TableParts):
    """The driver part of a table: the task that resolves chance and lets bots move."""

    def _automatic_seat(self) -> int | None:
        """CHANCE, or an active seat played by a bot (its own or a stand-in), or None."""
        if self.state.current_player() == CHANCE:
            return CHANCE
        for index in self.state.active_players():
            seat = self.seats[index]
            if seat.kind == "bot" or (seat.away is not None and self._paused_at is None):
                return index
        return None

    async def _drive(self) -> None:
        """Resolve chance, let bots and stand-ins move, and run the clocks, until the end."""
        loop = asyncio.get_running_loop()
        while not self.finished:
            self._wake.clear()
            player = self._automatic_seat()
            if player is not None:
                try:
                    moved = await (
                        self._chance_move() if player == CHANCE else self._bot_move(player, loop)
                    )
                except Exception:
                    log.exception("table %s: an automatic move failed", self.table.id)
                    moved = False
                if not moved:
                    await asyncio.sleep(RETRY_PAUSE)
                continue
            deadline = self._next_deadline()
            timeout = None if deadline is None else max(0.0, deadline - self._now())
            if timeout != 0.0:
                self.idle_looks += 1
            try:
                async with asyncio.timeout(timeout):
                    await self._wake.wait()
            except TimeoutError:
                async with self._lock:
                    if self._expire():
                        self._broadcast()

    async def _chance_move(self) -> bool:
        """Draw the pending random event; False if it could not be stored."""
        async with self._lock:
            if self.finished or self.state.current_player() != CHANCE:
                return True
            return await self._commit_quietly(CHANCE, sample_chance(self.state, self._chance()))

    async def _bot_move(self, player: int, loop: asyncio.AbstractEventLoop) -> bool:
        """Let the seat's bot think in a thread and play, unless the game moved on meanwhile.

        The bot thinks during the pause that lets people follow the last step, so a bot that
        thinks long moves as soon as it has chosen, not a pause after. A random bot chooses in
        microseconds, so it chooses here: no thread, no copy.
        """
        due = loop.time() + self.services.settings.bot_pause
        seat = self.seats[player]
        bot = seat.bot_instance if seat.kind == "bot" and seat.bot_instance else self._standin
        step = self.position
        rng = self._seeded("bot", player) or random.Random(self._rng.getrandbits(64))
        action = None
        if not isinstance(bot, RandomBot):
            snapshot = self.state.clone()
            try:
                action = await self.services.bots.choose(self.table.id, bot, snapshot, player, rng)
            except Exception:
                log.exception("table %s: bot %s failed; playing at random", self.table.id, bot.name)
        if (rest := due - loop.time()) > 0:
            await asyncio.sleep(rest)
        async with self._lock:
            still_due = (
                not self.finished
                and self.position == step
                and player in self.state.active_players()
                and (seat.kind == "bot" or (seat.away is not None and self._paused_at is None))
            )
            if not still_due:
                return True
            if action is None:
                action = rng.choice(self.state.legal_actions(player))
            return await self._commit_quietly(player, action)

    async def _commit_quietly(self, player: int, action: int) -> bool:
        """Commit a move made by the server itself; False (logged) if it was refused."""
        try:
            await self._commit(player, action)
        except ApiError as exc:
            log.error("table %s: automatic move refused: %s", self.table.id, exc.message)
            return False
        return True

    def _seeded(self, purpose: str, seat: int = -1) -> random.Random | None:
        """For a table with a fixed seed, a generator for purpose at this point of the game,
        the same after a restart or a move taken back and played again; None otherwise."""
        seed = self.table.seed
        if seed is None:
            return None
        return random.Random(f"{purpose}/{seed}/{len(self.state.history)}/{seat}")

    def _chance(self) -> random.Random:
        """What the pending random event is drawn with: the table's seed, if it has one."""
        return self._seeded("chance") or self._chance_rng

    async def hint(self, seat: int | None) -> dict[str, Any]:
        """The heuristic bot's move for seat now and why, in words, told to seat alone.

        It is worked out in the bot threads from worlds drawn from the seat's own view, so the
        table goes on meanwhile; asking again before anything changes gets the same hint.
        """
        if seat is None:
            raise ApiError("spectator", "spectators get no hints", 403)
        if not self.table.hints:
            raise ApiError("no_hints", "this table was set up without hints", 403)
        if not offers_hints(self.game):
            raise ApiError("no_hints", f"{self.game.title} has no hints", 403)
        if self.finished:
            raise ApiError("game_over", "the game is over, so there is nothing to hint", 409)
        state = self.state
        if self.seats[seat].kind != "human" or seat not in state.active_players():
            raise ApiError("not_your_turn", "you have no move to make now, so no hint", 409)
        position = self.position
        known = self._hints.get(seat)
        if known is None or known[0] != position:
            rng = self._seeded("hint", seat) or random.Random(secrets.randbits(64))
            future = asyncio.ensure_future(self.services.bots.quick(hint, state.clone(), seat, rng))
            known = self._hints[seat] = (position, future)
        try:
            found = await asyncio.shield(known[1])
        except Exception as exc:
            log.exception("table %s: a hint for seat %d failed", self.table.id, seat)
            if self._hints.get(seat) is known:
                del self._hints[seat]
            raise ApiError("server_error", "the hint could not be worked out", 500) from exc
        names = [each.name for each in self.seats]
        return {
            "type": "hint",
            "step": position,
            "action": found.action,
            "move": say(found.move, seat, names),
            "why": say(found.why, seat, names),
        }
