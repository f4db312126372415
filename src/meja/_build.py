"""Which build of the engine runs: the modules mypyc compiled, or their Python sources.

The engine here is everything setup.py compiles: the rules in core and games, and the bots'
search and heuristics, which call into them.

Python prefers a compiled module to its source, so an edited source would run stale compiled
code. In a source checkout this module compares their times, and runs every source instead
(saying so on stderr) when any source is newer; MEJA_PURE=1 asks for the sources outright.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
ENGINE = ("core", "games", "bots")
GROUP = "meja_engine__mypyc"
"""The shared library every compiled module of the engine calls into."""


def compiled_modules() -> dict[str, tuple[Path, Path]]:
    """Each compiled engine module's name, with its compiled file and its source."""
    found: dict[str, tuple[Path, Path]] = {}
    for part in ENGINE:
        for binary in (PACKAGE / part).rglob("*.so"):
            suffix = next(
                (s for s in importlib.machinery.EXTENSION_SUFFIXES if binary.name.endswith(s)), ""
            )
            if not suffix:
                continue
            source = binary.with_name(binary.name.removesuffix(suffix) + ".py")
            relative = source.relative_to(PACKAGE.parent).with_suffix("")
            found[".".join(relative.parts)] = (binary, source)
    return found


def _group_library() -> Path | None:
    """The engine's shared library beside the meja package, if it was built."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = PACKAGE.parent / f"{GROUP}{suffix}"
        if path.exists():
            return path
    return None


def _stale(modules: dict[str, tuple[Path, Path]], library: Path) -> Path | None:
    """In a source checkout, a source edited after the engine was compiled, if any. The
    shared library holds every module's code (each module's own file only points into it),
    so it is rebuilt whenever a source changes."""
    if not (PACKAGE.parent.parent / "pyproject.toml").exists():
        return None
    built = library.stat().st_mtime
    for _, source in modules.values():
        if source.exists() and source.stat().st_mtime > built:
            return source
    return None


class SourcesFirst(MetaPathFinder):
    """Imports the engine's modules from their Python sources even where compiled ones lie."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def engine_sources() -> dict[str, Path]:
    """Every module of the engine's folders (packages aside, never compiled), by name."""
    return {
        ".".join(source.relative_to(PACKAGE.parent).with_suffix("").parts): source
        for part in ENGINE
        for source in (PACKAGE / part).rglob("*.py")
        if source.name != "__init__.py"
    }


def run_sources() -> str:
    """Run the engine from its sources for the life of this process, even if a build in the
    background puts compiled modules beside them meanwhile (a process never mixes the two)."""
    sys.meta_path.insert(0, SourcesFirst(engine_sources()))
    return "pure"


def select() -> str:
    """Decide the build for this process, before any engine module is imported."""
    modules = compiled_modules()
    if not modules:
        return run_sources()
    reason = None
    if os.environ.get("MEJA_PURE") == "1":
        reason = ""
    elif (library := _group_library()) is None:
        reason = (
            "the compiled engine is incomplete or being installed; running pure Python"
            " (make builds it)"
        )
    elif stale := _stale(modules, library):
        reason = (
            f"{stale.relative_to(PACKAGE.parent.parent)} changed after the engine was compiled;"
            " running pure Python until make rebuilds it"
        )
    if reason is None:
        return "compiled"
    if reason:
        print(f"meja: {reason}", file=sys.stderr)
    return run_sources()
