"""Errors a player, a saved file or a position can cause; all are ValueErrors."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    """A seat tried to act while it is not among the active players."""

    code = "not_your_turn"


class GameOver(IllegalAction):
    """Someone tried to act after the game ended."""

    code = "game_over"


class InvalidPosition(ValueError):
    """A position (or record) that cannot describe a legal game state; names the field."""

    code = "invalid_position"
