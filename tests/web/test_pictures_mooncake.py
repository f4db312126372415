"""Mooncake Master is drawn in pictures and words, never in the engine's codes.

Every kind of tile has its own picture (its paste by fill and texture, each hazelnut, seed and
half yolk drawn) and a name in words; the end explains the score round by round, Taste becoming
Festive Points; and each other baker's last turn stays marked when the game is over. That no
text of the page shows a code through a whole game, at a desktop's size and a phone's, the
replay back through the last round included, is test_move_coverage.py's walk.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.cli.plain_words import engine_codes

from meja.games.mooncake.components import FLAVOURS, TILE_TYPES, TileType
from meja.games.mooncake.scoring import festive_for_taste
from meja.games.mooncake.tables import SLOT_NAMES

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
PASTES = {"lotus": "Lotus seed paste", "red_bean": "Red bean paste", "green_tea": "Green tea paste"}

TILES = """() => [...document.querySelectorAll('#board .tile')].map((tile) => ({
  code: tile.getAttribute('data-tile'),
  label: tile.getAttribute('aria-label'),
  tip: tile.querySelector(':scope > title')?.textContent || '',
  fill: tile.querySelector('path').getAttribute('fill'),
  texture: [...tile.querySelectorAll(':scope > path')].map((p) => p.getAttribute('fill'))
    .find((fill) => fill && fill.startsWith('url(')) || null,
  nuts: tile.querySelectorAll('.hazelnut').length,
  seeds: tile.querySelectorAll('.seed').length,
  yolks: tile.querySelectorAll('.half-yolk').length,
  shapes: [...tile.querySelectorAll('.hazelnut, .seed')]
    .map((node) => `${node.getAttribute('class')}:${node.firstElementChild.tagName}`),
}))"""
"""Every tile drawn on the board: what it is, its name and what its picture is made of."""

CELLS = """() => [...document.querySelectorAll('#board [data-round-points]')].map((cell) => ({
  seat: Number(cell.getAttribute('data-seat')),
  round: Number(cell.getAttribute('data-round')),
  points: Number(cell.getAttribute('data-round-points')),
  text: cell.querySelector('text').textContent,
  width: cell.querySelector('text').getBoundingClientRect().width,
}))"""
"""The end's cells of Festive Points per seat and round, with the text each shows."""

MARKS = """() => [...document.querySelectorAll('#board [data-last-move]')]
  .map((node) => [Number(node.getAttribute('data-last-move')), node.getAttribute('data-slot')])"""


def _words(kind: TileType) -> str:
    """A tile's name in words, as a person would say what it shows."""
    face = kind.face
    paste = PASTES[FLAVOURS[kind.flavour]]
    parts = []
    for count, one, many in (
        (face.nuts, "hazelnut", "hazelnuts"),
        (face.seeds, "watermelon seed", "watermelon seeds"),
    ):
        if count:
            parts.append(f"a {one}" if count == 1 else f"{count} {many}")
    if face.yolk_cw and face.yolk_ccw:
        parts.append("a half yolk on each straight edge")
    elif face.yolk_cw:
        parts.append("a half yolk on its clockwise edge")
    elif face.yolk_ccw:
        parts.append("a half yolk on its anticlockwise edge")
    if not parts:
        return f"Plain {paste.lower()} quarter"
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"{paste} quarter with {listed}"


def _colour(fill: str) -> tuple[float, float, float]:
    return tuple(int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _grey(rgb: tuple[float, float, float]) -> float:
    """Relative luminance (WCAG), what a grayscale screen keeps of a colour."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _deuteranope(rgb: tuple[float, float, float]) -> tuple[float, ...]:
    """A colour as a deuteranope sees it (Machado, Oliveira and Fernandes 2009, severity 1)."""
    matrix = (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    )
    return tuple(
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )


def _play_to_end(driver: Any, table: Any, rng: random.Random, seen: dict[str, Any]) -> None:
    """Play Ana's seat through the API to the end, the page drawing every step; keep the boards
    as the last turn began (its choice) in seen["last_turn"]."""
    while driver.wait_for_turn():
        state = table.state(0)
        view = state["view"]
        if view["phase"] == "choose" and (view["round"], view["turn_in_round"]) == (3, 4):
            seen["last_turn"] = view["boards"]
        move = rng.choice(state["legal"])
        step = int(table.move(0, move["action"], at_step=False)["step"])
        driver.wait("(s) => window.meja.page.state.step >= s", step)


def test_every_kind_of_tile_has_its_own_picture_and_a_name_in_words(
    human_table: Any, driver: Any
) -> None:
    """At the end of a 6-player round every tile of the box lies on the boards (M5), so every
    kind is looked at: its name, its tooltip and its picture."""
    table = human_table("mooncake", 1, NAMES, bots=5)
    driver.open(table.url(0))
    _play_to_end(driver, table, random.Random(6), {})
    tiles = driver.page.evaluate(TILES)
    kinds = {kind.code: kind for kind in TILE_TYPES}
    assert {tile["code"] for tile in tiles} == set(kinds), "a kind of tile is not drawn"
    textures: dict[str, set[Any]] = {}
    fills: dict[str, set[str]] = {}
    for tile in tiles:
        kind = kinds[tile["code"]]
        flavour = FLAVOURS[kind.flavour]
        assert tile["label"] == _words(kind), tile
        assert tile["tip"] == tile["label"], tile
        assert (tile["nuts"], tile["seeds"]) == (kind.face.nuts, kind.face.seeds), tile
        assert tile["yolks"] == kind.face.yolk_cw + kind.face.yolk_ccw, tile
        assert set(tile["shapes"]) <= {"hazelnut:circle", "seed:path"}, tile
        textures.setdefault(flavour, set()).add(tile["texture"])
        fills.setdefault(flavour, set()).add(tile["fill"])
    # One look per paste, and the three differ in texture, not only in colour.
    assert all(len(each) == 1 for each in (*textures.values(), *fills.values()))
    assert len({texture for each in textures.values() for texture in each}) == 3, textures
    colours = [_colour(next(iter(fills[flavour]))) for flavour in FLAVOURS]
    for i, a in enumerate(colours):
        for b in colours[i + 1 :]:
            assert abs(_grey(a) - _grey(b)) > 0.1, f"{a} and {b} look alike in grayscale"
            seen = [_deuteranope(a), _deuteranope(b)]
            assert max(abs(x - y) for x, y in zip(*seen, strict=True)) > 0.15, (
                f"{a} and {b} look alike to a deuteranope"
            )
    key = str(driver.page.locator("#board [data-legend]").text_content())
    for words in (*PASTES.values(), "hazelnut", "watermelon seed", "half yolk"):
        assert words in key, f"the key does not explain {words}"
    board = driver.page.evaluate(
        "[...document.querySelectorAll('#board text')].map((t) => t.textContent).join(' · ')"
    )
    assert engine_codes("mooncake", board) == []


def test_the_end_shows_each_players_festive_points_round_by_round(
    human_table: Any, driver: Any
) -> None:
    table = human_table("mooncake", 1, NAMES, bots=2)
    driver.open(table.url(0))
    _play_to_end(driver, table, random.Random(3), {})
    view = driver.state()["view"]
    cells = driver.page.evaluate(CELLS)
    assert len(cells) == 3 * 3, cells
    for round_number, (tastes, served) in enumerate(
        zip(view["tastes"], view["served"], strict=True), 1
    ):
        ranks = festive_for_taste(tastes)
        for seat in range(3):
            sold = sum(customer is not None for customer in served[seat])
            (cell,) = [c for c in cells if (c["seat"], c["round"]) == (seat, round_number)]
            assert cell["points"] == ranks[seat] + sold, cell
            shown = f"{tastes[seat]}\u2009→\u2009{ranks[seat]}" + (f"+{sold}★" if sold else "")
            assert cell["text"] == shown, cell
            assert cell["width"] > 0, f"{cell} is not drawn"
    for seat in range(3):
        total = sum(c["points"] for c in cells if c["seat"] == seat)
        assert total == view["festive"][seat]
        node = driver.page.locator(f'#board [data-tastes] [data-total="{seat}"]')
        assert node.text_content() == str(view["festive"][seat])
    rule = " ".join(driver.page.locator("#board [data-rule]").all_text_contents())
    assert "the most Taste earns 2 Festive Points" in rule and "customer served" in rule
    assert driver.layout_problems("[data-tastes]") == []


def test_each_other_bakers_last_turn_stays_marked_at_the_end(
    human_table: Any, sized_driver: Any
) -> None:
    table = human_table("mooncake", 1, NAMES, bots=2)
    sized_driver.open(table.url(0))
    seen: dict[str, Any] = {}
    _play_to_end(sized_driver, table, random.Random(4), seen)
    final = sized_driver.state()["view"]["boards"]
    expected = sorted(
        [seat, SLOT_NAMES[i]]
        for seat in (1, 2)
        for i, code in enumerate(final[seat])
        if code and not seen["last_turn"][seat][i]
    )
    assert len(expected) == 2 * 3
    assert sorted(sized_driver.page.evaluate(MARKS)) == expected


QUARTERS = {"NE": "top right", "SE": "bottom right", "SW": "bottom left", "NW": "top left"}


def _move_in_words(move: str, names: list[str]) -> str:
    """A Mooncake move as the list of moves says it, from its raw name; names are the seat you
    pass left to and the one you pass right to."""
    kinds = {kind.code: kind for kind in TILE_TYPES}

    def tile(code: str) -> str:
        return _words(kinds[code])

    if move.startswith("place "):
        code, slot = move.removeprefix("place ").split(" at ")
        return f"Place {tile(code)}: cake {slot[0]}, {QUARTERS[slot[1:]]} quarter"
    keep, *passed = move.removeprefix("keep ").split(", ")
    if passed[0].startswith("pass "):
        left, right = passed[0].removeprefix("pass ").split()
        return f"Keep {tile(keep)}; pass {tile(left)} and {tile(right)} to {names[0]}"
    left, right = (part.split()[1] for part in passed)
    return f"Keep {tile(keep)}; pass {tile(left)} to {names[0]}; pass {tile(right)} to {names[1]}"


@pytest.mark.parametrize("players", [2, 3])
def test_the_moves_as_a_list_say_each_choice_and_placing_in_words(
    human_table: Any, driver: Any, players: int
) -> None:
    """All your moves as a list (for the keyboard and screen readers) says each move as the
    board does: what is kept and what goes to whom, which tile goes into which quarter of which
    cake; never a tile's or a quarter's code, and no two moves alike."""
    table = human_table("mooncake", 1, NAMES, bots=players - 1)
    driver.open(table.url(0))
    page = driver.page
    seats = [seat["name"] for seat in driver.state()["table"]["seats"]]
    names = [seats[1 % players], seats[-1]]
    rng = random.Random(players)
    phases: set[str] = set()
    while driver.wait_for_turn() and len(phases) < 2:
        state = driver.state()
        phases.add(state["view"]["phase"])
        page.evaluate("document.getElementById('moves-details').open = true")
        listed = page.locator("#moves button").all_inner_texts()
        wanted = [_move_in_words(move["text"], names) for move in state["legal"]]
        assert listed == wanted
        assert len(set(listed)) == len(listed), "two moves of the list read alike"
        assert [code for words in listed for code in engine_codes("mooncake", words)] == []
        decision = driver.decision()
        driver.play(decision, rng.choice(sorted(decision.paths)))
    assert phases == {"choose", "place"}
