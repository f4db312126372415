"""Te Kuiti is drawn in pictures and told in words, never in the engine's codes.

Each of the five sheep has a shape and marks of its own (Joyful leaps with sparkles, Sleepy lies
down under Zs, Timid curls up with a drop of sweat, Angry has spiky wool and an anger mark,
Dreamy has a thought bubble), and the ram, the shepherd, the daisy and the fence are drawn as
themselves. Each stays apart from every other in colour, in grayscale and for deuteranopia, is
named in words, and is shown in the table's key with what it does. A tile on the field is drawn
with the same symbol as in the key.

Through a whole game against a bot, at 1280x800 and at 390x844, no text of the page (what is
drawn, the tooltips, the names read out, the prompt, the log, the result, the replay, the list of
moves) holds an engine code such as a fence code (`a1n`) or a move's raw name (`flip c3`), and
the field the first round ended on is shown between the rounds. The scores show each player's
points round by round, the round in play marked "so far", and the end screen keeps the last
moves marked.
"""

from __future__ import annotations

import math
import random
import time
from itertools import combinations
from typing import Any

from tests.cli.plain_words import engine_codes

NAMES = ["Aroha", "Wiremu"]
SHEEP = ["joyful", "sleepy", "timid", "angry", "dreamy"]
KINDS = [*SHEEP, "ram", "shepherd", "daisy", "fence"]
WORDS = {
    "joyful": "Joyful sheep",
    "sleepy": "Sleepy sheep",
    "timid": "Timid sheep",
    "angry": "Angry sheep",
    "dreamy": "Dreamy sheep",
    "ram": "Ram",
    "shepherd": "Shepherd",
    "daisy": "Daisy",
    "fence": "Fence",
}
"""What each kind of piece is called, in the words of its name in the key."""
SIZE = 64

# A drawn node alone in a canvas, SIZE px square, centred on its box: its own colours on white,
# or (silhouette) every part of it black, so that only its outline counts. RGBA, row by row.
PIXELS = """async ([selectors, silhouette, size]) => {
  const out = [];
  for (const selector of selectors) {
    const node = document.querySelector(selector);
    if (!node) { out.push(null); continue; }
    const box = node.getBBox();
    const side = Math.max(box.width, box.height) * 1.1;
    const [x, y] = [box.x + box.width / 2 - side / 2, box.y + box.height / 2 - side / 2];
    const black = '* { fill: #000 !important; stroke: #000 !important; opacity: 1 !important; }';
    const style = silhouette ? `<style>${black}</style>` : '';
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

SHAPE = """(node) => [...node.querySelectorAll('*')].map((el) => el.tagName + '('
  + ['d', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'width', 'height', 'points', 'x1', 'y1', 'x2',
     'y2', 'transform'].map((a) => el.getAttribute(a) ?? '').join(',') + ')').join(';')"""
"""A drawn symbol's shapes and where they lie, without their colours."""

# Every text a person may see or hear on the page: the text nodes of the table (the drawing,
# its tooltips, the prompt, the seats, the log, the result, the replay and the list of moves),
# and the names and tooltips of their elements. The header, which holds the table's id, is not
# the game's.
TEXTS = """() => {
  const out = [];
  const parts = ['#board', '#prompt', '#seats', '#moves', '#result', '#replay-step', '#log'];
  for (const part of parts.map((id) => document.querySelector(id)).filter(Boolean)) {
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('script, style')) continue;
      const text = node.textContent.replace(/\\s+/g, ' ').trim();
      if (text) out.push(text);
    }
    for (const node of [part, ...part.querySelectorAll('[aria-label], [title]')]) {
      for (const name of ['aria-label', 'title']) {
        const text = node.getAttribute(name);
        if (text) out.push(text);
      }
    }
  }
  return out;
}"""
WATCH = f"""() => {{
  // Every text of every drawing, however briefly it is on screen (a round's end included).
  const texts = {TEXTS};
  window.tkTexts = new Set(texts());
  new MutationObserver(() => {{ for (const text of texts()) window.tkTexts.add(text); }})
    .observe(document.body, {{ childList: true, subtree: true, characterData: true }});
}}"""
MOVE_WORDS = """() => {
  const p = window.meja.page;
  const names = p.state.table.seats.map((seat) => seat.name);
  const ctx = { view: p.state.view, components: p.components, you: p.state.you,
    seatName: (seat) => names[seat], legal: p.state.legal };
  return p.state.legal.map((move) => [move.text, p.renderer.moveWords?.(ctx, move.text) ?? null]);
}"""


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _seen(pixels: list[int], how: str) -> list[tuple[float, ...]]:
    """Each pixel as it is seen, in linear light: in colour, in grayscale, or with deuteranopia."""
    out = []
    for i in range(SIZE * SIZE):
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


def _overlap(a: list[int], b: list[int]) -> float:
    """How much two silhouettes cover the same pixels: their intersection over their union."""
    dark = [{i for i in range(SIZE * SIZE) if pixels[4 * i] < 128} for pixels in (a, b)]
    return len(dark[0] & dark[1]) / max(1, len(dark[0] | dark[1]))


def _distinct(page: Any, selectors: list[str], names: list[str], least: float = 0.15) -> None:
    """The pieces at selectors have outlines of their own (no two silhouettes overlap by more
    than 75 %), and their pictures differ plainly in colour, in grayscale and for deuteranopia."""
    shapes = dict(zip(names, page.evaluate(PIXELS, [selectors, True, SIZE]), strict=True))
    assert None not in shapes.values(), f"not every piece is drawn: {selectors}"
    alike = [
        f"{a} and {b} ({_overlap(shapes[a], shapes[b]):.0%})"
        for a, b in combinations(names, 2)
        if _overlap(shapes[a], shapes[b]) > 0.75
    ]
    assert alike == [], f"outlines that differ too little: {alike}"
    pictures = dict(zip(names, page.evaluate(PIXELS, [selectors, False, SIZE]), strict=True))
    for how in ("colour", "gray", "deutan"):
        seen = {name: _seen(pictures[name], how) for name in names}
        close = [
            f"{a} and {b}: {_apart(seen[a], seen[b]):.0%} differs"
            for a, b in combinations(names, 2)
            if _apart(seen[a], seen[b]) < least
        ]
        assert close == [], f"pictures too alike {how}: {close}"


def _every_face(view: dict[str, Any]) -> list[str]:
    """A field showing every face a tile may have: each sheep with and without a daisy, the
    daisy on each side (the solo game's tiles), a ram and a shepherd; the rest face down."""
    faces = [*SHEEP, *(f"{kind}_daisy" for kind in SHEEP)]
    faces += [
        f"{kind}_daisy {side}"
        for kind, side in zip(SHEEP, ("north", "east", "south", "west"), strict=False)
    ]
    faces += ["ram", "shepherd", "shepherd_daisy east", "gone"]
    cells = list(view["cells"])
    return faces + cells[len(faces) :]


def test_every_kind_of_piece_has_a_symbol_of_its_own_and_a_name_in_words(
    human_table: Any, driver: Any
) -> None:
    """Each sheep, the ram, the shepherd, the daisy and the fence: a picture apart from every
    other one in colour, grey and for deuteranopia, named in words in the key, and drawn with
    the same symbol and a name in words wherever it lies on the field."""
    table = human_table("te_kuiti", 1, NAMES[:1], bots=1, start_player="0")
    driver.open(table.url(0))
    assert driver.wait_for_turn()
    page = driver.page
    # The key names every kind in words and draws its symbol.
    key = [f'#board [data-legend="{kind}"] [data-symbol="{kind}"]' for kind in KINDS]
    named = page.evaluate(
        """(kinds) => kinds.map((kind) => {
          const entry = document.querySelector(`#board [data-legend="${kind}"]`);
          return entry ? entry.getAttribute('aria-label') : null; })""",
        KINDS,
    )
    for kind, name in zip(KINDS, named, strict=True):
        assert name and name.startswith(WORDS[kind]), f"the key names {kind} {name!r}"
        assert engine_codes("te_kuiti", name) == [], name
    _distinct(page, key, KINDS)
    signature = {
        kind: page.locator(selector).evaluate(SHAPE)
        for kind, selector in zip(KINDS, key, strict=True)
    }
    assert len(set(signature.values())) == len(KINDS), "two kinds share one drawing"
    # A field showing every face: each is drawn with its kind's symbol and named in words.
    page.evaluate(
        "(cells) => { const p = window.meja.page;"
        " p.state = { ...p.state, view: { ...p.state.view, cells } }; window.meja.render(); }",
        _every_face(driver.state()["view"]),
    )
    faces = page.evaluate(
        f"""() => [...document.querySelectorAll('#board [data-cell] .face-up')].map((up) => {{
          const shape = {SHAPE};
          const symbols = [...up.querySelectorAll('[data-symbol]')];
          return [up.dataset.face, up.getAttribute('aria-label'),
            up.querySelector(':scope > title').textContent,
            symbols.map((s) => [s.dataset.symbol, shape(s)])];
        }})"""
    )
    assert len(faces) == 17, faces
    for face, name, tip, symbols in faces:
        kind = face.split(" ")[0].removesuffix("_daisy")
        assert name == tip and name.startswith(WORDS[kind]), f"{face} is named {name!r}"
        assert engine_codes("te_kuiti", name) == [], name
        drawn = dict(symbols)
        assert drawn.get(kind) == signature[kind], f"{face} is not drawn as the key's {kind}"
        if "_daisy" in face:
            assert drawn.get("daisy") == signature["daisy"], f"{face} has no daisy drawn"
            assert "with a daisy" in name, name
            side = face.split(" ")[1] if " " in face else None
            if side:
                where = {"north": "top", "east": "right", "south": "bottom", "west": "left"}
                assert f"on its {where[side]} side" in name, name
        else:
            assert "daisy" not in drawn, f"{face} shows a daisy it does not have"
    # Every fence a person may put up is named by where it goes, in words.
    fences = page.evaluate(
        "() => [...document.querySelectorAll('#board [data-fence][data-action]')]"
        ".map((node) => node.getAttribute('aria-label'))"
    )
    assert len(fences) == 60, len(fences)
    for name in fences:
        assert name.startswith("put up a fence ") and not engine_codes("te_kuiti", name), name


def _codes_on(page: Any, texts: list[str]) -> list[str]:
    """Every text holding an engine code, with the codes; every move the renderer does not name
    in words, or names with a code."""
    out = []
    for text in texts:
        found = engine_codes("te_kuiti", text)
        if found:
            out.append(f"{text!r}: {found}")
    for move, words in page.evaluate(MOVE_WORDS):
        if not words or engine_codes("te_kuiti", words):
            out.append(f"the move {move!r} is listed as {words!r}")
    return out


def _click(driver: Any, state: dict[str, Any], rng: random.Random) -> None:
    """Play a random move of seat 0 by clicking the board: a fence, a tile, a fence for the
    ram; in a round's last turns, a pair of matching sheep (one, then the other) or the end of
    the turn."""
    page = driver.page
    legal = [move["text"] for move in state["legal"]]
    plain = [move for move in legal if not move.startswith("collect ")]
    pairs = [move for move in legal if move.startswith("collect ")]
    before = len(driver.sent())
    if pairs and (rng.random() < 0.7 or not plain):
        move = rng.choice(pairs)
        first = move.split()[1]
        page.locator(f'#board [data-pick="pair:{first}"]').click()
        driver.wait("(s) => document.body.dataset.selection === s", f"pair:{first}")
    else:
        move = rng.choice(plain)
    page.locator(f'#board [data-move="{move}"]').first.click()
    driver.wait("(n) => window.sentMoves.length > n", before)
    driver.wait("() => !window.meja.page.pending")


def test_a_whole_game_shows_no_engine_code_at_either_size(
    human_table: Any, sized_driver: Any
) -> None:
    """A whole game against a bot, played by clicking: every decision, every drawing between
    them (the field a round ended on too), the end, and steps of the replay."""
    table = human_table("te_kuiti", 1, NAMES[:1], bots=1, start_player="0")
    sized_driver.open(table.url(0))
    page = sized_driver.page
    page.evaluate(WATCH)
    rng = random.Random(5)
    seen: list[str] = []
    phases: set[str] = set()
    while sized_driver.wait_for_turn():
        state = sized_driver.state()
        phases.add(state["view"]["phase"])
        seen += _codes_on(page, page.evaluate(TEXTS))
        _click(sized_driver, state, rng)
    assert {"shepherd", "flip"} <= phases, phases
    seen += _codes_on(page, page.evaluate(TEXTS))
    for button in ("#replay-start", "#replay-turn-next", "#replay-turn-next", "#replay-next"):
        step = page.evaluate("document.getElementById('replay-step').textContent")
        page.locator(button).click()
        sized_driver.wait("(s) => document.getElementById('replay-step').textContent !== s", step)
        seen += _codes_on(page, page.evaluate(TEXTS))
    drawn = page.evaluate("[...window.tkTexts]")
    assert "Round 1 ended on this field" in drawn, "the field round 1 ended on was not shown"
    seen += _codes_on(page, drawn)
    assert sorted(set(seen)) == []
    # The end keeps the other player's last move marked.
    page.locator("#replay-end").click()
    sized_driver.wait("document.querySelectorAll('#board [data-last-move]').length > 0")


def _play(table: Any, rng: random.Random, until: Any) -> dict[str, Any]:
    """Play both seats at random over HTTP until until(state of seat 0) holds, or the end."""
    while True:
        state = table.state(0)
        if until(state) or state["result"]:
            return state
        mover = state if state["legal"] else table.state(1)
        if not mover["legal"]:
            time.sleep(0.02)  # a tile being turned up
            continue
        table.move(mover["you"], rng.choice(mover["legal"])["action"], mover)


SCORES = """() => Object.fromEntries([...document.querySelectorAll(
  '#board [data-round-score], #board [data-score]')].map((node) => [
    node.dataset.roundScore || `${node.dataset.score}:total`, node.textContent]))"""
"""Each seat's points as the board shows them, by "seat:round" and "seat:total"."""
SCORE_WORDS = """() => [...document.querySelectorAll('#board .scores text')]
  .map((node) => node.textContent).join(' ')"""


def _shown(driver: Any, table: Any) -> tuple[Any, dict[str, str], str]:
    """Seat 0's board as a new tab of driver's window draws it now (one that watched would first
    show every step it missed, in turn): the person at it, its points and the words of its
    scores."""
    step = table.state(0)["step"]
    tab = driver.page.context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    person = type(driver)(tab)
    person.open(table.url(0))
    person.wait("(step) => window.meja.page.state.step === step", step)
    assert errors == [], errors
    return person, tab.evaluate(SCORES), tab.evaluate(SCORE_WORDS)


def test_the_points_are_shown_round_by_round_and_at_the_end(
    human_table: Any, sized_driver: Any
) -> None:
    """While round 2 is played, round 1's points and round 2's so far; between the rounds the
    field round 1 ended on; at the end every player's points in each round and in all, and the
    other player's last move still marked."""
    table = human_table("te_kuiti", 2, NAMES, start_player="0")
    rng = random.Random(2)
    state = _play(table, rng, lambda s: s["view"]["ended_round"] is not None)
    view = state["view"]
    person, points, words = _shown(sized_driver, table)
    (first,) = view["round_scores"]
    for seat in (0, 1):
        assert points[f"{seat}:1"] == str(first[seat]), points
        assert points[f"{seat}:total"] == f"{view['scores'][seat]:g}", points
    assert "so far" in words and "Round 1" in words and "Round 2" in words, words
    page = person.page
    ended = page.locator("#board [data-ended-round='1']")
    assert ended.count() == 1, "the field round 1 ended on is not shown"
    faces = page.evaluate(
        "() => [...document.querySelectorAll('#board [data-ended-cell]')].map((cell) =>"
        " [cell.querySelector('title').textContent, !!cell.querySelector('[data-symbol]')])"
    )
    for cell, (tip, pictured) in zip(view["ended_round"]["cells"], faces, strict=True):
        assert pictured == (cell not in ("down", "gone")), (cell, tip)
        assert not engine_codes("te_kuiti", tip), tip
    state = _play(table, rng, lambda s: False)
    view = state["view"]
    person, points, words = _shown(sized_driver, table)
    assert len(view["round_scores"]) == 2
    for seat in (0, 1):
        for round_number, scored in enumerate(view["round_scores"], 1):
            assert points[f"{seat}:{round_number}"] == str(scored[seat]), (seat, points)
        assert points[f"{seat}:total"] == f"{state['result']['scores'][seat]:g}", points
        assert NAMES[seat] in words, words
    assert "so far" not in words, words
    person.wait("document.querySelectorAll('#board [data-last-move=\"1\"]').length > 0")
