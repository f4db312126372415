"""Ending a round: the end-of-round mode (T4, T5), running out of fences (T2), scoring (T7),
the role swap, the second round and the totals (T8)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from meja.core import TERMINAL, GameRecord, IllegalAction
from meja.core.episode import play_random
from meja.core.game import random_step
from meja.core.told import say
from meja.games.te_kuiti import GAME
from meja.games.te_kuiti.actions import FLIP, PAIR_ACTION
from meja.games.te_kuiti.components import FENCES
from meja.games.te_kuiti.state import TeKuitiState
from meja.games.te_kuiti.tables import CELL_INDEX, CELL_NAMES, NUM_CELLS
from meja.games.te_kuiti.words import outcome

Build = Callable[..., TeKuitiState]
Play = Callable[..., TeKuitiState]
Around = Callable[..., list[str]]
Shown = Callable[..., list[str]]

UPPER_FIELD = [name for name in CELL_NAMES[:20] if name != "e4"]
"""Rows 1-4 but e4: enclosing them leaves six open tiles, e4 and row 5."""


@pytest.fixture
def six_open(build: Build, around: Around) -> TeKuitiState:
    """Six open tiles, all seen: a5 and b5 match, the others are four different sheep."""
    return build(
        fences=around(*UPPER_FIELD),
        cells={
            "a5": "down joyful",
            "b5": "down joyful_daisy",
            "c5": "down sleepy",
            "d5": "down timid",
            "e5": "down angry",
            "e4": "down dreamy",
        },
    )


def test_end_of_round_mode_begins_with_five_or_fewer_open_tiles(
    six_open: TeKuitiState, play: Play
) -> None:
    """T4: six open tiles is a normal round; collecting a pair leaves four."""
    assert not six_open.view(0)["end_of_round"]
    play(six_open, "flip a5", "flip b5")
    assert six_open.view(0)["end_of_round"]
    assert six_open.phase_name == "shepherd"


def test_end_of_round_mode_leaves_revealed_sheep_face_up(
    six_open: TeKuitiState, play: Play, cells_of: Shown
) -> None:
    """T4: the sheep are not turned back at the end of the turn."""
    play(six_open, "flip a5", "flip b5", "fence b2n", "fence c2n", "flip c5", "flip d5")
    assert cells_of(six_open, ["c5", "d5"]) == ["sleepy", "timid"]
    assert six_open.phase_name == "shepherd"
    assert not six_open.view(0)["last_turn"]


def test_the_shepherd_gets_one_last_turn_once_every_open_tile_is_revealed(
    six_open: TeKuitiState, play: Play
) -> None:
    """T4: after the last face-down open tile shows, one more shepherd turn ends the round."""
    play(six_open, "flip a5", "flip b5", "fence b2n", "fence c2n", "flip c5", "flip d5")
    play(six_open, "fence b3n", "fence c3n", "flip e5", "flip e4")
    assert six_open.view(0)["last_turn"]
    assert six_open.current_player() == 0
    play(six_open, "fence d2n")
    assert six_open.round == 1
    play(six_open, "fence d3n")
    assert six_open.round == 2
    assert six_open.round_scores == [(19, 2)]


def test_visible_unmatched_sheep_score_nothing(six_open: TeKuitiState, play: Play) -> None:
    """T4: c5, d5, e5 and e4 end the round face up and unmatched: no one scores them."""
    play(six_open, "flip a5", "flip b5", "fence b2n", "fence c2n", "flip c5", "flip d5")
    play(six_open, "fence b3n", "fence c3n", "flip e5", "flip e4", "fence d2n", "fence d3n")
    assert six_open.scores() == [19.0, 2.0]


def test_end_of_round_mode_lasts_the_round_even_if_a_ram_reopens_the_field_T4(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """T4: a ram opens the enclosure of 19 tiles, yet revealed sheep still stay face up."""
    state = build(
        fences=around(*UPPER_FIELD),
        end_of_round=True,
        cells={"a5": "gone joyful", "b5": "gone joyful_daisy"},
    )
    play(state, "flip c5", "ram", "remove a5n")
    assert len(state.view(0)["enclosed"]) == 0
    assert state.view(0)["end_of_round"]
    play(state, "flip a4", "timid", "flip b4", "sleepy")
    assert state.phase_name == "shepherd"
    assert state.view(None)["turning_back"] == []
    play(state, "fence b2n")
    assert cells_of(state, ["a4", "b4"], None) == ["timid", "sleepy"]
    assert state.view(0)["end_of_round"]
    assert not state.view(0)["last_turn"]


def test_end_of_round_mode_counts_face_up_open_tiles_as_well_as_face_down_ones_T4(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """T4: with a5 face up and five tiles face down, six open tiles remain: no end-of-round
    mode, so the two unmatched sheep turn back."""
    state = build(
        fences=around(*[name for name in UPPER_FIELD if name != "e3"]),
        cells={"a5": "down joyful", "c5": "down sleepy"},
    )
    play(state, "flip a5", "flip b5", "shepherd")
    assert cells_of(state, ["a5", "b5"]) == ["joyful", "gone"]
    assert not state.view(0)["end_of_round"]
    play(state, "fence b2n")
    assert not state.view(0)["end_of_round"]
    play(state, "flip c5")
    assert state.view(None)["turning_back"] == ["a5", "c5"]
    assert not state.view(0)["end_of_round"]
    play(state, "fence c2n")
    assert cells_of(state, ["a5", "c5"]) == ["down", "down"]


def test_a_face_up_pair_shut_in_by_a_fence_cannot_be_collected_in_end_of_round_mode_T4(
    build: Build, play: Play, around: Around, cells_of: Shown
) -> None:
    """The rulebook's "even if they were already flipped up" (T1, T4): a shepherd tile's fence
    closes c5 and d5 in, so their face-up pair is no longer offered and scores for the shepherd."""
    state = build(
        fences=[*around(*UPPER_FIELD), "c5w", "c5s", "d5s"],
        end_of_round=True,
        cells={
            "a5": "down joyful",
            "b5": "gone ram",
            "c5": "up sleepy",
            "d5": "up sleepy_daisy",
            "e4": "down dreamy",
        },
    )
    collect = state.str_to_action("collect c5 d5")
    assert collect in state.legal_actions()
    play(state, "flip e5", "shepherd", "fence e5w")
    assert state.view(0)["enclosed"][-2:] == ["c5", "d5"]
    assert cells_of(state, ["c5", "d5"]) == ["sleepy", "sleepy_daisy"]
    assert collect not in state.legal_actions()
    with pytest.raises(IllegalAction, match="not two face-up, non-enclosed, matching sheep"):
        state.str_to_action("collect c5 d5")
    play(state, "flip a5", "flip e4")
    assert state.phase_name == "shepherd"
    assert state.view(0)["last_turn"]
    play(state, "fence b2n", "fence c2n")
    assert state.round_scores == [(21, 0)]


@pytest.fixture
def endgame(build: Build, around: Around) -> TeKuitiState:
    """End-of-round mode: a sleepy sheep is face up on c5, its partner lies face down on d5."""
    return build(
        fences=around(*UPPER_FIELD),
        end_of_round=True,
        cells={
            "a5": "gone joyful",
            "b5": "gone joyful_daisy",
            "c5": "up sleepy",
            "d5": "down sleepy_daisy",
            "e5": "down angry",
            "e4": "down dreamy",
        },
    )


def test_end_of_round_mode_collects_visible_matching_pairs(
    endgame: TeKuitiState, play: Play, cells_of: Shown
) -> None:
    """T4: after the flips the sheep player picks the pairs to collect."""
    play(endgame, "flip d5")
    assert PAIR_ACTION[(CELL_INDEX["c5"], CELL_INDEX["d5"])] in endgame.legal_actions()
    play(endgame, "flip e5")
    assert endgame.phase_name == "collect"
    names = [endgame.action_to_str(a) for a in endgame.legal_actions()]
    assert names == ["collect c5 d5", "end turn"]
    play(endgame, "collect d5 c5")
    assert cells_of(endgame, ["c5", "d5", "e5"]) == ["gone", "gone", "angry"]
    assert endgame.scores() == [0.0, 4.0]
    assert endgame.phase_name == "shepherd"


def test_the_sheep_player_may_leave_a_visible_pair(
    endgame: TeKuitiState, play: Play, cells_of: Shown
) -> None:
    play(endgame, "flip d5", "flip e5", "end turn")
    assert cells_of(endgame, ["c5", "d5"]) == ["sleepy", "sleepy_daisy"]
    assert endgame.scores() == [0.0, 2.0]


def test_a_pair_left_visible_can_be_collected_before_flipping(
    endgame: TeKuitiState, play: Play
) -> None:
    play(endgame, "flip d5", "flip e5", "end turn", "fence b2n", "fence c2n")
    assert endgame.action_to_str(endgame.legal_actions()[-1]) == "collect c5 d5"
    play(endgame, "collect c5 d5")
    assert endgame.phase_name == "flip"
    assert endgame.legal_actions() == [FLIP + CELL_INDEX["e4"]]


def test_pairs_are_chosen_only_in_the_end_of_round_mode(build: Build, play: Play) -> None:
    state = play(build(), "flip a1", "joyful")
    with pytest.raises(IllegalAction, match="only in the end-of-round mode"):
        state.str_to_action("collect a1 b1")
    with pytest.raises(IllegalAction, match="keep flipping"):
        state.str_to_action("end turn")


def test_fewer_than_two_flippable_tiles_end_the_turn(endgame: TeKuitiState, play: Play) -> None:
    """T5: with one face-down open tile left, the sheep player flips it and the turn ends."""
    play(endgame, "flip d5", "flip e5", "collect c5 d5", "fence b2n", "fence c2n", "flip e4")
    assert endgame.phase_name == "shepherd"
    assert endgame.view(0)["last_turn"]


def test_the_round_ends_at_once_when_the_last_fence_is_placed(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T2: the shepherd's last fence ends the round before the sheep player moves again."""
    state = build(phase="shepherd", fences=row_fences)
    assert state.view(0)["fences_to_place"] == 1
    play(state, "fence c1n")
    assert state.round == 2
    assert state.round_scores == [(15, 0)]


def test_the_shepherd_places_fewer_fences_when_the_supply_runs_short(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T6: one fence left, so the next shepherd turn places only that one."""
    state = play(build(fences=row_fences), "flip a1", "joyful", "flip b1", "sleepy")
    assert state.phase_name == "shepherd"
    assert state.view(0)["fences_to_place"] == 1


def test_a_bonus_fence_that_empties_the_supply_ends_the_round_mid_turn(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """T2: the bonus fence counts too; the face-up joyful sheep on a1 is never matched."""
    cells = {"a1": "down joyful", "b1": "down shepherd", "a5": "down joyful_daisy"}
    state = play(build(fences=row_fences, cells=cells), "flip a1", "flip b1", "fence c1n")
    assert state.round_scores == [(15, 0)]
    assert state.round == 2
    assert state.view(0)["cells"] == ["down"] * NUM_CELLS


def test_out_of_fences_at_end_of_turn_lets_the_sheep_player_finish(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """The out_of_fences option: the round ends only when the current turn does."""
    cells = {"a1": "down joyful", "b1": "down shepherd", "a5": "down joyful_daisy"}
    state = build(fences=row_fences, cells=cells, options={"out_of_fences": "end_of_turn"})
    play(state, "flip a1", "flip b1", "fence c1n")
    assert state.round == 1
    assert state.view(1)["fences_out"]
    play(state, "flip a5")
    assert state.round_scores == [(15, 2)]
    assert state.round == 2


@pytest.fixture
def last_turn(build: Build, around: Around) -> TeKuitiState:
    """The shepherd's last turn: a1 and c1 are enclosed with an empty b1, two sheep collected."""
    return build(
        phase="shepherd",
        end_of_round=True,
        last_turn=True,
        fences=around("a1", "b1", "c1"),
        cells={
            "a1": "down joyful",
            "b1": "gone ram",
            "c1": "down timid",
            "c5": "up sleepy",
            "d5": "gone angry",
            "e5": "gone angry_daisy",
        },
    )


def test_round_scoring_tiles_enclosed_for_the_shepherd_sheep_for_the_sheep_player(
    last_turn: TeKuitiState, play: Play
) -> None:
    """T7: 1 per enclosed tile whatever it is (the empty b1 counts nothing), 1 per sheep."""
    assert last_turn.scores() == [0.0, 2.0]
    play(last_turn, "fence e3n", "fence e4n")
    assert last_turn.round_scores == [(2, 2)]
    assert last_turn.scores() == [2.0, 2.0]


def test_roles_swap_and_the_shepherd_opens_the_second_round(
    last_turn: TeKuitiState, play: Play
) -> None:
    """T7: seat 1 is the shepherd in round 2, on a freshly shuffled field with every fence."""
    play(last_turn, "fence e3n", "fence e4n")
    view = last_turn.view(0)
    assert (view["round"], view["shepherd"], view["sheep"]) == (2, 1, 0)
    assert last_turn.current_player() == 1
    assert view["cells"] == ["down"] * NUM_CELLS
    assert last_turn.position()["cells"] == ["down ?"] * NUM_CELLS
    assert (view["fences"], view["supply"]) == ([], FENCES)


def test_the_totals_of_both_rounds_decide_the_winner(
    build: Build, play: Play, around: Around
) -> None:
    """T7, T8: the totals of both rounds decide; the outcome says each round as shepherd and
    sheep, then the winner."""
    state = build(
        round=2,
        shepherd=1,
        round_scores=[[5, 3]],
        phase="shepherd",
        end_of_round=True,
        last_turn=True,
        fences=around("a1", "b1"),
        cells={"d5": "gone angry", "e5": "gone angry_daisy"},
    )
    play(state, "fence e1n", "fence c3n")
    assert state.current_player() == TERMINAL
    assert state.round_scores == [(5, 3), (2, 2)]
    assert state.scores() == [7.0, 5.0]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    result = outcome(state)
    assert result.unit == "points"
    names = ["Player 1", "Bot 2"]
    assert [say(line, 0, names) for line in result.lines] == [
        "Round 1: you enclosed 5 tiles and Bot 2 collected 3 sheep.",
        "Round 2: Bot 2 enclosed 2 tiles and you collected 2 sheep.",
        "You won with 7 points to 5.",
    ]
    assert say(result.lines[-1], 1, names) == "Player 1 won with 7 points to 5."


def test_a_tie_after_two_rounds_is_a_draw(build: Build, play: Play) -> None:
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
    assert state.scores() == [6.0, 6.0]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_a_whole_game_replays_from_its_history() -> None:
    state = play_random(GAME.new_state(2), random.Random(7))
    replayed = GameRecord.from_state(state).replay(game=GAME)
    assert replayed == state
    assert isinstance(replayed, TeKuitiState)
    assert len(replayed.round_scores) == 2


def test_a_round_out_of_fences_ends_with_the_turn_even_if_rams_return_some(
    build: Build, play: Play, row_fences: list[str]
) -> None:
    """The out_of_fences option: once the supply was empty, refilling it does not save the round."""
    cells = {
        "a1": "down shepherd",
        "b1": "down ram",
        "c1": "down ram",
        "d1": "down shepherd",
        "a5": "down joyful",
        "b5": "down sleepy",
    }
    state = build(fences=row_fences, cells=cells, options={"out_of_fences": "end_of_turn"})
    play(state, "flip a1", "fence c1n", "flip b1", "remove a2n", "flip c1", "remove b2n")
    play(state, "flip d1", "fence a2n")
    assert state.supply == 1
    play(state, "flip a5", "flip b5")
    assert state.round == 2
    assert state.round_scores[0][1] == 0


@pytest.mark.parametrize("seed", range(40))
def test_random_play_through_the_end_of_round_mode_keeps_every_invariant(
    build: Build, around: Around, seed: int
) -> None:
    """Random games rarely reach the end of a round; these start six open tiles from it."""
    rng = random.Random(seed)
    state = build(fences=around(*UPPER_FIELD))
    while not state.is_terminal():
        player = state.current_player()
        assert state.check_components() == []
        assert GAME.from_position(state.position()) == state
        if player >= 0:
            legal = state.legal_actions()
            assert legal
            assert [state.str_to_action(state.action_to_str(a)) for a in legal] == legal
        seat, action = random_step(state, rng)
        state.apply(action, seat)
    assert len(state.round_scores) == 2
