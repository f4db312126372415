"""Where Python source cites a game's reading labels (N9, T4a): in documentation or in tests.

A label is a letter and a number; a range such as "N1-N13" names the readings as a whole and cites
none of them, and a Peranakan pawn code such as "N1@c3" is not a label.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass

_TESTS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPES = (*_TESTS, ast.ClassDef)

LABEL_ALONE = r"[A-Z]\d{1,2}[ab]?"
"""A string in code that is one label and nothing else cites it, whatever it is passed to."""


@dataclass(frozen=True)
class Labels:
    """The labels of one game's readings: letter 1 to last, and any of them with a or b after."""

    letter: str
    last: int

    def _label(self) -> str:
        return rf"(?<![\w@]){self.letter}(\d{{1,2}})([ab]?)(?![\w@])"

    def found(self, text: str) -> Iterator[tuple[int, str]]:
        """Each (offset, label) that text cites, ranges left out."""
        bare = rf"{self.letter}\d{{1,2}}[ab]?"
        ranges = rf"(?<![\w@]){bare}\s*(?:-|\u2013|to)\s*{bare}(?![\w@])"
        text = re.sub(ranges, lambda match: " " * len(match.group()), text)
        for match in re.finditer(self._label(), text):
            if 1 <= int(match.group(1)) <= self.last:
                yield match.start(), match.group()

    def in_name(self, name: str) -> list[str]:
        """The labels a test's name spells between underscores, as in test_n9_officer."""
        words = (word[:1].upper() + word[1:] for word in name.split("_"))
        return [word for word in words if [label for _, label in self.found(word)] == [word]]


@dataclass(frozen=True)
class Citation:
    """A label cited at a line, inside the named scope (a qualname, or "" for the module)."""

    label: str
    scope: str
    line: int


def _line_of(text: str, offset: int, first_line: int) -> int:
    return first_line + text.count("\n", 0, offset)


def _documentation(source: str, tree: ast.Module) -> Iterator[tuple[int, str]]:
    """(first line, text) of every comment, every string that stands alone as a statement, and
    every string that is one label alone, as in start_player_option(MAX_PLAYERS, "N13")."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    alone = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    strings = (node for node in ast.walk(tree) if isinstance(node, ast.Constant))
    for node in strings:
        text = node.value
        if isinstance(text, str) and (id(node) in alone or re.fullmatch(LABEL_ALONE, text)):
            yield node.lineno, text


def _first_line(node: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(node, "decorator_list", [])
    return min([node.lineno, *(decorator.lineno for decorator in decorators)])


def _assigned_name(node: ast.stmt) -> str | None:
    """The one name a module or class statement assigns, if it assigns exactly one."""
    targets = node.targets if isinstance(node, ast.Assign) else []
    if isinstance(node, ast.AnnAssign):
        targets = [node.target]
    return targets[0].id if len(targets) == 1 and isinstance(targets[0], ast.Name) else None


def _scopes(body: list[ast.stmt], prefix: str, names: bool) -> Iterator[tuple[int, int, str]]:
    """(first line, last line, qualname) of every definition in body, and with names of every
    assignment of one name (in a module or class body, not among a function's locals).

    A string right after an assignment documents the name assigned, so it is part of its scope.
    """
    for index, node in enumerate(body):
        last = node.end_lineno or node.lineno
        if isinstance(node, _SCOPES):
            qualname = f"{prefix}{node.name}"
            yield _first_line(node), last, qualname
            yield from _scopes(node.body, f"{qualname}.", isinstance(node, ast.ClassDef))
        elif names and (name := _assigned_name(node)) is not None:
            following = body[index + 1] if index + 1 < len(body) else None
            if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant):
                last = following.end_lineno or last
            yield node.lineno, last, f"{prefix}{name}"


def in_documentation(source: str, labels: Labels) -> list[Citation]:
    """The labels that the comments and docstrings of source cite, each in its innermost scope."""
    tree = ast.parse(source)
    scopes = sorted(_scopes(tree.body, "", True), key=lambda scope: scope[1] - scope[0])
    cited: list[Citation] = []
    for first_line, text in _documentation(source, tree):
        for offset, label in labels.found(text):
            line = _line_of(text, offset, first_line)
            scope = next((name for start, end, name in scopes if start <= line <= end), "")
            cited.append(Citation(label, scope, line))
    return sorted(cited, key=lambda citation: citation.line)


def _tests(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.stmt]]:
    """(node id suffix, definition) of each test function, in classes too."""
    for node in body:
        if isinstance(node, _TESTS) and node.name.startswith("test"):
            yield f"{prefix}{node.name}", node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            yield from _tests(node.body, f"{prefix}{node.name}::")


def in_tests(source: str, labels: Labels) -> list[Citation]:
    """The labels each test function of source names: in its name, decorators or body."""
    lines = source.splitlines()
    cited: list[Citation] = []
    for name, node in _tests(ast.parse(source).body, ""):
        first = _first_line(node)
        text = "\n".join(lines[first - 1 : node.end_lineno])
        seen = {label: node.lineno for label in labels.in_name(name.rpartition("::")[2])}
        for offset, label in labels.found(text):
            seen.setdefault(label, _line_of(text, offset, first))
        cited.extend(Citation(label, name, line) for label, line in seen.items())
    return cited
