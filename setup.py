"""Build meja with its rules engine compiled by mypyc, or as pure Python.

The modules of meja.core and meja.games that run on every step are compiled, and so is the
bots' search with the heuristics it calls at every node; what only describes a game, reads and
writes files or parses settings stays Python. MEJA_PURE=1 asks for pure Python,
and without a C compiler, Python headers or mypyc the build says so in one line and falls back.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ENGINE = ("src/meja/core", "src/meja/games", "src/meja/bots")
STAYS_PYTHON = {
    "__init__.py",
    "errors.py",
    "spec.py",
    "text.py",
    "facts.py",
    "registry.py",
    "record.py",
    "playthrough.py",
    "position_reading.py",
    "bots/arena.py",
    "bots/base.py",
    "bots/heuristic.py",
    "bots/random_bot.py",
}
"""Modules kept as Python, by name or by path below src/meja: game descriptions, errors (read as
classes, with their codes), the terminal's drawing, file formats, and the bots' settings, arena
and interfaces, which run once a game or a move."""


def stays_python(path: Path) -> bool:
    """Whether the module at path is left as Python source."""
    return bool({path.name, path.relative_to("src/meja").as_posix()} & STAYS_PYTHON)


def engine_sources() -> list[str]:
    """Every module compiled into the engine, in a stable order."""
    return sorted(
        str(path) for root in ENGINE for path in Path(root).rglob("*.py") if not stays_python(path)
    )


def notice(text: str) -> None:
    """One line on what the build does instead, where pip shows it."""
    print(f"meja: {text}", file=sys.stderr)


def why_pure() -> str | None:
    """The reason this build must be pure Python, or None when it can compile."""
    if os.environ.get("MEJA_PURE") == "1":
        return "MEJA_PURE=1: building pure Python"
    compiler = os.environ.get("CC", "cc").split()[0]
    if not shutil.which(compiler):
        return f"no C compiler ({compiler}): building pure Python, which runs slower"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h): building pure Python, which runs slower"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed: building pure Python, which runs slower"
    return None


class OptionalBuildExt(build_ext):
    """Compile the engine, or fall back to pure Python with one line if the compiler fails.

    A half-built engine is worse than none, so a failure removes whatever was built."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any compiler failure means pure Python
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            notice(f"compiling the engine failed ({error}); installed as pure Python")
            return
        built = {*self.get_outputs(), *(self.get_ext_fullpath(ext.name) for ext in self.extensions)}
        for output in map(Path, built):
            # Up to date with every source now, even those whose code came out unchanged; an
            # in-place build's copies in the source tree too.
            if output.exists():
                output.touch()


def clear_compiled(keep: list[str]) -> None:
    """Remove compiled files left in the source tree by an earlier build, but for the modules
    of keep, so that Python never imports a module this build does not compile."""
    kept = {Path(source).with_suffix("") for source in keep}
    for root in ENGINE:
        for binary in Path(root).rglob("*.so"):
            if binary.with_name(binary.name.split(".")[0]) not in kept:
                binary.unlink()
    if not keep:
        for library in Path("src").glob("meja_engine__mypyc.*"):
            library.unlink()


def extensions() -> list[object]:
    """The compiled engine's extension modules, or none for a pure build."""
    reason = why_pure()
    if reason:
        notice(reason)
        clear_compiled([])
        return []
    from mypyc.build import mypycify

    sources = engine_sources()
    clear_compiled(sources)
    return list(mypycify(sources, opt_level="3", group_name="meja_engine"))


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
