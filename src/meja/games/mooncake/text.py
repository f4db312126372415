"""Plain-text drawing of Mooncake Master: each player's three cakes as 2x2 quarters.

render (the whole state, for logs and golden playthroughs) and render_seat (a seat's view, for
the game's spec) write tiles as their codes (see tables.py). table, which `meja play` shows,
writes each quarter as its paste and symbols that LEGEND explains: hazelnuts, watermelon seeds,
and an arrow for a half yolk pointing at the quarter it touches; moves, customers and the hand
are in words. In each, a '*' marks a tile placed this turn and not yet revealed, and '.' an
empty quarter. As a new round begins, the cakes the last one was scored on are drawn below the
boards until the next step.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from meja.core.told import say
from meja.core.told import seat as mention
from meja.games.mooncake.components import (
    CAKES,
    CUSTOMERS,
    QUARTERS,
    ROUNDS,
    TILE_TYPES,
    TURNS_PER_ROUND,
)
from meja.games.mooncake.tables import CODE_TO_TILE
from meja.games.mooncake.words import TILES, listed

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState

CELL = 6
PENDING_MARK = "*"
EMPTY_MARK = "."
ROWS = (("NW", "NE"), ("SW", "SE"))
"""How a cake's clockwise quarters sit on the page: the north pair over the south pair."""


def draw_cakes(board: Sequence[str | None], pending: Collection[str] = ()) -> list[str]:
    """Two lines drawing one board's cakes side by side, each as 2x2 quarters."""
    lines = []
    for row in ROWS:
        cakes = []
        for cake in range(CAKES):
            cells = []
            for quarter in row:
                code = board[cake * len(QUARTERS) + QUARTERS.index(quarter)] or EMPTY_MARK
                mark = PENDING_MARK if f"{cake + 1}{quarter}" in pending else ""
                cells.append(f"{code + mark:<{CELL}}")
            cakes.append(" ".join(cells))
        lines.append(" | ".join(cakes).rstrip())
    return lines


def render(state: MooncakeState) -> str:
    """The whole state, hidden parts included, as stable text (logs and golden playthroughs)."""
    position = state.position()
    cards = {customer.number: customer for customer in CUSTOMERS}
    lines = [
        f"round {position['round']} turn {position['turn_in_round']} phase {position['phase']}",
        "customers: "
        + ("; ".join(f"C{n} {cards[n].text}" for n in position["customers"]) or "none"),
    ]
    for index, tastes in enumerate(position["tastes"]):
        sold = [
            "+".join(f"C{c}" for c in cakes if c is not None) or "-"
            for cakes in position["served"][index]
        ]
        lines.append(f"round {index + 1}: taste {tastes}, sold {sold}")
    for seat, board in enumerate(position["boards"]):
        parts = [
            f"seat {seat}: festive {position['festive'][seat]}",
            "hand " + (" ".join(position["hands"][seat]) or "-"),
        ]
        if position["choices"][seat] is not None:
            parts.append(f"choice {position['choices'][seat]}")
        if position["received"][seat] is not None:
            parts.append("received " + " ".join(position["received"][seat]))
        lines.append(", ".join(parts))
        lines.extend("  " + line for line in draw_cakes(board, position["pending"][seat]))
    scored = position.get("scored_round")
    if scored is not None:
        lines.append(f"round {position['round'] - 1} scored, in sight until the next step:")
        for seat, board in enumerate(scored["boards"]):
            lines.append(f"  seat {seat}")
            lines.extend("    " + line for line in draw_cakes(board))
    return "\n".join(lines)


def render_seat(state: MooncakeState, seat: int | None) -> str:
    """The table as seat (None: a spectator) sees it: customers, every board, and that seat's
    hand and choice."""
    view = state.view(seat)
    cards = {customer.number: customer for customer in CUSTOMERS}
    me = view.get("seat")
    lines = [
        f"Round {view['round']}, turn {view['turn_in_round']}: {view['phase']}",
        "Customers: " + ("; ".join(f"C{n} {cards[n].text}" for n in view["customers"]) or "none"),
    ]
    for index, tastes in enumerate(view["tastes"]):
        lines.append(f"Round {index + 1} Taste: {tastes}")
    for seat, board in enumerate(view["boards"]):
        who = "you" if seat == me else f"seat {seat}"
        waiting = " (to move)" if seat in view["active"] else ""
        lines.append(f"{who}: {view['festive'][seat]} Festive Points{waiting}")
        pending = view.get("pending", ()) if seat == me else ()
        lines.extend("  " + line for line in draw_cakes(board, pending))
    scored = view.get("scored_round")
    if scored is not None:
        lines.extend(_scored_lines(view, scored))
    if me is not None:
        lines.append("Your hand: " + (" ".join(view["hand"]) or "-"))
        if view["choice"]:
            lines.append(f"Your choice: {view['choice']}")
        if view["received"]:
            got, gave = view["received"], view["passed"]
            lines.append(
                f"Received {got['from_left']} from the left and {got['from_right']} from the"
                f" right; passed {gave['left']} left and {gave['right']} right"
            )
    return "\n".join(lines)


def _scored_lines(view: Mapping[str, Any], scored: Mapping[str, Any]) -> list[str]:
    """The cakes the last round was scored on, each seat with its Taste Value and sales."""
    number = scored["round"]
    lines = [f"Round {number} as scored, until the next step:"]
    for seat, board in enumerate(scored["boards"]):
        who = "you" if seat == view.get("seat") else f"seat {seat}"
        cakes = view["served"][number - 1][seat]
        sold = [f"C{c} (cake {cake + 1})" for cake, c in enumerate(cakes) if c is not None]
        taste = view["tastes"][number - 1][seat]
        lines.append(f"  {who}: taste {taste}, sold {', '.join(sold) or 'nothing'}")
        lines.extend("    " + line for line in draw_cakes(board))
    return lines


PASTE_WORDS: Final = ("Lotus", "Red", "Green")
"""Each paste as a board cell names it, short enough for a quarter; LEGEND spells them out."""
NUT: Final = "●"
SEED: Final = "○"
QUARTER_WORDS: Final = {
    "NE": "top right",
    "SE": "bottom right",
    "SW": "bottom left",
    "NW": "top left",
}
YOLK_ARROWS: Final = {"NE": ("↓", "←"), "SE": ("←", "↑"), "SW": ("↑", "→"), "NW": ("→", "↓")}
"""A half yolk's arrow in each quarter, (clockwise edge, anticlockwise edge): it points at the
quarter that edge touches, so two arrows pointing at each other make a complete yolk."""
WORD_CELL: Final = 10
PHASE_WORDS: Final = {
    "reveal": "a new customer is arriving",
    "draw": "everyone draws three tiles",
    "choose": "everyone keeps one tile and passes the other two",
    "place": "everyone places three tiles in their cakes",
}
LEGEND: Final = f"""\
Legend
  A quarter shows its paste (Lotus, Red for Red Bean, Green for Green Tea),
  then what is on it:
    {NUT} a hazelnut   {SEED} a watermelon seed
    ← ↑ → ↓ a half yolk on the quarter's edge that faces that way; two arrows
            pointing at each other make a complete yolk
    * placed this turn, hidden from the others until everyone has placed
    . an empty quarter
  In a hand, a half yolk lies on a tile's clockwise or anticlockwise edge; going
  clockwise round a cake: top right, bottom right, bottom left, top left."""
KEEP_PASS: Final = re.compile(r"keep (\S+), pass (\S+) (\S+)")
KEEP_LEFT_RIGHT: Final = re.compile(r"keep (\S+), left (\S+), right (\S+)")
PLACE_AT: Final = re.compile(r"place (\S+) at (\S+)")


def legend() -> str:
    """What the marks of the terminal's cakes mean."""
    return LEGEND


def _cell(code: str | None, quarter: str, pending: bool) -> str:
    """One quarter of the terminal's table: its paste, toppings and half yolks as LEGEND says."""
    if code is None:
        return EMPTY_MARK
    kind = TILE_TYPES[CODE_TO_TILE[code]]
    face = kind.face
    clockwise, anticlockwise = YOLK_ARROWS[quarter]
    marks = NUT * face.nuts + SEED * face.seeds
    marks += (clockwise if face.yolk_cw else "") + (anticlockwise if face.yolk_ccw else "")
    return f"{PASTE_WORDS[kind.flavour]}{PENDING_MARK if pending else ' '}{marks}".rstrip()


def _word_cakes(board: Sequence[str | None], pending: Collection[str] = ()) -> list[str]:
    """Two lines drawing one board's cakes in the terminal's symbols."""
    lines = []
    for row in ROWS:
        cakes = []
        for cake in range(CAKES):
            cells = []
            for quarter in row:
                slot = cake * len(QUARTERS) + QUARTERS.index(quarter)
                pended = f"{cake + 1}{quarter}" in pending
                cells.append(f"{_cell(board[slot], quarter, pended):<{WORD_CELL}}")
            cakes.append(" ".join(cells))
        lines.append(" | ".join(cakes).rstrip())
    return lines


def _the(code: str) -> str:
    """A tile in words with "the": "the Lotus quarter with 2 hazelnuts"."""
    return "the " + TILES[CODE_TO_TILE[code]].removeprefix("a ")


GROUPS: Final = {"a": ("a", "two", "three"), "the": ("the", "both", "all three")}
"""How a list of tiles counts equal ones, by the article a single one takes."""


def _tiles(codes: Sequence[str], article: str) -> str:
    """Tiles in words, equal ones counted together: "a Lotus quarter and two plain Red Bean
    quarters", or with "the": "the Lotus quarter and both plain Red Bean quarters"."""
    counts: dict[str, int] = {}
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    parts = []
    for code, count in counts.items():
        words = TILES[CODE_TO_TILE[code]].removeprefix("a ")
        if count > 1:
            words = words.replace("quarter", "quarters", 1)
        parts.append(f"{GROUPS[article][count - 1]} {words}")
    return listed(parts)


def _slot(slot: str) -> str:
    """A slot in words: "cake 1, top right"."""
    return f"cake {slot[0]}, {QUARTER_WORDS[slot[1:]]}"


def _choice(name: str, me: int, players: int) -> str | None:
    """A keep/pass choice in words, seats as {n}; None when name is no choice."""
    both = KEEP_PASS.fullmatch(name)
    if both is not None:
        keep, first, second = both.groups()
        other = mention((me + 1) % players)
        return f"Keep {_the(keep)}; pass {_tiles((first, second), 'the')} to {other}"
    apart = KEEP_LEFT_RIGHT.fullmatch(name)
    if apart is None:
        return None
    keep, left, right = apart.groups()
    to_left, to_right = mention((me + 1) % players), mention((me - 1) % players)
    return f"Keep {_the(keep)}; pass {_the(left)} to {to_left} and {_the(right)} to {to_right}"


def move_words(state: MooncakeState, me: int, action: int) -> tuple[str, str]:
    """A move of me's in words, seats as {n}: a heading shared by a tile's placements (empty
    for a choice) and the words after it. Read from the move's name, which names only me's
    own tiles."""
    name = state.action_to_str(action, me)
    placed = PLACE_AT.fullmatch(name)
    if placed is not None:
        return f"Place {_the(placed.group(1))} in", _slot(placed.group(2))
    return "", _choice(name, me, state.num_players) or name


def prompt(state: MooncakeState, me: int) -> str:
    """What me is asked to do now, seats as {n}."""
    view = state.view(me)
    if view["phase"] == "choose":
        return f"{mention(me)}'s turn: choose the tile to keep"
    if view["phase"] == "place":
        return f"{mention(me)}'s turn: place a tile ({len(view['hand'])} in hand)"
    return f"{mention(me)}'s move"


def table(state: MooncakeState, me: int | None, names: Sequence[str] = ()) -> str:
    """The table as me (None: a spectator) sees it, from its view: customers, every board in
    LEGEND's symbols, and me's hand, choice and gifts in words; seats by names."""
    view = state.view(me)
    cards = {customer.number: customer for customer in CUSTOMERS}
    players = view["num_players"]
    if view["phase"] == "over":
        head = "The game is over"
    else:
        head = (
            f"Round {view['round']} of {ROUNDS}, turn {view['turn_in_round']} of "
            f"{TURNS_PER_ROUND}: {PHASE_WORDS[view['phase']]}"
        )
    lines = [head, "Customers:" if view["customers"] else "Customers: none yet"]
    lines.extend(f"  {cards[n].name} wants a cake with {cards[n].text}" for n in view["customers"])
    for index, tastes in enumerate(view["tastes"]):
        figures = ", ".join(f"{mention(s)} {taste}" for s, taste in enumerate(tastes))
        lines.append(f"Round {index + 1} Taste: {figures}")
    lines.append(_cake_heading("  "))
    for who, board in enumerate(view["boards"]):
        waiting = " (to move)" if who in view["active"] else ""
        lines.append(f"{mention(who)}: {_counted(view['festive'][who], 'Festive Point')}{waiting}")
        pending = view.get("pending", ()) if who == me else ()
        lines.extend("  " + line for line in _word_cakes(board, pending))
    scored = view.get("scored_round")
    if scored is not None:
        lines.extend(_scored_words(view, scored))
    if me is not None:
        lines.extend(_hand_words(view, me, players))
    return "\n".join(say(line, me, names) for line in lines)


def _cake_heading(indent: str) -> str:
    """The cakes' numbers over the boards' columns."""
    width = 2 * WORD_CELL + 1 + len(" | ")
    return (indent + "".join(f"{f'cake {cake + 1}':<{width}}" for cake in range(CAKES))).rstrip()


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _hand_words(view: Mapping[str, Any], me: int, players: int) -> list[str]:
    """me's hand, kept choice and the tiles passed both ways, in words."""
    lines = ["Your hand: " + (_tiles(view["hand"], "a") or "empty")]
    if view["choice"]:
        choice = _choice(view["choice"], me, players) or view["choice"]
        lines.append(f"Your choice: {choice[:1].lower()}{choice[1:]}")
    if view["received"]:
        got, gave = view["received"], view["passed"]
        left, right = mention((me + 1) % players), mention((me - 1) % players)
        if players == 2:
            lines.append(
                f"{mention(me)} received {_tiles(tuple(got.values()), 'the')} from {left} and"
                f" passed {left} {_tiles(tuple(gave.values()), 'the')}"
            )
        else:
            lines.append(
                f"{mention(me)} received {_the(got['from_left'])} from {left} and"
                f" {_the(got['from_right'])} from {right}; passed {_the(gave['left'])} to"
                f" {left} and {_the(gave['right'])} to {right}"
            )
    return lines


def _scored_words(view: Mapping[str, Any], scored: Mapping[str, Any]) -> list[str]:
    """The cakes the last round was scored on, each seat with its Taste Value and sales."""
    number = scored["round"]
    names = {customer.number: customer.name for customer in CUSTOMERS}
    lines = [f"Round {number} as it was scored (in sight until the next move):"]
    for who, board in enumerate(scored["boards"]):
        cakes = view["served"][number - 1][who]
        sold = [f"cake {cake + 1} to {names[c]}" for cake, c in enumerate(cakes) if c is not None]
        taste = view["tastes"][number - 1][who]
        sales = f"sold {listed(sold)}" if sold else "sold nothing"
        lines.append(f"  {mention(who)}: Taste {taste}, {sales}")
        lines.extend("    " + line for line in _word_cakes(board))
    return lines
