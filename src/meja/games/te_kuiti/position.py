"""Positions: the whole state as data, read back into states refusing impossible ones, and the
check that every component is accounted for.

A position begins with the envelope every game shares (num_players, phase, to_move, turn) and
its format. A cell reads "<face> <tile>[ <daisy side>]": face is down, up or gone; tile is a
tile name or "?" for a tile nobody has seen yet. Fences are listed by edge name. The tiles that
go face down at the next action are written up and listed in turning_back (T4a). As a new round
begins, ended_round holds the field the last one ended on; positions written before it was kept
leave it out. start is the first shepherd (T4b), null while a random draw of it is pending (then
shepherd is null too); positions written before it was kept leave it out, and it follows from
the round and its shepherd. A position without format is read in the shape before it: players
for num_players, no to_move, and turn counting the solo turns completed (two-player turns went
uncounted: such a position counts the turn in progress as turn 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from meja.core import position_reading as read
from meja.core.errors import InvalidPosition
from meja.core.start_player import RANDOM_START
from meja.games.te_kuiti.components import (
    ENDGAME_OPEN_TILES,
    FENCES,
    FENCES_PER_TURN,
    ROUNDS,
    SHEEP_PER_TURN,
)
from meja.games.te_kuiti.legal import pair_actions
from meja.games.te_kuiti.scoring import EndedField, cut_short, recorded_end
from meja.games.te_kuiti.tables import (
    BONUS,
    CELL_NAMES,
    COLLECTING,
    DOWN,
    FACES,
    FLIPPING,
    GONE,
    INTERIOR,
    NUM_CELLS,
    ORIENT,
    OVER,
    PAD_BIT,
    PHASE_NAMES,
    POSITION_TEXT,
    RAM_CHOICE,
    REVEAL,
    SHEPHERD_TURN,
    START,
    TILE_COUNTS,
    TILE_DAISY,
    TILE_KIND,
    TILE_NAMES,
    UP,
    count_seen,
    enclosed_by,
    list_cells,
    list_edge_names,
    read_cell_name,
    read_cell_names,
    read_cells,
    read_fences,
    seen_counts,
)

if TYPE_CHECKING:
    from meja.core.game import Game
    from meja.games.te_kuiti.game import TeKuitiGame
    from meja.games.te_kuiti.state import TeKuitiState

KEYS: Final = (
    "num_players",
    "phase",
    "turn",
    "format",
    "options",
    "round",
    "shepherd",
    "supply",
    "fences_to_place",
    "fences",
    "cells",
    "flipping",
    "revealed",
    "turning_back",
    "end_of_round",
    "last_turn",
    "fences_out",
    "round_scores",
    "result",
)
OLD_KEYS: Final = ("players", *(key for key in KEYS if key not in ("num_players", "format")))
OPTIONAL_KEYS: Final = ("ended_round", "start", "to_move")
"""Fields a position may leave out: an older position has none, which means null for
ended_round and, for start and to_move, the seat the round, its shepherd and the phase imply."""
ENDED_KEYS: Final = ("cells", "fences")
SOLO_PHASES: Final = frozenset((FLIPPING, REVEAL, ORIENT, RAM_CHOICE, OVER))
SOLO_TURNING_BACK_PHASES: Final = frozenset((FLIPPING, OVER))
DUEL_TURNING_BACK_PHASES: Final = frozenset((SHEPHERD_TURN, OVER))
"""Where a turn that turned tiles back leaves the game: the solo player's next flip or the
shepherd's turn, or the end of the game."""
DUEL_PHASES: Final = frozenset(range(len(PHASE_NAMES))) - {ORIENT}


def position(state: TeKuitiState) -> dict[str, Any]:
    """Everything, hidden identities included: a cell reads "<face> <tile>[ <side>]".

    A tile turning back still shows, so it is written face up and listed in turning_back.
    """
    present, down, tiles, sides = state.present, state.down, state.tiles, state.sides
    cells = [
        POSITION_TEXT[2 if not present & bit else 0 if down & bit else 1][tiles[c]][sides[c]]
        for c, bit in enumerate(PAD_BIT)
    ]
    for cell in state.turning_back:
        cells[cell] = POSITION_TEXT[1][tiles[cell]][sides[cell]]
    result = None
    if state.solo and state.phase == OVER:
        result = "won" if state.won else "lost"
    return {
        **state.envelope(PHASE_NAMES[state.phase], state.turn),
        "format": read.FORMAT,
        "options": dict(state.options),
        "round": state.round,
        "start": None if state.start < 0 else state.start,
        "shepherd": None if state.start < 0 else state.shepherd,
        "supply": state.supply,
        "fences_to_place": state.to_place,
        "fences": list_edge_names(state.fences),
        "cells": cells,
        "flipping": CELL_NAMES[state.pending] if state.pending >= 0 else None,
        "revealed": [CELL_NAMES[c] for c in state.revealed],
        "turning_back": [CELL_NAMES[c] for c in state.turning_back],
        "ended_round": None if state.ended is None else ended_position(state.ended),
        "end_of_round": state.endgame,
        "last_turn": state.last_turn,
        "fences_out": state.fences_out,
        "round_scores": [list(points) for points in state.round_scores],
        "result": result,
    }


def ended_position(ended: EndedField) -> dict[str, Any]:
    """Cells as positions write them, a face-down tile as "down ?"; fences by edge name."""
    cells = [
        "down ?" if face == DOWN else f"{FACES[face]} {TILE_NAMES[tile]}"
        for face, tile in zip(ended.faces, ended.tiles, strict=True)
    ]
    return {"cells": cells, "fences": list_edge_names(ended.fences)}


def gone_sheep(state: TeKuitiState) -> int:
    """The sheep that left the field: each was collected."""
    return sum(1 for c in list_cells(INTERIOR & ~state.present) if TILE_KIND[state.tiles[c]] >= 0)


def check_components(state: TeKuitiState) -> list[str]:
    """Every fence in the supply or on the field, every tile seen or in the pool, and every
    sheep off the field collected."""
    problems: list[str] = []
    if state.supply + state.fences.bit_count() != FENCES:
        problems.append(
            f"{state.supply} fences in supply + {state.fences.bit_count()} on the field != {FENCES}"
        )
    seen = seen_counts(state.tiles)
    for t, count in enumerate(TILE_COUNTS):
        if seen[t] + state.pool[t] != count:
            problems.append(f"{TILE_NAMES[t]}: {seen[t]} seen + {state.pool[t]} unseen")
    gone = gone_sheep(state)
    if gone != state.collected:
        problems.append(f"{gone} sheep left the field but {state.collected} collected")
    return problems


def _parse_cell(state: TeKuitiState, cell: int, code: tuple[int, int, int]) -> None:
    """Read one cell's (face, tile, side) into the state's masks and lists."""
    face, tile, side = code
    bit = PAD_BIT[cell]
    if face:
        state.down &= ~bit
        if face == 2:
            state.present &= ~bit
    if tile >= 0:
        state.tiles[cell] = tile
        state.unseen &= ~bit
    if side >= 0:
        if not state.solo:
            raise InvalidPosition(
                f"cells[{cell}] ({CELL_NAMES[cell]}): daisy sides matter only in the solo game"
            )
        state.sides[cell] = side


def from_position(game: TeKuitiGame, data: Mapping[str, Any]) -> TeKuitiState:
    """Rebuild a state from TeKuitiState.position() data, or raise InvalidPosition naming the
    bad field."""
    num_players, options = _read_header(game, data)
    state = game.new_state(num_players, **options)
    _read_fields(state, data)
    return state


def _read_header(game: Game, data: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """The player count and the resolved options, once every key is known to be there."""
    return read.header(game, data, "Te Kuiti", KEYS, OPTIONAL_KEYS, first_shape=OLD_KEYS)


def _read_fields(state: TeKuitiState, data: Mapping[str, Any]) -> None:
    """Fill a fresh state from a position, refusing anything no game could reach, by field."""
    solo = state.solo
    players = state.num_players

    phase_name = data["phase"]
    phase = read.choice(phase_name, "phase", PHASE_NAMES)
    if phase not in (SOLO_PHASES if solo else DUEL_PHASES):
        raise InvalidPosition(f"phase: {phase_name!r} does not occur with {players} player(s)")
    number = read.integer(data["round"], "round", 1, 1 if solo else ROUNDS)
    first, shepherd = _read_start(state, data, phase, number)
    state.start_round(number, shepherd)
    state.phase = phase
    state.start = first

    mask = read_fences(data["fences"], "fences")
    state.set_fences(mask)
    supply = read.integer(data["supply"], "supply", 0, FENCES)
    if supply != FENCES - mask.bit_count():
        raise InvalidPosition(
            f"supply: {supply} + {mask.bit_count()} fences on the field must make {FENCES}"
        )

    for cell, code in enumerate(read_cells(data["cells"], "cells")):
        _parse_cell(state, cell, code)
    seen = count_seen(state.tiles, "cells")
    state.pool = [count - seen[tile] for tile, count in enumerate(TILE_COUNTS)]
    state.collected = gone_sheep(state)

    pending = data["flipping"]
    if phase in (REVEAL, ORIENT):
        cell = read_cell_name(pending, "flipping")
        tile = state.tiles[cell]
        if not state.down & PAD_BIT[cell] or state.enclosed & PAD_BIT[cell]:
            raise InvalidPosition("flipping: the tile being flipped must be face down and open")
        if phase == REVEAL and tile >= 0:
            raise InvalidPosition("flipping: in the reveal phase the tile must be unseen ('?')")
        if phase == ORIENT and (tile < 0 or not TILE_DAISY[tile] or state.sides[cell] >= 0):
            raise InvalidPosition("flipping: in the orient phase the tile is a daisy tile, no side")
        state.pending = cell
    elif pending is not None:
        raise InvalidPosition(f"flipping: must be null in the {phase_name!r} phase")
    if solo:
        for cell, tile in enumerate(state.tiles):
            bit = PAD_BIT[cell]
            sideless = tile >= 0 and TILE_DAISY[tile] and state.sides[cell] < 0
            if sideless and state.present & bit and not (phase == ORIENT and cell == state.pending):
                raise InvalidPosition(f"cells[{cell}]: a seen solo daisy tile needs its side")

    for index, cell in enumerate(read_cell_names(data["revealed"], "revealed")):
        tile = state.tiles[cell]
        if cell in state.revealed or state.down & PAD_BIT[cell] or tile < 0 or TILE_KIND[tile] < 0:
            name = CELL_NAMES[cell]
            raise InvalidPosition(f"revealed[{index}]: {name} is not a sheep flipped this turn")
        state.revealed = [*state.revealed, cell]
    _read_turning_back(state, data["turning_back"])

    state.endgame = read.boolean(data["end_of_round"], "end_of_round")
    state.last_turn = read.boolean(data["last_turn"], "last_turn")
    state.fences_out = read.boolean(data["fences_out"], "fences_out")
    _check_flags(state, supply)
    state.to_place = read.integer(data["fences_to_place"], "fences_to_place", 0, FENCES_PER_TURN)
    if (state.to_place > 0) != (phase == SHEPHERD_TURN) or state.to_place > supply:
        raise InvalidPosition(
            f"fences_to_place: 1 to {FENCES_PER_TURN} (at most the supply) in the shepherd "
            "phase, else 0"
        )
    _check_turning_back(state)
    _read_scores(state, data)
    _check_moves(state)
    _read_ended(state, data.get("ended_round"))
    if phase == OVER:
        state.end = recorded_end(state)
    read.check_to_move(data, state, phase_name)


def _read_start(
    state: TeKuitiState, data: Mapping[str, Any], phase: int, number: int
) -> tuple[int, int]:
    """The first shepherd (-1 while drawn at random) and this round's shepherd (T4b): the
    first shepherd opens round 1 and is the sheep player in round 2."""
    choice = state.options["start_player"]
    drawn = choice == RANDOM_START and not state.solo
    given = data.get("start")
    if phase == START:
        if not drawn:
            raise InvalidPosition("phase: 'start' only when start_player='random' draws it")
        if number != 1:
            raise InvalidPosition("round: the first shepherd is drawn before round 1")
        if data["shepherd"] is not None or given is not None:
            raise InvalidPosition("shepherd: null, as is start, until the first shepherd is drawn")
        return -1, 0
    shepherd = read.integer(data["shepherd"], "shepherd", 0, state.num_players - 1)
    first = shepherd if number == 1 else 1 - shepherd
    if "start" in data and (isinstance(given, bool) or given != first):
        raise InvalidPosition(
            f"start: expected {first}, as seat {shepherd} is the shepherd in round {number}"
        )
    fixed = 0 if state.solo or drawn else int(choice)
    if not drawn and first != fixed:
        key = "start" if "start" in data else "shepherd"
        raise InvalidPosition(f"{key}: the start_player option makes seat {fixed} shepherd first")
    return first, shepherd


def _read_ended(state: TeKuitiState, value: Any) -> None:
    """The field the last round ended on: only before the new round's first move, holding
    only what lay in sight, and scoring what round_scores says it scored (T7)."""
    key = "ended_round"
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{key}: expected null or an object with {' and '.join(ENDED_KEYS)}")
    if sorted(value) != sorted(ENDED_KEYS):
        raise InvalidPosition(f"{key}: expected the keys {', '.join(ENDED_KEYS)}")
    untouched = state.unseen == INTERIOR and not state.fences
    if state.round == 1 or state.phase != SHEPHERD_TURN or not untouched:
        raise InvalidPosition(f"{key}: only as a new round begins, before its first fence")
    fences = read_fences(value["fences"], f"{key}.fences")
    faces: list[int] = []
    tiles: list[int] = []
    for cell, (face, tile, side) in enumerate(read_cells(value["cells"], f"{key}.cells")):
        where = f"{key}.cells[{cell}] ({CELL_NAMES[cell]})"
        if side >= 0:
            raise InvalidPosition(f"{where}: daisy sides matter only in the solo game")
        if face == DOWN and tile >= 0:
            raise InvalidPosition(f"{where}: a tile that lay face down shows no face: 'down ?'")
        if face == UP and TILE_KIND[tile] < 0:
            name = TILE_NAMES[tile]
            raise InvalidPosition(f"{where}: a {name} leaves the field when flipped; not up")
        faces.append(face)
        tiles.append(tile)
    count_seen(tiles, f"{key}.cells")
    enclosed = enclosed_by(fences)
    points = [0, 0]
    for cell, face in enumerate(faces):
        if face != GONE and enclosed & PAD_BIT[cell]:
            points[1 - state.shepherd] += 1
        elif face == GONE and TILE_KIND[tiles[cell]] >= 0:
            points[state.shepherd] += 1
    scored = state.round_scores[-1]
    if tuple(points) != scored:
        raise InvalidPosition(
            f"{key}: its field scores {points[0]}-{points[1]}, but round_scores"
            f"[{len(state.round_scores) - 1}] is {scored[0]}-{scored[1]}"
        )
    state.ended = EndedField(fences, enclosed, tuple(faces), tuple(tiles))


def _read_turning_back(state: TeKuitiState, names: Any) -> None:
    """The tiles just turned back: face up in cells, face down for the rules (T4a).

    Only sheep turn back, at the end of a sheep turn outside the end-of-round mode; the one
    other tile that can show is the daisy tile whose fence emptied the solo reserve at once.
    """
    key = "turning_back"
    back: list[int] = []
    for index, cell in enumerate(read_cell_names(names, key)):
        name, bit = CELL_NAMES[cell], PAD_BIT[cell]
        if cell in back or cell in state.revealed:
            raise InvalidPosition(f"{key}[{index}]: {name} is listed twice or also in revealed")
        if not state.present & bit or state.down & bit:
            raise InvalidPosition(
                f"{key}[{index}]: {name} still shows, so its cell must read 'up <tile>'"
            )
        back.append(cell)
    phases = SOLO_TURNING_BACK_PHASES if state.solo else DUEL_TURNING_BACK_PHASES
    if back and state.phase not in phases:
        next_step = "the solo player's next flip" if state.solo else "the shepherd's turn"
        raise InvalidPosition(
            f"{key}: tiles turn back only as {next_step} or the end of the game begins, "
            f"not in the {state.phase_name!r} phase"
        )
    if back and state.phase != OVER and state.revealed:
        raise InvalidPosition(f"{key}: a new turn has begun, so revealed must be empty")
    for index, cell in enumerate(back):
        if TILE_KIND[state.tiles[cell]] < 0 and not (state.solo and state.phase == OVER):
            raise InvalidPosition(
                f"{key}[{index}]: only sheep turn back; a {TILE_NAMES[state.tiles[cell]]} "
                "shows only when its daisy fence ended the solo game"
            )
        state.down |= PAD_BIT[cell]
    state.turning_back = tuple(back)
    for cell in range(NUM_CELLS):
        tile = state.tiles[cell]
        bit = PAD_BIT[cell]
        if state.present & bit and not state.down & bit and TILE_KIND[tile] < 0:
            raise InvalidPosition(
                f"cells[{cell}] ({CELL_NAMES[cell]}): a {TILE_NAMES[tile]} leaves the field "
                "when flipped; not up"
            )


def _check_turning_back(state: TeKuitiState) -> None:
    """Tiles turn back outside the end-of-round mode, and show only until the next action."""
    if not state.turning_back:
        return
    if state.endgame:
        raise InvalidPosition("turning_back: in the end-of-round mode sheep stay face up")
    if state.phase == SHEPHERD_TURN and state.to_place < min(FENCES_PER_TURN, state.supply):
        raise InvalidPosition(
            "turning_back: the shepherd has placed a fence since, so these tiles lie face down"
        )


def _check_flags(state: TeKuitiState, supply: int) -> None:
    """The end-of-round and out-of-fences flags must agree with the field."""
    if state.solo and (state.endgame or state.last_turn):
        raise InvalidPosition("end_of_round: the solo game has no end-of-round mode")
    open_tiles = (state.present & ~state.enclosed).bit_count()
    if not state.solo and not state.endgame and open_tiles <= ENDGAME_OPEN_TILES:
        raise InvalidPosition(
            f"end_of_round: must be true with {open_tiles} non-enclosed tiles "
            f"({ENDGAME_OPEN_TILES} or fewer)"
        )
    if state.last_turn and not state.endgame:
        raise InvalidPosition("last_turn: only in the end-of-round mode")
    if state.fences_out and state.immediate:
        raise InvalidPosition("fences_out: only with out_of_fences='end_of_turn'")
    if supply == 0 and state.phase != OVER and not state.fences_out:
        raise InvalidPosition("supply: with no fence left the round would be over")
    visible = state.present & ~state.down
    flipped = sum(PAD_BIT[c] for c in state.revealed) & visible
    if not state.endgame and visible != flipped:
        raise InvalidPosition("cells: outside the end-of-round mode only this turn's sheep are up")


def _read_scores(state: TeKuitiState, data: Mapping[str, Any]) -> None:
    """Finished rounds' points, the solo turn count and the solo result."""
    scores = data["round_scores"]
    finished = 0 if state.solo else state.round - 1 + (state.phase == OVER)
    if not isinstance(scores, list) or len(scores) != finished:
        raise InvalidPosition(f"round_scores: expected {finished} [seat 0, seat 1] pairs")
    for index, points in enumerate(scores):
        if (
            not isinstance(points, list)
            or len(points) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in points)
        ):
            raise InvalidPosition(f"round_scores[{index}]: expected two non-negative integers")
        state.round_scores = [*state.round_scores, (points[0], points[1])]
    _read_turn(state, data)
    result = data["result"]
    if state.solo and state.phase == OVER:
        if result not in ("won", "lost"):
            raise InvalidPosition("result: 'won' or 'lost' once the solo game is over")
        if (result == "won") != (not state.present):
            raise InvalidPosition("result: the solo game is won exactly when the field is empty")
        state.won = result == "won"
    elif result is not None:
        raise InvalidPosition("result: null until a solo game is over")


def _read_turn(state: TeKuitiState, data: Mapping[str, Any]) -> None:
    """The turns begun: from 1 (0 before the first shepherd is drawn), at most the solo limit."""
    limit = state.turn_limit if state.solo else state.game.max_game_length(state.num_players)
    if "format" in data:
        low, high = (0, 0) if state.phase == START else (1, limit)
        state.turn = read.integer(data["turn"], "turn", low, high)
        return
    played = read.integer(data["turn"], "turn", 0, limit if state.solo else 0)
    if state.solo and played == limit and state.phase != OVER:
        raise InvalidPosition(f"turn: the solo game ends after {limit} turns")
    if state.solo:
        state.turn = played + (state.phase != OVER or cut_short(state))
    else:
        state.turn = int(state.phase != START)


def _check_moves(state: TeKuitiState) -> None:
    """Every phase but the end must offer a move, as a game in progress always does."""
    phase = state.phase
    if phase == FLIPPING and not state.down & ~state.enclosed:
        raise InvalidPosition("phase: 'flip' but no face-down tile is open to flip")
    flipping = phase in (FLIPPING, REVEAL, ORIENT, RAM_CHOICE, BONUS)
    if flipping and len(state.revealed) >= SHEEP_PER_TURN:
        raise InvalidPosition(f"revealed: this turn's {SHEEP_PER_TURN} sheep already show")
    if phase == OVER and not state.solo and state.round != ROUNDS:
        raise InvalidPosition(f"round: the game ends after round {ROUNDS}")
    if phase == RAM_CHOICE and not state.fences:
        raise InvalidPosition("phase: 'ram' but there is no fence to remove")
    if phase == COLLECTING and not pair_actions(state):
        raise InvalidPosition("phase: 'collect' but no matching pair is visible")
    if phase == BONUS and not state.supply:
        raise InvalidPosition("phase: 'bonus' but the supply is empty")
    if phase == SHEPHERD_TURN and state.revealed:
        raise InvalidPosition("revealed: empty during the shepherd's turn")
    untouched = state.unseen == INTERIOR and not state.fences
    flags = state.endgame or state.last_turn or state.fences_out
    if phase == START and (not untouched or flags):
        raise InvalidPosition(
            "phase: 'start' comes before any move: every tile face down and unseen, no fence, "
            "no end-of-round or out-of-fences flag"
        )
