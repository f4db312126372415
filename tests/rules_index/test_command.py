"""`meja rules GAME --where [TAG]`: what a person reads, and the errors of a wrong game or tag."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meja.cli import main
from meja.rules import index

SRC = index.PACKAGE_DIR.parent
ROOT = SRC.parent

PLACE = re.compile(r"  (?P<name>\S+)  line (?P<line>\d+)")


def where(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def cited_line(name: str, line: int) -> str:
    """The source line a printed place points at: a module:qualname or a test's node id."""
    if "::" in name:
        path = ROOT / name.split("::")[0]
    else:
        path = SRC / (name.split(":")[0].replace(".", "/") + ".py")
        if not path.is_file():
            path = path.with_suffix("") / "__init__.py"
    return path.read_text(encoding="utf-8").splitlines()[line - 1]


def test_where_names_each_function_and_test_of_a_reading_at_a_line_citing_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = where(["rules", "nasi_lemak", "--where", "n9"], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "N9 (Nasi Lemak: The Game)"
    carried = lines.index(next(line for line in lines if line.startswith("Carried by ")))
    pinned = lines.index(next(line for line in lines if line.startswith("Pinned by ")))
    code_places = [PLACE.fullmatch(line) for line in lines[carried + 1 : pinned]]
    test_places = [PLACE.fullmatch(line) for line in lines[pinned + 1 :]]
    assert lines[carried] == f"Carried by {len(code_places)} places:"
    assert lines[pinned] == f"Pinned by {len(test_places)} tests:"
    assert "  meja.games.nasi_lemak.state:NasiLemakState._examine  line " in out
    assert "  tests/games/nasi_lemak/test_moves.py::test_officer_takes_every_card" in out
    for place in [*code_places, *test_places]:
        assert place, out
        assert "N9" in cited_line(place["name"], int(place["line"])).upper(), place.group()


def test_where_a_titled_reading_is_shown_with_its_title(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = where(["rules", "peranakan", "--where", "P8"], capsys)
    assert code == 0
    assert out.splitlines()[0] == "P8 Market slide (Peranakan: Tiles and Tactics)"


def test_where_without_a_tag_lists_every_reading_with_its_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = where(["rules", "mooncake", "--where"], capsys)
    assert code == 0
    rows = out.splitlines()[1:]
    assert [row.split()[0] for row in rows] == [f"M{number}" for number in range(1, 10)]
    reading = index.build("mooncake", index.checkout_tests()).reading("M4")
    assert reading.tests is not None
    assert re.fullmatch(
        rf"M4 +Placing +{len(reading.carriers)} places?, {len(reading.tests)} tests?", rows[3]
    )


def test_without_where_the_rules_document_is_printed_as_before(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = where(["rules", "te_kuiti"], capsys)
    assert code == 0 and out.startswith("# Te Kuiti")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "chess", "--where", "N9"], "meja: error: unknown game 'chess' (known games: "),
        (["rules", "nasi_lemak", "--where", "N14"], "meja: error: nasi_lemak has no reading 'N14'"),
        (["rules", "mooncake", "--where", "P8"], "meja: error: mooncake has no reading 'P8'"),
    ],
)
def test_an_unknown_game_or_reading_is_one_line_and_exit_code_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = where(argv, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(message) and err.count("\n") == 1, err


def test_an_installed_meja_says_the_tests_are_not_available(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index, "PACKAGE_DIR", tmp_path / "site-packages" / "meja")
    code, out, _ = where(["rules", "te_kuiti", "--where", "T2"], capsys)
    assert code == 0
    assert out.splitlines()[-1] == (
        "Pinned by: the tests are not available (an installed meja has none)"
    )
    code, out, _ = where(["rules", "te_kuiti", "--where"], capsys)
    assert out.splitlines()[2].endswith("tests not available")
