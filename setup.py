"""Build meja with its rules engine compiled by mypyc, or as pure Python.

The modules of meja.core and meja.games that run on every step are compiled, and so is the
bots' search with the heuristics it calls at every node; what only describes a game, reads and
writes files or parses settings stays Python. MEJA_PURE=1 asks for pure Python,
and without a C compiler, Python headers or mypyc the build says so in one line and falls back.

mypyc writes one C file per module, compiled on every core at once. An editable install
(`pip install -e`, as for an extra) keeps a compiled engine that is up to date with its sources
instead of compiling it again; MEJA_COMPILE=later installs without compiling and leaves the
engine to scripts/build_engine.py (make does that, in the background for `make play`).
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ENGINE = ("src/meja/core", "src/meja/games", "src/meja/bots")
STAYS_PYTHON = {
    "__init__.py",
    "errors.py",
    "spec.py",
    "text.py",
    "facts.py",
    "statistics.py",
    "registry.py",
    "record.py",
    "playthrough.py",
    "position_reading.py",
    "core/undo.py",
    "bots/arena.py",
    "bots/ratings.py",
    "bots/base.py",
    "bots/heuristic.py",
    "bots/random_bot.py",
    "bots/hints/common.py",
    "bots/hints/mooncake.py",
    "bots/hints/nasi_lemak.py",
    "bots/hints/peranakan.py",
    "bots/hints/te_kuiti.py",
}
"""Modules kept as Python, by name or by path below src/meja: game descriptions, errors (read as
classes, with their codes), the terminal's drawing, file formats, and the bots' settings, arena,
interfaces and hints, which run once a game or a move."""


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


def up_to_date(sources: list[str]) -> bool:
    """Whether the source tree holds a compiled engine of exactly these modules, built after
    every one of them and after this file changed."""
    library = [path for path in Path("src").glob("meja_engine__mypyc.*") if path.suffix != ".c"]
    if not library:
        return False
    built = library[0].stat().st_mtime
    compiled = {
        binary.with_name(binary.name.split(".")[0])
        for root in ENGINE
        for binary in Path(root).rglob("*.so")
    }
    expected = {Path(source).with_suffix("") for source in sources}
    newest = max(Path(path).stat().st_mtime for path in [*sources, __file__])
    return compiled == expected and newest <= built


def build_jobs() -> int:
    """How many C files to compile at once: MEJA_BUILD_JOBS, or one per core."""
    asked = os.environ.get("MEJA_BUILD_JOBS", "")
    return int(asked) if asked.isdigit() and int(asked) > 0 else os.cpu_count() or 1


class OptionalBuildExt(build_ext):
    """Compile the engine, or fall back to pure Python with one line if the compiler fails.

    A half-built engine is worse than none, so a failure removes whatever was built."""

    def build_extension(self, ext: Any) -> None:
        """Compile the extension's C files side by side, saying how far it got every few
        seconds (shown by scripts/build_engine.py, or by pip -v)."""
        compiler = self.compiler
        jobs = build_jobs()

        def compile_all(
            sources: list[str],
            output_dir: str | None = None,
            macros: Any = None,
            include_dirs: Any = None,
            debug: bool = False,
            extra_preargs: Any = None,
            extra_postargs: Any = None,
            depends: Any = None,
        ) -> list[str]:
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs
            )
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
            start = last = time.monotonic()
            done = 0

            def one(obj: str) -> None:
                source, kind = build[obj]
                compiler._compile(obj, source, kind, cc_args, extra_postargs, pp_opts)

            with ThreadPoolExecutor(jobs) as pool:
                for finished in as_completed([pool.submit(one, obj) for obj in build]):
                    finished.result()
                    done += 1
                    if len(build) > 1 and time.monotonic() - last >= 5:
                        last = time.monotonic()
                        notice(
                            f"compiled {done} of {len(build)} C files of the engine"
                            f" ({last - start:.0f} s, {jobs} at a time)"
                        )
            return list(objects)

        compiler.compile = compile_all
        super().build_extension(ext)

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
    """The compiled engine's extension modules, or none for a pure build or when the engine
    compiled in the source tree is kept."""
    if os.environ.get("MEJA_COMPILE") == "later":
        notice("MEJA_COMPILE=later: the engine is left to scripts/build_engine.py")
        return []
    reason = why_pure()
    if reason:
        notice(reason)
        clear_compiled([])
        return []
    from mypyc.build import mypycify

    sources = engine_sources()
    if "editable_wheel" in sys.argv and up_to_date(sources):
        notice("the compiled engine is up to date with its sources: kept, not compiled again")
        return []
    clear_compiled(sources)
    return list(mypycify(sources, opt_level="3", group_name="meja_engine", multi_file=True))


if __name__ == "__main__":
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
