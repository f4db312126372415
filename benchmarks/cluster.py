"""A throwaway PostgreSQL cluster and Redis on free ports of 127.0.0.1, for bench_server.py.

Both run with their packaged defaults (PostgreSQL: fsync and synchronous_commit on; Redis:
without persistence) in a temporary folder, and are stopped when the `with` block ends, also
on Ctrl-C. As root, PostgreSQL runs as nobody, which it requires.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

HOST = "127.0.0.1"
USER = "meja"
START_SECONDS = 60.0
"""Longest wait for PostgreSQL or Redis to answer."""
SETTINGS = ("server_version", "fsync", "synchronous_commit", "shared_buffers", "max_connections")
"""The PostgreSQL settings a report names, so its figures say what they were measured on."""


def postgres_program(name: str) -> str:
    """A PostgreSQL program from PATH or Debian's versioned folder (the newest)."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None
    )
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is missing; `make system-deps` installs it")
    return found


def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def redis_command(port: int, *words: str, timeout: float = 5.0) -> bytes:
    """The first line of Redis' answer to one command (RESP), without its line end."""
    request = f"*{len(words)}\r\n".encode()
    for word in words:
        data = word.encode()
        request += b"$%d\r\n%s\r\n" % (len(data), data)
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    return answer.partition(b"\r\n")[0]


class Services:
    """PostgreSQL and Redis for a run of servers: a fresh database and an empty Redis each."""

    def __init__(self) -> None:
        self.folder = Path()
        self.pg_port = 0
        self.redis_port = 0
        self._as_user: list[str] = []
        self._redis: subprocess.Popen[bytes] | None = None
        self._databases = 0
        self._started = False

    @property
    def data(self) -> Path:
        return self.folder / "pg" / "data"

    def __enter__(self) -> Services:
        self.folder = Path(tempfile.mkdtemp(prefix="meja-bench-services-"))
        try:
            self._start_postgres()
            self._start_redis()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._redis is not None:
            if self._redis.poll() is None:
                self._redis.terminate()
                try:
                    self._redis.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    self._redis.kill()
                    self._redis.wait(timeout=15)
            self._redis = None
        if self._started:
            self._started = False
            pg_ctl = postgres_program("pg_ctl")
            for mode in ("fast", "immediate"):
                with contextlib.suppress(subprocess.TimeoutExpired):
                    done = self._run(pg_ctl, "-D", str(self.data), "-m", mode, "-w", "stop")
                    if done.returncode == 0 or "PID file" in done.stderr:
                        break
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self._as_user, *command],
            capture_output=True,
            text=True,
            timeout=START_SECONDS,
            check=False,
        )

    def _start_postgres(self) -> None:
        """initdb and start a cluster with the default settings, as nobody when we are root."""
        initdb, pg_ctl = postgres_program("initdb"), postgres_program("pg_ctl")
        home = self.folder / "pg"
        home.mkdir()
        if os.geteuid() == 0:
            self._as_user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
            self.folder.chmod(0o755)
            home.chmod(0o755)
            shutil.chown(home, "nobody", "nogroup")
        done = self._run(initdb, "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8")
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {(done.stderr or done.stdout).strip()[-500:]}")
        self.pg_port = free_port()
        options = f"-p {self.pg_port} -k {home} -c listen_addresses={HOST}"
        self._started = True
        done = self._run(
            pg_ctl, "-D", str(self.data), "-l", str(home / "log"), "-o", options, "-w", "start"
        )
        if done.returncode != 0:
            log = (home / "log").read_text(errors="replace").strip()[-500:]
            raise RuntimeError(f"PostgreSQL did not start: {log or done.stderr.strip()}")

    def _start_redis(self) -> None:
        """redis-server without persistence, waiting until it answers PING."""
        program = shutil.which("redis-server")
        if program is None:
            raise RuntimeError("redis-server is missing; `make system-deps` installs Redis")
        self.redis_port = free_port()
        command = [program, "--port", str(self.redis_port), "--bind", HOST]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.folder)]
        self._redis = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                if redis_command(self.redis_port, "PING") == b"+PONG":
                    return
            if self._redis.poll() is not None:
                raise RuntimeError("redis-server exited at start")
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer within {START_SECONDS:g} s")

    def fresh(self) -> tuple[str, str]:
        """A new empty database and an emptied Redis: the --db and --bus URLs of one server."""
        self._databases += 1
        name = f"bench_{self._databases}"
        done = subprocess.run(
            [postgres_program("createdb"), "-h", HOST, "-p", str(self.pg_port), "-U", USER, name],
            capture_output=True,
            text=True,
            timeout=START_SECONDS,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"createdb failed: {done.stderr.strip()[-500:]}")
        if redis_command(self.redis_port, "FLUSHALL") != b"+OK":
            raise RuntimeError("Redis refused FLUSHALL")
        return (
            f"postgresql://{USER}@{HOST}:{self.pg_port}/{name}",
            f"redis://{HOST}:{self.redis_port}/0",
        )

    def await_subscribers(self, count: int, timeout: float = START_SECONDS) -> int:
        """Wait until count processes listen on the bus (each on a channel of its own); the
        number seen last."""
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            answer = redis_command(self.redis_port, "PUBSUB", "CHANNELS")
            seen = int(answer[1:]) if answer.startswith(b"*") else 0
            if seen >= count or time.monotonic() > deadline:
                return seen
            time.sleep(0.1)

    def pids(self) -> list[int]:
        """The PostgreSQL postmaster (parent of its backends) and redis-server."""
        found = []
        with contextlib.suppress(OSError, ValueError, IndexError):
            found.append(int((self.data / "postmaster.pid").read_text().split()[0]))
        if self._redis is not None:
            found.append(self._redis.pid)
        return found

    def describe(self) -> str:
        """PostgreSQL's version and the settings that decide its cost per commit, and Redis'."""
        query = "select " + ", ".join(f"current_setting('{name}')" for name in SETTINGS)
        done = subprocess.run(
            [postgres_program("psql"), "-h", HOST, "-p", str(self.pg_port), "-U", USER,
             "-d", "postgres", "-Atc", query],
            capture_output=True, text=True, timeout=START_SECONDS, check=False,
        )  # fmt: skip
        values = done.stdout.strip().split("|")
        if done.returncode != 0 or len(values) != len(SETTINGS):
            postgres = "PostgreSQL (settings unknown)"
        else:
            version, *rest = values
            named = ", ".join(
                f"{name} {value}" for name, value in zip(SETTINGS[1:], rest, strict=True)
            )
            postgres = f"PostgreSQL {version.split()[0]} (defaults: {named})"
        redis = "Redis"
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            words = subprocess.run(
                ["redis-server", "--version"], capture_output=True, text=True, timeout=10
            ).stdout.split()
            redis += next((" " + w[2:] for w in words if w.startswith("v=")), "")
        return f"{postgres} + {redis} (no persistence)"
