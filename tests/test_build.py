"""The engine that runs is the one asked for: compiled by mypyc, or its Python sources.

make test runs the suite on the compiled engine (MEJA_EXPECT_BUILD=compiled), then the rules,
the golden playthroughs and a shorter conformance run on the pure one (MEJA_PURE=1).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import random
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import meja
from meja import _build
from meja.core import list_games
from meja.core.game import random_step

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_the_engine_that_runs_is_the_one_asked_for() -> None:
    """Every engine module is loaded from the kind of file meja.BUILD names."""
    build = meja.BUILD
    assert build == os.environ.get("MEJA_EXPECT_BUILD", build)
    compiled = _build.compiled_modules()
    if build == "compiled":
        assert {"meja.core.game", "meja.bots.ismcts", "meja.bots.heuristics.mooncake"} <= set(
            compiled
        )
    for name in compiled or ["meja.core.game"]:
        loaded = Path(str(importlib.import_module(name).__file__))
        assert (loaded.suffix != ".py") == (build == "compiled"), name


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )


def test_meja_pure_runs_the_sources_and_the_version_says_so() -> None:
    shown = _run(
        "import meja, meja.core.game as g, meja.cli as c; print(meja.BUILD, g.__file__);"
        " c.main(['--version'])",
        MEJA_PURE="1",
    )
    build, path = shown.stdout.split()[:2]
    assert (build, Path(path).name) == ("pure", "game.py")
    assert shown.stdout.splitlines()[1] == f"meja {meja.__version__} (pure engine)"
    assert shown.stderr == ""


CLONE_CHECK = """
import random
from meja.core import list_games
from meja.core.game import random_step
for game in list_games():
    for n in game.player_counts():
        state, rng = game.new_state(n), random.Random(n)
        while not state.is_terminal():
            copy = state.clone()
            assert vars(copy) == vars(state), (game.name, sorted(
                k for k in vars(state) if vars(copy).get(k, object()) != vars(state)[k]))
            state.apply(*reversed(random_step(state, rng)))
print("ok")
"""


def test_a_clone_copies_every_field_of_the_state() -> None:
    """Each game spells its clone out field by field; run as Python, where a state's fields
    can be listed, every clone along random games equals its original in every field."""
    assert _run(CLONE_CHECK, MEJA_PURE="1").stdout == "ok\n"


def test_both_engines_play_the_same_games() -> None:
    """Random games from the same seeds end alike in this process and on the pure engine."""
    code = (
        "import random\nfrom meja.core import list_games\nfrom meja.core.game import random_step\n"
        "for game in list_games():\n"
        "    state, rng = game.new_state(game.max_players), random.Random(3)\n"
        "    while not state.is_terminal():\n"
        "        state.apply(*reversed(random_step(state, rng)))\n"
        "    print(game.name, state.history[-5:], state.scores())\n"
    )
    here = []
    for game in list_games():
        state, rng = game.new_state(game.max_players), random.Random(3)
        while not state.is_terminal():
            state.apply(*reversed(random_step(state, rng)))
        here.append(f"{game.name} {state.history[-5:]} {state.scores()}")
    assert _run(code, MEJA_PURE="1").stdout.splitlines() == here


SIMULATION = """
from meja.core import list_games
from meja.sim.job import make_job
from meja.sim.play import play_range
import meja
print(meja.BUILD)
for game in list_games():
    job = make_job(game, game.max_players, "random", 3, 7, {})
    print(play_range(job, 0, job.games))
"""


def test_both_engines_give_a_simulation_the_same_games() -> None:
    """Seeded simulated games, random bots and play_episode included, end alike on the engine
    of this process and on the pure one."""
    build, *here = _run(SIMULATION).stdout.splitlines()
    pure, *there = _run(SIMULATION, MEJA_PURE="1").stdout.splitlines()
    assert (build, pure) == (meja.BUILD, "pure")
    assert len(here) == len(list_games()) and there == here


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A source checkout with one compiled engine module, its source and the shared library,
    the source older than both."""
    package = tmp_path / "src" / "meja"
    (package / "core").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("")
    source = package / "core" / "rules.py"
    source.write_text("WHO = 'source'\n")
    (package / "core" / f"rules{SUFFIX}").write_bytes(b"")
    library = tmp_path / "src" / f"{_build.GROUP}{SUFFIX}"
    library.write_bytes(b"")
    os.utime(source, (1_000, 1_000))
    os.utime(library, (2_000, 2_000))
    monkeypatch.setattr(_build, "PACKAGE", package)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.delenv("MEJA_PURE", raising=False)
    return tmp_path


def test_an_up_to_date_compiled_engine_runs(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _build.select() == "compiled"
    assert capsys.readouterr().err == ""


def test_a_source_edited_after_compiling_runs_as_python_and_says_so(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = checkout / "src" / "meja" / "core" / "rules.py"
    os.utime(source, (3_000, 3_000))
    assert _build.select() == "pure"
    assert capsys.readouterr().err == (
        "meja: src/meja/core/rules.py changed after the engine was compiled; running pure"
        " Python until make rebuilds it\n"
    )
    finder = sys.meta_path[0]
    assert isinstance(finder, _build.SourcesFirst)
    spec = finder.find_spec("meja.core.rules", None)
    assert spec is not None and spec.origin == str(source)


def test_a_bot_module_edited_after_compiling_runs_as_python(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The search and the heuristics are compiled with the rules, and go stale alike."""
    bots = checkout / "src" / "meja" / "bots"
    bots.mkdir()
    (bots / f"search{SUFFIX}").write_bytes(b"")
    source = bots / "search.py"
    source.write_text("WHO = 'source'\n")
    assert _build.select() == "pure"
    assert "src/meja/bots/search.py changed" in capsys.readouterr().err
    finder = sys.meta_path[0]
    assert isinstance(finder, _build.SourcesFirst)
    spec = finder.find_spec("meja.bots.search", None)
    assert spec is not None and spec.origin == str(source)


def test_an_engine_without_its_shared_library_runs_as_python(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (checkout / "src" / f"{_build.GROUP}{SUFFIX}").unlink()
    assert _build.select() == "pure"
    assert "the compiled engine is incomplete" in capsys.readouterr().err


def test_meja_pure_asks_for_python_without_a_word(
    checkout: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEJA_PURE", "1")
    assert _build.select() == "pure"
    assert capsys.readouterr().err == ""


def test_a_pure_process_never_picks_up_an_engine_compiled_after_it_started(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`make play` serves on the sources while the engine compiles beside them: the server
    must keep importing sources, or it would mix the two builds."""
    for binary in (checkout / "src").rglob(f"*{SUFFIX}"):
        binary.unlink()
    later = checkout / "src" / "meja" / "games" / "late.py"
    later.parent.mkdir()
    later.write_text("WHO = 'source'\n")
    assert _build.select() == "pure"
    assert capsys.readouterr().err == ""
    (later.parent / f"late{SUFFIX}").write_bytes(b"")
    finder = sys.meta_path[0]
    assert isinstance(finder, _build.SourcesFirst)
    spec = finder.find_spec("meja.games.late", None)
    assert spec is not None and spec.origin == str(later)


ROOT = Path(__file__).resolve().parents[1]


def _load(script: str) -> dict[str, Any]:
    """The functions of one of the build scripts, without running it."""
    return runpy.run_path(str(ROOT / script), run_name="meja_build_test")


@pytest.fixture
def built_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A source tree with two engine modules, both compiled after every source changed."""
    monkeypatch.chdir(tmp_path)
    core = tmp_path / "src" / "meja" / "core"
    core.mkdir(parents=True)
    for name in ("game", "tally"):
        (core / f"{name}.py").write_text("")
        (core / f"{name}{SUFFIX}").write_bytes(b"")
        os.utime(core / f"{name}.py", (1_000, 1_000))
    (tmp_path / "src" / f"{_build.GROUP}{SUFFIX}").write_bytes(b"")
    return tmp_path


def test_an_editable_install_keeps_an_engine_compiled_after_every_source(
    built_tree: Path,
) -> None:
    """`pip install -e ".[train]"` must not compile the engine a second time."""
    setup = _load("setup.py")
    sources = ["src/meja/core/game.py", "src/meja/core/tally.py"]
    library = built_tree / "src" / f"{_build.GROUP}{SUFFIX}"
    os.utime(library, (ROOT.joinpath("setup.py").stat().st_mtime + 1,) * 2)
    assert setup["up_to_date"](sources)
    os.utime(built_tree / "src/meja/core/tally.py", (library.stat().st_mtime + 1,) * 2)
    assert not setup["up_to_date"](sources), "a source edited since"
    os.utime(built_tree / "src/meja/core/tally.py", (1_000, 1_000))
    (built_tree / "src/meja/core/chance.py").write_text("")
    os.utime(built_tree / "src/meja/core/chance.py", (1_000, 1_000))
    assert not setup["up_to_date"]([*sources, "src/meja/core/chance.py"]), "a module not built"
    library.unlink()
    assert not setup["up_to_date"](sources), "no shared library"


def test_a_built_engine_moves_in_with_its_shared_library_last_dated_to_the_build_start(
    built_tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process starting while the engine moves in finds no shared library, so runs the
    sources (never half an engine); a source edited during the build counts as newer."""
    script = _load("scripts/build_engine.py")
    setup = _load("setup.py")
    stage = built_tree / "build" / "engine"
    (stage / "meja" / "core").mkdir(parents=True)
    for name in ("game", "tally"):
        (stage / "meja" / "core" / f"{name}{SUFFIX}").write_bytes(b"new")
    (stage / f"{_build.GROUP}{SUFFIX}").write_bytes(b"new")
    monkeypatch.setitem(script["install"].__globals__, "STAGE", stage)
    monkeypatch.setitem(script["install"].__globals__, "ROOT", built_tree)
    moved: list[str] = []
    real_replace = os.replace

    def replace(built: Path, target: Path) -> None:
        library = built_tree / "src" / f"{_build.GROUP}{SUFFIX}"
        moved.append(Path(target).name)
        assert not library.exists(), "a shared library was in place while files moved"
        real_replace(built, target)

    monkeypatch.setattr(os, "replace", replace)
    sources = ["src/meja/core/game.py", "src/meja/core/tally.py"]
    moves = script["staged"](sources)
    script["install"](moves, setup, sources, 5_000.0)
    assert moved[-1] == f"{_build.GROUP}{SUFFIX}" and len(moved) == 3
    library = built_tree / "src" / f"{_build.GROUP}{SUFFIX}"
    assert library.read_bytes() == b"new" and library.stat().st_mtime == 5_000.0
    assert (built_tree / "src/meja/core" / f"tally{SUFFIX}").read_bytes() == b"new"
