"""Plain-text pictures of a Peranakan state: a compact stable form and a terminal board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.game import CHANCE, TERMINAL
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
    KIND_CODES,
    NUM_KUEH,
    PAWN_KINDS,
    PAWN_LETTERS,
    PAWN_TOKENS,
    PHASE_NAMES,
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
