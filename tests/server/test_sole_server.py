"""SQLite serves one process: a second `meja serve` on the same file is refused in one line
and changes nothing, where two used to freeze each other's tables without a word."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import WAIT

from meja.server.sole_server import claim_sqlite

HUMAN = {"kind": "human"}


def serve_alone(db_url: str) -> subprocess.CompletedProcess[str]:
    """A `meja serve` that is expected to refuse, run to its end."""
    command = [sys.executable, "-m", "meja.cli", "serve", "--port", "0", "--db", db_url]
    return subprocess.run(command, capture_output=True, text=True, timeout=WAIT, check=False)


def test_a_second_server_on_the_same_sqlite_file_is_refused_in_words(
    tmp_path: Path, server_process: Any
) -> None:
    db_url = f"sqlite:///{tmp_path / 'meja.db'}"
    first = server_process(db_url)
    table = first.create("te_kuiti", [HUMAN, HUMAN])
    second = serve_alone(db_url)
    assert second.returncode == 2
    assert second.stdout == ""
    assert second.stderr.count("\n") == 1, second.stderr
    assert f"is served by another meja serve process (pid {first.process.pid})" in second.stderr
    assert "PostgreSQL" in second.stderr
    assert first.http.get(f"/api/tables/{table['id']}/state").status_code == 200


def test_the_file_is_free_again_once_its_server_is_killed(
    tmp_path: Path, server_process: Any
) -> None:
    db_url = f"sqlite:///{tmp_path / 'meja.db'}"
    first = server_process(db_url)
    table = first.create("te_kuiti", [HUMAN, HUMAN])
    first.kill()
    again = server_process(db_url)
    assert again.http.get(f"/api/tables/{table['id']}/state").status_code == 200


def test_a_claim_is_held_until_released(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'meja.db'}"
    claim = claim_sqlite(db_url)
    with pytest.raises(ValueError, match="served by another meja serve process"):
        claim_sqlite(db_url)
    claim.release()
    claim_sqlite(db_url).release()


@pytest.mark.parametrize("db_url", ["sqlite://", "sqlite:///:memory:", "postgresql://x@h/db"])
def test_databases_without_a_file_need_no_claim(db_url: str) -> None:
    first, second = claim_sqlite(db_url), claim_sqlite(db_url)
    first.release()
    second.release()
