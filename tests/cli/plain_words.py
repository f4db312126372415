"""Engine codes and program-speak in what the terminal prints, for tests of `meja play`/`demo`.

`engine_codes(game, text)` lists what a person could not read without the rulebook or the
source: seats counted from 0, "(s)" plurals, the games' component codes and the raw action
strings. Words, names and board coordinates ("You", "Lotus", "Tutu Kueh", "a" and "1" along a
grid) pass.
"""

from __future__ import annotations

import random
import re
from functools import cache

from meja.core import CHANCE, load_game
from meja.core.game import random_step

COMMON = (
    r"\b[Ss]eats? \d+\b",  # seats counted from 0, the old prompt "seat 0>" among them
    r"\w\(s\)",  # "move(s)"
    r"\b[Ww]inners?: \d",  # a winner by seat number
    r"\b[Cc]hance:",  # the engine's name for the dealer
    r"\{\d+\}",  # a seat left unworded
    r"\b[a-z]+_[a-z_]+\b",  # a rules name such as to_move or joyful_daisy
)

GAME_CODES: dict[str, tuple[str, ...]] = {
    "mooncake": (
        r"(?<![\w<>-])[LRG](?:NN|SS|NS|N|S|-)(?:<>|<|>)?(?![\w<>-])",  # tiles: LNN, R-, RNS>
        r"(?<!\w)C\d{1,2}\b",  # customers: C11
        r"(?<!\w)[1-9](?:NE|NW|SE|SW)\b",  # slots: 1NE
    ),
    "peranakan": (
        r"\bslot ?\d\b",  # market slots
        r"\b(?:tutu|ondeh|bahulu|angku)\b",  # Kueh as bare lowercase codes
        r"\w\+\w",  # a tile's two Kueh joined: tutu+bahulu
        r"\b(?:nyonya|baba)\b",  # pawns as lowercase counts
        r"\b[NB]\d@",  # pawn codes in the position text
    ),
    "te_kuiti": (
        r"\b[a-z][1-9]\d?[nesw]\b",  # fence codes: a1n, e3e
        r"\bphase (?:shepherd|flip|reveal|orient|ram|bonus|collect|over|start)\b",
    ),
    "nasi_lemak": (
        r"\b(?:rice|egg|peanuts|sambal|cucumber|wholesaler|supplier|mak cik|officer|thief"
        r"|fly|fan|swatter|nasi lemak) \d",  # lowercase hand counts: "sambal 3"
    ),
}

PLAIN_ACTION_WORDS = frozenset(
    {"end", "turn", "trade", "propose", "accept", "decline", "cancel", "no", "pawn"}
)
"""Action strings made only of these words ("end turn", "trade") are English, not codes."""


@cache
def action_strings(game: str, games: int = 12) -> tuple[str, ...]:
    """The raw names of the moves offered along seeded random games of every player count,
    longest first, leaving out those that are plain English or hold a code found anyway."""
    rules = load_game(game)
    names: set[str] = set()
    for players in rules.player_counts():
        for seed in range(games):
            rng = random.Random(seed)
            state = rules.new_state(players)
            while not state.is_terminal():
                for seat in state.active_players():
                    names.update(state.action_to_str(a, seat) for a in state.legal_actions(seat))
                player, action = random_step(state, rng)
                if player == CHANCE:
                    state.apply(action, CHANCE)
                else:
                    state.apply(action, player)
    codes = re.compile("|".join((*COMMON, *GAME_CODES.get(game, ()))))
    coded = (
        name
        for name in names
        if not set(name.split()) <= PLAIN_ACTION_WORDS and codes.search(name) is None
    )
    return tuple(sorted(coded, key=lambda name: (-len(name), name)))


@cache
def _pattern(game: str) -> re.Pattern[str]:
    """One pattern for everything engine_codes flags in game's text."""
    actions = (rf"(?<![\w]){re.escape(name)}(?![\w])" for name in action_strings(game))
    return re.compile("|".join((*actions, *COMMON, *GAME_CODES.get(game, ()))))


def engine_codes(game: str, text: str) -> list[str]:
    """The engine codes and program-speak in text, each once, in the order they appear;
    an empty list when a person can read all of it."""
    found: dict[str, None] = {}
    for match in _pattern(game).finditer(text):
        found.setdefault(match.group(), None)
    return list(found)


COUNTED = (
    "move|card|tile|fence|point|set|round|turn|pack|cake|quarter|customer|hazelnut|seed|yolk"
    "|player|bot|game|pair|sale|step|fly-free pack|Festive Point"
)
"""Nouns the games count, whose plural follows the number."""
WRONG_PLURAL = re.compile(
    rf"(?<![\d.,-])\b1 (?:{COUNTED})s\b|(?<![\d.,-])\b(?:0|[2-9]|\d\d+) (?:{COUNTED})\b(?![s-])"
)


def wrong_plurals(text: str) -> list[str]:
    """Counts whose noun disagrees with the number ("1 moves", "3 card"), each once, in order."""
    return list(dict.fromkeys(match.group() for match in WRONG_PLURAL.finditer(text)))
