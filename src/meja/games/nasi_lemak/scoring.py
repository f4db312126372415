"""Scores, winners, and the turn's end with the tests that end the game: five fly-free packs
(N4), the Nasi Lemak pile run out (N5), or the round limit reached."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.tally import total
from meja.games.nasi_lemak.components import DRAW_PER_TURN, MOVES_PER_TURN, WIN_PACKS
from meja.games.nasi_lemak.tables import DRAW, FIVE_PACKS, MAIN, OVER, PILE_OUT, ROUND_LIMIT

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


def fly_free_packs(state: NasiLemakState, seat: int) -> int:
    """Packs on seat's Nasi Lemak cards that carry no fly."""
    return sum(v for v, fly in zip(state.nl[seat], state.flies[seat], strict=True) if not fly)


def fly_free_cards(state: NasiLemakState, seat: int) -> int:
    """Seat's Nasi Lemak cards that carry no fly."""
    return state.flies[seat].count(0)


def wins(state: NasiLemakState, packs: int = 0) -> bool:
    """Whether the active player shows five fly-free packs, with packs more (N4)."""
    return fly_free_packs(state, state.turn_seat) + packs >= WIN_PACKS


def turn_end(state: NasiLemakState, pile_left: int) -> str:
    """The end a turn ending now brings with pile_left cards in the pile, or "" if play goes on:
    the pile is out (N5, at once or at the end of the round) or the rounds are up."""
    following = (state.turn_seat + 1) % state.num_players
    if not pile_left and (not state.round_end or following == state.first):
        return PILE_OUT
    if state.turn >= state.max_turns:
        return ROUND_LIMIT
    return ""


def begin_turn(state: NasiLemakState) -> None:
    """The active player's turn opens with the free draw."""
    state.turn += 1
    state.moves = MOVES_PER_TURN
    state.declined = 0
    state.to_draw = DRAW_PER_TURN
    state.phase = DRAW


def after_move(state: NasiLemakState, check_win: bool = False) -> None:
    """Check N4 when packs may have been gained, then continue or end the turn."""
    state.target = -1
    if check_win and wins(state):
        state.phase = OVER
        state.end = FIVE_PACKS
    elif state.moves:
        state.phase = MAIN
    else:
        end_turn(state)


def end_turn(state: NasiLemakState) -> None:
    """Pass the turn clockwise, unless the pile ran out (N5) or the round limit is reached."""
    end = turn_end(state, total(state.pile))
    if end:
        state.phase = OVER
        state.end = end
    else:
        state.turn_seat = (state.turn_seat + 1) % state.num_players
        begin_turn(state)
        state.settle_draws()


def scores(state: NasiLemakState) -> list[float]:
    """Fly-free packs per seat."""
    return [float(fly_free_packs(state, seat)) for seat in range(state.num_players)]


def winners(state: NasiLemakState) -> list[int]:
    """The five-pack winner, else the most fly-free packs, then fly-free cards (N5)."""
    if state.phase != OVER:
        return []
    if state.end == FIVE_PACKS:
        return [state.turn_seat]
    keys = [
        (fly_free_packs(state, seat), fly_free_cards(state, seat))
        for seat in range(state.num_players)
    ]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
