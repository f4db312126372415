"""Ending the game: five fly-free packs at once (N4), or the pile running out (N5)."""

from __future__ import annotations

import random
from typing import Any

from meja.core.episode import play_random
from meja.games.nasi_lemak import GAME, SPEC

# Six players holding 14 of the 15 Nasi Lemak cards, none with five fly-free packs yet.
NEARLY_OUT = [[2, 2], [2, 2], [2, 1, 1], [2, 1, 1], [1, 1], [2, 1]]


def test_five_fly_free_packs_end_the_game_at_once(table: Any, five: dict[str, int]) -> None:
    """N4: the game ends the moment the active player holds five packs, moves left or not."""
    hand = {**five, "thief": 1}
    state = table.state(hands=[hand, {}, {}], nasi_lemak=[table.cards([2, 2]), [], []])
    table.play(state, "make nasi lemak", "1 pack")
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.view(1)["end"] == "five_packs"


def test_the_rulebook_example_one_two_and_one_packs_make_four(table: Any) -> None:
    state = table.state(nasi_lemak=[table.cards([1, 2, 1]), [], []])
    assert state.scores() == [4.0, 0.0, 0.0]


def test_packs_under_a_fly_do_not_count(table: Any, five: dict[str, int]) -> None:
    rows = [table.cards([2, 2], flies=(1,)), [], []]
    state = table.state(hands=[five, {}, {}], nasi_lemak=rows)
    table.play(state, "make nasi lemak", "2 packs")
    assert not state.is_terminal()
    assert state.scores()[0] == 4.0


def test_swatting_your_own_fly_can_win(table: Any) -> None:
    """N4: restoring packs on your own turn wins as surely as making them."""
    rows = [table.cards([2, 2, 1], flies=(2,)), [], []]
    state = table.state(hands=[{"swatter": 1}, {}, {}], nasi_lemak=rows)
    table.play(state, "swat card 2")
    assert state.winners() == [0]


def test_fanning_your_fly_away_can_win(table: Any) -> None:
    rows = [table.cards([2, 2, 2], flies=(0,)), table.cards([1]), []]
    state = table.state(hands=[{"fan": 1}, {}, {}], nasi_lemak=rows)
    table.play(state, "fan from card 0", "fly to seat 1 card 0")
    assert state.winners() == [0]
    assert state.scores() == [6.0, 0.0, 0.0]


def _nearly_out(table: Any, five: dict[str, int], **fields: Any) -> Any:
    """Seat 4 to play with five ingredients and the last card in the pile."""
    rows = [table.cards(row) for row in NEARLY_OUT]
    hands = [{} for _ in range(6)]
    hands[4] = five
    fields = {"hands": hands, "nasi_lemak": rows, "active": 4, "turn": 5, **fields}
    return table.state(6, **fields)


def test_the_pile_running_out_ends_the_game_at_the_end_of_that_turn(
    table: Any, five: dict[str, int]
) -> None:
    """N5: play on to the end of the turn in which the last card was taken."""
    state = _nearly_out(table, five)
    table.play(state, "make nasi lemak", "1 pack")
    assert not state.is_terminal()
    assert "make nasi lemak" not in table.legal(state)
    table.play(state, "end turn")
    assert state.is_terminal()
    assert state.view(0)["end"] == "pile_out"


def test_a_tie_on_packs_goes_to_the_most_fly_free_cards(table: Any, five: dict[str, int]) -> None:
    """N5: seats 0-3 hold four packs; seat 2 holds them on three fly-free cards."""
    rows = [table.cards(row) for row in NEARLY_OUT]
    rows[3] = table.cards(NEARLY_OUT[3], flies=(2,))
    state = _nearly_out(table, five, nasi_lemak=rows)
    table.play(state, "make nasi lemak", "1 pack", "end turn")
    assert state.scores() == [4.0, 4.0, 4.0, 3.0, 3.0, 3.0]
    assert state.winners() == [2]


def test_a_tie_on_packs_counts_only_fly_free_cards_N5(table: Any, five: dict[str, int]) -> None:
    """N5: seats 0, 1 and 5 end on four fly-free packs. Seat 0 holds four cards, but two carry a
    Fly, so it has two fly-free cards to seat 1's three: seat 1 wins, though seat 0 holds the
    most cards and as many fly-free packs."""
    rows = [[2, 2, 1, 1], [2, 1, 1], [2, 1], [2, 1], [1], [2, 2]]
    cards = [table.cards(row) for row in rows]
    cards[0] = table.cards(rows[0], flies=(2, 3))
    state = _nearly_out(table, five, nasi_lemak=cards)
    table.play(state, "make nasi lemak", "1 pack", "end turn")
    assert state.view(None)["end"] == "pile_out"
    assert state.scores() == [4.0, 4.0, 3.0, 3.0, 2.0, 4.0]
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]


def test_a_tie_on_packs_and_cards_is_a_shared_win(table: Any, five: dict[str, int]) -> None:
    """N5: still tied after the card count, the win is shared."""
    state = _nearly_out(table, five)
    table.play(state, "make nasi lemak", "1 pack", "end turn")
    assert state.winners() == [2, 3]
    assert state.returns() == [0.0, 0.0, 0.5, 0.5, 0.0, 0.0]


def test_the_round_option_finishes_the_round_before_the_end(
    table: Any, five: dict[str, int]
) -> None:
    """N5 option pile_out_end='round': everyone gets the same number of turns."""
    state = _nearly_out(table, five, options={"pile_out_end": "round"})
    table.play(state, "make nasi lemak", "1 pack", "end turn")
    assert not state.is_terminal()
    assert state.view(None)["active"] == 5
    table.play(state, "rice", "egg", "end turn")
    assert state.is_terminal()
    assert state.view(0)["end"] == "pile_out"


def test_five_packs_win_at_once_during_the_extra_round_of_pile_out_end_round_N4_N5(
    table: Any,
) -> None:
    """N4, N5 option pile_out_end='round': the pile is out and seat 5 has yet to play, but
    seat 4 swatting the fly off its third card holds five fly-free packs and wins at once."""
    rows = [[2, 2], [2, 1, 1], [2, 1, 1], [2, 1], [2, 2, 1], [1, 1]]
    cards = [table.cards(row, flies=(2,) if seat == 4 else ()) for seat, row in enumerate(rows)]
    hands = [{} for _ in range(6)]
    hands[4] = {"swatter": 1}
    options = {"pile_out_end": "round"}
    state = table.state(6, hands=hands, nasi_lemak=cards, active=4, turn=5, options=options)
    assert (state.view(None)["nasi_lemak_pile"], state.view(None)["first_player"]) == (0, 0)
    table.play(state, "swat card 2")
    assert state.is_terminal()
    view = state.view(None)
    assert (view["end"], view["active"], view["winners"]) == ("five_packs", 4, [4])
    assert state.returns() == [0.0, 0.0, 0.0, 0.0, 1.0, 0.0]


def test_the_round_limit_scores_the_game_like_an_empty_pile(table: Any) -> None:
    """max_rounds keeps every game finite; the N5 tie-breaks decide it."""
    rows = [table.cards([1]), table.cards([2]), []]
    state = table.state(nasi_lemak=rows, active=2, turn=3, options={"max_rounds": 1})
    table.play(state, "end turn")
    assert state.is_terminal()
    assert state.view(0)["end"] == "round_limit"
    assert state.winners() == [1]


def test_at_the_end_every_nasi_lemak_card_is_turned_up(table: Any) -> None:
    rows = [table.cards([1]), table.cards([2]), []]
    state = table.state(nasi_lemak=rows, active=2, turn=3, options={"max_rounds": 1})
    table.play(state, "end turn")
    assert [entry["nasi_lemak"] for entry in state.view(0)["seats"]] == [[1], [2], []]
    assert state.view(0)["winners"] == [1]


def test_random_games_always_end() -> None:
    """Every random game reaches an end within the declared length."""
    for seed in range(20):
        state = play_random(GAME.new_state(2 + seed % 5), random.Random(seed))
        assert state.winners()
        assert len(state.history) <= GAME.max_game_length(state.num_players)


def test_a_finished_game_reports_its_end_and_the_flies_played(table: Any) -> None:
    """The simulator's facts: the end the state recorded, and Fly, Fan and Swatter moves only
    (a trade taken back or cancelled is no fly)."""
    rows = [table.cards([2, 2, 1], flies=(2,)), table.cards([1]), []]
    hands = [{"swatter": 1, "fly": 1, "rice": 1}, {"egg": 1}, {}]
    state = table.state(hands=hands, nasi_lemak=rows)
    table.play(state, "trade", "trade with seat 1", "give rice", "take back rice", "cancel trade")
    table.play(state, "play fly", "fly to seat 1 card 0", "swat card 2")
    facts = SPEC.facts(state)
    assert facts.end == "five fly-free Nasi Lemak"
    assert facts.stats["flies_played"] == 1.0 and facts.stats["swatters_played"] == 1.0
    assert facts.stats["fans_played"] == 0.0 and facts.stats["flies_on_cards_at_end"] == 1.0
    assert facts.seat_stats["packs"] == (5.0, 1.0, 0.0)
    assert facts.seat_stats["fly_free_packs"] == (5.0, 0.0, 0.0)
