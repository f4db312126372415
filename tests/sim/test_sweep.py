"""meja simulate --sweep: one simulation per option value, each compared with the first."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from meja.cli import main
from meja.core import load_game
from meja.core.episode import GameResult
from meja.sim.compare import adjust, measure_rows
from meja.sim.sweep import parse_sweep, sweep_differences

MakeResult = Callable[..., GameResult]


def test_a_sweep_names_each_value_and_keeps_the_other_options() -> None:
    game = load_game("nasi_lemak")
    sweep = parse_sweep(game, "max-declined-offers=1, 3,5", {"pile_out_end": "round"})
    assert sweep.key == "max_declined_offers"
    assert sweep.labels == (
        "max_declined_offers=1",
        "max_declined_offers=3",
        "max_declined_offers=5",
    )
    assert sweep.options[2] == {"pile_out_end": "round", "max_declined_offers": 5}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("max_declined_offers", "expected KEY=V1,V2"),
        ("max_declined_offers=1,,3", "empty value"),
        ("colour=red,blue", "unknown option 'colour'"),
        ("pile_out_end=turn,week", "is not one of"),
        ("max_declined_offers=2", "at least two values"),
        ("max_declined_offers=2,2", "a value is given twice"),
        ("pile_out_end=turn,round", "also set by --option"),
    ],
)
def test_a_bad_sweep_is_refused_with_its_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_sweep(load_game("nasi_lemak"), text, {"pile_out_end": "round"})


def test_every_value_is_compared_with_the_first_in_one_family(make_result: MakeResult) -> None:
    def games(seat_one_every: int) -> list[GameResult]:
        return [
            make_result(i, (0.0, 1.0) if i % seat_one_every == 0 else (1.0, 0.0))
            for i in range(300)
        ]

    variants = [games(2), games(2), games(5)]
    same, changed = sweep_differences(variants, 2)
    rows = {row.measure: row for row in changed}
    assert rows["win rate, seat 1"].significant and rows["win rate, seat 1"].diff == pytest.approx(
        -0.3
    )
    assert not any(row.significant for row in same)
    family = adjust(
        measure_rows(variants[0], variants[1], 2) + measure_rows(variants[0], variants[2], 2)
    )
    assert [row.q for row in same + changed] == [row.q for row in family]


def test_simulate_sweep_writes_every_value_s_report_and_the_comparison(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sweep"
    args = ["simulate", "peranakan", "-p", "2", "--bots", "random", "--sweep", "start_player=0,1"]
    args += ["--games", "16", "--seed", "3", "--workers", "1", "--quiet", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "start_player over 2 values; 16 games each" in printed
    assert "start_player=1 against start_player=0: " in printed
    assert f"report: {out / 'sweep.html'}" in printed
    for value in ("0", "1"):
        summary = json.loads((out / f"start_player={value}" / "summary.json").read_text())
        assert summary["job"]["options"]["start_player"] == value
    saved = json.loads((out / "sweep.json").read_text())
    assert saved["baseline"] == "start_player=0" and list(saved["differences"]) == [
        "start_player=1"
    ]
    markdown = (out / "sweep.md").read_text()
    assert "# Peranakan: Tiles and Tactics: start_player over 0, 1" in markdown
    assert "| measure / start_player | 0 | 1 |" in markdown and "**Random play only.**" in markdown
    assert "| kueh left in supply |" in markdown and "| pawns on board, seat 0 |" in markdown
    assert "pawns_on_board" not in markdown, "statistics are named in words, not by their keys"
    html = (out / "sweep.html").read_text()
    assert html.count('<img src="data:image/png;base64,') >= 4
