"""What operators and their monitors ask a running server: is it alive, may it take players, and
its numbers (docs/web.md, Health and metrics)."""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel

from meja.server.bus import Bus
from meja.server.storage import SqlStorage, Storage, tables_table

PING_SECONDS = 2.0
"""How long the database has to answer a readiness check before the server counts as unready."""

router = APIRouter(tags=["operations"])


class Liveness(BaseModel):
    """The process serves requests."""

    live: bool


class Health(BaseModel):
    """Liveness, readiness, and each readiness check by name: "ok", or why not in a line."""

    live: bool
    ready: bool
    checks: dict[str, str]


def ping(storage: Storage) -> None:
    """Read one row of the table list: on SQLite a bare SELECT 1 is answered without reading
    the file, so it would not notice a database that cannot be read."""
    if not isinstance(storage, SqlStorage):
        raise TypeError(f"a {type(storage).__name__} store has no database to ask")
    with storage.engine.connect() as conn:
        conn.execute(sa.select(tables_table.c.id).limit(1)).all()


def in_words(exc: BaseException) -> str:
    """A failure as one line: the database's own words where it gave some, never a traceback."""
    cause = exc.orig if isinstance(exc, sa.exc.DBAPIError) and exc.orig is not None else exc
    line = next((part.strip() for part in str(cause).splitlines() if part.strip()), "")
    return (line or type(cause).__name__)[:200]


class Readiness:
    """The checks a server must pass to take players. A check in flight is shared by every
    probe that asks meanwhile, so a database that hangs holds one ping, not one per probe."""

    def __init__(self, storage: Storage, executor: Executor, bus: Bus | None = None) -> None:
        self.storage = storage
        self.executor = executor
        """The store's own thread: a ping waits behind the writes, as a move would."""
        self.bus = bus
        """The bus to the other processes, when there is one (--bus)."""
        self._ping: asyncio.Future[None] | None = None

    async def checks(self) -> dict[str, str]:
        """Every check by name."""
        checks = {"database": await self._database()}
        if self.bus is not None:
            checks["bus"] = await self._bus(self.bus)
        return checks

    @staticmethod
    async def _bus(bus: Bus) -> str:
        try:
            async with asyncio.timeout(PING_SECONDS):
                await bus.ping()
        except TimeoutError:
            return f"the bus did not answer within {PING_SECONDS:g} s"
        except Exception as exc:
            return in_words(exc)
        return "ok"

    async def _database(self) -> str:
        try:
            if self._ping is None or self._ping.done():
                loop = asyncio.get_running_loop()
                self._ping = loop.run_in_executor(self.executor, ping, self.storage)
                self._ping.add_done_callback(_heard)
            async with asyncio.timeout(PING_SECONDS):
                await asyncio.shield(self._ping)
        except TimeoutError:
            return f"the database did not answer within {PING_SECONDS:g} s"
        except Exception as exc:
            return in_words(exc)
        return "ok"


def _heard(ping: asyncio.Future[None]) -> None:
    """Take a ping's failure, which the probe that started it may have stopped waiting for."""
    if not ping.cancelled():
        ping.exception()


@router.get("/healthz/live", response_model=Liveness)
async def live() -> Liveness:
    """Alive: the process answers, whatever its database does."""
    return Liveness(live=True)


@router.get("/healthz", response_model=Health, responses={503: {"model": Health}})
async def health(request: Request) -> JSONResponse:
    """Alive and ready (200), or alive but not ready to take players (503), with each check."""
    readiness: Readiness = request.app.state.readiness
    checks = await readiness.checks()
    ready = all(result == "ok" for result in checks.values())
    answer = Health(live=True, ready=ready, checks=checks)
    return JSONResponse(answer.model_dump(), status_code=200 if ready else 503)


@router.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "Prometheus text"}},
)
async def metrics(request: Request) -> Response:
    """The server's metrics in Prometheus' text format, read on the event loop, between steps."""
    return Response(
        generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST
    )
