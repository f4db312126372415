"""Plain-text drawing of the field: fences as | and ----, tiles as codes or words.

render (str(state): logs and golden playthroughs) writes the whole state with tiles as two-
letter codes, and render_seat the same for a seat; table, which `meja play` shows, is read from
a seat's view and names tiles by their printed kind, as LEGEND explains, with seats, phases and
moves in words.

In render, a cell shows ?? for a tile nobody has seen, the tile's code in lower case when it
lies face down after being seen, in upper case when face up, and .. once the tile has left the
field. A # in front marks an enclosed cell; after the code, ^ > v < give a daisy's side and * a
daisy whose side is not known (or does not matter, in the two-player game). Tiles just turned
back still show in upper case until the next action (T4a), and a note names them. As a new round
begins, the field the last one ended on is drawn below until the next action, a tile that lay
face down there as ??.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from meja.core.told import say
from meja.core.told import seat as mention
from meja.games.te_kuiti.actions import COLLECT, END_TURN, FLIP, PAIRS, PLACE, REMOVE
from meja.games.te_kuiti.components import COLS, ROUNDS, ROWS, SIDES, TILE_TYPES
from meja.games.te_kuiti.scoring import EndedField, turns_played
from meja.games.te_kuiti.tables import (
    CELL_INDEX,
    CELL_NAMES,
    DOWN,
    EDGE_INDEX,
    GONE,
    NUM_CELLS,
    PAD_BIT,
    h_edge,
    v_edge,
)
from meja.games.te_kuiti.words import EDGE_WORDS

if TYPE_CHECKING:
    from meja.games.te_kuiti.state import TeKuitiState

DAISY_MARKS = "^>v<"
"""Daisy side marks in the clockwise order of SIDES."""


def draw_field(labels: Sequence[str], fences: int, width: int = 4) -> list[str]:
    """The grid with a label of width characters per cell and fences from a bitmask over
    edges."""
    lines = [("  " + "".join(f" {chr(ord('a') + c):^{width}}" for c in range(COLS))).rstrip()]
    for line in range(ROWS + 1):
        lines.append(
            "  "
            + "".join(
                "+" + ("-" if fences >> h_edge(line, c) & 1 else " ") * width for c in range(COLS)
            )
            + "+"
        )
        if line == ROWS:
            break
        row = f"{line + 1} "
        for c in range(COLS + 1):
            row += "|" if fences >> v_edge(line, c) & 1 else " "
            if c < COLS:
                row += labels[line * COLS + c]
        lines.append(row.rstrip())
    return lines


def cell_label(state: TeKuitiState, cell: int) -> str:
    """Enclosure mark, tile code and daisy mark of one cell."""
    bit = PAD_BIT[cell]
    mark = "#" if state.enclosed & bit else " "
    if not state.present & bit:
        return f"{mark}.. "
    tile = state.tiles[cell]
    if tile < 0:
        return f"{mark}?? "
    kind = TILE_TYPES[tile]
    face_down = state.down & bit and cell not in state.turning_back
    code = kind.code.lower() if face_down else kind.code.upper()
    side = state.sides[cell]
    daisy = DAISY_MARKS[side] if side >= 0 else "*" if kind.daisy else " "
    return f"{mark}{code}{daisy}"


def ended_label(ended: EndedField, cell: int) -> str:
    """A cell of the field a round ended on, drawn like cell_label draws the field."""
    mark = "#" if ended.enclosed & PAD_BIT[cell] else " "
    face = ended.faces[cell]
    if face == GONE:
        return f"{mark}.. "
    if face == DOWN:
        return f"{mark}?? "
    kind = TILE_TYPES[ended.tiles[cell]]
    return f"{mark}{kind.code.upper()}{'*' if kind.daisy else ' '}"


def render(state: TeKuitiState) -> str:
    """The whole state, hidden identities included, as stable text for logs and playthroughs."""
    if state.solo:
        head = f"Te Kuiti solo, turn {state.turn} (lost after {state.turn_limit})"
        if state.is_terminal():
            head = f"Te Kuiti solo, over after {turns_played(state)} turns"
    elif state.start < 0:
        head = f"Te Kuiti, round 1 of {ROUNDS}: the first shepherd is yet to be drawn (T4b)"
    else:
        head = (
            f"Te Kuiti, round {state.round} of {ROUNDS}: seat {state.shepherd} is the shepherd, "
            f"seat {state.sheep} the sheep player"
        )
    phase = f"phase {state.phase_name}"
    if state.to_place:
        phase += f" ({state.to_place} to place)"
    notes = [phase, f"{state.supply} fences in the supply"]
    if state.pending >= 0:
        notes.append(f"flipping {CELL_NAMES[state.pending]}")
    if state.revealed:
        notes.append("revealed " + " ".join(CELL_NAMES[c] for c in state.revealed))
    if state.turning_back:
        back = " ".join(CELL_NAMES[c] for c in state.turning_back)
        if state.is_terminal():
            notes.append(f"last turned up {back}")
        else:
            notes.append(f"{back} turn back face down at the next action")
    if state.endgame:
        notes.append("end-of-round mode")
    if state.last_turn:
        notes.append("shepherd's last turn")
    if state.fences_out:
        notes.append("out of fences")
    scores = "scores " + "-".join(f"{s:g}" for s in state.scores())
    if state.round_scores:
        scores += " (rounds " + ", ".join(f"{a}-{b}" for a, b in state.round_scores) + ")"
    if state.is_terminal():
        won = state.winners()
        scores += "; winners: " + (", ".join(f"seat {s}" for s in won) if won else "none")
    labels = [cell_label(state, cell) for cell in range(NUM_CELLS)]
    lines = [head, "; ".join(notes), scores, *draw_field(labels, state.fences)]
    ended = state.ended
    if ended is not None:
        first, second = state.round_scores[-1]
        lines.append(
            f"round {state.round - 1} ended: {first}-{second}; its field until the next action"
        )
        lines += draw_field([ended_label(ended, cell) for cell in range(NUM_CELLS)], ended.fences)
    return "\n".join(lines)


def render_seat(state: TeKuitiState, seat: int | None) -> str:
    """The field as a player sees it: like the view, a face-down tile shows ?? even once seen,
    except the tiles just turned back, which show until the next action (T4a)."""
    masked = state.clone()
    for cell in range(NUM_CELLS):
        if masked.down & PAD_BIT[cell] and cell not in masked.turning_back:
            masked.tiles[cell] = -1
    return render(masked)


TILE_WORDS: Final = {tile.name: tile.kind.capitalize() for tile in TILE_TYPES}
"""Each tile by the kind printed on it, as the table names it: "Joyful", "Ram"."""
DAISIES: Final = frozenset(tile.name for tile in TILE_TYPES if tile.daisy)
SIDE_ARROWS: Final = dict(zip(SIDES, "↑→↓←", strict=True))
DAISY: Final = "*"
ENCLOSED: Final = "#"
FACE_DOWN: Final = "?"
WORD_CELL: Final = 10
PHASE_WORDS: Final = {
    "start": "the first shepherd is being drawn",
    "shepherd": "the shepherd puts up fences",
    "flip": "the sheep player turns tiles over",
    "reveal": "a tile is being turned up",
    "orient": "a daisy is being turned",
    "ram": "the ram takes down a fence",
    "bonus": "the shepherd tile adds a fence",
    "collect": "the sheep player collects pairs",
    "over": "the game is over",
}
ASKED: Final = {
    "shepherd": "put up a fence",
    "flip": "turn a tile over",
    "ram": "choose the fence the ram takes down",
    "bonus": "put up the shepherd tile's extra fence",
    "collect": "collect a pair or end the turn",
}
"""What the seat to move is asked, by phase."""
LEGEND: Final = f"""\
Legend
  Columns a to e from the left, rows 1 to 5 from the top: c3 is the middle.
  ---- and |  a fence, between two tiles or along the field's edge
  {FACE_DOWN}           a tile lying face down
  Joyful ...  a tile face up, by what is printed on it: a Joyful, Sleepy, Timid,
              Angry or Dreamy sheep, a Ram or a Shepherd tile
  (blank)     the tile has left the field
  {ENCLOSED}           enclosed: fenced in, with no way out to the field's edge
  {DAISY}           a daisy on the tile; an arrow (↑ → ↓ ←) shows the side it faces"""


def legend() -> str:
    """What the marks on the terminal's field mean."""
    return LEGEND


def _label(cell: str, enclosed: bool) -> str:
    """One cell of the terminal's field, from its view text, as LEGEND explains it."""
    mark = ENCLOSED if enclosed else " "
    if cell == "gone":
        return mark
    if cell == "down":
        return f"{mark}{FACE_DOWN}"
    name, _, side = cell.partition(" ")
    daisy = SIDE_ARROWS[side] if side else DAISY if name in DAISIES else ""
    return f"{mark}{TILE_WORDS[name]}{daisy}"


def _field(cells: Sequence[str], fences: Sequence[str], enclosed: Sequence[str]) -> list[str]:
    """The terminal's field from view data: cell texts, fence names and enclosed cells."""
    mask = 0
    for name in fences:
        mask |= 1 << EDGE_INDEX[name]
    shut = {CELL_INDEX[name] for name in enclosed}
    labels = [f"{_label(text, c in shut):^{WORD_CELL}}" for c, text in enumerate(cells)]
    return draw_field(labels, mask, WORD_CELL)


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _listed(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _off_field(removed: Mapping[str, int]) -> str:
    """The tiles that left the field, by kind: "2 Joyful, 1 Ram"."""
    kinds: dict[str, int] = {}
    for name, count in removed.items():
        kinds[TILE_WORDS[name]] = kinds.get(TILE_WORDS[name], 0) + count
    return ", ".join(f"{count} {kind}" for kind, count in kinds.items()) or "none"


def move_words(state: TeKuitiState, me: int, action: int) -> tuple[str, str]:
    """One of me's moves in words: a heading shared by the moves of one kind (empty for the
    end of a turn) and the fence, tile or pair after it."""
    view = state.view(me)
    if action < REMOVE:
        if view["phase"] == "bonus":
            return "Put up the shepherd tile's extra fence", EDGE_WORDS[action - PLACE]
        return "Put up a fence", EDGE_WORDS[action - PLACE]
    if action < FLIP:
        return "Have the ram take down the fence", EDGE_WORDS[action - REMOVE]
    if action < COLLECT:
        return "Turn over", CELL_NAMES[action - FLIP]
    if action < END_TURN:
        a, b = PAIRS[action - COLLECT]
        kind = TILE_WORDS[view["cells"][a].partition(" ")[0]]
        return "Collect the pair", f"{CELL_NAMES[a]} and {CELL_NAMES[b]} ({kind})"
    return "", "End the turn"


def prompt(state: TeKuitiState, me: int) -> str:
    """What me is asked to do now, seats as {n}."""
    view = state.view(me)
    asked = ASKED.get(view["phase"], "move")
    if view["phase"] == "shepherd":
        asked += f" ({view['fences_to_place']} to place)"
    return f"{mention(me)}'s turn: {asked}"


def table(state: TeKuitiState, me: int | None, names: Sequence[str] = ()) -> str:
    """The field as a player sees it, from the view: a face-down tile shows only that it is face
    down, even once seen, except the tiles just turned back, which show until the next action
    (T4a); roles, phase, points and notes in words, seats by names."""
    view = state.view(me)
    lines = [_head(state, view), *_notes(view)]
    lines.extend(_field(view["cells"], view["fences"], view["enclosed"]))
    ended = view["ended_round"]
    if ended is not None:
        lines.append(f"Round {ended['round']} ended on this field (in sight until the next move):")
        lines.append(f"Off the field then: {_off_field(ended['removed'])}")
        lines.extend(_field(ended["cells"], ended["fences"], ended["enclosed"]))
    return "\n".join(say(line, me, names) for line in lines)


def _head(state: TeKuitiState, view: Mapping[str, Any]) -> str:
    """The game, the round and the roles, seats as {n}."""
    if view["num_players"] == 1:
        if view["phase"] == "over":
            return f"Te Kuiti solo, over after {_counted(turns_played(state), 'turn')}"
        return f"Te Kuiti solo, turn {view['turn']} (lost after turn {state.turn_limit})"
    if view["sheep"] is None:
        return f"Round 1 of {ROUNDS}: the first shepherd is yet to be drawn"
    return (
        f"Round {view['round']} of {ROUNDS}: the shepherd is {mention(view['shepherd'])},"
        f" the sheep player {mention(view['sheep'])}"
    )


def _notes(view: Mapping[str, Any]) -> list[str]:
    """The phase, the fences and what the turn has shown so far, in words."""
    doing = PHASE_WORDS[view["phase"]]
    if view["phase"] == "shepherd" and view["fences_to_place"]:
        doing += f" ({view['fences_to_place']} to place)"
    notes = [doing[:1].upper() + doing[1:], f"{_counted(view['supply'], 'fence')} in the supply"]
    if view["flipping"]:
        notes.append(f"turning over {view['flipping']}")
    if view["revealed"]:
        notes.append(f"turned up this turn: {_listed(view['revealed'])}")
    if view["turning_back"]:
        back = _listed(view["turning_back"])
        if view["phase"] == "over":
            notes.append(f"last turned up: {back}")
        else:
            notes.append(f"{back} turn back face down at the next move")
    if view["end_of_round"]:
        notes.append("end of the round: turned sheep stay face up")
    if view["last_turn"]:
        notes.append("the shepherd's last turn")
    if view["fences_out"]:
        notes.append("out of fences")
    lines = ["; ".join(notes) + "."]
    if view["num_players"] == 2:
        points = ", ".join(f"{mention(s)} {p:g}" for s, p in enumerate(view["scores"]))
        rounds = [
            f"round {n}: " + ", ".join(f"{mention(s)} {p:g}" for s, p in enumerate(scores))
            for n, scores in enumerate(view["round_scores"], start=1)
        ]
        lines.append(f"Points: {points}" + (f" ({'; '.join(rounds)})" if rounds else ""))
    lines.append(f"Off the field: {_off_field(view['removed'])}")
    return lines
