"""Peranakan is drawn in pictures and told in words, never in the engine's codes.

Each of the four Kueh has an outline of its own (Tutu Kueh a flat-topped white cake, Ondeh
Ondeh a flecked ball, Kueh Bahulu a fluted flower, Ang Ku Kueh an upright tortoise-shell oval),
as has the rainbow icon; a Nyonya and a Baba are figures of two outlines; each tile pattern has
its own motif. Every one of them stays apart from the others in grayscale and for deuteranopia
as well as in colour, is named in words for a screen reader, and is shown with its name in the
table's key. Each seat's pawns wear the seat's symbol, which is beside the seat's name too.

Through a whole game, at 1280x800 and at 390x844, no text of the page (what is drawn, the
tooltips, the names read out, the prompt, the log, the result and the replay) holds an engine
code: no Kueh code such as `angku`, no tile code such as `Bto`, no market position such as
`slot4`, no pawn letter or token such as `N` or `N1@c3`; the renderer names every move in words
for the list of moves too. The last moves stay marked once the game is over.
"""

from __future__ import annotations

import math
import random
import re
from itertools import combinations
from typing import Any

import pytest
from tests.cli.plain_words import engine_codes
from tests.web.test_peranakan_table import NAMES, play_until, settled

KUEH = ["Tutu Kueh", "Ondeh Ondeh", "Kueh Bahulu", "Ang Ku Kueh"]
RAINBOW = "rainbow Kueh: any Kueh"
PATTERNS = ["Ceramics", "Butterfly", "Goldfish", "Peacock"]
PATTERN_NAMES = {name[0]: name for name in PATTERNS}
SIZE = 64

# A drawn node alone in a canvas, SIZE px square, centred on its box: its own colours on white,
# or (silhouette) every part of it black, so that only its outline counts. RGBA, row by row.
PIXELS = """async ([selectors, silhouette, size, hide]) => {
  const out = [];
  for (const selector of selectors) {
    const node = document.querySelector(selector);
    if (!node) { out.push(null); continue; }
    const box = node.getBBox();
    const side = Math.max(box.width, box.height) * 1.1;
    const [x, y] = [box.x + box.width / 2 - side / 2, box.y + box.height / 2 - side / 2];
    const black = '* { fill: #000 !important; stroke: #000 !important; opacity: 1 !important; }';
    const style = `<style>${silhouette ? black : ''} ${hide}</style>`;
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"`
      + ` viewBox="${x} ${y} ${side} ${side}">${style}${node.outerHTML}</svg>`;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const paint = canvas.getContext('2d');
    paint.fillStyle = '#fff';
    paint.fillRect(0, 0, size, size);
    paint.drawImage(image, 0, 0);
    out.push(Array.from(paint.getImageData(0, 0, size, size).data));
  }
  return out;
}"""

DEUTAN = ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969))
"""Machado, Oliveira and Fernandes' simulation of deuteranopia (severity 1), on linear RGB."""

# Every text a person may see or hear on the page: text nodes (the drawing's tooltips and the
# log included), and the names and tooltips of elements. The list of moves is left to
# moveWords below: the page shows it collapsed, in the words the renderer gives it.
TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('script, style, #moves')) continue;
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    if (text) out.push(text);
  }
  for (const node of document.body.querySelectorAll('[aria-label], [title]')) {
    if (node.closest('#moves')) continue;
    for (const name of ['aria-label', 'title']) {
      const text = node.getAttribute(name);
      if (text) out.push(text);
    }
  }
  out.push(document.title);
  return out;
}"""
BOARD_TEXTS = """() => [...document.querySelectorAll('#board svg text, #board svg title')]
  .map((node) => node.textContent.trim())"""
MOVE_WORDS = """() => {
  const p = window.meja.page;
  const names = p.state.table.seats.map((seat) => seat.name);
  const ctx = { view: p.state.view, components: p.components, you: p.state.you,
    seatName: (seat) => names[seat] };
  return p.state.legal.map((move) => [move.text, p.renderer.moveWords?.(ctx, move.text) ?? null]);
}"""
LAID = re.compile(r"\b(?:laid|stacked) it on [a-z]\d+\b")
"""A sentence of the log that lays or stacks a tile on a space."""
CODES = re.compile(
    r"^(?:[NB]"  # a pawn told by its letter
    r"|[CBGP](?:[toab]{1,2}|w))$"  # a tile told by its code: Bto, Gw
    r"|\bslot ?\d\b|\bdeck_top\b"  # a market position as the engine spells it
)
"""Codes of Peranakan pieces in the drawing's texts, besides those engine_codes finds."""


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _seen(pixels: list[int], how: str) -> list[tuple[float, ...]]:
    """Each pixel as it is seen, in linear light: in colour, in grayscale, or with deuteranopia."""
    out: list[tuple[float, ...]] = []
    for i in range(SIZE * SIZE):
        rgb = [_linear(pixels[4 * i + k]) for k in range(3)]
        if how == "gray":
            out.append((0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2],))
        elif how == "deutan":
            out.append(
                tuple(math.fsum(m * c for m, c in zip(row, rgb, strict=True)) for row in DEUTAN)
            )
        else:
            out.append(tuple(rgb))
    return out


def _apart(a: list[tuple[float, ...]], b: list[tuple[float, ...]]) -> float:
    """How far apart two pictures look: the share of their pixels that differ plainly."""
    differ = sum(1 for p, q in zip(a, b, strict=True) if math.dist(p, q) > 0.12)
    return differ / len(a)


def _overlap(a: list[int], b: list[int]) -> float:
    """How much two silhouettes cover the same pixels: their intersection over their union."""
    dark = [{i for i in range(SIZE * SIZE) if pixels[4 * i] < 128} for pixels in (a, b)]
    return len(dark[0] & dark[1]) / max(1, len(dark[0] | dark[1]))


def _probe(page: Any, scope: str, names: list[str]) -> list[str]:
    """A selector for the first node of scope whose own tooltip is each name, marking it."""
    found = page.evaluate(
        """([scope, names]) => names.map((name) => {
          const node = [...document.querySelectorAll(scope)]
            .find((n) => n.querySelector(':scope > title')?.textContent === name);
          if (!node) return null;
          node.setAttribute('data-probe', name);
          return `[data-probe="${name}"]`;
        })""",
        [scope, names],
    )
    missing = [name for name, selector in zip(names, found, strict=True) if selector is None]
    assert missing == [], f"nothing drawn under {scope} is named {missing}"
    return [str(selector) for selector in found]


def _distinct(
    page: Any, selectors: list[str], names: list[str], drawn: list[str] | None = None
) -> None:
    """The pieces at selectors have outlines of their own (no two silhouettes overlap by more
    than 80 %), and their pictures (those at drawn, if given, without the Kueh on them) differ
    plainly in colour, in grayscale and for deuteranopia."""
    shapes = dict(zip(names, page.evaluate(PIXELS, [selectors, True, SIZE, ""]), strict=True))
    alike = [
        f"{a} and {b} ({_overlap(shapes[a], shapes[b]):.0%})"
        for a, b in combinations(names, 2)
        if _overlap(shapes[a], shapes[b]) > 0.8
    ]
    assert alike == [], f"outlines that differ too little: {alike}"
    hide = ".kueh { display: none; }" if drawn else ""
    shown = page.evaluate(PIXELS, [drawn or selectors, False, SIZE, hide])
    pictures = dict(zip(names, shown, strict=True))
    for how in ("colour", "gray", "deutan"):
        seen = {name: _seen(pictures[name], how) for name in names}
        close = [
            f"{a} and {b}: {_apart(seen[a], seen[b]):.0%} differs"
            for a, b in combinations(names, 2)
            if _apart(seen[a], seen[b]) < 0.15
        ]
        assert close == [], f"pictures too alike {how}: {close}"


def _pawn_turns(table: Any, turns: int) -> None:
    """Every seat (played over HTTP) takes the first slot's tile, lays it in reading order and
    stands a Nyonya or a Baba on it while it has one: pawns of both kinds and every seat."""
    for turn in range(turns):
        watching = settled(table)
        if watching["result"]:
            return
        seat = watching["active"][0]
        state = watching if seat == 0 else table.state(seat)
        while state["view"]["to_move"] == seat and not state["result"]:
            legal = [m["text"] for m in state["legal"]]
            kinds = ("nyonya", "baba") if turn % 4 < 2 else ("baba", "nyonya")
            pawns = [p for p in kinds if p in legal]
            move = {"take": "take slot1", "pawn": (pawns or ["no pawn"])[0]}
            table.move(seat, move.get(state["view"]["phase"], legal[0]), state)
            state = table.state(seat)


def _patterns_in_sight(view: dict[str, Any]) -> set[str]:
    """The patterns of the tiles face up: the market's and each board space's top tile."""
    codes = [code for code in view["market"] if code]
    codes += [space.split("/")[-1] for row in view["board"] for space in row.split()]
    return {PATTERN_NAMES[code[0]] for code in codes if code[0] in PATTERN_NAMES}


@pytest.fixture
def mid_game(human_table: Any, driver: Any) -> Any:
    """Three seats eight turns in, the page of seat 0 at its turn to take a tile: tiles of every
    pattern and Nyonyas and Babas of every seat on the board."""
    table = human_table("peranakan", 3, NAMES, start_player="0")
    _pawn_turns(table, 8)
    assert play_until(table, "take")
    for _ in range(6):  # the deal is not seeded: play on until every pattern shows face up
        if _patterns_in_sight(settled(table)["view"]) == set(PATTERNS):
            break
        _pawn_turns(table, 3)
        assert play_until(table, "take")
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    return driver


def test_each_kueh_and_the_rainbow_icon_have_an_outline_and_a_name_of_their_own(
    mid_game: Any,
) -> None:
    page = mid_game.page
    _distinct(page, _probe(page, "#board g.kueh", KUEH), KUEH)
    names = [*KUEH, RAINBOW]
    _distinct(page, _probe(page, "#board g.kueh", names), names)
    # Named in words wherever drawn: every Kueh's tooltip is one of the names.
    said = set(
        page.evaluate(
            "() => [...document.querySelectorAll('#board g.kueh > title')]"
            ".map((t) => t.textContent)"
        )
    )
    assert said == set(names), said
    # The key to the pieces names each of them beside its picture.
    key = page.locator("#board g.legend")
    assert key.count() == 1, "the table has no key to its pieces"
    shown = [t.strip() for t in key.locator("text").all_text_contents()]
    assert shown == [*KUEH[:2], *KUEH[2:], "any Kueh", "Nyonya", "Baba"], shown
    assert key.locator("g.kueh").count() == 5 and key.locator("g.pawn").count() == 2


def test_a_nyonya_and_a_baba_are_two_figures_and_each_seat_wears_its_symbol(
    mid_game: Any,
) -> None:
    page = mid_game.page
    names = ["Nyonya of Ben", "Baba of Ben"]
    _distinct(page, _probe(page, "#board g.board g.pawn", names), names)
    assert page.evaluate(BOARD_TEXTS).count("N") == 0, "a pawn is still lettered"
    # Each seat's pawns wear its symbol, the one beside its name, and no other seat's.
    marks = page.evaluate(
        """() => {
          const shape = (node) => node && `${node.tagName}:${node.getAttribute('d')
            ?.replace(/[\\d.\\s,-]+/g, '') ?? ''}`;
          const rows = [...document.querySelectorAll('#board [data-player]')].map((row) =>
            shape(row.querySelector('.seat-badge > :last-child')));
          const pawns = [...document.querySelectorAll('#board g.board g.pawn')].map((p) =>
            [p.querySelector(':scope > title').textContent, shape(p.querySelector('.seat-mark'))]);
          return { rows, pawns };
        }"""
    )
    rows, pawns = marks["rows"], marks["pawns"]
    assert None not in rows and len(set(rows)) == 3, f"the seats' symbols are not apart: {rows}"
    owners = {f"of {name}": seat for seat, name in enumerate(NAMES[:3])}
    seats = set()
    for name, mark in pawns:
        seat = next(s for owner, s in owners.items() if name.endswith(owner))
        seats.add(seat)
        assert mark == rows[seat], f"{name} wears {mark}, not {rows[seat]}"
    assert seats == {0, 1, 2}, f"pawns of every seat should be on the board: {pawns}"


def test_each_tile_pattern_is_drawn_apart_and_named(mid_game: Any) -> None:
    page = mid_game.page
    found = page.evaluate(
        """(patterns) => patterns.map((pattern) => {
          const tile = [...document.querySelectorAll('#board g.tile')].find((t) =>
            t.querySelector(':scope > title').textContent.startsWith(`${pattern} tile showing `));
          if (!tile) return null;
          tile.setAttribute('data-tile', pattern);
          tile.querySelector(':scope > g').setAttribute('data-motif', pattern);
          return pattern;
        })""",
        PATTERNS,
    )
    assert None not in found, f"not every pattern is drawn with its name: {found}"
    motifs = [f'[data-motif="{pattern}"]' for pattern in PATTERNS]
    _distinct(page, motifs, PATTERNS, [f'[data-tile="{pattern}"]' for pattern in PATTERNS])
    # What a market slot plays says which tile it is, by its pattern, in words.
    spoken = page.evaluate(
        "() => [...document.querySelectorAll('#board [data-market][data-action]')]"
        ".map((node) => node.getAttribute('aria-label'))"
    )
    assert spoken and all(
        re.search(rf"the ({'|'.join(PATTERNS)}) tile showing ", name) for name in spoken
    ), spoken


def _codes_on(page: Any) -> list[str]:
    """Every text of the page holding an engine code, with the codes it holds; every move the
    renderer does not name in words, or names with a code."""
    out = []
    for text in page.evaluate(TEXTS):
        # The key for taking a move back is named as keyboards print it, not a code.
        found = engine_codes("peranakan", text.replace("Ctrl+Z", "Ctrl Z"))
        if found:
            out.append(f"{text!r}: {found}")
    for text in page.evaluate(BOARD_TEXTS):
        if CODES.search(text):
            out.append(f"drawn {text!r}")
    for move, words in page.evaluate(MOVE_WORDS):
        if not words or engine_codes("peranakan", words) or CODES.search(words):
            out.append(f"the move {move!r} is listed as {words!r}")
    return sorted(set(out))


def _choose(rng: random.Random, state: dict[str, Any]) -> str:
    """A move of seat 0 that heads for every decision kind: tiles showing the rainbow Kueh and
    the wild slot are taken often, and a Nyonya or Baba stood on whenever there is one."""
    legal = [str(m["text"]) for m in state["legal"]]
    view = state["view"]
    if view["phase"] == "take":
        wild = [
            f"take {p}"
            for p, code in zip(("deck", "slot1", "slot2", "slot3"), view["market"], strict=False)
            if code and "w" in code
        ]
        wild += ["take slot4"] if "take slot4" in legal else []
        return rng.choice([m for m in wild if m in legal] or legal)
    if view["phase"] == "pawn":
        return rng.choice([m for m in legal if m != "no pawn"] or legal)
    return rng.choice(legal)


def test_a_whole_game_shows_no_engine_code_at_either_size(
    human_table: Any, sized_driver: Any
) -> None:
    """A whole game against a bot: every decision, the end, and steps of the replay."""
    table = human_table("peranakan", 1, NAMES, bots=1, start_player="0")
    sized_driver.open(table.url(0))
    page = sized_driver.page
    rng = random.Random(5)
    seen: list[str] = []
    kinds: set[str] = set()
    while sized_driver.wait_for_turn():
        state = sized_driver.state()
        kinds.add(state["view"]["phase"])
        seen += _codes_on(page)
        move = _choose(rng, state)
        before = len(sized_driver.sent())
        page.locator(f'#board [data-move="{move}"]').first.click()
        sized_driver.wait("(n) => window.sentMoves.length > n", before)
        sized_driver.wait("() => !window.meja.page.pending")
    assert {"take", "choose_kueh", "place", "pawn"} <= kinds, kinds
    seen += _codes_on(page)
    marked = page.locator("#board [data-last-move]").count()
    # Each player's last sentence in the log; a last turn that ends on a wild Kueh chosen touches
    # no space, so only a sentence that lays or stacks a tile names a space to mark.
    last = {e["player"]: e["text"] for e in page.evaluate("window.meja.page.log") if e["text"]}
    laid = [text for seat, text in last.items() if seat >= 0 and LAID.search(text)]
    for button in ("#replay-start", "#replay-turn-next", "#replay-turn-next", "#replay-next"):
        step = page.evaluate("document.getElementById('replay-step').textContent")
        page.locator(button).click()
        sized_driver.wait("(s) => document.getElementById('replay-step').textContent !== s", step)
        seen += _codes_on(page)
    assert sorted(set(seen)) == [], "\n".join(sorted(set(seen)))
    assert marked >= min(1, len(laid)), f"the last moves {laid} are not marked at the end"
