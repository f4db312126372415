"""Taking a move back: which of a seat's moves may be undone, and the state without them.

A seat may take back its own moves, one at a time, while it is still its turn and nothing has
been revealed since: no chance step, no other seat's decision, and no step whose declared words
(State.told) tell any viewer something it could not know before. Every front end (the terminal,
the server, the browser) asks these functions, so they agree on what may be undone and why not.
"""

from __future__ import annotations

from meja.core.errors import IllegalAction
from meja.core.game import CHANCE, State
from meja.core.told import viewers

FROM_POSITION = "this game was set up from a position, so its moves cannot be taken back"
"""The refusal for a state whose history does not replay from the game's start to itself."""


def _replayed(state: State, steps: int) -> State:
    """The game's first steps replayed from its start, with the same options."""
    fresh = state.game.new_state(state.num_players, **state.options)
    for player, action in state.history[:steps]:
        fresh.apply(action, player)
    return fresh


def _judged(state: State, seat: int) -> tuple[str | None, State | None]:
    """Why seat may not take back its last move, or None and the state before that move.

    Cheap unless seat played the last step: only then is the game replayed from its start, to
    judge that step as its viewers were told it and to rebuild the state before it.
    """
    if state.is_terminal():
        return "the game is over", None
    history = state.history
    last_player = history[-1][0] if history else None
    if last_player != seat:
        if all(player != seat for player, _ in history):
            return "you have not moved yet", None
        if last_player == CHANCE:
            return "something was drawn or turned up after your move, so it stands", None
        return "another player has moved since", None
    if seat not in state.active_players():
        return "your turn has ended", None
    action = history[-1][1]
    try:
        before = _replayed(state, len(history) - 1)
        before.check(action, seat)
    except IllegalAction:
        # The history does not start from the game's own start: a state loaded from a position
        # keeps only the steps played since, which a fresh game refuses or plays differently.
        return FROM_POSITION, None
    told = [before.told(seat, action, viewer) for viewer in viewers(state.num_players)]
    after = before.clone()
    after.apply(action, seat)
    if after != state:
        return FROM_POSITION, None
    if any(each.reveals for each in told):
        return "your last move showed something that was hidden, so it stands", None
    return None, before


def may_take_back(state: State, seat: int, last_revealed: bool) -> bool:
    """undoable() for a caller that already holds what the history's last step told its viewers
    (the server keeps it in its log): the same rule, without replaying the game. Only for a
    state played from the game's own start, where the replay could find nothing else."""
    history = state.history
    return (
        not last_revealed
        and bool(history)
        and history[-1][0] == seat
        and not state.is_terminal()
        and seat in state.active_players()
    )


def refusal(state: State, seat: int) -> str | None:
    """Why seat may not take back its last move now, in words; None when it may."""
    return _judged(state, seat)[0]


def undone(state: State, seat: int) -> State:
    """A new state: state without seat's last move; IllegalAction saying why if it may not."""
    reason, before = _judged(state, seat)
    if before is None:
        raise IllegalAction(f"cannot take back: {reason}")
    return before
