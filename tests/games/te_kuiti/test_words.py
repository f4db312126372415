"""The move log of Te Kuiti in words, as each seat and the spectator read it.

Every viewer sees the same board, so is told the same sentence, worded for them: the lobby's
names for the others, "You" for the viewer's own seat. A sentence names the cells and fences a
move touched as the board labels them, and never the face of a tile that stays on the field
(T4a): only tiles that leave it for good (a collected pair, a ram, a shepherd tile) are named.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.core.told import say
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.components import SHEEP_KINDS
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_INDEX, EDGE_NAMES, PAD_BIT, TILE_NAMES
from meja.games.te_kuiti.words import outcome

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Around = Callable[..., list[str]]
GoneExcept = Callable[..., dict[str, str]]

NAMES = ["Player 1", "Bot 2"]
KINDS = [kind.capitalize() for kind in SHEEP_KINDS]


def heard(state: TeKuitiState, move: str) -> tuple[str, str, str]:
    """move's sentence as seat 0, seat 1 and the spectator read it."""
    player = state.current_player()
    action = state.str_to_action(move, player)
    return tuple(  # type: ignore[return-value]
        say(state.told(player, action, viewer).text, viewer, NAMES) for viewer in (0, 1, None)
    )


def test_the_shepherds_first_fence_waits_for_the_second_which_says_both(
    build: Build, play: Play
) -> None:
    """Rulebook: the shepherd places 2 fences a turn; the log says the turn once, at its end."""
    state = build(phase="shepherd")
    assert heard(state, "fence c3n") == ("", "", "")
    play(state, "fence c3n")
    assert heard(state, "fence a1w") == (
        "You put up two fences: between c2 and c3, and left of a1.",
        "Player 1 put up two fences: between c2 and c3, and left of a1.",
        "Player 1 put up two fences: between c2 and c3, and left of a1.",
    )


def test_the_last_fence_in_the_supply_ends_round_1_and_swaps_the_roles_T2(
    build: Build, row_fences: list[str]
) -> None:
    """T2: the round ends at once; the sheep player becomes the shepherd for round 2."""
    state = build(phase="shepherd", fences=row_fences)
    said = "put up a fence above c1, the last in the supply; round 1 was over and"
    assert heard(state, "fence c1n") == (
        f"You {said} Bot 2 became the shepherd.",
        f"Player 1 {said} you became the shepherd.",
        f"Player 1 {said} Bot 2 became the shepherd.",
    )


def test_the_shepherds_last_turn_ends_the_game_in_round_2_T4(build: Build, play: Play) -> None:
    """T4: once the field is revealed the shepherd has one more turn, then the round ends."""
    state = build(
        round=2,
        shepherd=1,
        round_scores=[[4, 6]],
        phase="shepherd",
        end_of_round=True,
        last_turn=True,
        cells={"d5": "gone angry", "e5": "gone angry_daisy"},
    )
    play(state, "fence a1n")
    assert heard(state, "fence c3n")[0] == (
        "Bot 2 put up two fences: above a1, and between c2 and c3 in the round's last turn; "
        "round 2 and the game were over."
    )


def test_a_shepherd_tiles_extra_fence_is_the_shepherds_move(build: Build, play: Play) -> None:
    """Rulebook: a shepherd tile leaves and the shepherd places 1 extra fence at once."""
    state = play(build(), "flip a1")
    assert heard(state, "shepherd") == ("", "", "")
    play(state, "shepherd")
    assert heard(state, "fence b3n") == (
        "You put up the shepherd tile's extra fence between b2 and b3.",
        "Player 1 put up the shepherd tile's extra fence between b2 and b3.",
        "Player 1 put up the shepherd tile's extra fence between b2 and b3.",
    )


def test_a_ram_lets_the_sheep_player_take_down_a_fence_T3(build: Build, play: Play) -> None:
    """Rulebook: a ram leaves, and the sheep player removes any one fence; the flip said the
    cell, the removal says the ram."""
    state = build(fences=["c3n", "e5s"], cells={"a1": "down ram"})
    assert heard(state, "flip a1") == (
        "Bot 2 turned over a1.",
        "You turned over a1.",
        "Bot 2 turned over a1.",
    )
    play(state, "flip a1")
    assert heard(state, "remove e5s") == (
        "Bot 2 took down the fence below e5 for the ram.",
        "You took down the fence below e5 for the ram.",
        "Bot 2 took down the fence below e5 for the ram.",
    )


def test_a_ram_with_no_fence_to_take_is_told_by_the_chance_step_T3(
    build: Build, play: Play
) -> None:
    """T3: with no fence on the field the ram does nothing, which the log says."""
    state = play(build(), "flip d4")
    said = "The ram on d4 left the field with no fence to take down."
    assert heard(state, "ram") == (said, said, said)


def test_a_sheep_that_stays_on_the_field_is_never_named_T4a(build: Build, play: Play) -> None:
    """T4a: a first sheep, and a second that does not match, are told by nothing at all: the
    board shows their faces, the log keeps none of them for after they turn back."""
    first = play(build(), "flip b2")
    for kind in TILE_NAMES[:10]:
        assert heard(first, kind) == ("", "", "")
    second = play(build(cells={"a1": "up joyful"}, revealed=["a1"]), "flip b2")
    assert heard(second, "sleepy") == ("", "", "")
    assert heard(second, "dreamy_daisy") == ("", "", "")


def test_a_matching_second_sheep_collects_the_pair_by_its_printed_name(
    build: Build, play: Play
) -> None:
    """Rulebook: two matching sheep are taken; they leave the field, so their kind is said."""
    state = play(build(cells={"a1": "up joyful"}, revealed=["a1"]), "flip b2")
    assert heard(state, "joyful_daisy") == (
        "Bot 2 collected a pair of Joyful sheep from a1 and b2.",
        "You collected a pair of Joyful sheep from a1 and b2.",
        "Bot 2 collected a pair of Joyful sheep from a1 and b2.",
    )


def test_a_sheep_seen_before_matches_in_the_flips_own_sentence(build: Build) -> None:
    """T4a: a tile turned up again shows at once, with no chance step to tell the pair."""
    state = build(cells={"a1": "up timid", "c4": "down timid_daisy"}, revealed=["a1"])
    assert (
        heard(state, "flip c4")[1]
        == "You turned over c4 and collected a pair of Timid sheep with a1."
    )
    mismatch = build(cells={"a1": "up timid", "c4": "down angry"}, revealed=["a1"])
    assert heard(mismatch, "flip c4")[0] == "Bot 2 turned over c4."


def test_a_matching_pair_with_an_enclosed_tile_is_not_said_to_be_collected_T1(
    build: Build, around: Around
) -> None:
    """T1: a pair is taken only if neither tile is enclosed when the second shows."""
    state = build(
        fences=around("a1"), cells={"a1": "up timid", "c4": "down timid_daisy"}, revealed=["a1"]
    )
    assert heard(state, "flip c4")[1] == "You turned over c4."


def test_end_of_round_mode_collects_by_name_and_ends_the_turn_T4(
    build: Build, around: Around
) -> None:
    """T4: the face-up pair is in sight when collected; the sheep player then ends the turn."""
    state = build(
        phase="collect",
        fences=around(*[f"{c}{r}" for r in "1234" for c in "abcde"]),
        end_of_round=True,
        cells={"a5": "up sleepy", "b5": "up sleepy_daisy", "c5": "up angry", "d5": "up angry"},
    )
    assert heard(state, "collect a5 b5") == (
        "Bot 2 collected a pair of Sleepy sheep from a5 and b5.",
        "You collected a pair of Sleepy sheep from a5 and b5.",
        "Bot 2 collected a pair of Sleepy sheep from a5 and b5.",
    )
    assert heard(state, "end turn") == (
        "Bot 2 ended the turn.",
        "You ended the turn.",
        "Bot 2 ended the turn.",
    )


def test_the_draw_of_the_first_shepherd_names_the_seat_T4b() -> None:
    """T4b: a random first shepherd is drawn before any move, in the open."""
    state = GAME.new_state(2, start_player="random")
    assert heard(state, "start seat 1") == (
        "The draw made Bot 2 the first shepherd.",
        "The draw made you the first shepherd.",
        "The draw made Bot 2 the first shepherd.",
    )


def _solo_heard(state: TeKuitiState, move: str) -> tuple[str, str]:
    """move's sentence as the solo player and a spectator read it."""
    player = state.current_player()
    action = state.str_to_action(move, player)
    return tuple(  # type: ignore[return-value]
        say(state.told(player, action, viewer).text, viewer, ["Player 1"]) for viewer in (0, None)
    )


def test_a_solo_daisy_puts_up_its_fence_whichever_side_it_faces_T9(
    build: Build, play: Play
) -> None:
    """T9: the daisy's side is drawn when first turned up; the log says its fence, not the side."""
    state = play(build(players=1), "flip c3", "sleepy_daisy")
    said = ("The daisy on c3 put up a fence.",) * 2
    for side in ("daisy north", "daisy east", "daisy south", "daisy west"):
        assert _solo_heard(state, side) == said
    known = build(players=1, cells={"c3": "down sleepy_daisy south"})
    assert _solo_heard(known, "flip c3") == (
        "You turned over c3, and its daisy put up a fence.",
        "Player 1 turned over c3, and its daisy put up a fence.",
    )


def test_a_solo_daisy_whose_fence_completes_a_pair_says_both_T9(build: Build, play: Play) -> None:
    """T9: a daisy's fence goes up first, then the two sheep are compared."""
    state = play(build(players=1, cells={"a1": "up dreamy"}, revealed=["a1"]), "flip e5")
    play(state, "dreamy_daisy")
    assert _solo_heard(state, "daisy north")[0] == (
        "The daisy on e5 put up a fence, and you collected a pair of Dreamy sheep from a1 and e5."
    )


def test_a_solo_shepherd_tile_places_its_fence_and_leaves_T9(build: Build, play: Play) -> None:
    """T9: a shepherd tile places a fence by its daisy, then leaves the field."""
    state = play(build(players=1), "flip b4", "shepherd")
    assert _solo_heard(state, "daisy west")[1] == (
        "The shepherd tile on b4 put up a fence by its daisy and left the field."
    )


def test_the_last_fence_of_the_solo_reserve_is_said_T9(build: Build, row_fences: list[str]) -> None:
    """T9: the reserve reaching 0 while tiles remain loses the game at once."""
    state = build(players=1, fences=row_fences, cells={"a1": "down joyful_daisy north"})
    assert _solo_heard(state, "flip a1")[0] == (
        "You turned over a1, and its daisy put up the last fence in the reserve."
    )


@pytest.mark.parametrize("players", [1, 2])
def test_every_completed_move_is_one_sentence_for_every_viewer(players: int) -> None:
    """Over whole seeded games: a move is a whole shepherd turn (its fences), or any other one
    decision (a flip, a ram's removal, an extra fence, a pair, the end of a turn). Each is said
    in exactly one sentence, at its last step, and alike to every viewer."""
    viewers = (*range(players), None)
    moves = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_state(players)
        while not state.is_terminal():
            player, action = random_step(state, rng)
            texts = [state.told(player, action, viewer).text for viewer in viewers]
            assert len(set(texts)) == 1, (seed, texts)
            turn = (state.phase_name, state.turn)
            state.apply(action, player)
            if player == CHANCE:
                continue
            goes_on = turn[0] == "shepherd" and (state.phase_name, state.turn) == turn
            assert bool(texts[0]) != goes_on, f"seed {seed}: {texts[0]!r}"
            moves += not goes_on
    assert moves > 1000


def test_a_tie_is_said_to_be_a_draw_T8(build: Build, play: Play) -> None:
    """T8: the rulebook says play again; the engine reports a draw."""
    state = build(
        round=2,
        shepherd=1,
        round_scores=[[4, 6]],
        phase="shepherd",
        end_of_round=True,
        last_turn=True,
        cells={"d5": "gone angry", "e5": "gone angry_daisy"},
    )
    play(state, "fence a1n", "fence c3n")
    assert say(outcome(state).lines[-1], None, NAMES) == (
        "Player 1 and Bot 2 tied on 6 points, a draw; the rulebook says to play again."
    )


def test_the_solo_outcome_says_a_cleared_field(
    build: Build, play: Play, gone_except: GoneExcept
) -> None:
    cells = gone_except({"a1": "down joyful", "b1": "down joyful"})
    state = play(build(players=1, cells=cells), "flip a1", "flip b1")
    result = outcome(state)
    assert (result.unit, result.lines) == ("tiles off the field", ("{0} cleared the whole field.",))


def test_a_lost_solo_game_says_why_T9(
    build: Build, play: Play, row_fences: list[str], around: Around, gone_except: GoneExcept
) -> None:
    """T9: lost when the reserve runs out while tiles remain, or every tile left is enclosed;
    the engine's turn limit also ends it."""
    fences_out = play(
        build(players=1, fences=row_fences, cells={"a1": "down joyful_daisy north"}), "flip a1"
    )
    assert say(outcome(fences_out).lines[0], 0, ["Player 1"]) == (
        "You lost: the reserve ran out of fences with 25 tiles still on the field."
    )
    cells = gone_except({"a1": "down joyful", "b1": "down joyful", "c3": "down shepherd west"})
    enclosed = play(build(players=1, cells=cells, fences=around("c3")), "flip a1", "flip b1")
    assert outcome(enclosed).lines == ("{0} lost: every tile left on the field was fenced in.",)
    limited = play(build(players=1, options={"solo_turn_limit": 1}), "flip a1", "joyful")
    play(limited, "flip b1", "sleepy")
    assert outcome(limited).lines == ("{0} lost: the game reached its limit of 1 turn.",)


def test_a_sole_fence_after_a_shepherd_tiles_extra_fence_is_said_alone_T6(
    build: Build, play: Play, gone_except: GoneExcept
) -> None:
    """T6: with one fence left the shepherd's turn is that fence alone, even when the extra
    fence of a shepherd tile, which ended the sheep turn, came just before it."""
    before = ["angry", "angry_daisy", "dreamy", "dreamy_daisy", "joyful", "joyful_daisy"]
    named = [f"gone {kind}" for kind in before for _ in range(2)] + ["gone ram"] * 3
    cells = gone_except(
        {
            "a1": "down ?",
            **dict(zip([f"{c}{r}" for r in "2345" for c in "abcde"], named, strict=False)),
        }
    )
    fences = [edge for edge in EDGE_NAMES if edge not in ("a1n", "a1w")][:28]
    state = play(build(fences=fences, cells=cells, end_of_round=True), "flip a1", "shepherd")
    play(state, "fence a1n")
    assert heard(state, "fence a1w")[0] == (
        "You put up a fence left of a1, the last in the supply; "
        "round 1 was over and Bot 2 became the shepherd."
    )


def test_a_solo_shepherd_tile_whose_fence_empties_the_reserve_stays_said_so_T9(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T9: the last fence from the reserve loses the game at once, before the tile leaves."""
    state = play(build(players=1, fences=row_fences), "flip a1", "shepherd")
    assert _solo_heard(state, "daisy south")[0] == (
        "The daisy on a1 put up the last fence in the reserve."
    )
    play(state, "daisy south")
    assert state.is_terminal() and state.present & PAD_BIT[CELL_INDEX["a1"]], "a1 stays"


def test_an_extra_fence_that_empties_the_supply_says_when_the_round_ends_T2(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T2: at once by default; with out_of_fences="end_of_turn", at the end of this turn."""
    said = "You put up the shepherd tile's extra fence above c1, the last in the supply"
    at_once = play(build(fences=row_fences), "flip a1", "shepherd")
    assert heard(at_once, "fence c1n")[0] == (
        f"{said}; round 1 was over and Bot 2 became the shepherd."
    )
    later = build(fences=row_fences, options={"out_of_fences": "end_of_turn"})
    play(later, "flip a1", "shepherd")
    assert heard(later, "fence c1n")[0] == f"{said}, so the round would end with this turn."
