"""Nasi Lemak is drawn in pictures and told in words, never in the engine's codes.

Every kind of banana-leaf card has a picture of its own on its face, which stays apart from
every other in grayscale and for deuteranopia as well as in colour, and a name in words for a
screen reader; every part of the table that plays a move says that move in words. At each kind
of decision no text of the page holds an engine code: no card code such as `sambal` or
`mak_cik`, no raw move such as `unask swatter`, no end code such as `five_packs`, no seat
counted from 0; through a whole game at 1280x800 and at 390x844 (the result and the replay
too) test_move_coverage.py's walk looks, with the card codes STRICT lists here. Each seat's
colour comes with its mark, the initial of its name, and the other players' last moves stay
marked once the game is over.
"""

from __future__ import annotations

import math
import random
import re
from itertools import combinations
from typing import Any

import pytest
from tests.cli.plain_words import engine_codes
from tests.web.test_nasi_lemak_table import NAMES, base, case, open_quiet, show, with_hand

from meja.core import CHANCE
from meja.core.game import sample_chance
from meja.core.told import say
from meja.games.nasi_lemak import GAME
from meja.games.nasi_lemak.components import CARD_TYPES

KINDS = [card.key for card in CARD_TYPES]
WORDS = {card.key: card.name for card in CARD_TYPES}

STRICT = re.compile(
    r"\b(?:sambal|peanuts|cucumber|wholesaler|supplier|mak[ _]cik|officer|thief|swatter)\b"
    r"|\b[a-z]+_[a-z_]+\b|\bnasi lemak\b"
)
"""Card codes written as the engine spells them: lowercase, where a person writes the card's
name ("Anchovies Sambal", "Mak Cik Nasi Lemak", "Fly Swatter"). Rice, Egg, Fly and Fan are
left to engine_codes, since "the fly" and "an egg" are plain English too."""

# Every text a person may see or hear on the page: text nodes (the drawing's tooltips, the
# collapsed list of moves and the log included), and the names and tooltips of elements; not
# the table's id in the header, a random token.
TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // The table's id is a random token, not the game's words.
    if (node.parentElement.closest("script, style, .table-id")) continue;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    if (text) out.push(text);
  }
  for (const node of document.body.querySelectorAll("[aria-label], [title]")) {
    for (const name of ["aria-label", "title"]) {
      const text = node.getAttribute(name);
      if (text) out.push(text);
    }
  }
  out.push(document.title);
  return out;
}"""

# Each card picture of the hand drawn alone into a canvas: its pixels, RGBA, row by row.
PIXELS = """async (keys) => {
  const size = 72;
  const out = {};
  for (const key of keys) {
    const node = document.querySelector(`#board .hand [data-picture="${key}"]`);
    if (!node) { out[key] = null; continue; }
    const disc = node.querySelector("circle");
    const [cx, cy, r] = ["cx", "cy", "r"].map((a) => Number(disc.getAttribute(a)));
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"`
      + ` viewBox="${cx - r} ${cy - r} ${2 * r} ${2 * r}">${node.outerHTML}</svg>`;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const paint = canvas.getContext("2d");
    paint.fillStyle = "#fff";
    paint.fillRect(0, 0, size, size);
    paint.drawImage(image, 0, 0);
    out[key] = Array.from(paint.getImageData(0, 0, size, size).data);
  }
  return out;
}"""
SIZE = 72

DEUTAN = ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969))
"""Machado, Oliveira and Fernandes' simulation of deuteranopia (severity 1), on linear RGB."""


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _inside(size: int) -> list[int]:
    """The pixels inside the picture's disc, away from its rim."""
    middle = (size - 1) / 2
    return [
        y * size + x
        for y in range(size)
        for x in range(size)
        if math.hypot(x - middle, y - middle) < size * 0.46
    ]


def _seen(pixels: list[int], how: str) -> list[tuple[float, ...]]:
    """Each pixel inside the disc as it is seen: in colour, in grayscale, or with deuteranopia,
    in linear light."""
    out = []
    for i in _inside(SIZE):
        rgb = [_linear(pixels[4 * i + k]) for k in range(3)]
        if how == "gray":
            out.append((0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2],))
        elif how == "deutan":
            out.append(tuple(sum(m * c for m, c in zip(row, rgb, strict=True)) for row in DEUTAN))
        else:
            out.append(tuple(rgb))
    return out


def _apart(a: list[tuple[float, ...]], b: list[tuple[float, ...]]) -> float:
    """How far apart two pictures look: the share of their pixels that differ plainly."""
    differ = sum(1 for p, q in zip(a, b, strict=True) if math.dist(p, q) > 0.12)
    return differ / len(a)


@pytest.fixture
def every_card(human_table: Any, sized_driver: Any) -> Any:
    """A table whose seat 0 holds one card of every kind, at its first turn."""
    open_quiet(sized_driver, human_table, 3)
    state, seat = case("main", 3)
    show(sized_driver, state, seat)
    return sized_driver


def test_every_card_kind_has_a_picture_of_its_own_in_colour_grayscale_and_deuteranopia(
    every_card: Any,
) -> None:
    pixels = every_card.page.evaluate(PIXELS, KINDS)
    missing = [key for key in KINDS if not pixels[key]]
    assert missing == [], f"cards without a picture: {missing}"
    for how in ("colour", "gray", "deutan"):
        seen = {key: _seen(pixels[key], how) for key in KINDS}
        apart = {(a, b): _apart(seen[a], seen[b]) for a, b in combinations(KINDS, 2)}
        close = [
            f"{WORDS[a]} and {WORDS[b]}: {share:.0%} of the picture differs"
            for (a, b), share in apart.items()
            if share < 0.25
        ]
        assert close == [], f"pictures too alike {how}: {close}"


def test_every_card_kind_is_named_in_words_and_every_target_says_its_move(
    every_card: Any,
) -> None:
    page = every_card.page
    for key in KINDS:
        card = page.locator(f'#board .hand [data-card="{key}"]')
        assert card.count() == 1, f"no {WORDS[key]} in the hand"
        named = card.locator('[role="img"]').first.get_attribute("aria-label") or ""
        assert WORDS[key] in named, f"{key} is named {named!r}"
    tree = page.locator("#board .hand").aria_snapshot()
    for key in KINDS:
        assert WORDS[key] in tree, f"a screen reader is not told of the {WORDS[key]}:\n{tree}"
    # Each target of the board says its move in words: the action cards, the buttons.
    spoken = page.evaluate(
        "() => [...document.querySelectorAll('#board [data-action], #board [data-pick]')]"
        ".map((node) => node.getAttribute('aria-label'))"
    )
    assert "Play the Wholesaler (you hold 1)" in spoken
    assert "Play Mak Cik Nasi Lemak" not in spoken  # "the" is kept, as the log says it
    assert "Play the Mak Cik Nasi Lemak (you hold 1)" in spoken
    assert "End turn" in spoken
    codes = [name for name in spoken if engine_codes("nasi_lemak", name) or STRICT.search(name)]
    assert codes == [], codes


def _codes_on(page: Any) -> list[str]:
    """Every text of the page that holds an engine code, with the codes it holds."""
    out = []
    for text in page.evaluate(TEXTS):
        found = engine_codes("nasi_lemak", text) + STRICT.findall(text)
        if found:
            out.append(f"{text!r}: {found}")
    return sorted(set(out))


@pytest.mark.parametrize(
    "kind",
    [
        "main",
        "partner",
        "offer",
        "response",
        "response_lacking",
        "pick",
        "examine",
        "announce",
        "trio",
        "fly_target",
        "fan_target",
        "swatter",
        "over",
    ],
)
def test_no_decision_shows_an_engine_code(human_table: Any, sized_driver: Any, kind: str) -> None:
    """Each decision kind, the list of moves opened and each chain of picks made."""
    open_quiet(sized_driver, human_table, 3)
    state, seat = case(kind, 3)
    show(sized_driver, state, seat)
    if kind != "over":
        sized_driver.page.locator("#moves-details summary").click()
    assert _codes_on(sized_driver.page) == []
    if kind != "over":
        decision = sized_driver.decision()
        for path in decision.paths.values():
            for step in path[:-1]:
                sized_driver.click(step)
            assert _codes_on(sized_driver.page) == [], f"after picking {path[:-1]}"
            sized_driver.page.keyboard.press("Escape")


def test_each_seat_colour_comes_with_its_mark(human_table: Any, sized_driver: Any) -> None:
    """The dot of each seat on the table carries the initial of its name, or with two names of
    one initial the initial and the seat's number."""
    open_quiet(sized_driver, human_table, 3, ["Ana", "Ben", "Bea"])
    state, seat = case("main", 3)
    show(sized_driver, state, seat)
    marks = sized_driver.page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#board [data-place^=\"dot:\"]')]"
        ".map((n) => [n.getAttribute('data-place'), n.textContent.trim()]))"
    )
    assert marks == {"dot:0": "A", "dot:1": "B2", "dot:2": "B3"}


def _show_played(driver: Any, state: Any, moves: list[str], seat: int) -> None:
    """Play moves from state, and each chance step as it comes up (seeded), with the log seat is
    told of them, then give the page the state message seat is sent."""
    rng = random.Random(1)
    log: list[dict[str, Any]] = []
    pending = list(moves)
    while not state.is_terminal() and (pending or state.current_player() == CHANCE):
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = state.str_to_action(pending.pop(0), player)
        told = state.told(player, action, seat)
        text = say(told.text, seat, NAMES[: state.num_players]) if told.text else ""
        entry = {"seq": len(log), "player": player, "text": text, "named": told.action is not None}
        log.append({**entry, "record": dict(told.record)})
        state.apply(action, player)
    assert not pending, f"the game ended before {pending}"
    driver.page.evaluate(
        "(log) => { const p = window.meja.page; p.log.splice(0, p.log.length, ...log); }", log
    )
    show(driver, state, seat)


def test_the_last_moves_stay_marked_on_the_end_screen(human_table: Any, sized_driver: Any) -> None:
    """Cy's last move put a Fly on Ben's card; Ana then made her fifth pack and the game ended:
    the ring on Ben's card, with Cy's mark on it, and the note on Cy's panel are still there."""
    open_quiet(sized_driver, human_table, 3)
    data = with_hand(base(3, active=2, moves_left=1), 2, {"fly": 1, "rice": 1})
    data = with_hand(data, 0, dict.fromkeys(("rice", "egg", "peanuts", "sambal", "cucumber"), 1))
    data["nasi_lemak"][0] = [{"packs": 2, "fly": False}, {"packs": 2, "fly": False}]
    moves = ["play fly", "fly to seat 1 card 1", "make nasi lemak"]
    _show_played(sized_driver, GAME.from_position(data), moves, 0)
    page = sized_driver.page
    assert page.evaluate("window.meja.page.state.view.phase") == "over"
    ring = page.locator('#board [data-nasi-lemak="1:1"] [data-last-move="2"]')
    assert ring.count() == 1, "the Fly's mark is gone at the end"
    assert ring.locator("[data-seat-mark]").get_attribute("data-seat-mark") == "C"
    assert page.locator('#board [data-seat-panel="2"] .last-move').all_text_contents() == [
        "played Fly"
    ]
