"""A seat's information state as a fixed-length vector, for OpenSpiel's learners that read one
(NFSP, Deep CFR, policy-gradient methods on information states).

It is the seat's observation (its view, with the memory its encoder keeps of what it was told),
then how often the seat took each action this game, then its last RECENT actions, most recent
first. A seat always knows its own moves, so nothing here is hidden from it. It is a summary, not
the whole history: two histories the seat can tell apart may share a tensor, where the seat's
information_state_string (its view and what it was told of every step) never does.
"""

from __future__ import annotations

import numpy as np

from meja.env.encoding import Field, Layout
from meja.env.table import Table

RECENT = 4
"""The seat's own latest actions written one-hot, in order."""


def information_layout(table: Table) -> Layout:
    """The observation's fields, then the seat's own action counts and its latest actions."""
    actions = table.num_actions
    return Layout(
        [
            *table.layout.fields,
            Field(
                "own_action_counts",
                actions,
                float(table.max_length),
                "per action number, how many times the seat took it this game",
            ),
            Field(
                "own_recent_actions",
                RECENT * actions,
                1.0,
                f"one-hot action numbers of the seat's last {RECENT} actions, most recent first",
            ),
        ]
    )


def write_information(table: Table, seat: int, out: np.ndarray) -> None:
    """Write seat's information-state vector (information_layout) into out."""
    size = table.layout.size
    actions = table.num_actions
    out[:] = 0.0
    out[:size] = table.observe(seat)
    own = [action for player, action in table.state.history if player == seat]
    if own:
        np.add.at(out, size + np.asarray(own, dtype=np.int64), 1.0)
    start = size + actions
    for index, action in enumerate(reversed(own[-RECENT:])):
        out[start + index * actions + action] = 1.0
