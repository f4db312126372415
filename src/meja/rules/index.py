"""The rule index: for each reading of a game (N9, T4a), the code that carries it and the tests
that pin it, found in the docstrings and comments that cite its label.

It reads the installed sources, so it needs no game imported; the tests are read from the checkout
when meja runs from one, and an installed meja, which ships without them, says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from meja.rules import RULES_DIR
from meja.rules.citations import Labels, in_documentation, in_tests

PACKAGE_DIR = RULES_DIR.parent
"""The meja package, whose games/GAME/ modules carry the readings."""

LABELS = {
    "peranakan": Labels("P", 13),
    "te_kuiti": Labels("T", 9),
    "nasi_lemak": Labels("N", 13),
    "mooncake": Labels("M", 9),
}
"""Each game's reading labels, as GAME.md names them."""

OWN_TESTS = "rules_index"
"""The index's own tests, which cite labels as data rather than pin the rules."""


def checkout_tests() -> Path | None:
    """The tests folder of the checkout meja runs from, or None for an installed meja."""
    root = PACKAGE_DIR.parent.parent
    tests = root / "tests"
    return tests if (root / "pyproject.toml").is_file() and tests.is_dir() else None


@dataclass(frozen=True)
class Place:
    """Where a label is cited: `module:qualname` or a test's node id, and the line."""

    name: str
    line: int


@dataclass(frozen=True)
class Reading:
    """One reading: its label, its title in GAME.md if it has one, its code and its tests.

    tests is None when the tests are not available.
    """

    label: str
    title: str | None
    carriers: tuple[Place, ...]
    tests: tuple[Place, ...] | None


@dataclass(frozen=True)
class RuleIndex:
    """Every reading of one game, in label order."""

    game: str
    readings: tuple[Reading, ...]

    def reading(self, label: str) -> Reading:
        """The reading called label (any case), or ValueError naming the game's labels."""
        wanted = label.strip().upper()
        for reading in self.readings:
            if reading.label.upper() == wanted:
                return reading
        names = ", ".join(reading.label for reading in self.readings)
        raise ValueError(f"{self.game} has no reading {label.strip()!r} (its readings: {names})")


def _order(label: str) -> tuple[int, str]:
    return int(re.sub(r"\D", "", label)), label


def _title_patterns(label: str) -> list[str]:
    """The ways GAME.md titles a reading: its list entry, its table row, a bold lead or heading."""
    name = re.escape(label)
    return [
        rf"\*\*{name}\. (?P<title>[^*]+?)\.?\*\*",
        rf"\*\*{name}\.\*\* (?P<title>.+?)\.?$",
        rf"^\| {name} (?P<title>[^|]+?) \|",
        rf"\*\*(?P<title>[^*(]+?) \({name}\)\.?\*\*",
        rf"^#+ (?P<title>.+?) \({name}\)$",
    ]


def titles(game: str) -> dict[str, str]:
    """The title GAME.md gives each reading that has one, the first it gives."""
    path = RULES_DIR / f"{game}.md"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    found: dict[str, str] = {}
    for label in labels_in(game, "\n".join(lines)):
        for line in lines:
            match = next(
                (m for p in _title_patterns(label) if (m := re.search(p, line.strip()))), None
            )
            if match:
                title = match.group("title").strip()
                found[label] = title[:1].upper() + title[1:]
                break
    return found


def labels_in(game: str, text: str) -> set[str]:
    """The labels of game that text cites."""
    return {label for _, label in LABELS[game].found(text)}


def carriers(game: str) -> dict[str, list[Place]]:
    """Each label's places in the game's own modules: the innermost definition citing it."""
    places: dict[str, dict[str, int]] = {}
    folder = PACKAGE_DIR / "games" / game
    for path in sorted(folder.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        source = path.read_text(encoding="utf-8")
        for citation in in_documentation(source, LABELS[game]):
            name = f"{module}:{citation.scope}" if citation.scope else module
            places.setdefault(citation.label, {}).setdefault(name, citation.line)
    return {label: _sorted(named) for label, named in places.items()}


def _sorted(named: dict[str, int]) -> list[Place]:
    return [Place(name, line) for name, line in sorted(named.items())]


def _test_files(game: str, tests: Path) -> list[Path]:
    """The test modules that may pin game's readings: not another game's, nor the index's own."""
    others = {tests / "games" / other for other in LABELS if other != game}
    skipped = {*others, tests / OWN_TESTS}
    return [
        path
        for path in sorted(tests.rglob("test_*.py"))
        if not any(path.is_relative_to(folder) for folder in skipped)
    ]


def pinning_tests(game: str, tests: Path) -> dict[str, list[Place]]:
    """Each label's tests, by node id: those that name it in their name, decorators or body."""
    places: dict[str, dict[str, int]] = {}
    for path in _test_files(game, tests):
        node = path.relative_to(tests.parent).as_posix()
        for citation in in_tests(path.read_text(encoding="utf-8"), LABELS[game]):
            places.setdefault(citation.label, {})[f"{node}::{citation.scope}"] = citation.line
    return {label: _sorted(named) for label, named in places.items()}


def build(game: str, tests: Path | None) -> RuleIndex:
    """The index of game's readings, with the tests in folder tests (None: not available)."""
    if game not in LABELS:
        raise ValueError(f"{game} has no rule index (games with one: {', '.join(LABELS)})")
    named = titles(game)
    code = carriers(game)
    rules = RULES_DIR / f"{game}.md"
    cited = labels_in(game, rules.read_text(encoding="utf-8")) if rules.is_file() else set()
    pins = pinning_tests(game, tests) if tests is not None else None
    letter, last = LABELS[game].letter, LABELS[game].last
    every = {f"{letter}{number}" for number in range(1, last + 1)}
    every |= cited | set(code) | set(pins or {})
    readings = tuple(
        Reading(
            label,
            named.get(label),
            tuple(code.get(label, [])),
            None if pins is None else tuple(pins.get(label, [])),
        )
        for label in sorted(every, key=_order)
    )
    return RuleIndex(game, readings)


def _cell(places: tuple[Place, ...] | None) -> str:
    if places is None:
        return "tests not available"
    return "<br>".join(f"`{place.name}`" for place in places) or "**none**"


def markdown(index: RuleIndex, title: str) -> str:
    """The index as a Markdown table for docs/rules/index/GAME.md, without lines, which move."""
    labels = LABELS[index.game]
    head = [
        f"# Where the rules of {title} live",
        "",
        f"Generated by `scripts/rule_index.py` from the labels {labels.letter}1-"
        f"{labels.letter}{labels.last} cited in docstrings, comments and tests; do not edit.",
        f"`meja rules {index.game} --where {labels.letter}1` shows one reading with line numbers.",
        f"The readings themselves: [{index.game}.md](../../../src/meja/rules/{index.game}.md).",
        "",
        "| Reading | Title | Carried by | Pinned by |",
        "|---|---|---|---|",
    ]
    rows = [
        f"| {r.label} | {r.title or ''} | {_cell(r.carriers)} | {_cell(r.tests)} |"
        for r in index.readings
    ]
    return "\n".join([*head, *rows]) + "\n"
