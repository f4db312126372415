"""Compile the engine with mypyc beside the sources, where the next meja process picks it up.

The C files are compiled in build/engine, away from the sources, and moved in only once all of
them built: the shared library last, so that a process starting meanwhile runs pure Python
(meja/_build.py) and no process ever mixes compiled and pure modules. `--background` starts
the build detached and returns at once, for `make play` to serve on the pure engine meanwhile.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import runpy
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
STAGE = BUILD / "engine"
LOG = BUILD / "engine.log"
GROUP = "meja_engine__mypyc"


def say(text: str) -> None:
    """One line of what the build is doing."""
    print(f"meja: {text}", file=sys.stderr, flush=True)


@contextmanager
def only_build() -> Iterator[None]:
    """Hold the build lock: a second build waits for the first, then finds the engine built."""
    BUILD.mkdir(exist_ok=True)
    with open(BUILD / "engine.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say("another build of the engine is running; waiting for it to finish")
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def compile_into_stage(started: float) -> bool:
    """Run setup.py's build_ext into the stage, passing on its progress lines; all of its
    output goes to the log. Whether every file was built."""
    shutil.rmtree(STAGE, ignore_errors=True)
    command = [sys.executable, "setup.py", "-q", "build_ext"]
    command += ["--build-lib", str(STAGE), "--build-temp", str(STAGE / "temp")]
    with open(LOG, "w") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert process.stdout is not None
        for line in process.stdout:
            log.write(line)
            if line.startswith("meja: "):
                say(line.removeprefix("meja: ").rstrip())
        code = process.wait()
    if code:
        say(f"compiling the engine failed (exit {code}); see {LOG}")
    return code == 0 and any(STAGE.glob(f"{GROUP}.*"))


def staged(sources: list[str]) -> dict[Path, Path]:
    """Each built file in the stage with where it goes beside the sources, the shared library
    last; empty when any is missing."""
    suffix = next(STAGE.glob(f"{GROUP}.*")).name.removeprefix(GROUP)
    moves = {
        STAGE / Path(source).relative_to("src").with_suffix(suffix): ROOT
        / Path(source).with_suffix(suffix)
        for source in sources
    }
    moves[STAGE / f"{GROUP}{suffix}"] = ROOT / "src" / f"{GROUP}{suffix}"
    return moves if all(built.exists() for built in moves) else {}


def install(
    moves: dict[Path, Path], setup: dict[str, Any], sources: list[str], started: float
) -> None:
    """Move the built files in: the old shared library out first and the new one in last, dated
    to the start of the build so that a source edited meanwhile counts as newer."""
    for old in (ROOT / "src").glob(f"{GROUP}.*"):
        old.unlink()
    os.chdir(ROOT)
    setup["clear_compiled"](sources)
    *modules, library = moves.items()
    for built, target in modules:
        os.replace(built, target)
    os.utime(library[0], (started, started))
    os.replace(*library)


def build() -> int:
    """Compile the engine unless it is up to date or cannot be compiled here."""
    os.chdir(ROOT)
    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="meja_setup")
    with only_build():
        sources = setup["engine_sources"]()
        if setup["up_to_date"](sources):
            say("the compiled engine is up to date")
            return 0
        reason = setup["why_pure"]()
        if reason:
            say(f"{reason}; the engine runs as Python")
            return 0
        started = time.time()
        say(
            f"compiling the engine: mypyc writes C for {len(sources)} modules, then the C"
            f" compiler builds them ({setup['build_jobs']()} at a time)"
        )
        moves = staged(sources) if compile_into_stage(started) else {}
        if not moves:
            say(f"the engine was not built; it runs as Python (see {LOG})")
            return 1
        install(moves, setup, sources, started)
        shutil.rmtree(STAGE, ignore_errors=True)
        took = time.time() - started
        say(f"compiled the engine in {took:.0f} s; meja runs it from the next start")
    return 0


def in_background() -> int:
    """Start the build detached, its output in the log, unless there is nothing to build."""
    os.chdir(ROOT)
    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="meja_setup")
    if setup["up_to_date"](setup["engine_sources"]()):
        return 0
    reason = setup["why_pure"]()
    if reason:
        say(f"{reason}; `make engine` can install a C compiler")
        return 0
    BUILD.mkdir(exist_ok=True)
    with open(BUILD / "engine-background.log", "w") as log:
        subprocess.Popen(
            [sys.executable, __file__],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    say(
        "compiling the engine in the background (about a minute; progress in"
        " build/engine-background.log). This server runs the pure-Python engine; the next"
        " start runs the compiled one, which is faster."
    )
    return 0


def main() -> int:
    """Build now, or in the background."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--background", action="store_true", help="start the build detached and return at once"
    )
    args = parser.parse_args()
    return in_background() if args.background else build()


if __name__ == "__main__":
    sys.exit(main())
