"""What a seat sees: the whole table. Nothing in Peranakan is hidden but the order of the deck,
which is an unordered multiset until a tile is turned up, so the base resample (a clone) holds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meja.games.peranakan.components import KUEH_TYPES
from meja.games.peranakan.position import position
from meja.games.peranakan.scoring import deck_size

if TYPE_CHECKING:
    from meja.games.peranakan.state import PeranakanState


def view(state: PeranakanState, player: int | None) -> dict[str, Any]:
    """Everything on the table is public; the deck's contents follow from the tiles seen."""
    data = position(state)
    del data["options"]
    data["seat"] = player
    data["to_move"] = state.current_player()
    data["deck_size"] = deck_size(state)
    data["supply"] = dict(zip(KUEH_TYPES, state.supply, strict=True))
    return data
