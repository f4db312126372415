"""The Peranakan move log in words, as the mover, another seat and the spectator read it.

A turn (take a tile and its Kueh, place it, maybe a Nyonya or Baba) is one sentence at its
last step, naming the tile by its printed pattern and Kueh, the space by the board's column
letter and row, and what every pawn that collects then gets. Nothing in Peranakan is hidden, so
every viewer reads the same facts; only "you" differs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from meja.core import CHANCE
from meja.core.game import random_step
from meja.core.told import say, viewers
from meja.games.peranakan import GAME, PeranakanState
from meja.games.peranakan.components import KUEH_NAMES
from meja.games.peranakan.tables import COLLECT_KUEH, PAWN, PLACE, TAKE
from meja.games.peranakan.words import outcome

Build = Callable[..., PeranakanState]
NAMES = ("Player 1", "Bot 2", "Bot 3")
MARKET = ["Pw", "Poa", "Pba", "Ca", "Pw"]
"""deck, then the four spaces; beside them Ang Ku Kueh, Ondeh Ondeh, Kueh Bahulu, Tutu Kueh,
and the rainbow Kueh."""
FILLED = {
    "a1": "Ct",
    "b1": "Co",
    "c1": "Gt",
    "d1": "Ctb",
    "a2": "Cb",
    "a3": "Pa",
    "a4": "Pb",
    "a5": "Pt",
    "e2": "Ga",
    "d2": "Gb",
    "d3": "Go",
    "e3": "Pto",
}
"""Row 1 and column a full but for e1, and all around e2 but e1."""


def step(state: PeranakanState, move: str) -> dict[int | None, str]:
    """Play move; what each viewer read of it, worded with the table's names."""
    player = state.current_player()
    action = state.str_to_action(move, player)
    names = NAMES[: state.num_players]
    said = {
        v: say(state.told(player, action, v).text, v, names) for v in viewers(state.num_players)
    }
    state.apply(action, player)
    return said


def steps(state: PeranakanState, *moves: str) -> list[dict[int | None, str]]:
    return [step(state, move) for move in moves]


def test_a_turn_is_one_sentence_at_its_last_step(build: Build) -> None:
    """Take (with the Kueh beside the tile), place, Nyonya: said once, when the pawn is placed."""
    state = build(players=2, market=MARKET, turn_seat=1)
    took, placed, pawn = steps(state, "take slot1", "place c3", "nyonya")
    assert took == placed == {0: "", 1: "", None: ""}
    said = (
        "took a Peacock tile showing Ondeh Ondeh and Ang Ku Kueh from the market, gained 1 "
        "Ondeh Ondeh, laid it on c3 and placed a Nyonya on it."
    )
    assert pawn == {0: f"Bot 2 {said}", 1: f"You {said}", None: f"Bot 2 {said}"}


def test_the_deck_tile_with_no_pawn(build: Build) -> None:
    """The deck's face-up tile comes with an Ang Ku Kueh; "no pawn" leaves the pawn unsaid."""
    state = build(players=2, market=MARKET, turn_seat=0)
    said = steps(state, "take deck", "place b2", "no pawn")[-1]
    assert said[0] == (
        "You took a Peacock tile showing the rainbow Kueh from the deck, gained 1 Ang Ku Kueh "
        "and laid it on b2."
    )
    assert said[1] == said[None] == said[0].replace("You", "Player 1", 1)


def test_the_wild_space_names_the_kueh_chosen_P5(build: Build) -> None:
    """P5: the space furthest from the deck gives any Kueh; the choice is said with the turn."""
    state = build(players=2, market=MARKET, turn_seat=1)
    said = steps(state, "take slot4", "kueh bahulu", "place a1", "baba")
    assert [s[None] for s in said[:3]] == ["", "", ""]
    assert said[3][1] == (
        "You took a Peacock tile showing the rainbow Kueh from the market, gained 1 Kueh Bahulu, "
        "laid it on a1 and placed a Baba on it."
    )


def test_stacking_is_said_as_stacking_P10(build: Build) -> None:
    state = build(players=2, board={"c3": "Ct"}, market=MARKET, turn_seat=0)
    said = steps(state, "take slot2", "place c3", "no pawn")[-1]
    assert said[1] == (
        "Player 1 took a Peacock tile showing Kueh Bahulu and Ang Ku Kueh from the market, "
        "gained 1 Kueh Bahulu and stacked it on c3."
    )


def test_with_no_pawn_in_hand_placing_ends_the_turn(build: Build) -> None:
    """A seat with every pawn collected is not asked about one: its placing is the sentence."""
    state = build(players=2, market=MARKET, retired=[[4, 3], [0, 0]], turn_seat=0)
    took, placed = steps(state, "take slot3", "place e5")
    assert took[None] == ""
    assert placed[0] == (
        "You took a Ceramics tile showing Ang Ku Kueh from the market, gained 1 Tutu Kueh and "
        "laid it on e5."
    )


def test_an_empty_supply_gives_no_kueh(build: Build) -> None:
    """No Tutu Kueh is left beside the tile, so the sentence claims none."""
    state = build(players=2, market=MARKET, kueh=[[22, 0, 0, 0], [0, 0, 0, 0]], turn_seat=1)
    said = steps(state, "take slot3", "place e5", "no pawn")[-1]
    assert (
        said[1] == "You took a Ceramics tile showing Ang Ku Kueh from the market and laid it on e5."
    )


def test_collections_follow_the_turn_mover_first_P7(build: Build) -> None:
    """P7: the mover's Baba collects first, then the next seat's Nyonya, all in one sentence."""
    state = build(players=2, board=FILLED, pawns=["N0@a1", "B1@e2"], market=MARKET, turn_seat=1)
    said = steps(state, "take slot3", "place e1", "no pawn")[-1]
    turn = (
        "took a Ceramics tile showing Ang Ku Kueh from the market, gained 1 Tutu Kueh and laid "
        "it on e1"
    )
    baba = "Baba on e2 collected 1 Ondeh Ondeh and 1 Kueh Bahulu"
    nyonya = "Nyonya on a1 collected 2 Tutu Kueh, 1 Ondeh Ondeh, 2 Kueh Bahulu and 1 Ang Ku Kueh"
    assert said[0] == f"Bot 2 {turn}; Bot 2's {baba}; your {nyonya}."
    assert said[1] == f"You {turn}; your {baba}; Player 1's {nyonya}."
    assert said[None] == f"Bot 2 {turn}; Bot 2's {baba}; Player 1's {nyonya}."
    assert state.kueh_of(0) == [2, 1, 2, 1] and state.kueh_of(1) == [1, 1, 1, 0]


def test_a_wild_icon_is_chosen_and_collecting_goes_on(build: Build) -> None:
    """A rainbow icon a Baba collects is his owner's to choose; the Nyonya after him waits."""
    board = {**FILLED, "e3": "Gw"}
    state = build(players=2, board=board, pawns=["N0@a1", "B1@e2"], market=MARKET, turn_seat=1)
    turn = steps(state, "take slot3", "place e1", "no pawn")[-1]
    assert turn[1].endswith(
        "; your Baba on e2 collected 1 Ondeh Ondeh, 1 Kueh Bahulu and 1 Kueh of your choice."
    )
    assert turn[0].endswith(
        "; Bot 2's Baba on e2 collected 1 Ondeh Ondeh, 1 Kueh Bahulu and 1 Kueh of Bot 2's choice."
    )
    chose = step(state, "kueh angku")
    nyonya = "Nyonya on a1 collected 2 Tutu Kueh, 1 Ondeh Ondeh, 2 Kueh Bahulu and 1 Ang Ku Kueh."
    assert chose == {
        0: f"Bot 2 chose 1 Ang Ku Kueh; your {nyonya}",
        1: f"You chose 1 Ang Ku Kueh; Player 1's {nyonya}",
        None: f"Bot 2 chose 1 Ang Ku Kueh; Player 1's {nyonya}",
    }


def test_with_one_kueh_type_left_a_wild_icon_takes_it_unasked(build: Build) -> None:
    """Only Ang Ku Kueh is left: the Baba's rainbow icon gets one without a choice, and no
    other Kueh is claimed (a pawn collects only what the supply still holds)."""
    board = {**FILLED, "e3": "Gw"}
    state = build(
        players=2,
        board=board,
        pawns=["N0@a1", "B1@e2"],
        market=MARKET,
        kueh=[[22, 22, 0, 0], [0, 0, 22, 0]],
        turn_seat=1,
    )
    said = steps(state, "take slot3", "place e1", "no pawn")[-1]
    assert said[1] == (
        "You took a Ceramics tile showing Ang Ku Kueh from the market and laid it on e1; your "
        "Baba on e2 collected 1 Ang Ku Kueh; Player 1's Nyonya on a1 collected 1 Ang Ku Kueh."
    )


def test_a_choice_that_empties_a_supply_settles_the_wild_icons_left(build: Build) -> None:
    """Two rainbow icons, Tutu Kueh and Ang Ku Kueh left: choosing the last Tutu Kueh leaves
    one type, which the second icon then gets unasked."""
    board = {**FILLED, "e3": "Gw", "d2": "Gw"}
    state = build(
        players=2,
        board=board,
        pawns=["N0@a1", "B1@e2"],
        market=MARKET,
        kueh=[[20, 22, 0, 0], [0, 0, 22, 0]],
        turn_seat=1,
    )
    said = steps(state, "take slot3", "place e1", "no pawn")[-1]
    assert said[1].endswith("; your Baba on e2 collected 2 Kueh of your choice.")
    chose = step(state, "kueh tutu")
    assert chose[1] == (
        "You chose 1 Tutu Kueh, then got 1 Ang Ku Kueh, the only Kueh left; Player 1's Nyonya "
        "on a1 collected 1 Ang Ku Kueh."
    )


def test_a_pawn_whose_pattern_is_alone_collects_nothing_P3(build: Build) -> None:
    """P3: only tiles of the pawn's own pattern count; a Peacock Baba among others gets none."""
    board = {"a1": "Pt", "b1": "Cb", "a2": "Go"}
    state = build(players=2, board=board, pawns=["B1@a1"], market=MARKET, turn_seat=0)
    said = steps(state, "take slot3", "place b2", "no pawn")[-1]
    assert said[1].endswith("; your Baba on a1 collected nothing.")


def test_the_deck_turning_up_a_tile_is_said_to_all_P8(build: Build) -> None:
    """P8: after a turn the deck's next tile lies face up for the whole table."""
    state = build(players=3, market=MARKET, turn_seat=0)
    steps(state, "take slot3", "place a1", "no pawn")
    assert state.current_player() == CHANCE
    said = step(state, "reveal goldfish tutu+bahulu")
    assert set(said.values()) == {
        "The deck turned up a Goldfish tile showing Tutu Kueh and Kueh Bahulu."
    }


def test_setup_deals_quietly_then_says_the_deck_tile_and_who_starts_P13() -> None:
    """The deal to the four spaces is on the board; the deck's tile and the start draw are said."""
    state = GAME.new_state(2, start_player="random")
    deal = steps(state, *(f"reveal peacock {k}" for k in ("tutu", "ondeh", "bahulu", "angku")))
    assert all(text == "" for said in deal for text in said.values())
    assert (
        step(state, "reveal goldfish wild")[None]
        == "The deck turned up a Goldfish tile showing the rainbow Kueh."
    )
    first = step(state, state.action_to_str(1, CHANCE))
    assert first == {0: "Bot 2 went first.", 1: "You went first.", None: "Bot 2 went first."}


def test_every_viewer_reads_the_same_facts(build: Build) -> None:
    """Nothing is hidden (docs/rules/peranakan.md, "Information"): the records agree for all."""
    state = build(players=3, market=MARKET, turn_seat=2)
    for move in ("take slot4", "kueh tutu", "place b2", "nyonya"):
        player = state.current_player()
        action = state.str_to_action(move, player)
        told = [state.told(player, action, v) for v in viewers(3)]
        assert len({(t.text, tuple(t.record.items()), t.reveals) for t in told}) == 1
        state.apply(action, player)


KUEH = re.compile(rf"(\d+) ({'|'.join(KUEH_NAMES)})")
SEAT = re.compile(r"\{(\d)\}")


def _said_gains(text: str, num_players: int) -> list[int]:
    """Kueh per seat a sentence says were gained: counted Kueh go to the part's first seat."""
    gains = [0] * num_players
    for part in text.split("; "):
        owner = int(SEAT.findall(part)[0])
        gains[owner] += sum(int(n) for n, _ in KUEH.findall(part))
    return gains


def test_random_games_say_each_turn_once_and_the_kueh_that_moved() -> None:
    """Over seeded random games: a turn's take, Kueh, place and pawn steps carry one sentence, at
    the last of them; each wild choice has one; and the Kueh they name are the Kueh that moved."""
    for players in (2, 3, 5):
        for seed in range(25):
            rng = random.Random(seed * 10 + players)
            state = GAME.new_state(players)
            turn_texts: list[str] = []
            before = state.kueh[:]
            while not state.is_terminal():
                player, action = random_step(state, rng)
                phase = state.phase
                texts = {state.told(player, action, v).text for v in viewers(players)}
                assert len(texts) == 1, f"seed {seed}: viewers read {texts}"
                text = texts.pop()
                if phase == TAKE:
                    turn_texts = []
                if phase not in (COLLECT_KUEH,) and player != CHANCE:
                    turn_texts.append(text)
                state.apply(action, player)
                last = phase == PAWN or (phase == PLACE and state.phase != PAWN)
                if last:
                    assert [t for t in turn_texts if t] == [text] and turn_texts[-1] == text
                if phase == COLLECT_KUEH:
                    assert text
                if text and player != CHANCE:
                    moved = [
                        sum(state.kueh_of(s)) - sum(before[s * 4 : s * 4 + 4])
                        for s in range(players)
                    ]
                    assert _said_gains(text, players) == moved, f"seed {seed}: {text!r}"
                    before = state.kueh[:]


ALL_COLLECTED = {"phase": "over", "retired": [[4, 3], [4, 3]]}
"""A finished two-seat game: every pawn has collected (P9)."""


def _lines(state: PeranakanState, viewer: int | None) -> list[str]:
    return [say(line, viewer, NAMES[: state.num_players]) for line in outcome(state).lines]


def test_the_outcome_names_the_winner_and_why_the_game_ended_P9(build: Build) -> None:
    state = build(players=2, kueh=[[3, 3, 4, 3], [2, 5, 5, 5]], **ALL_COLLECTED)
    assert outcome(state).unit == "sets"
    assert _lines(state, 1) == [
        "Player 1 won with 3 sets.",
        "The game ended when every Nyonya and Baba had collected.",
    ]
    assert _lines(state, 0)[0] == "You won with 3 sets."


def test_a_tie_on_sets_is_won_on_kueh_in_total_P12(build: Build) -> None:
    """P12: the same number of sets, then the most Kueh wins; the figures are given."""
    state = build(players=2, kueh=[[3, 3, 3, 3], [3, 4, 3, 5]], **ALL_COLLECTED)
    assert state.winners() == [1]
    assert (
        _lines(state, None)[0]
        == "Player 1 and Bot 2 tied on 3 sets; Bot 2 won on Kueh collected, 15 to 12."
    )
    assert (
        _lines(state, 1)[0]
        == "Player 1 and you tied on 3 sets; you won on Kueh collected, 15 to 12."
    )


def test_three_tied_on_sets_and_two_on_kueh_share_the_win_P12(build: Build) -> None:
    state = build(
        players=3,
        kueh=[[1, 1, 1, 4], [2, 1, 1, 3], [1, 1, 1, 1]],
        phase="over",
        retired=[[3, 2], [3, 2], [3, 2]],
    )
    assert state.winners() == [0, 1]
    assert _lines(state, 2)[0] == (
        "Player 1, Bot 2 and you tied on 1 set; Player 1 and Bot 2 shared the win on Kueh "
        "collected, 7 to 4."
    )


def test_a_tie_on_sets_and_kueh_is_a_shared_win_P12(build: Build) -> None:
    state = build(players=2, kueh=[[2, 2, 3, 4], [4, 3, 2, 2]], **ALL_COLLECTED)
    assert state.winners() == [0, 1]
    assert _lines(state, 0)[0] == "You and Bot 2 tied on 2 sets and 11 Kueh, and shared the win."
