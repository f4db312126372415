"""One `meja serve` per SQLite file: each process keeps its tables in memory and would never
see another's moves, so a second process on the same file is refused in words instead of
freezing tables. The claim is an advisory lock the system drops when its process dies."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

import sqlalchemy as sa


class SqliteClaim:
    """The lock of the SQLite file a process serves, held until released or the process ends."""

    def __init__(self, handle: IO[str] | None) -> None:
        self._handle = handle

    def release(self) -> None:
        """Let another process serve the file."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def claim_sqlite(db_url: str) -> SqliteClaim:
    """Claim the SQLite file db_url names for this process; ValueError in one line when
    another process serves it. Other databases and in-memory SQLite need no claim."""
    try:
        url = sa.engine.make_url(db_url)
    except sa.exc.ArgumentError:
        return SqliteClaim(None)
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return SqliteClaim(None)
    path = Path(url.database).resolve()
    lock_path = path.with_name(path.name + ".serving")
    try:
        handle = lock_path.open("a+")
    except OSError:
        return SqliteClaim(None)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "unknown"
        handle.close()
        raise ValueError(
            f"--db: {path} is served by another meja serve process (pid {holder}); SQLite is "
            "for one process: stop that one, or use PostgreSQL for several"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return SqliteClaim(handle)
