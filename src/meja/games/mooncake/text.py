"""Plain-text drawing of Mooncake Master: each player's three cakes as 2x2 quarters.

A tile reads as its code: flavour letter (L lotus, R red bean, G green tea), its toppings
(N hazelnut, S watermelon seed, - none), then '<' / '>' for a half yolk on its counter-clockwise
/ clockwise edge. A '*' marks a tile placed this turn and not yet revealed; '.' an empty quarter.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from meja.games.mooncake.components import CAKES, CUSTOMERS, QUARTERS

CELL = 6
PENDING_MARK = "*"
EMPTY_MARK = "."
ROWS = (("NW", "NE"), ("SW", "SE"))
"""How a cake's clockwise quarters sit on the page: north row over south row."""


def draw_cakes(board: Sequence[str | None], pending: Collection[str] = ()) -> list[str]:
    """Two lines drawing a player's cakes side by side; board lists codes slot by slot."""
    lines = []
    for row in ROWS:
        cakes = []
        for cake in range(CAKES):
            cells = []
            for quarter in row:
                slot = cake * len(QUARTERS) + QUARTERS.index(quarter)
                code = board[slot]
                mark = PENDING_MARK if f"{cake + 1}{quarter}" in pending else ""
                cells.append(f"{(code or EMPTY_MARK) + mark:<{CELL}}")
            cakes.append(" ".join(cells))
        lines.append(" | ".join(cakes).rstrip())
    return lines


def render_position(position: Mapping[str, Any]) -> str:
    """The whole state, hidden parts included, as stable text (logs and golden playthroughs)."""
    numbers = {customer.number: customer for customer in CUSTOMERS}
    lines = [
        f"round {position['round']} turn {position['turn']} phase {position['phase']}",
        "customers: "
        + ("; ".join(f"C{n} {numbers[n].text}" for n in position["customers"]) or "none"),
    ]
    for round_index, tastes in enumerate(position["tastes"], start=1):
        sold = [
            " ".join(f"C{c}" for c in cakes if c is not None) or "-"
            for cakes in position["served"][round_index - 1]
        ]
        lines.append(
            f"round {round_index} taste {tastes} sold "
            + ", ".join(f"{seat}:{s}" for seat, s in enumerate(sold))
        )
    for seat, board in enumerate(position["boards"]):
        hand = " ".join(position["hands"][seat]) or "-"
        parts = [f"seat {seat}: festive {position['festive'][seat]}", f"hand {hand}"]
        if position["choices"][seat] is not None:
            parts.append(f"choice {position['choices'][seat]}")
        if position["received"][seat] is not None:
            parts.append("received " + " ".join(position["received"][seat]))
        lines.append(", ".join(parts))
        lines.extend("  " + line for line in draw_cakes(board, position["pending"][seat]))
    return "\n".join(lines)
