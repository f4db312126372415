"""The rule index: every reading of every game, the code carrying it and the tests pinning it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from meja.rules import index
from meja.rules.citations import Labels, in_documentation, in_tests
from meja.rules.index import RuleIndex, build, checkout_tests

EXPECTED = {
    "peranakan": [f"P{number}" for number in range(1, 14)],
    "te_kuiti": [f"T{number}" for number in range(1, 10)],
    "nasi_lemak": [f"N{number}" for number in range(1, 14)],
    "mooncake": [f"M{number}" for number in range(1, 10)],
}
"""The readings each game's rules page states (and the rulings behind it)."""

EVERY_LABEL = [(game, label) for game, labels in EXPECTED.items() for label in labels]


@pytest.fixture(scope="module")
def indexes() -> dict[str, RuleIndex]:
    return {game: build(game, checkout_tests()) for game in EXPECTED}


@pytest.mark.parametrize("game", EXPECTED)
def test_the_index_lists_every_reading_of_the_game_in_order(
    game: str, indexes: dict[str, RuleIndex]
) -> None:
    listed = [reading.label for reading in indexes[game].readings]
    assert [label for label in listed if label in EXPECTED[game]] == EXPECTED[game]


@pytest.mark.parametrize(("game", "label"), EVERY_LABEL)
def test_every_reading_is_carried_by_the_games_code(
    game: str, label: str, indexes: dict[str, RuleIndex]
) -> None:
    """A reading no docstring or comment of the game cites has no code a person can find."""
    assert indexes[game].reading(label).carriers, f"no code of {game} cites {label}"


@pytest.mark.parametrize(("game", "label"), EVERY_LABEL)
def test_every_reading_is_pinned_by_a_test(
    game: str, label: str, indexes: dict[str, RuleIndex]
) -> None:
    assert indexes[game].reading(label).tests, f"no test cites {label} of {game}"


def test_titles_come_from_the_games_own_rules_page(indexes: dict[str, RuleIndex]) -> None:
    """A list entry, a table row, a bold lead and a heading title a reading; others have none."""
    assert indexes["peranakan"].reading("P1").title == "Baba neighbourhood"
    assert indexes["mooncake"].reading("M1").title == "Pairs"
    assert indexes["te_kuiti"].reading("T4").title == "End-of-round mode"
    assert indexes["te_kuiti"].reading("T9").title == "The solo game"
    assert indexes["nasi_lemak"].reading("N9").title is None


def test_sub_readings_are_listed_beside_their_reading(indexes: dict[str, RuleIndex]) -> None:
    listed = [reading.label for reading in indexes["te_kuiti"].readings]
    assert listed[3:6] == ["T4", "T4a", "T4b"]


CODE = '''"""Readings N1-N13: a range names them all and cites none."""

OFFICER_TAKE = 2  # the Officer takes two cards (N9)

HAND = 7
"""Seven cards each (N3)."""


class State:
    """A state (N4)."""

    def apply(self) -> None:
        """Apply a move."""
        moves = 3  # at most three a turn (N1)
        pawn = "N1@c3"  # a Peranakan pawn code, not a reading; N14 is none either

    def options(self) -> list[str]:
        return start_player_option(6, "N13")
'''


def test_code_cites_a_reading_in_the_innermost_definition_or_name_around_it() -> None:
    cited = {(c.label, c.scope, c.line) for c in in_documentation(CODE, Labels("N", 13))}
    assert cited == {
        ("N9", "OFFICER_TAKE", 3),
        ("N3", "HAND", 6),
        ("N4", "State", 10),
        ("N1", "State.apply", 14),
        ("N13", "State.options", 18),
    }


TESTS = '''
import pytest


def helper() -> None:
    """Builds an Officer's hand (N9), but is no test."""


def test_n9_officer_takes_two() -> None:
    assert True


@pytest.mark.parametrize("rule", ["N13"])
def test_start_player(rule: str) -> None:
    """Whoever starts."""


class TestTrading:
    def test_offers(self) -> None:
        # any counts (N3)
        assert True
'''


def test_a_test_pins_a_reading_by_its_name_decorators_or_body_and_helpers_do_not() -> None:
    cited = {(c.label, c.scope, c.line) for c in in_tests(TESTS, Labels("N", 13))}
    assert cited == {
        ("N9", "test_n9_officer_takes_two", 9),
        ("N13", "test_start_player", 13),
        ("N3", "TestTrading::test_offers", 20),
    }


def test_another_games_tests_do_not_pin_a_reading(tmp_path: Path) -> None:
    """Te Kuiti's tests cite Peranakan's P13 to compare; tests outside games/ pin by label."""
    tests = tmp_path / "tests"
    (tests / "games" / "te_kuiti").mkdir(parents=True)
    (tests / "web").mkdir()
    body = 'def test_start() -> None:\n    """As in Peranakan (P13)."""\n'
    (tests / "games" / "te_kuiti" / "test_first.py").write_text(body)
    (tests / "web" / "test_lobby.py").write_text(body)
    pinned = build("peranakan", tests).reading("P13").tests
    assert pinned == (index.Place("tests/web/test_lobby.py::test_start", 2),)


def test_an_installed_meja_indexes_its_code_and_says_its_tests_are_not_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed, meja sits in site-packages with its game sources and without the tests."""
    installed = tmp_path / "lib" / "python3" / "site-packages" / "meja"
    games = index.PACKAGE_DIR / "games" / "mooncake"
    shutil.copytree(games, installed / "games" / "mooncake", ignore=shutil.ignore_patterns("*.so"))
    monkeypatch.setattr(index, "PACKAGE_DIR", installed)
    assert checkout_tests() is None
    reading = build("mooncake", checkout_tests()).reading("M4")
    assert reading.carriers and reading.tests is None
