"""Every game has one shape: the same modules, one registered description, declared drawing data
and facts, and no part of meja is found by a module name built at run time."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from meja.bots.heuristics import HEURISTICS
from meja.core import list_games, load_game
from meja.core.episode import play_random
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
OPTIONAL_MODULES = {"knowledge"}
"""Modules a game has only when it needs them: knowledge tracks what each seat knows of hidden
cards, step by step, for a game where that knowledge changes with the play."""
RULE_CODE = re.compile(r"\b[PTNM]\d+[ab]?\b")
JS_COMPONENT = re.compile(r"\b(?:components|c)\.([A-Z][A-Z0-9_]*)\b")
RULES_LINES = 600
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
