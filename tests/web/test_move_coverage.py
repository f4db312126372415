"""Every legal move of every decision has a highlighted target a person can see and click, and
no text of the page shows an engine code.

A whole game is played by clicks at 1280x800: at each decision of the human seat, every move
the server lists must be reachable by clicking highlighted parts of the board inside the window,
without the page having scrolled, and the move sent must be the one that was clicked. On a
phone the board is taller than the screen, so the page must bring each decision into view.

At both sizes, every text a person meets on the page (what the board draws and its tooltips,
the names read out, the prompt, the seats, the list of moves, the log, its drawer on a phone,
the end screen, steps of the replay and the window's title) is read at each decision as it is
offered, after each pick towards the move played, at the end (with a move the server refuses,
and on a phone with the log's drawer open) and along the replay, and none may hold an engine
code of the game: see EngineCodes for what counts as one and why. Only the texts KNOWN lists
(none today) are let through.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from tests.cli.plain_words import PLAIN_ACTION_WORDS, engine_codes
from tests.web.test_pictures_nasi_lemak import STRICT as NASI_LEMAK_CODES
from tests.web.test_pictures_peranakan import CODES as PERANAKAN_CODES

BOT = {"kind": "bot", "bot": "random"}
GAMES = [("peranakan", 2), ("te_kuiti", 2), ("nasi_lemak", 3), ("mooncake", 3)]
OTHER_COUNTS = [
    ("te_kuiti", 1),
    ("peranakan", 5),
    ("nasi_lemak", 2),
    ("nasi_lemak", 6),
    ("mooncake", 2),
    ("mooncake", 6),
]
"""The fewest and the most players of each game, beyond the counts above."""


TEXTS = """() => {
  const out = [];
  /** Where a node is, for the report: the nearest id, and the nearest drawn part inside it. */
  const where = (element) => {
    const owner = element.closest("[id]");
    const part = element.closest("[data-place], [data-action], [data-pick], [data-move]");
    const name = part && owner && owner.contains(part) && part !== owner
      ? ` ${part.tagName.toLowerCase()}[${[...part.attributes]
        .filter((a) => a.name.startsWith("data-")).slice(0, 2)
        .map((a) => `${a.name}="${a.value}"`).join(" ")}]` : "";
    return `${owner ? `#${owner.id}` : element.tagName.toLowerCase()}${name}`;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // The table's id is a random token, not the game's words.
    if (node.parentElement.closest("script, style, .table-id")) continue;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const drawn = node.parentElement.closest("svg text, svg title") ? "drawn" : "text";
    if (text) out.push([`${drawn} in ${where(node.parentElement)}`, text]);
  }
  const names = ["aria-label", "title", "alt", "placeholder", "aria-description",
    "aria-roledescription", "aria-valuetext"];
  for (const node of document.body.querySelectorAll(names.map((n) => `[${n}]`).join(", "))) {
    for (const name of names) {
      const text = node.getAttribute(name);
      if (text && text.trim()) out.push([`${name} of ${where(node)}`, text.trim()]);
    }
  }
  out.push(["the window's title", document.title]);
  const p = window.meja.page;
  return {
    texts: out,
    views: [p.state.view, p.replay ? p.replay.view : null],
    legal: (p.state.legal || []).map((move) => move.text),
  };
}"""
"""Every text a person at the page may read or hear now, with where it is: each text node of
the page (the drawing's labels and tooltips, the prompt, the seats, the list of moves, the log
whether its drawer is open or not, the result and the replay's place), each accessible name,
tooltip and description of an element, and the window's title; and what the server sent the
page to draw from: the views shown (the replay's frame too) and the raw names of the moves
legal now."""

CELL = re.compile(r"[a-z]\d{1,2}")
"""A cell of a lettered and numbered grid ("c3"), as the field's edges name it for players."""
CODE_SHAPED = re.compile(r"[\d_<>@/+-]|.[A-Z]|^[A-Z]{2,}$")
"""A token no word is spelt like: with a digit or a sign, or capitals past its first letter."""
TOKEN = r"(?<![\w<>@/+-]){}(?![\w<>@/+-])"
KEYS = re.compile(r"\b(Ctrl|Shift|Alt|Cmd)\+")
"""A key held with another, as keyboards print it ("Ctrl+Z"): not a code."""


def _strings(data: Any) -> Iterator[str]:
    """Every string in data, a JSON value, keys left out."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


@dataclass(frozen=True)
class Known:
    """Texts the page shows with engine codes in them, drawn by a file of the browser client
    that is being rewritten now: held back from the failures until they are worded."""

    game: str
    where: str
    """A pattern the whole of where the text is matches (as TEXTS names it)."""
    text: str
    """A pattern the whole text matches."""
    reason: str
    """Which file and function draws it: "drawn by <file>:<function>, to be worded"."""

    def holds(self, game: str, where: str, text: str) -> bool:
        return (
            game == self.game
            and re.fullmatch(self.where, where) is not None
            and re.fullmatch(self.text, text) is not None
        )


KNOWN: tuple[Known, ...] = ()
"""Engine codes the page may show for now, each with where it is drawn and why (none today):
the test fails on any code not listed here."""


@dataclass
class EngineCodes:
    """What a person meets on the page of one game, looked through for the game's engine codes.

    The codes are taken from the game itself, and from the lists other tests keep already:

    - `engine_codes` (tests/cli/plain_words.py): seats counted from 0 ("seat 0"), snake_case
      rules names (`mak_cik`, `choose_kueh`), "(s)" plurals, each game's component codes as
      patterns (a Mooncake tile `LN<>`, a Te Kuiti fence `b2n`, a market `slot4`) and the raw
      names of the moves offered along seeded games (`flip c3`, `place a1`, `use rice egg
      cucumber`), each as whole words; Peranakan's tile and pawn codes (`Bto`, `N`, alone as a
      drawn text) and Nasi Lemak's card keys in lowercase (`sambal`) from its picture tests.
    - What the server sends this page to draw from, gathered at every look: each string in the
      views (a tile's code, a market's codes, a pawn's `N0@c3`, a phase's name) and the raw
      name of each move legal at each decision, so a code no list above knows is caught too.

    A code is caught as a code, never inside a word or as ordinary prose: a string from the
    views or a move's raw name counts wherever it stands as whole tokens (not touching a letter,
    digit or sign) when no word is spelt like it (a digit, a sign, or capitals past its first
    letter: `LNN`, `G->`, `1NE`, `Bto/Cw`), or when it is a move's name of several words
    (`flip c3`, `take deck`) that are not all plain English (`end turn`); a code that is spelt
    like a word (`flip`, `rice`, `over`, `Go`, `deck`) counts only where it is a whole text by
    itself (a label or a name that is just the code), since "flip", "an egg" and "Go" are prose
    too. A cell of the grid (`c3`) is what the field's edges show players, so it is no code; nor
    is a lone letter, which is a seat's initial as often as a code. Matching is case-sensitive:
    the game's names of things are capitalised ("Rice"), its codes are not.
    """

    game: str
    size: str
    codes: set[str] = field(default_factory=set)
    """Code-shaped strings and multi-word move names met so far: counted as whole tokens."""
    bare: set[str] = field(default_factory=set)
    """Codes spelt like words met so far: counted only as a whole text."""
    found: dict[str, dict[str, tuple[list[str], str]]] = field(default_factory=dict)
    """By the place of the page (where, its attributes' values left out): each text found
    there holding codes, with its codes and the first look it was seen at."""
    _order: list[str] = field(default_factory=list)
    """The codes in the order they were learnt."""
    _checked: dict[tuple[str, bool], tuple[int, list[str]]] = field(default_factory=dict)
    """Each text met (and whether it is drawn): how many of _order it was looked through
    for, and the codes found in it."""

    def learn(self, views: list[Any], legal: list[str]) -> None:
        """Take the codes of what the server sent the page."""
        for text in (*(s for view in views for s in _strings(view)), *legal):
            for piece in (text, *text.replace(",", " ").split()):
                if len(piece) < 2 or not re.search(r"[A-Za-z]", piece) or CELL.fullmatch(piece):
                    continue
                if CODE_SHAPED.search(piece):
                    self._learn(piece)
                elif piece == text:
                    self.bare.add(piece)  # not a plain word out of several ("keep", "at")
        for move in legal:
            if " " in move and not set(move.split()) <= PLAIN_ACTION_WORDS:
                self._learn(move)

    def _learn(self, code: str) -> None:
        if code not in self.codes:
            self.codes.add(code)
            self._order.append(code)

    def codes_in(self, text: str, where: str) -> list[str]:
        """The engine codes in one text of the page. A text met before is only looked through
        again for the codes learnt since (the log's lines come back at every look)."""
        drawn = where.startswith("drawn ")
        known = self._checked.get((text, drawn))
        if known is None:
            plain = KEYS.sub(r"\1 ", text)
            found = engine_codes(self.game, plain)
            if self.game == "nasi_lemak":
                found += NASI_LEMAK_CODES.findall(plain)
            if self.game == "peranakan" and drawn:
                found += [m.group() for m in PERANAKAN_CODES.finditer(plain)]
            known = self._checked[(text, drawn)] = (0, list(dict.fromkeys(found)))
        upto, found = known
        for code in self._order[upto:]:
            if (
                code in text
                and code not in found
                and re.search(TOKEN.format(re.escape(code)), text)
            ):
                found.append(code)
        self._checked[(text, drawn)] = (len(self._order), found)
        return [*found, text] if text in self.bare and text not in found else found

    def look(self, driver: Any, at: str) -> None:
        """Read every text of the page now, at the look named at, and note each code in it."""
        seen = driver.page.evaluate(TEXTS)
        self.learn(seen["views"], seen["legal"])
        for where, text in seen["texts"]:
            codes = self.codes_in(text, where)
            if codes and not any(known.holds(self.game, where, text) for known in KNOWN):
                place = re.sub(r'="[^"]*"', '="…"', where)
                texts = self.found.setdefault(place, {})
                texts.setdefault(text, (codes, at))

    def problems(self) -> list[str]:
        """Each place of the page a code was found in: how many of its texts hold one, and
        the first few of them, with their codes and the look each was first seen at."""
        out = []
        for place, texts in sorted(self.found.items()):
            out.append(f"{self.game} at {self.size}, {len(texts)} texts of {place}, such as:")
            out += [
                f"    {text!r}: {codes}, at {at}" for text, (codes, at) in list(texts.items())[:3]
            ]
        return out


REPLAY = [
    ("#replay-start", "the replay's first step"),
    ("#replay-next", "the replay's second step"),
    ("#replay-turn-next", "the replay's first turn"),
    ("#replay-turn-next", "the replay's second turn"),
    ("#replay-turn-next", "the replay's third turn"),
]
"""The replay's buttons pressed after a game, from its start, each with what it shows."""
BACK_FROM_THE_END = 7
"""Steps of the replay read back from the end, through the last turn (a Mooncake Master round's
scoring, the field a Te Kuiti round ended on)."""


def _look_at_the_end_and_the_replay(driver: Any, words: EngineCodes, drawer: bool = False) -> None:
    """Read the page at the end of the game, with a move refused (as chosen on a board that
    has changed since), with the log's drawer open (on a phone, with drawer), along the first
    steps and turns of the replay, and back from the end through the last turn."""
    page = driver.page
    words.look(driver, "the end")
    # A move sent on a board that has changed since is refused in the server's words.
    page.evaluate(
        "() => window.meja.connection.send("
        "{ type: 'move', action: 0, step: window.meja.page.state.step + 1 })"
    )
    driver.wait("document.getElementById('error').textContent !== ''")
    words.look(driver, "the end, a move refused as chosen on an old board")
    if drawer:
        page.locator("#log-open").click()
        driver.wait("document.body.classList.contains('log-drawer-open')")
        words.look(driver, "the end, the log's drawer open")
        page.locator("#log-close").click()
        driver.wait("!document.body.classList.contains('log-drawer-open')")
    for button, at in REPLAY:
        if button != "#replay-start" and page.evaluate("!window.meja.page.replay"):
            break  # at the game's end already: a solo game is one turn
        step = page.evaluate("document.getElementById('replay-step').textContent")
        page.locator(button).click()
        driver.wait("(s) => document.getElementById('replay-step').textContent !== s", step)
        words.look(driver, at)
    page.locator("#replay-end").click()
    driver.wait("() => !window.meja.page.replay")
    end = int(driver.state()["step"])
    for back in range(1, min(BACK_FROM_THE_END, end) + 1):
        page.locator("#replay-back").click()
        driver.wait("(n) => window.meja.page.replay?.step === n", end - back)
        words.look(driver, f"the replay, {back} steps back from the end")


@pytest.mark.parametrize(("game", "players"), GAMES + OTHER_COUNTS)
def test_every_legal_move_has_a_highlighted_target_in_the_window(
    web: Any, driver: Any, artifacts: Path, game: str, players: int
) -> None:
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    driver.open(table["seats"][0]["join_url"])
    rng = random.Random(11)
    words = EngineCodes(game, "1280x800")
    decisions = driver.play_randomly(
        rng,
        shots=artifacts / f"{game}-{players}p-decision",
        look=lambda at: words.look(driver, at),
    )
    for decision in decisions:
        assert decision.scroll_y == 0, f"{decision.name}: the page had scrolled to see it"
    assert len(decisions) >= 3
    driver.page.screenshot(path=artifacts / f"{game}-{players}p-final.png")
    _look_at_the_end_and_the_replay(driver, words)
    assert words.problems() == [], "\n".join(words.problems())


IN_VIEW = """() => {
  const inside = (box) => box.top >= -1 && box.bottom <= innerHeight + 1
    && box.left >= -1 && box.right <= innerWidth + 1;
  const where = (box) => `(${Math.round(box.left)}, ${Math.round(box.top)})-`
    + `(${Math.round(box.right)}, ${Math.round(box.bottom)})`;
  const out = [];
  const targets = "#board [data-action], #board [data-pick], #board [data-clear]";
  for (const node of document.querySelectorAll(targets)) {
    const box = node.getBoundingClientRect();
    if (box.width > 0 && !inside(box)) {
      const name = node.getAttribute("aria-label") || node.dataset.move || node.dataset.pick;
      out.push(`target "${name}" at ${where(box)}`);
    }
  }
  const hand = document.querySelector('#board [data-place="hand"]');
  const box = hand && hand.getBoundingClientRect();
  if (box && box.height > 0 && !inside(box)) out.push(`the hand at ${where(box)}`);
  const prompt = document.getElementById("prompt").getBoundingClientRect();
  const lowest = Math.max(...[...document.querySelectorAll(targets)]
    .map((node) => node.getBoundingClientRect().bottom), box && box.height > 0 ? box.bottom : 0);
  return {
    outside: out,
    promptFits: lowest - prompt.top <= innerHeight,
    promptShown: prompt.top >= -1 && prompt.bottom <= innerHeight + 1,
  };
}"""
"""What of the decision shown is not inside the window (each target, and the player's hand: the
board's place named "hand", where a game has one), and whether the prompt is, when it fits the
window with them."""

PHONE_GAMES = [*GAMES, ("nasi_lemak", 6), ("mooncake", 6), ("peranakan", 5)]
"""Each game, and those that seat more than three at their most players, where the other
players take the most room."""


@pytest.mark.parametrize(("game", "players"), PHONE_GAMES)
def test_a_phone_brings_every_decision_into_view(
    web: Any, phone_driver: Any, artifacts: Path, game: str, players: int
) -> None:
    """At the start of each decision of a whole game on a phone, its every target and the
    player's hand are inside the window, with the prompt too where all of them fit."""
    table = web.create(game, [{"kind": "human", "name": "Ana"}] + [BOT] * (players - 1))
    phone_driver.open(table["seats"][0]["join_url"])
    shots = artifacts / f"{game}-{players}p-phone-decision"
    rng = random.Random(5)
    decisions = []
    away: list[str] = []
    words = EngineCodes(game, "390x844")
    while phone_driver.wait_for_turn():
        seen = phone_driver.page.evaluate(IN_VIEW)
        decision = phone_driver.decision()
        words.look(phone_driver, decision.name)
        decisions.append(decision)
        if seen["outside"]:
            phone_driver.page.screenshot(path=f"{shots}-away-{len(decisions)}.png")
            away += [f"{decision.name}: {problem}" for problem in seen["outside"]]
        if seen["promptFits"]:
            assert seen["promptShown"], f"{decision.name}: the prompt was scrolled away"
        assert decision.paths, f"{decision.name}: no legal move can be clicked"
        phone_driver.play(
            decision, rng.choice(sorted(decision.paths)), lambda at: words.look(phone_driver, at)
        )
    assert len(decisions) >= 3
    assert away == [], "\n".join(away)
    _look_at_the_end_and_the_replay(phone_driver, words, drawer=True)
    assert words.problems() == [], "\n".join(words.problems())


REACH = """() => {
  const prompt = document.getElementById("prompt").getBoundingClientRect();
  const targets = "#board [data-action], #board [data-pick], #board [data-clear]";
  const hand = document.querySelectorAll('#board [data-place="hand"]');
  const boxes = [...document.querySelectorAll(targets), ...hand]
    .map((node) => node.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
  return [prompt.top, Math.max(...boxes.map((box) => box.bottom)), innerHeight];
}"""
"""The prompt's top, the bottom of the lowest target or of the hand, and the window's height, in
window px: the hand is kept in view with the targets."""


@pytest.mark.parametrize("spare", [2, 6, 12])
def test_a_decision_that_only_just_fits_a_phone_shows_its_prompt_and_every_target(
    web: Any, phone_driver: Any, spare: int
) -> None:
    table = web.create("nasi_lemak", [{"kind": "human", "name": "Ana"}, BOT])
    phone_driver.open(table["seats"][0]["join_url"])
    assert phone_driver.wait_for_turn()
    page = phone_driver.page
    top, lowest, _ = page.evaluate(REACH)
    page.set_viewport_size({"width": 390, "height": math.ceil(lowest - top) + spare})
    page.evaluate("() => { window.scrollTo(0, 0); window.meja.choose([]); }")
    top, lowest, height = page.evaluate(REACH)
    assert top >= 0, f"the prompt starts {-top:.1f} px above the window"
    assert lowest <= height, f"a target or the hand ends {lowest - height:.1f} px below the window"
