"""What a seat sees: the whole table. Nothing in Peranakan is hidden but the order of the deck,
which is an unordered multiset until a tile is turned up, so the base resample (a clone) holds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meja.games.peranakan.components import KUEH_TYPES
from meja.games.peranakan.position import envelope, table
from meja.games.peranakan.scoring import deck_size

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState


def view(state: PeranakanState, player: int | None) -> dict[str, Any]:
    """Everything on the table is public; the deck's contents follow from the tiles seen."""
    return {
        **envelope(state),
        "seat": player,
        **table(state),
        "deck_size": deck_size(state),
        "supply": dict(zip(KUEH_TYPES, state.supply, strict=True)),
    }
