"""The move log and the end of a Mooncake Master game in words, as each viewer reads them.

Every sentence is read through core.told.say with the seats named as the lobby names them, so
a test states what the person at that seat sees. Hidden things (a drawn tile, a kept tile, a
placement before the reveal: M3, M4) are named to their owner and to no one else.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from meja.core import CHANCE
from meja.core.game import random_step
from meja.core.told import say, viewers
from meja.games.mooncake import GAME, MooncakeState
from meja.games.mooncake.spec import SPEC
from meja.games.mooncake.tables import CODE_TO_TILE, TILE_CODES
from meja.games.mooncake.words import TILES, scored

OPEN = {"placement_reveal": "open"}
SEAT0 = "L-> L-< LN LS  RNN RSS RNS RNS  G- G- GN ."
SEAT1 = "R-> L-< R- L-  G-> G-< GN> GS<  LNN LSS RN ."
"""Round 1, turn 4 of a 2-player game: each seat has placed two tiles of cake 3."""
TURN3 = ["L-> L-< LN LS  RNN RSS . .  . G- GN .", "R-> L-< R- L-  G-> G-< . .  LNN LSS . ."]
"""Turn 3: the same seats with the tiles of turns 1 and 2 shown and two more placed."""


def names(num_players: int) -> list[str]:
    return ["Player 1", *(f"Bot {seat + 1}" for seat in range(1, num_players))]


def board(text: str) -> list[str | None]:
    """A board written slot by slot (1NE 1SE 1SW 1NW 2NE ... 3NW), '.' for empty."""
    return [None if code == "." else code for code in text.split()]


def setup(num_players: int, options: dict[str, str] | None = None, **fields: Any) -> MooncakeState:
    data = GAME.new_state(num_players, **(options or {})).position()
    data.update(fields)
    return GAME.from_position(data)


def heard(state: MooncakeState, player: int, action: int) -> dict[int | None, str]:
    """What every seat and the spectator reads of the step, worded for them."""
    n = state.num_players
    return {v: say(state.told(player, action, v).text, v, names(n)) for v in viewers(n)}


def move(state: MooncakeState, seat: int, text: str) -> int:
    return state.str_to_action(text, seat)


def test_a_tile_is_named_by_its_paste_and_what_it_shows() -> None:
    assert TILES[CODE_TO_TILE["L-"]] == "a plain Lotus quarter"
    assert TILES[CODE_TO_TILE["RNN"]] == "a Red Bean quarter with 2 hazelnuts"
    assert TILES[CODE_TO_TILE["GNS>"]] == (
        "a Green Tea quarter with a hazelnut, a watermelon seed and a clockwise half yolk"
    )
    assert TILES[CODE_TO_TILE["LS<"]] == (
        "a Lotus quarter with a watermelon seed and an anticlockwise half yolk"
    )
    assert (
        TILES[CODE_TO_TILE["RSS<>"]]
        == "a Red Bean quarter with 2 watermelon seeds and two half yolks"
    )
    assert len(set(TILES)) == len(TILE_CODES), "no two tiles read alike"


def test_a_customer_turned_up_is_named_with_its_card_to_everyone_M7() -> None:
    state = GAME.new_state(3)
    said = heard(state, CHANCE, 0)
    expected = (
        "A new customer arrived: Crunchy Uncle, who wants a mooncake with only 1 flavour, "
        "and watermelon seeds + hazelnuts = 5."
    )
    assert set(said.values()) == {expected}


def test_the_drawer_reads_its_three_tiles_at_the_third_draw_and_the_others_nothing() -> None:
    """Tiles are drawn face down, three a turn: one sentence for the drawer, no noise for the
    rest (the table shows whose hand grew)."""
    state = setup(3, phase="draw", customers=[4], hands=[["LNN", "RSS", "G-"], ["LN", "RS"], []])
    said = heard(state, CHANCE, CODE_TO_TILE["G->"])
    assert said[1] == (
        "You drew a Lotus quarter with a hazelnut, a Red Bean quarter with a watermelon seed "
        "and a Green Tea quarter with a clockwise half yolk."
    )
    assert said[0] == said[2] == said[None] == ""
    first = setup(3, phase="draw", customers=[4], hands=[["LNN", "RSS", "G-"], [], []])
    assert set(heard(first, CHANCE, CODE_TO_TILE["G->"]).values()) == {""}


def choosing(hands: list[list[str]], **fields: Any) -> MooncakeState:
    return setup(len(hands), phase="choose", customers=[1], hands=hands, **fields)


def test_a_choice_is_named_to_its_maker_and_to_the_others_only_as_made_M3() -> None:
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]])
    said = heard(state, 0, move(state, 0, "keep LNN, left RSS, right G-"))
    assert said[0] == (
        "You kept a Lotus quarter with 2 hazelnuts and passed a Red Bean quarter with 2 "
        "watermelon seeds to Bot 2 and a plain Green Tea quarter to Bot 3."
    )
    assert said[1] == said[2] == said[None] == "Player 1 kept a tile and passed two."
    for action in state.legal_actions(0):
        assert heard(state, 0, action)[1] == "Player 1 kept a tile and passed two."


def test_the_last_choice_tells_each_seat_the_two_tiles_it_receives_M3() -> None:
    """4 players: seat 2 chooses last, so every passed tile is handed over at once; each seat
    reads the two tiles it gets and from whom, never a tile another seat kept."""
    state = choosing(
        [["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"], ["L-", "LS", "RNS"]]
    )
    state.apply(move(state, 0, "keep LNN, left RSS, right G-"), 0)
    state.apply(move(state, 1, "keep LN, left RS, right G->"), 1)
    state.apply(move(state, 3, "keep L-, left LS, right RNS"), 3)
    said = heard(state, 2, move(state, 2, "keep RN, left R-, right GS"))
    assert said[0] == (
        "Bot 3 kept a tile and passed two; you got a Green Tea quarter with a clockwise half "
        "yolk from Bot 2 and a Lotus quarter with a watermelon seed from Bot 4."
    )
    assert said[2] == (
        "You kept a Red Bean quarter with a hazelnut and passed a plain Red Bean quarter to "
        "Bot 4 and a Green Tea quarter with a watermelon seed to Bot 2; you got a Red Bean "
        "quarter with a hazelnut and a watermelon seed from Bot 4 and a Red Bean quarter with "
        "a watermelon seed from Bot 2."
    )
    assert said[None] == "Bot 3 kept a tile and passed two; every passed tile was handed over."
    assert "2 hazelnuts" not in said[1] + said[3] + said[None], "seat 0 kept its LNN"


def test_with_two_players_the_opponent_reads_both_tiles_passed_to_it_not_the_kept_one_M3() -> None:
    state = choosing([["LNN", "LSS", "G-"], ["LN", "RNS", "RSS"]])
    state.apply(move(state, 0, "keep LNN, pass LSS G-"), 0)
    said = heard(state, 1, move(state, 1, "keep RNS, pass LN RSS"))
    assert said[0] == (
        "Bot 2 kept a tile and passed you a Lotus quarter with a hazelnut and a Red Bean "
        "quarter with 2 watermelon seeds."
    )
    assert said[1] == (
        "You kept a Red Bean quarter with a hazelnut and a watermelon seed and passed a Lotus "
        "quarter with a hazelnut and a Red Bean quarter with 2 watermelon seeds to Player 1; "
        "Player 1 passed you a Lotus quarter with 2 watermelon seeds and a plain Green Tea "
        "quarter."
    )
    assert said[None] == "Bot 2 kept a tile and passed two; every passed tile was handed over."


def placing(options: dict[str, str] | None = None, **fields: Any) -> MooncakeState:
    """Turn 4 of round 1: both seats have placed two tiles of cake 3 and hold one more."""
    values: dict[str, Any] = {
        "phase": "place",
        "turn_in_round": 4,
        "customers": [10],
        "boards": [board(SEAT0), board(SEAT1)],
        "pending": [["3SE", "3SW"], ["3NE", "3SE"]],
        "hands": [["GS"], ["RS"]],
        "received": [["GN", "GS"], ["LNN", "RS"]],
    }
    values.update(fields)
    return setup(2, options, **values)


def test_three_placements_are_one_sentence_and_stay_hidden_until_all_have_placed_M4() -> None:
    """Turn 1: seat 0 places three tiles; the first two say nothing, the third says the whole
    move, in full to seat 0 and only as done to the others, since seat 1 is still placing."""
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"]])
    state.apply(0, 0)
    state.apply(0, 1)
    for text in ("place LNN at 1NE", "place RS at 2SW"):
        assert set(heard(state, 0, move(state, 0, text)).values()) == {""}
        state.apply(move(state, 0, text), 0)
    said = heard(state, 0, move(state, 0, "place G-> at 1SE"))
    assert said[0] == (
        "You placed a Lotus quarter with 2 hazelnuts and a Green Tea quarter with a clockwise "
        "half yolk in cake 1, and a Red Bean quarter with a watermelon seed in cake 2."
    )
    assert said[1] == said[None] == "Player 1 placed three tiles."


def test_the_turns_last_placement_says_every_tile_was_turned_face_up_M4() -> None:
    state = placing(turn_in_round=3, boards=[board(text) for text in TURN3])
    state.apply(move(state, 0, "place GS at 3NW"), 0)
    action = move(state, 1, "place RS at 3NW")
    said = heard(state, 1, action)
    assert said[0] == "Bot 2 placed three tiles; every tile placed this turn was turned face up."
    assert said[1].startswith("You placed a Lotus quarter with 2 hazelnuts, a Lotus quarter")
    placed = [["3SE", "3SW", "3NW"], ["3NE", "3SE", "3NW"]]
    for viewer in viewers(2):
        assert state.told(1, action, viewer).record["placed"] == placed
    assert "slot" not in state.told(1, action, 0).record, "the last tile is not told apart"


def test_open_placements_are_named_to_everyone_at_the_third_M4() -> None:
    """Option placement_reveal='open': the tiles are face up at once, so all read them."""
    state = placing(OPEN, turn_in_round=3, boards=[board(text) for text in TURN3])
    said = heard(state, 0, move(state, 0, "place GS at 3NW"))
    expected = (
        "a plain Green Tea quarter, a Green Tea quarter with a hazelnut and a Green Tea "
        "quarter with a watermelon seed in cake 3."
    )
    assert said[0] == f"You placed {expected}"
    assert said[1] == said[None] == f"Player 1 placed {expected}"
    action = move(state, 0, "place GS at 3NW")
    for viewer in viewers(2):
        assert state.told(0, action, viewer).record["slot"] == "3NW", "the board marks it"


def test_the_rounds_last_placement_says_the_taste_and_sales_of_every_seat() -> None:
    """The round is scored at once (Taste best first, then the customers served)."""
    state = placing()
    state.apply(move(state, 0, "place GS at 3NW"), 0)
    said = heard(state, 1, move(state, 1, "place RS at 3NW"))
    scored = (
        "round 1 was scored: Taste 19 for {0} and 15 for {1}; {0} sold a cake to Simple Gourmet."
    )
    assert said[0] == "Bot 2 placed three tiles; " + say(scored, 0, names(2))
    assert said[None] == "Bot 2 placed three tiles; " + say(scored, None, names(2))
    assert said[1].endswith("; " + say(scored, 1, names(2)))


def test_a_rounds_scoring_puts_the_best_taste_first_and_names_every_sale() -> None:
    served = [(None, None, None), (None, None, None), (1, None, 5)]
    assert scored(2, (9, 14, 12), served) == (
        "round 2 was scored: Taste 14 for {1}, 12 for {2} and 9 for {0}; "
        "{2} sold cakes to Crunchy Uncle and Lotus Purist"
    )


@pytest.mark.parametrize("num_players", range(2, 7))
def test_every_completed_move_is_one_sentence_for_every_viewer(num_players: int) -> None:
    """Over seeded random games: a choice is one sentence to everyone, a seat's three
    placements of a turn are one sentence to everyone, three draws one to the drawer alone."""
    for seed in range(3):
        rng = random.Random(seed * 7 + num_players)
        state = GAME.new_state(num_players, **(OPEN if seed == 2 else {}))
        said: Counter[tuple[Any, ...]] = Counter()
        steps: Counter[tuple[Any, ...]] = Counter()
        while not state.is_terminal():
            player, action = random_step(state, rng)
            phase = state.view(None)["phase"]
            mover = state._draw_seat if phase == "draw" else player
            key = (phase, mover, state.view(None)["turn"])
            steps[key] += 1
            for viewer in viewers(num_players):
                if state.told(player, action, viewer).text:
                    said[(*key, viewer)] += 1
            state.apply(action, player)
        for phase, mover, turn in steps:
            for viewer in viewers(num_players):
                count = said[(phase, mover, turn, viewer)]
                expected = 0 if phase == "draw" and viewer != mover else 1
                assert count == expected, (phase, mover, turn, viewer, count)


def finished(num_players: int, festive: list[int], last: list[int]) -> MooncakeState:
    """A game over after round 3 with these Festive Points and last-round Taste Values."""
    full = [
        board(SEAT0.replace(".", "GS")),
        board(SEAT1.replace(".", "RS")),
        board("LNS LNS LN> LS>  RN> RS> RNS> RN<  GNN GSS GNS GNS"),
    ]
    nobody = [[None] * 3] * num_players
    return setup(
        num_players,
        phase="over",
        round=3,
        turn_in_round=4,
        customers=[1, 2, 3],
        festive=festive,
        tastes=[[10] * num_players, [10] * num_players, last],
        served=[nobody] * 3,
        boards=full[:num_players],
    )


def lines(state: MooncakeState, viewer: int | None) -> list[str]:
    outcome = SPEC.outcome(state)
    assert outcome.unit == "Festive Points"
    return [say(line, viewer, names(state.num_players)) for line in outcome.lines]


def test_the_outcome_names_the_winner_and_the_points() -> None:
    state = finished(2, [6, 5], [10, 20])
    assert lines(state, 0) == ["You won with 6 Festive Points."]
    assert lines(state, 1) == ["Player 1 won with 6 Festive Points."]


def test_a_tie_on_points_is_settled_by_last_rounds_taste_with_the_figures_M8() -> None:
    state = finished(2, [6, 6], [12, 14])
    assert lines(state, 0) == [
        "You and Bot 2 tied on 6 Festive Points; Bot 2 won on last round's Taste, 14 to your 12."
    ]
    three = finished(3, [7, 7, 7], [9, 6, 5])
    assert lines(three, None) == [
        "Player 1, Bot 2 and Bot 3 tied on 7 Festive Points; Player 1 won on last round's "
        "Taste, 9 to Bot 2's 6 and Bot 3's 5."
    ]
    assert lines(finished(3, [7, 7, 5], [9, 6, 20]), 2) == [
        "Player 1 and Bot 2 tied on 7 Festive Points; Player 1 won on last round's Taste, 9 to "
        "Bot 2's 6."
    ], "the seat behind on points is not part of the tie"


def test_a_tie_on_points_and_taste_is_a_shared_win_M8() -> None:
    assert lines(finished(2, [6, 6], [14, 14]), 1) == [
        "Player 1 and you tied on 6 Festive Points and on last round's Taste, 14, and shared "
        "the win."
    ]
    assert lines(finished(3, [7, 7, 7], [9, 6, 9]), None) == [
        "Player 1, Bot 2 and Bot 3 tied on 7 Festive Points; Player 1 and Bot 3 had the best "
        "Taste last round, 9 to Bot 2's 6, and shared the win."
    ]
