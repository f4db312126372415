"""Plain-text pictures of a Peranakan state: a compact stable form and the terminal's table.

compact (str(state), golden playthroughs) and render (render_seat, for the game's spec) write
pieces as codes. table, which `meja play` shows, is read from a seat's view and written in
words: tiles by pattern and Kueh, market positions as "market 1", pawns as whose Nyonya or Baba;
LEGEND explains the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from meja.core.game import CHANCE, TERMINAL
from meja.core.told import say
from meja.core.told import seat as mention
from meja.games.peranakan.actions import KUEH_BASE, NO_PAWN, PAWN_BASE, PLACE_BASE, TAKE_BASE
from meja.games.peranakan.components import (
    BOARD_COLS,
    BOARD_ROWS,
    COLUMN_LETTERS,
    KUEH_LETTERS,
    KUEH_NAMES,
    KUEH_TYPES,
    MARKET_POSITIONS,
    PATTERNS,
    PAWN_COLOURS,
    PAWN_NAMES,
    SUPPLY_NEXT_TO,
    TILE_KINDS,
    WILD,
    WILD_NAME,
)
from meja.games.peranakan.tables import (
    CELL_NAMES,
    EMPTY_SPACE,
    KIND_BY_CODE,
    KIND_CODES,
    NUM_CELLS,
    NUM_KUEH,
    NUM_MARKET,
    PAWN_KINDS,
    PAWN_LETTERS,
    PAWN_TOKENS,
    PHASE_NAMES,
    SPACE_TEXTS,
    TOKEN_PAWNS,
)

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState

PHASE_PROMPTS: tuple[str, ...] = (
    "a tile is being revealed",
    "the start player is being chosen",
    "choose a market tile",
    "choose the Kueh for the wild slot",
    "choose a space for the tile",
    "choose whether to place a Nyonya or a Baba",
    "choose the Kueh for a wild icon",
    "the game is over",
)
"""What the player to move is deciding, by phase number."""


def _code(kind: int) -> str:
    return KIND_CODES[kind] if kind >= 0 else EMPTY_SPACE


def _pawn_tags(state: PeranakanState, cell: int, sep: str = " ") -> str:
    """Pawns on a cell as e.g. "N0 B1" (Nyonya of seat 0, Baba of seat 1)."""
    return sep.join(f"{PAWN_LETTERS[k]}{s}" for c, s, k in state.pawns if c == cell)


def compact(state: PeranakanState) -> str:
    """Whole state in a few stable lines, for golden transcripts and logs."""
    n = state.num_players
    head = f"{PHASE_NAMES[state.phase]} turn={state.turn_seat} start={state.start}"
    if state.taken >= 0:
        head += f" taken={MARKET_POSITIONS[state.taken]} held={_code(state.held)}"
    if state.placed >= 0:
        head += f" placed={CELL_NAMES[state.placed]}"
    if state.wild_left:
        head += f" wild={state.wild_left}@{state.wild_seat}"
    if state.due:
        head += " collecting=" + ",".join(
            f"{PAWN_LETTERS[k]}{s}@{CELL_NAMES[c]}" for c, s, k in state.due
        )
    supply = " ".join(f"{KUEH_LETTERS[t]}{state.supply[t]}" for t in range(NUM_KUEH))
    lines = [
        head,
        f"market {' '.join(_code(k) for k in state.market)} deck={state.deck_left} {supply}",
    ]
    for row in range(BOARD_ROWS):
        cells = []
        for col in range(BOARD_COLS):
            cell = row * BOARD_COLS + col
            text = _code(state.top[cell])
            if state.under[cell] >= 0:
                text = f"{_code(state.under[cell])}/{text}"
            tags = _pawn_tags(state, cell, "")
            cells.append(f"{text}+{tags}" if tags else text)
        lines.append(" ".join(cells))
    for seat in range(n):
        kueh = "/".join(str(c) for c in state.kueh_of(seat))
        hand = "".join(
            f"{PAWN_LETTERS[k]}{state.hand[seat * PAWN_KINDS + k]}" for k in range(PAWN_KINDS)
        )
        lines.append(f"seat{seat} kueh={kueh} sets={state.sets_of(seat)} hand={hand}")
    return "\n".join(lines)


_CELL_WIDTH = 14


def render(state: PeranakanState) -> str:
    """A readable terminal picture: market, supplies, board with stacks and pawns, scores."""
    lines = [f"Peranakan: Tiles and Tactics, {state.num_players} players"]
    player = state.current_player()
    if player == TERMINAL:
        won = ", ".join(f"seat {s}" for s in state.winners())
        lines.append(f"Game over. Winner: {won}")
    elif player == CHANCE:
        lines.append(PHASE_PROMPTS[state.phase].capitalize())
    else:
        lines.append(f"Seat {player} ({PAWN_COLOURS[player]}): {PHASE_PROMPTS[state.phase]}")
    if state.held >= 0:
        lines.append(f"In hand: {TILE_KINDS[state.held].label}")
    if state.wild_left:
        waiting = " ".join(PAWN_TOKENS[p] for p in state.due) or "none"
        lines.append(f"Wild Kueh left to choose: {state.wild_left}; still to collect: {waiting}")
    lines.append("")
    size = state.deck_size()
    lines.append(f"Market ({size} tile{'' if size == 1 else 's'} in the deck)")
    for pos, name in enumerate(MARKET_POSITIONS):
        kind = state.market[pos]
        tile = TILE_KINDS[kind].label if kind >= 0 else "-"
        next_to = SUPPLY_NEXT_TO[pos]
        if next_to == WILD:
            supply = "any Kueh (wild)"
        else:
            supply = f"{KUEH_NAMES[next_to]} ({state.supply[next_to]} left)"
        lines.append(f"  {name:<6} {tile:<28} beside: {supply}")
    lines.append(
        "Supply: " + ", ".join(f"{KUEH_NAMES[t]} {state.supply[t]}" for t in range(NUM_KUEH))
    )
    lines.append("")
    lines.extend(_board_lines(state))
    lines.append("")
    for seat in range(state.num_players):
        kueh = ", ".join(f"{KUEH_TYPES[t]} {c}" for t, c in enumerate(state.kueh_of(seat)))
        hand = ", ".join(
            f"{state.hand[seat * PAWN_KINDS + k]} {name}" for k, name in enumerate(PAWN_NAMES)
        )
        lines.append(
            f"Seat {seat} ({PAWN_COLOURS[seat]}): sets {state.sets_of(seat)}, Kueh {kueh}; "
            f"in hand {hand}"
        )
    return "\n".join(line.rstrip() for line in lines)


def _board_lines(state: PeranakanState) -> list[str]:
    """The 5 x 5 board, three text lines per row: pattern, icons, pawns."""
    header = "    " + "".join(f"{c:<{_CELL_WIDTH}}" for c in COLUMN_LETTERS[:BOARD_COLS])
    rule = "   +" + ("-" * (_CELL_WIDTH - 1) + "+") * BOARD_COLS
    lines = [header, rule]
    for row in range(BOARD_ROWS):
        parts: list[list[str]] = [[], [], []]
        for col in range(BOARD_COLS):
            cell = row * BOARD_COLS + col
            kind = state.top[cell]
            if kind < 0:
                texts = ["", "", ""]
            else:
                tile = TILE_KINDS[kind]
                stacked = " x2" if state.under[cell] >= 0 else ""
                icons = " ".join((*KUEH_TYPES, WILD_NAME)[i] for i in tile.icons)
                texts = [PATTERNS[tile.pattern] + stacked, icons, _pawn_tags(state, cell)]
            for i, piece in enumerate(texts):
                parts[i].append(f"{piece:<{_CELL_WIDTH - 1}}|")
        label = f"{row + 1:>2} |"
        lines.append(label + "".join(parts[0]))
        lines.append("   |" + "".join(parts[1]))
        lines.append("   |" + "".join(parts[2]))
        lines.append(rule)
    return lines


def render_seat(state: PeranakanState, seat: int | None) -> str:
    """Every seat sees the whole table: only the deck's order is hidden, and render omits it."""
    return render(state)


PAWN_TITLES: Final = ("Nyonya", "Baba")
WILD_WORDS: Final = "Rainbow Lapis"
"""The wild icon as the rulebook names it: one Kueh of the owner's choice."""
ICON_WORDS: Final = (*KUEH_NAMES, WILD_WORDS)
POSITION_WORDS: Final = ("deck", *(f"market {pos}" for pos in range(1, NUM_MARKET)))
"""The market's positions as the table names them: the deck's top tile, then market 1 to 4."""
STACKED: Final = " x2"
CELL: Final = 13
LEGEND: Final = f"""\
Legend
  The board's columns are a to e from the left and its rows 1 to 5 from the top,
  so c3 is its middle space. A space shows its top tile's pattern (Ceramics,
  Butterfly, Goldfish or Peacock), the Kueh printed on that tile, and any
  Nyonya or Baba on it with whose it is ("Baba: Bot 2").
    {STACKED.strip()}            a tile stacked on another; only the top one counts
    {WILD_WORDS}  a wild icon: one Kueh of its owner's choice
  A Nyonya collects once her whole row and column are filled, a Baba once every
  space around him is: the Kueh on those tiles that share their tile's pattern.
  A set is one Kueh of each of the four kinds; the most sets wins."""


def legend() -> str:
    """What the table's words and marks mean."""
    return LEGEND


def tile_words(kind: int, short: bool = False) -> str:
    """A tile by its pattern and printed Kueh: "Butterfly tile with Tutu Kueh and Ondeh Ondeh",
    or short, for the market's column: "Butterfly: Tutu Kueh + Ondeh Ondeh"."""
    tile = TILE_KINDS[kind]
    icons = (" + " if short else " and ").join(ICON_WORDS[icon] for icon in tile.icons)
    pattern = PATTERNS[tile.pattern].capitalize()
    return f"{pattern}: {icons}" if short else f"{pattern} tile with {icons}"


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _listed(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _beside(position: int, supply: Mapping[str, int], counts: bool = True) -> str:
    """The Kueh that comes with a market position's tile, and how many are left if counts."""
    kueh = SUPPLY_NEXT_TO[position]
    if kueh == WILD:
        return "1 Kueh of your choice"
    left = supply[KUEH_TYPES[kueh]]
    if not left:
        return f"no {KUEH_NAMES[kueh]} (none left)"
    return f"1 {KUEH_NAMES[kueh]}" + (f" ({left} left)" if counts else "")


def move_words(state: PeranakanState, me: int, action: int) -> tuple[str, str]:
    """One of me's moves in words, from me's view: a heading shared by the spaces a tile may
    go on (empty for the rest) and the words after it."""
    view = state.view(me)
    if action < KUEH_BASE:
        position = action - TAKE_BASE
        where = "the deck's tile" if position == 0 else f"{POSITION_WORDS[position]}'s tile"
        return "", f"Take {where} and {_beside(position, view['supply'], counts=False)}"
    if action < PLACE_BASE:
        return "", f"Take 1 {KUEH_NAMES[action - KUEH_BASE]}"
    if action < NO_PAWN:
        cell = action - PLACE_BASE
        top = _spaces(view)[cell][0]
        on = f", on the {PATTERNS[TILE_KINDS[top].pattern].capitalize()} tile" if top >= 0 else ""
        return "Put the tile on", f"{CELL_NAMES[cell]}{on}"
    if action == NO_PAWN:
        return "", "Place no pawn"
    return "", f"Place a {PAWN_TITLES[action - PAWN_BASE]} on the tile"


def prompt(state: PeranakanState, me: int) -> str:
    """What me is asked to do now, seats as {n}."""
    view = state.view(me)
    return f"{mention(me)}'s turn: {PHASE_PROMPTS[PHASE_NAMES.index(view['phase'])]}"


def _spaces(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Every board space's (top, covered) tile kinds, -1 where there is none, from the view."""
    spaces: list[tuple[int, int]] = []
    for row in view["board"]:
        spaces.extend(SPACE_TEXTS[text] for text in row.split())
    return spaces


def table(state: PeranakanState, me: int | None, names: Sequence[str] = ()) -> str:
    """The table as me (None: a spectator) sees it, from its view: whose turn, the market, the
    supply, the board and every seat's Kueh and pawns, in words with seats by names."""
    view = state.view(me)
    lines = [say(_doing(view), me, names)]
    if "held" in view:
        lines.append(f"In hand: a {tile_words(KIND_BY_CODE[view['held']])}")
    if "wild_left" in view:
        waiting = [_pawn_words(TOKEN_PAWNS[token]) for token in view["collecting"]]
        lines.append(
            say(
                f"{mention(view['wild_seat'])} chooses {view['wild_left']} more Kueh for wild"
                f" icons; still to collect: {_listed(waiting) if waiting else 'nobody'}",
                me,
                names,
            )
        )
    lines.append("")
    deck = _counted(view["deck_size"], "tile")
    lines.append(f"Market ({deck} in the deck): each tile comes with the Kueh beside it")
    for position, code in enumerate(view["market"]):
        tile = tile_words(KIND_BY_CODE[code], short=True) if code else "taken, refilled later"
        beside = _beside(position, view["supply"])
        lines.append(f"  {POSITION_WORDS[position]:<9} {tile:<37} + {beside}")
    supply = view["supply"]
    lines.append(
        "Supply: "
        + ", ".join(f"{supply[k]} {n}" for k, n in zip(KUEH_TYPES, KUEH_NAMES, strict=True))
    )
    lines.append("")
    lines.extend(_word_board(view, me, names))
    lines.append("")
    for who in range(view["num_players"]):
        lines.append(say(_seat_words(view, who), me, names))
    return "\n".join(line.rstrip() for line in lines)


def _doing(view: Mapping[str, Any]) -> str:
    """Who is to do what, seats as {n}."""
    phase = PHASE_NAMES.index(view["phase"])
    if view["phase"] == "over":
        return "The game is over"
    if view["to_move"] < 0:
        return PHASE_PROMPTS[phase].capitalize()
    return f"{mention(view['to_move'])}'s turn: {PHASE_PROMPTS[phase]}"


def _pawn_words(pawn: tuple[int, int, int]) -> str:
    """A pawn on the board, seats as {n}: "{1}'s Nyonya on c3"."""
    cell, owner, kind = pawn
    return f"{mention(owner)}'s {PAWN_TITLES[kind]} on {CELL_NAMES[cell]}"


def _seat_words(view: Mapping[str, Any], who: int) -> str:
    """One seat's sets, Kueh and pawns in hand, seat as {n}."""
    kueh = view["kueh"][who]
    sets = _counted(min(kueh), "set")
    got = [f"{count} {KUEH_NAMES[k]}" for k, count in enumerate(kueh) if count]
    hand = view["hands"][who]
    pawns = [f"{count} {PAWN_TITLES[k]}" for k, count in enumerate(hand) if count]
    return (
        f"{mention(who)} ({PAWN_COLOURS[who]}): {sets}; Kueh: {', '.join(got) or 'none'};"
        f" pawns in hand: {_listed(pawns) if pawns else 'none'}"
    )


def _word_board(view: Mapping[str, Any], me: int | None, names: Sequence[str]) -> list[str]:
    """The 5 x 5 board: per space its top tile's pattern, its Kueh and the pawns on it."""
    spaces = _spaces(view)
    pieces: list[list[str]] = [[] for _ in range(NUM_CELLS)]
    for cell, (top, under) in enumerate(spaces):
        if top >= 0:
            tile = TILE_KINDS[top]
            pattern = PATTERNS[tile.pattern].capitalize() + (STACKED if under >= 0 else "")
            pieces[cell] = [pattern, *(ICON_WORDS[icon] for icon in tile.icons)]
    for token in view["pawns"]:
        cell, owner, kind = TOKEN_PAWNS[token]
        whose = say(mention(owner), me, names)
        pieces[cell].append(f"{PAWN_TITLES[kind]}: {whose}"[:CELL])
    header = "    " + "".join(f"{c:<{CELL + 1}}" for c in COLUMN_LETTERS[:BOARD_COLS])
    rule = "   +" + ("-" * CELL + "+") * BOARD_COLS
    lines = [header.rstrip(), rule]
    for row in range(BOARD_ROWS):
        cells = [pieces[row * BOARD_COLS + col] for col in range(BOARD_COLS)]
        height = max(3, *(len(texts) for texts in cells))
        for index in range(height):
            label = f"{row + 1:>2} |" if index == 0 else "   |"
            texts = [f"{t[index] if index < len(t) else '':<{CELL}}|" for t in cells]
            lines.append(label + "".join(texts))
        lines.append(rule)
    return lines
