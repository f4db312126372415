"""The phases of a Nasi Lemak turn and the ways a game can end."""

from __future__ import annotations

# The chance phases draw a banana-leaf card, a Nasi Lemak card, a starting seat or a stolen card.
(START, DEAL, DRAW, MAIN, COOK, REVEAL, STEAL, PICK, FAN_TARGET, PARTNER, OFFER, RESPONSE, OVER) = (
    range(13)
)
PHASE_NAMES = (
    "start",
    "deal",
    "draw",
    "main",
    "cook",
    "reveal",
    "steal",
    "pick",
    "fan_target",
    "partner",
    "offer",
    "response",
    "over",
)
CHANCE_PHASES = frozenset((START, DEAL, DRAW, COOK, REVEAL, STEAL))
CARD_DRAW_PHASES = frozenset((DEAL, DRAW, REVEAL))

FIVE_PACKS = "five_packs"
PILE_OUT = "pile_out"
ROUND_LIMIT = "round_limit"
ENDS = (FIVE_PACKS, PILE_OUT, ROUND_LIMIT)
