"""The turn: the deal and the draw that open it, its moves (N1), and its end, which passes play
clockwise or ends the game when the Nasi Lemak pile is out (N5) or the round limit is reached.
A win (N4) is checked after each move that may gain packs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meja.core.tally import any_left, total
from meja.games.nasi_lemak.components import DRAW_PER_TURN, HAND_SIZE, MOVES_PER_TURN
from meja.games.nasi_lemak.scoring import wins
from meja.games.nasi_lemak.tables import DEAL, DRAW, FIVE_PACKS, MAIN, OVER, PILE_OUT, ROUND_LIMIT

if TYPE_CHECKING:
    from meja.games.nasi_lemak.state import NasiLemakState


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
        settle_draws(state)


def settle_draws(state: NasiLemakState) -> None:
    """After a dealt or drawn card: deal on, start the turn, or wait for the next card."""
    while True:
        if state.to_draw:
            if not any_left(state.draw):
                # Cards this step discarded onto an empty draw pile start the new one.
                state.reshuffle()
            if any_left(state.draw):
                return
            state.to_draw = 0
        if state.phase == DEAL:
            state.deal_seat += 1
            if state.deal_seat < state.num_players:
                state.to_draw = HAND_SIZE
                continue
            state.deal_seat = -1
            begin_turn(state)
            continue
        state.phase = MAIN
        return
