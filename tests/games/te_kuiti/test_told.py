"""What each seat and the spectator is told of a Te Kuiti step (State.told).

Moves are public: every viewer is told each fence, removal, flip, collection and end of turn,
with the fence or cells it touched in its record. A chance step that turns up a tile (or orients
a solo daisy) is told by its cell alone, never by the face of a tile that stays on the field:
the face is seen on the board while it lies face up (T4a), and the written log must not become a
memory aid for tiles that have gone back face down. (The sentences are tests/.../test_words.py's.)
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

from meja.core import CHANCE
from meja.core.game import random_step
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.actions import FLIP
from meja.games.te_kuiti.components import SHEEP_KINDS, SIDES
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import (
    NUM_CELLS,
    PAD_BIT,
    RAM_TYPES,
    SHEPHERD_TYPES,
    TILE_NAMES,
)

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Around = Callable[..., list[str]]

VIEWERS = (0, 1, None)
FACE_WORDS = re.compile(rf"\b({'|'.join((*SHEEP_KINDS, *SIDES, 'ram', 'shepherd'))})\b", re.I)
"""Every word that would name a tile's face or a daisy's side."""
LEAVING = RAM_TYPES | SHEPHERD_TYPES
"""Tiles that leave the field as soon as they turn up."""


def _told_alike(state: TeKuitiState, viewers: tuple[int | None, ...]) -> None:
    """Every outcome of the pending chance step that leaves its tile on the field is told
    alike, naming no face, as revealing."""
    staying = [
        a for a, _ in state.chance_outcomes() if state.phase_name != "reveal" or a not in LEAVING
    ]
    for viewer in viewers:
        told = [state.told(CHANCE, outcome, viewer) for outcome in staying]
        assert len({(t.text, json.dumps(dict(t.record), sort_keys=True)) for t in told}) == 1
        assert all(t.reveals and t.action is None for t in told)
        words = json.dumps([t.to_dict() for t in told])
        assert not FACE_WORDS.search(words), words


def test_a_turned_tile_is_told_by_its_cell_never_its_face_T4a(build: Build, play: Play) -> None:
    """T4a: both players see the face on the board; the log names only the cell turned up."""
    state = play(build(), "flip a1")
    _told_alike(state, VIEWERS)
    told = state.told(CHANCE, TILE_NAMES.index("joyful"), 0)
    assert (told.text, dict(told.record)) == ("", {"action": None, "cell": "a1"})


def test_a_solo_daisy_and_its_side_are_told_by_the_cell_alone_T9(build: Build, play: Play) -> None:
    """T9: which daisy tile turned up, and the side its daisy faces, show on the board only."""
    state = play(build(players=1), "flip c3")
    _told_alike(state, (0, None))
    play(state, "joyful_daisy")
    assert state.phase_name == "orient"
    _told_alike(state, (0, None))
    told = state.told(CHANCE, 0, None)
    assert (told.text, dict(told.record)) == (
        "The daisy on c3 put up a fence.",
        {"action": None, "cell": "c3"},
    )


def test_no_step_of_a_game_names_the_face_of_a_tile_left_on_the_field_T4a() -> None:
    """T4a: over whole seeded games, no viewer is told the face or daisy side of a tile turned
    up (by chance or by a flip) that is still on the field after the step."""
    checked = 0
    for players in (1, 2):
        rng = random.Random(players)
        state = GAME.new_state(players)
        while not state.is_terminal():
            seat, action = random_step(state, rng)
            cell = state.pending if seat == CHANCE else action - FLIP
            words = [json.dumps(state.told(seat, action, v).to_dict()) for v in (0, None)]
            after = state.clone()
            after.apply(action, seat)
            if (
                0 <= cell < NUM_CELLS
                and after.round == state.round
                and after.present & PAD_BIT[cell]
            ):
                checked += 1
                assert not [w for w in words if FACE_WORDS.search(w)], words
            state = after
    assert checked > 100


def test_every_move_is_told_alike_with_what_it_touched(
    build: Build, play: Play, around: Around
) -> None:
    """Fences, a ram's removal, flips, collections and the end of a turn are all public."""
    shepherd = build(phase="shepherd")
    ram = play(build(fences=["c3n"], cells={"a1": "down ram"}), "flip a1")
    endgame = play(
        build(
            fences=around(*[f"{c}{r}" for r in "1234" for c in "abcde"]),
            end_of_round=True,
            cells={"a5": "up sleepy", "b5": "down sleepy_daisy", "c5": "down angry"},
        ),
        "flip b5",
        "flip c5",
    )
    moves = [
        (shepherd, "fence c3n", {"fence": "c3n"}),
        (ram, "remove c3n", {"fence": "c3n"}),
        (build(), "flip b2", {"cell": "b2"}),
        (endgame, "collect a5 b5", {"cells": ["a5", "b5"]}),
        (endgame, "end turn", {}),
    ]
    for state, name, facts in moves:
        player = state.current_player()
        action = state.str_to_action(name, player)
        told = [state.told(player, action, viewer) for viewer in VIEWERS]
        assert len({t.text for t in told}) == 1, name
        for one in told:
            assert dict(one.record) == {"action": action, "round": 1, **facts}, name


def test_flipping_a_tile_seen_before_shows_its_face_to_everyone_T4a(build: Build) -> None:
    """T4a: a tile turned up again shows at once (no chance step), so the flip reveals it."""
    state = build(cells={"a1": "down joyful"})
    seen = state.str_to_action("flip a1", 1)
    unseen = state.str_to_action("flip b1", 1)
    for viewer in VIEWERS:
        assert state.told(1, seen, viewer).reveals
        assert not state.told(1, unseen, viewer).reveals


def test_two_fences_that_end_round_1_leave_every_viewer_different_views_T2(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T2: the last fence of round 1 is seen at the table, so views after it tell it apart."""
    state = build(phase="shepherd", fences=row_fences)
    first = play(state.clone(), "fence c1n")
    second = play(state.clone(), "fence d1n")
    assert first.round == second.round == 2
    for viewer in VIEWERS:
        assert first.view(viewer) != second.view(viewer)
