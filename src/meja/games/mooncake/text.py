"""Plain-text drawing of Mooncake Master: each player's three cakes as 2x2 quarters.

Tiles read as their codes (see tables.py); a '*' marks a tile placed this turn and not yet
revealed, and '.' an empty quarter. As a new round begins, the cakes the last one was scored on
are drawn below the boards until the next step.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meja.games.mooncake.components import CAKES, CUSTOMERS, QUARTERS

if TYPE_CHECKING:
    from meja.games.mooncake.state import MooncakeState

CELL = 6
PENDING_MARK = "*"
EMPTY_MARK = "."
ROWS = (("NW", "NE"), ("SW", "SE"))
"""How a cake's clockwise quarters sit on the page: the north pair over the south pair."""


def draw_cakes(board: Sequence[str | None], pending: Collection[str] = ()) -> list[str]:
    """Two lines drawing one board's cakes side by side, each as 2x2 quarters."""
    lines = []
    for row in ROWS:
        cakes = []
        for cake in range(CAKES):
            cells = []
            for quarter in row:
                code = board[cake * len(QUARTERS) + QUARTERS.index(quarter)] or EMPTY_MARK
                mark = PENDING_MARK if f"{cake + 1}{quarter}" in pending else ""
                cells.append(f"{code + mark:<{CELL}}")
            cakes.append(" ".join(cells))
        lines.append(" | ".join(cakes).rstrip())
    return lines


def render(state: MooncakeState) -> str:
    """The whole state, hidden parts included, as stable text (logs and golden playthroughs)."""
    position = state.position()
    cards = {customer.number: customer for customer in CUSTOMERS}
    lines = [
        f"round {position['round']} turn {position['turn_in_round']} phase {position['phase']}",
        "customers: "
        + ("; ".join(f"C{n} {cards[n].text}" for n in position["customers"]) or "none"),
    ]
    for index, tastes in enumerate(position["tastes"]):
        sold = [
            "+".join(f"C{c}" for c in cakes if c is not None) or "-"
            for cakes in position["served"][index]
        ]
        lines.append(f"round {index + 1}: taste {tastes}, sold {sold}")
    for seat, board in enumerate(position["boards"]):
        parts = [
            f"seat {seat}: festive {position['festive'][seat]}",
            "hand " + (" ".join(position["hands"][seat]) or "-"),
        ]
        if position["choices"][seat] is not None:
            parts.append(f"choice {position['choices'][seat]}")
        if position["received"][seat] is not None:
            parts.append("received " + " ".join(position["received"][seat]))
        lines.append(", ".join(parts))
        lines.extend("  " + line for line in draw_cakes(board, position["pending"][seat]))
    scored = position.get("scored_round")
    if scored is not None:
        lines.append(f"round {position['round'] - 1} scored, in sight until the next step:")
        for seat, board in enumerate(scored["boards"]):
            lines.append(f"  seat {seat}")
            lines.extend("    " + line for line in draw_cakes(board))
    return "\n".join(lines)


def render_seat(state: MooncakeState, seat: int | None) -> str:
    """The table as seat (None: a spectator) sees it: customers, every board, and that seat's
    hand and choice."""
    view = state.view(seat)
    cards = {customer.number: customer for customer in CUSTOMERS}
    me = view.get("seat")
    lines = [
        f"Round {view['round']}, turn {view['turn_in_round']}: {view['phase']}",
        "Customers: " + ("; ".join(f"C{n} {cards[n].text}" for n in view["customers"]) or "none"),
    ]
    for index, tastes in enumerate(view["tastes"]):
        lines.append(f"Round {index + 1} Taste: {tastes}")
    for seat, board in enumerate(view["boards"]):
        who = "you" if seat == me else f"seat {seat}"
        waiting = " (to move)" if seat in view["active"] else ""
        lines.append(f"{who}: {view['festive'][seat]} Festive Points{waiting}")
        pending = view.get("pending", ()) if seat == me else ()
        lines.extend("  " + line for line in draw_cakes(board, pending))
    scored = view.get("scored_round")
    if scored is not None:
        lines.extend(_scored_lines(view, scored))
    if me is not None:
        lines.append("Your hand: " + (" ".join(view["hand"]) or "-"))
        if view["choice"]:
            lines.append(f"Your choice: {view['choice']}")
        if view["received"]:
            got, gave = view["received"], view["passed"]
            lines.append(
                f"Received {got['from_left']} from the left and {got['from_right']} from the"
                f" right; passed {gave['left']} left and {gave['right']} right"
            )
    return "\n".join(lines)


def _scored_lines(view: Mapping[str, Any], scored: Mapping[str, Any]) -> list[str]:
    """The cakes the last round was scored on, each seat with its Taste Value and sales."""
    number = scored["round"]
    lines = [f"Round {number} as scored, until the next step:"]
    for seat, board in enumerate(scored["boards"]):
        who = "you" if seat == view.get("seat") else f"seat {seat}"
        cakes = view["served"][number - 1][seat]
        sold = [f"C{c} (cake {cake + 1})" for cake, c in enumerate(cakes) if c is not None]
        taste = view["tastes"][number - 1][seat]
        lines.append(f"  {who}: taste {taste}, sold {', '.join(sold) or 'nothing'}")
        lines.extend("    " + line for line in draw_cakes(board))
    return lines
