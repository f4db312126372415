"""Every game has one shape: the same modules, the same names for the same jobs inside them, one
registered description, declared drawing data and facts, and no part of meja is found by a module
name built at run time."""

from __future__ import annotations

import ast
import json
import random
import re
import sys
from pathlib import Path

import pytest

from meja.bots.heuristics import HEURISTICS
from meja.core import list_games, load_game
from meja.core.episode import play_random
from meja.core.fields import clone_lines, compared
from meja.core.registry import spec_of

SRC = Path(__file__).resolve().parents[1] / "src" / "meja"
GAMES = [game.name for game in list_games()]
GAME_MODULES = {
    "__init__",
    "actions",
    "components",
    "facts",
    "game",
    "legal",
    "position",
    "scoring",
    "spec",
    "state",
    "statistics",
    "tables",
    "text",
    "told",
    "words",
    "view",
}
"""The modules every game package has."""
OPTIONAL_MODULES = {"knowledge", "trade", "turns"}
"""Modules a game has only when it needs them: knowledge tracks what each seat knows of hidden
cards, step by step, for a game where that knowledge changes with the play; trade holds a trade
between seats, for a game that has one; turns holds a turn's flow (its moves, its end, the next
seat) for a game whose turn is more than a step or two, which the others end in state.py."""
SHARED_FUNCTIONS = {
    "legal": {"refusal": ["state", "action", "seat"]},
    "told": {"told": ["state", "player", "action", "viewer"]},
    "position": {
        "position": ["state"],
        "from_position": ["game", "data"],
        "check_components": ["state"],
    },
}
"""The module-level functions every game writes for the same job, by module, with their
parameters: refusing a move, telling a step to a viewer, writing, reading and checking a
position."""
OLD_NAMES = {
    "illegal_message",
    "explain",
    "tell",
    "to_position",
    "read_setup",
    "conservation_problems",
    "component_problems",
    "load_position",
    "load",
}
"""Names one game once gave a job the others named otherwise; no game module defines them."""
BASE_FIELDS = {"game", "num_players", "options", "history"}
"""The fields every state has from meja.core's State, which copies and compares them itself."""
RULE_CODE = re.compile(r"\b[PTNM]\d+[ab]?\b")
JS_COMPONENT = re.compile(r"\b(?:components|c)\.([A-Z][A-Z0-9_]*)\b")
RULES_LINES = 550
"""A module's most lines; state.py also spells out its clone field by field, and each protocol
method that a rules module implements, as the compiled engine needs."""


def test_every_game_package_has_the_same_modules() -> None:
    for name in GAMES:
        package = SRC / "games" / name
        modules = {path.stem for path in package.glob("*.py")}
        missing = GAME_MODULES - modules
        unknown = modules - GAME_MODULES - OPTIONAL_MODULES
        assert not missing and not unknown, f"{name}: {sorted(missing | unknown)}"
        assert not [p for p in package.iterdir() if p.is_dir() and p.name != "__pycache__"]


def _functions(path: Path) -> dict[str, list[str]]:
    """A module's top-level functions, each with its parameter names."""
    tree = ast.parse(path.read_text())
    return {
        node.name: [arg.arg for arg in node.args.args]
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def _defined(path: Path) -> set[str]:
    """Every function and class a module defines, at any depth, and its module-level names."""
    tree = ast.parse(path.read_text())
    names = {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _classes(path: Path) -> set[str]:
    """The names of a module's top-level classes."""
    return {
        node.name for node in ast.parse(path.read_text()).body if isinstance(node, ast.ClassDef)
    }


@pytest.mark.parametrize("name", GAMES)
def test_every_game_names_the_same_jobs_alike(name: str) -> None:
    package = SRC / "games" / name
    for module, wanted in SHARED_FUNCTIONS.items():
        functions = _functions(package / f"{module}.py")
        for function, parameters in wanted.items():
            assert function in functions, f"{name}/{module}.py defines no {function}()"
            assert functions[function] == parameters, (f"{name}/{module}.py", function)
    camel = "".join(part.capitalize() for part in name.split("_"))
    assert f"{camel}Game" in _classes(package / "game.py"), f"{name}/game.py: no {camel}Game"
    assert f"{camel}State" in _classes(package / "state.py"), f"{name}/state.py: no {camel}State"


@pytest.mark.parametrize("name", GAMES)
def test_no_game_module_keeps_a_name_the_others_do_not_use(name: str) -> None:
    for path in sorted((SRC / "games" / name).glob("*.py")):
        old = sorted(_defined(path) & OLD_NAMES)
        assert not old, f"{name}/{path.name} defines {old}"


@pytest.mark.parametrize("name", GAMES)
def test_every_state_keeps_its_phase_in_a_public_field(name: str) -> None:
    game = load_game(name)
    state = game.new_state(game.default_players())
    assert isinstance(getattr(state, "phase", None), int), f"{name}: no public phase"
    for old in ("_phase", "_hands", "active"):
        assert not hasattr(state, old), f"{name}: {old}"


def _state_class(name: str) -> ast.ClassDef:
    """The game's state class, as written in its state.py."""
    camel = "".join(part.capitalize() for part in name.split("_"))
    tree = ast.parse((SRC / "games" / name / "state.py").read_text())
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    return next(node for node in classes if node.name == f"{camel}State")


def _fields_set(scope: ast.AST, owner: str) -> list[ast.Assign | ast.AnnAssign]:
    """The statements in scope that set a field of owner (self, or a clone's copy)."""
    return [
        node
        for node in ast.walk(scope)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and any(
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == owner
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    ]


def _declared(name: str) -> dict[str, str]:
    """The game's one declaration of its state's fields."""
    game = load_game(name)
    state = game.new_state(game.default_players())
    fields: dict[str, str] = sys.modules[type(state).__module__].FIELDS
    assert type(state)._compared == compared(fields)
    return fields


@pytest.mark.parametrize("name", GAMES)
def test_every_state_field_is_declared_once(name: str) -> None:
    cls = _state_class(name)
    named = {
        node.target.id
        for node in cls.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    for node in _fields_set(cls, "self"):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        named |= {target.attr for target in targets if isinstance(target, ast.Attribute)}
    assert named - BASE_FIELDS == set(_declared(name)), f"{name}: declare each field in FIELDS"


@pytest.mark.parametrize("name", GAMES)
def test_every_clone_copies_each_field_as_declared(name: str) -> None:
    clone = next(
        node
        for node in _state_class(name).body
        if isinstance(node, ast.FunctionDef) and node.name == "clone"
    )
    written = [ast.unparse(node) for node in _fields_set(clone, "copy")]
    assert written == clone_lines(_declared(name)), "\n".join(clone_lines(_declared(name)))


def test_no_rules_module_is_a_god_file() -> None:
    for path in sorted((SRC / "games").glob("*/*.py")):
        lines = len(path.read_text().splitlines())
        assert lines <= RULES_LINES, f"{path.relative_to(SRC)} has {lines} lines"


def test_nothing_is_imported_by_a_name_built_at_run_time() -> None:
    found = [
        f"{path.relative_to(SRC)}:{number}"
        for path in sorted(SRC.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if "import_module" in line or "__import__" in line
    ]
    assert found == []


@pytest.mark.parametrize("name", GAMES)
def test_each_game_is_registered_once_with_its_heuristic(name: str) -> None:
    game = load_game(name)
    spec = spec_of(game)
    assert spec is not None and spec.game is game
    assert name in HEURISTICS


@pytest.mark.parametrize("name", GAMES)
def test_every_option_speaks_to_players_in_words(name: str) -> None:
    for option in load_game(name).options:
        words = [option.label, option.explain, *option.choice_labels]
        assert option.label and option.explain, option.name
        assert len(option.choice_labels) == len(option.choices), option.name
        for text in words:
            assert "_" not in text and not RULE_CODE.search(text), (option.name, text)


@pytest.mark.parametrize("name", GAMES)
def test_the_browser_reads_only_declared_drawing_data(name: str) -> None:
    spec = spec_of(load_game(name))
    assert spec is not None
    script = (SRC / "web" / "js" / "games" / f"{name}.js").read_text()
    read = set(JS_COMPONENT.findall(script))
    assert read, f"{name}.js reads no components"
    assert read <= set(spec.drawing.data), sorted(read - set(spec.drawing.data))
    assert json.dumps(dict(spec.drawing.data), allow_nan=False)
    assert spec.drawing.version >= 1


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_reports_its_end_and_per_seat_facts(name: str) -> None:
    game = load_game(name)
    spec = spec_of(game)
    assert spec is not None
    for num_players in game.player_counts():
        state = play_random(game.new_state(num_players), random.Random(num_players))
        facts = spec.facts(state)
        assert facts.end and facts.end != "unknown"
        assert all(isinstance(value, float) for value in facts.stats.values())
        for values in facts.seat_stats.values():
            assert len(values) == num_players
        assert str(state)
        assert spec.render_seat(state, 0) and spec.render_seat(state, None)
