"""The phases of a Nasi Lemak turn and the ways a game can end."""

from __future__ import annotations

# The chance phases draw a banana-leaf card, a Nasi Lemak card, a starting seat or a stolen card.
# The others after MAIN are the parameters of a move in progress.
PHASE_NAMES = (
    "start",
    "deal",
    "draw",
    "main",
    "cook",
    "reveal",
    "steal",
    "trio",
    "announce",
    "examine",
    "pick",
    "fly_target",
    "fan_target",
    "partner",
    "offer",
    "response",
    "over",
)
(
    START,
    DEAL,
    DRAW,
    MAIN,
    COOK,
    REVEAL,
    STEAL,
    TRIO_CHOICE,
    ANNOUNCING,
    EXAMINING,
    PICK,
    FLY_TARGET,
    FAN_TARGET,
    PARTNER,
    OFFER,
    RESPONSE,
    OVER,
) = range(len(PHASE_NAMES))
CHANCE_PHASES = frozenset((START, DEAL, DRAW, COOK, REVEAL, STEAL))
CARD_DRAW_PHASES = frozenset((DEAL, DRAW, REVEAL))

FIVE_PACKS = "five_packs"
PILE_OUT = "pile_out"
ROUND_LIMIT = "round_limit"
ENDS = (FIVE_PACKS, PILE_OUT, ROUND_LIMIT)
