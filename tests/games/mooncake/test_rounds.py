"""Turn flow, passing, placing, hidden commitments, round scoring, reshuffles and the winner."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meja.core import CHANCE, IllegalAction, NotYourTurn
from meja.core.episode import play_random
from meja.core.game import random_step
from meja.games.mooncake import GAME, MooncakeState
from meja.games.mooncake.legal import choice_actions, distinct_choices
from meja.games.mooncake.tables import TILE_CODES

TILE = {code: tile for tile, code in enumerate(TILE_CODES)}
EMPTY = [None] * 12


def board(text: str) -> list[str | None]:
    """A board written slot by slot (1NE 1SE 1SW 1NW 2NE ... 3NW), '.' for empty."""
    return [None if code == "." else code for code in text.split()]


def setup(num_players: int, **fields: Any) -> MooncakeState:
    """A state from a fresh game's position with some fields replaced."""
    data = GAME.new_state(num_players).position()
    data.update(fields)
    return GAME.from_position(data)


def choosing(hands: list[list[str]], **fields: Any) -> MooncakeState:
    """Turn 1 of round 1 with every seat holding its 3 drawn tiles."""
    n = len(hands)
    return setup(n, phase="choose", customers=[1], hands=hands, **fields)


# Round 1, turn 4 of a 2-player game: each seat has one tile left to place (in its 3NW).
SEAT0 = "L-> L-< LN LS  RNN RSS RNS RNS  G- G- GN ."
SEAT1 = "R-> L-< R- L-  G-> G-< GN> GS<  LNN LSS RN ."


def last_placements(**fields: Any) -> MooncakeState:
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
    return setup(2, **values)


def finish_round(state: MooncakeState) -> None:
    state.apply(state.str_to_action("place GS at 3NW", 0), 0)
    state.apply(state.str_to_action("place RS at 3NW", 1), 1)


def test_a_game_is_three_rounds_of_four_turns_of_draw_choose_place() -> None:
    state = play_random(GAME.new_state(4), random.Random(5))
    chance = [action for player, action in state.history if player == CHANCE]
    moves = [action for player, action in state.history if player != CHANCE]
    assert len(chance) == 3 + 3 * 4 * 4 * 3  # a customer per round, 3 tiles per seat per turn
    assert len(moves) == 3 * 4 * 4 * (1 + 3)  # one choice and 3 placements per seat per turn
    assert len(state.history) == GAME.max_game_length(4)


def test_each_turn_every_seat_draws_three_tiles_from_the_pool() -> None:
    state = setup(3, phase="draw", customers=[4])
    for _ in range(9):
        assert state.current_player() == CHANCE
        state.apply(state.chance_outcomes()[0][0], CHANCE)
    assert state.view(None)["hand_sizes"] == [3, 3, 3]
    assert state.view(None)["pool_size"] == 72 - 9
    assert state.active_players() == [0, 1, 2]


def test_draw_probabilities_follow_the_tiles_left_in_the_pool() -> None:
    state = setup(2, phase="draw", customers=[4])
    outcomes = dict(state.chance_outcomes())
    assert outcomes[TILE["LNS"]] == pytest.approx(2 / 72)
    assert outcomes[TILE["LNN"]] == pytest.approx(1 / 72)
    state.apply(TILE["LNN"], CHANCE)
    assert TILE["LNN"] not in dict(state.chance_outcomes())


def test_passing_in_six_players_sends_one_tile_left_and_one_right() -> None:
    """Left neighbour is the next seat; every seat keeps its first tile here."""
    hands = [list(TILE_CODES[3 * seat : 3 * seat + 3]) for seat in range(6)]
    state = choosing(hands)
    for seat in range(6):
        assert state.action_to_str(0, seat).startswith(f"keep {hands[seat][0]}, left")
        state.apply(0, seat)
    for seat in range(6):
        kept = hands[seat][0]
        from_right = hands[(seat - 1) % 6][1]  # the right neighbour passed it left
        from_left = hands[(seat + 1) % 6][2]  # the left neighbour passed it right
        view = state.view(seat)
        assert sorted(view["hand"]) == sorted([kept, from_left, from_right])
        assert view["received"] == {"from_left": from_left, "from_right": from_right}
        assert view["passed"] == {"left": hands[seat][1], "right": hands[seat][2]}


def test_coming_tiles_follow_each_committed_choice_then_the_hand() -> None:
    """What search may count on reaching each board this turn (the whole truth, for bots)."""
    hands = [["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]]
    state = choosing(hands)
    assert state.coming_tiles() == [[], [], []]
    assert state.action_to_str(0, 0) == "keep LNN, left RSS, right G-"
    state.apply(0, 0)
    assert state.coming_tiles() == [[TILE["LNN"]], [TILE["RSS"]], [TILE["G-"]]]
    state.apply(0, 1)
    state.apply(0, 2)
    assert state.coming_tiles() == [
        sorted(TILE[code] for code in hand) for hand in (state.view(s)["hand"] for s in range(3))
    ]


def test_passing_in_two_players_sends_both_tiles_to_the_opponent() -> None:
    """M3: with 2 players only the kept tile is a choice, so there are 3 choices."""
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"]])
    assert len(state.legal_actions(0)) == 3
    state.apply(state.str_to_action("keep LNN, pass RSS G-", 0), 0)
    state.apply(state.str_to_action("keep G->, pass LN RS", 1), 1)
    assert state.view(0)["hand"] == ["LNN", "LN", "RS"]
    assert state.view(1)["hand"] == ["RSS", "G-", "G->"]


def test_duplicate_tiles_give_one_choice_per_distinct_split() -> None:
    state = choosing([["L-", "L-", "GN"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]])
    texts = [state.action_to_str(action, 0) for action in state.legal_actions(0)]
    assert texts == [
        "keep L-, left L-, right GN",
        "keep L-, left GN, right L-",
        "keep GN, left L-, right L-",
    ]


@pytest.mark.parametrize("pairwise", [False, True])
def test_a_hands_choices_are_its_distinct_splits_whatever_tiles_repeat(pairwise: bool) -> None:
    rng = random.Random(7)
    hands = [tuple(rng.randrange(len(TILE_CODES)) for _ in range(3)) for _ in range(3000)]
    hands += [(a, b, c) for a in range(3) for b in range(3) for c in range(3)]
    for hand in hands:
        for ordered in (hand, tuple(sorted(hand))):
            assert choice_actions(ordered, pairwise) == distinct_choices(ordered, pairwise), ordered


def test_choices_stay_hidden_until_every_seat_has_chosen() -> None:
    """M3: a committed choice shows in no other seat's view until the tiles are passed."""
    hands = [["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]]
    first, second = choosing(hands), choosing(hands)
    first.apply(first.legal_actions(0)[0], 0)
    second.apply(second.legal_actions(0)[-1], 0)
    for seat in (None, 1, 2):
        assert first.view(seat) == second.view(seat)
    assert first.view(0)["choice"] != second.view(0)["choice"]
    assert first.view(1)["hand"] == ["LN", "RS", "G->"]
    assert first.active_players() == [1, 2]
    with pytest.raises(NotYourTurn):
        first.apply(first.legal_actions(1)[0], 0)


def placing() -> MooncakeState:
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]])
    for seat in range(3):
        state.apply(0, seat)
    return state


def test_placements_stay_hidden_until_every_seat_has_placed() -> None:
    """M4: placements are committed together and revealed together."""
    first, second = placing(), placing()
    first.apply(first.str_to_action("place LNN at 1NE", 0), 0)
    second.apply(second.str_to_action("place LNN at 2SW", 0), 0)
    for seat in (None, 1, 2):
        assert first.view(seat) == second.view(seat)
        assert first.view(seat)["boards"][0] == EMPTY
    assert first.view(0)["boards"][0][0] == "LNN"
    assert first.view(0)["pending"] == ["1NE"]
    for seat in range(3):
        for slot, code in zip(("2NE", "2SE", "2SW"), first.view(seat)["hand"], strict=False):
            first.apply(first.str_to_action(f"place {code} at {slot}", seat), seat)
    assert first.view(2)["boards"][0][0] == "LNN"
    assert first.view(2)["pending"] == []


def test_open_reveal_option_shows_placements_at_once() -> None:
    """M4 alternative (option placement_reveal='open')."""
    state = choosing(
        [["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]],
        options={
            "placement_reveal": "open",
            "half_yolk_bonus": "every_cake",
            "all_tied_taste": "others",
        },
    )
    for seat in range(3):
        state.apply(0, seat)
    state.apply(state.str_to_action("place LNN at 1NE", 0), 0)
    assert state.view(1)["boards"][0][0] == "LNN"


def test_tiles_may_go_into_different_cakes_or_diagonally_in_one() -> None:
    """Up to 3 different cakes per turn, and diagonal quarters of one cake are allowed."""
    state = placing()
    hand = state.view(0)["hand"]
    state.apply(state.str_to_action(f"place {hand[0]} at 1NE", 0), 0)
    state.apply(state.str_to_action(f"place {hand[1]} at 1SW", 0), 0)
    state.apply(state.str_to_action(f"place {hand[2]} at 3NW", 0), 0)
    assert state.view(0)["pending"] == ["1NE", "1SW", "3NW"]
    assert state.active_players() == [1, 2]


def test_tiles_never_move_once_placed() -> None:
    state = placing()
    hand = state.view(0)["hand"]
    state.apply(state.str_to_action(f"place {hand[0]} at 2SE", 0), 0)
    move = state.str_to_action(f"place {hand[1]} at 1NE", 0) + 5  # 1NE -> 2SE
    assert move not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="2SE of seat 0 already holds a tile; tiles never"):
        state.apply(move, 0)
    assert state.view(0)["boards"][0][5] == hand[0]


def test_placing_a_tile_not_in_hand_is_refused_with_the_hand_shown() -> None:
    state = placing()
    with pytest.raises(IllegalAction, match=r"seat 0 has no GNN tile to place \(hand: "):
        state.apply(state.legal_actions(0)[0] + (TILE["GNN"] - TILE["LNN"]) * 12, 0)


def test_choosing_with_a_placement_action_is_refused_with_the_choices_listed() -> None:
    state = choosing([["LNN", "RSS", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]])
    with pytest.raises(IllegalAction, match=r"seat 0 must choose which tile to keep.*keep LNN"):
        state.apply(6, 0)
    with pytest.raises(IllegalAction, match="not an action of Mooncake Master"):
        state.apply(10_000, 0)


def test_action_text_parses_forgiving_case_and_spaces() -> None:
    state = placing()
    action = state.str_to_action("  PLACE   lnn  AT 1ne ", 0)
    assert state.action_to_str(action, 0) == "place LNN at 1NE"
    assert state.str_to_action(str(action), 0) == action
    with pytest.raises(IllegalAction, match="'place LNN at 4NE' is not a legal move now"):
        state.str_to_action("place LNN at 4NE", 0)


def test_round_scoring_awards_rank_and_customer_points() -> None:
    """Taste 19 vs 15: 2 and 0 Festive Points; seat 0's first cake sells to C10 for 1 more."""
    state = last_placements()
    finish_round(state)
    view = state.view(None)
    assert view["tastes"] == [[19, 15]]
    assert view["served"] == [[[10, None, None], [None, None, None]]]
    assert view["festive"] == [3, 0]
    assert state.scores() == [3.0, 0.0]


@pytest.mark.parametrize(("option", "points"), [("others", 1), ("highest", 2), ("lowest", 0)])
def test_two_players_tied_on_taste_score_the_all_tied_award_M6(option: str, points: int) -> None:
    """M6 at 2 players: both seats end the round on Taste 19, so both are highest and lowest at
    once and each scores the all_tied_taste award (1 by default), not 2 as joint highest; both
    first cakes sell to C10 for 1 more."""
    options = {**GAME.new_state(2).options, "all_tied_taste": option}
    state = last_placements(
        boards=[board(SEAT0), board("R-> R-< RN RS  GNN GSS GNS GNS  L- L- LNS .")],
        pending=[["3SE", "3SW"], ["3SE", "3SW"]],
        hands=[["GS"], ["LNN"]],
        received=[["GN", "GS"], ["LNS", "LNN"]],
        options=options,
    )
    state.apply(state.str_to_action("place GS at 3NW", 0), 0)
    state.apply(state.str_to_action("place LNN at 3NW", 1), 1)
    view = state.view(None)
    assert view["tastes"] == [[19, 19]]
    assert view["served"] == [[[10, None, None], [10, None, None]]]
    assert view["festive"] == [points + 1, points + 1]


def test_customers_are_shared_so_every_player_may_serve_the_same_one() -> None:
    """M7: C5 (all lotus) buys from both seats."""
    state = last_placements(
        customers=[5],
        boards=[board(SEAT0), board("L-> L-< L- L-  G-> G-< GN> GS<  LNN LSS RN .")],
    )
    finish_round(state)
    served = state.view(None)["served"][0]
    assert served == [[5, None, None], [5, None, None]]


def test_tiles_return_to_the_pool_and_are_reshuffled_between_rounds() -> None:
    """M5: after scoring every cake is cleared and all 72 tiles can be drawn again."""
    state = last_placements()
    finish_round(state)
    view = state.view(0)
    assert view["round"] == 2 and view["phase"] == "reveal"
    assert view["boards"] == [EMPTY, EMPTY] and view["pool_size"] == 72
    assert state.check_components() == []
    outcomes = state.chance_outcomes()
    assert [customer for customer, _ in outcomes] == [c for c in range(12) if c != 9]
    state.apply(outcomes[0][0], CHANCE)
    draws = dict(state.chance_outcomes())
    assert sum(draws.values()) == pytest.approx(1.0)
    assert draws[TILE["G-"]] == pytest.approx(2 / 72)


def test_six_players_draw_every_tile_in_a_round() -> None:
    rng = random.Random(2)
    state = GAME.new_state(6)
    while state.view(None)["turn_in_round"] < 4 or state.current_player() == CHANCE:
        state.apply(*reversed(random_step(state, rng)))
    assert state.view(None)["pool_size"] == 0


def test_customers_accumulate_one_more_each_round() -> None:
    """M7: 1 customer in round 1, 2 in round 2, 3 in round 3."""
    rng = random.Random(8)
    state = GAME.new_state(3)
    seen = {}
    while not state.is_terminal():
        view = state.view(None)
        seen[view["round"]] = len(view["customers"])
        state.apply(*reversed(random_step(state, rng)))
    assert seen == {1: 1, 2: 2, 3: 3}


def finished(festive: list[int], last_tastes: list[int]) -> MooncakeState:
    nobody = [[None] * 3, [None] * 3]
    return setup(
        2,
        phase="over",
        round=3,
        turn_in_round=4,
        customers=[1, 2, 3],
        festive=festive,
        tastes=[[10, 10], [10, 10], last_tastes],
        served=[nobody, nobody, nobody],
        boards=[board(SEAT0.replace(".", "GS")), board(SEAT1.replace(".", "RS"))],
    )


def test_most_festive_points_wins() -> None:
    state = finished([6, 5], [10, 20])
    assert state.is_terminal() and state.winners() == [0]
    assert state.returns() == [1.0, 0.0]


def test_festive_tie_goes_to_the_higher_taste_in_the_last_round() -> None:
    """M8."""
    assert finished([6, 6], [12, 14]).winners() == [1]


def test_full_tie_is_a_shared_victory() -> None:
    """M8."""
    state = finished([6, 6], [14, 14])
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_a_seats_last_placement_of_the_turn_is_not_named_though_it_had_one_slot_M4() -> None:
    """Seat 0's last tile can go only into 3NW, yet seat 1 has not placed: nothing is shown."""
    state = last_placements()
    (action,) = state.legal_actions(0)
    for viewer in (1, None):
        told = state.told(0, action, viewer)
        assert (told.text, told.action, told.reveals) == ("{0} placed three tiles.", None, False)


def test_the_last_placement_of_a_round_tells_others_only_that_the_round_is_scored_M4() -> None:
    state = last_placements()
    state.apply(state.legal_actions(0)[0], 0)
    (action,) = state.legal_actions(1)
    for viewer in (0, None):
        told = state.told(1, action, viewer)
        assert told.text.startswith("{1} placed three tiles; round 1 was scored: ")
        assert (told.action, told.reveals) == (None, True)
    assert state.told(1, action, 1).action == action


def test_a_choice_parses_by_its_tiles_and_a_number_past_the_actions_is_refused() -> None:
    state = choosing([["L-", "L-", "G-"], ["LN", "RS", "G->"], ["RN", "R-", "GS"]])
    text = state.action_to_str(state.legal_actions(0)[0], 0)
    assert state.str_to_action(text.upper(), 0) == state.legal_actions(0)[0]
    with pytest.raises(IllegalAction, match="is not a legal move now"):
        state.str_to_action("keep #1, left #2, right #3", 0)
    with pytest.raises(IllegalAction, match="10000 is not the number of any action here"):
        state.action_to_str(10_000, 0)
