"""The Nasi Lemak Game: its facts, options (the readings that are choices) and factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meja.core.game import Option
from meja.core.start_player import StartPlayerGame, start_player_option
from meja.games.nasi_lemak import position
from meja.games.nasi_lemak.actions import NUM_ACTIONS
from meja.games.nasi_lemak.components import (
    DRAW_PER_TURN,
    HAND_SIZE,
    MAX_DECLINED_OFFERS,
    MAX_DECLINED_OFFERS_RANGE,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_ROUNDS_RANGE,
    MIN_PLAYERS,
    MIN_TRADE_CARDS,
    MIN_TRADE_CARDS_RANGE,
    MOVES_PER_TURN,
    OFFER_CARD_LIMIT,
    OFFER_CARD_LIMIT_RANGE,
    OFFICER_TAKE,
    TAKE_BACK_LIMIT,
    WHOLESALER_REVEAL,
)
from meja.games.nasi_lemak.state import NasiLemakState
from meja.games.nasi_lemak.tables import DECK_CARDS


class NasiLemakGame(StartPlayerGame):
    """Nasi Lemak: The Game, for 2-6 players."""

    name: ClassVar[str] = "nasi_lemak"
    title: ClassVar[str] = "Nasi Lemak: The Game"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    options: ClassVar[tuple[Option, ...]] = (
        start_player_option(MAX_PLAYERS, "N13"),
        Option(
            "pile_out_end",
            "turn",
            "when the Nasi Lemak pile runs out: end with that turn, or finish the round (N5)",
            choices=("turn", "round"),
            label="When the Nasi Lemak pile runs out",
            explain="How the game ends once the last Nasi Lemak card is taken.",
            choice_labels=("The game ends with that turn", "The round is played to its end"),
        ),
        Option(
            "max_declined_offers",
            MAX_DECLINED_OFFERS,
            "declined or cancelled trades allowed per turn, at least 1 since any offer may be "
            "declined; neither costs a move (N2)",
            kind=int,
            minimum=MAX_DECLINED_OFFERS_RANGE[0],
            maximum=MAX_DECLINED_OFFERS_RANGE[1],
            label="Trades that may be declined per turn",
            explain="How many of your offers may be declined or cancelled in one turn; "
            "neither costs you a move.",
        ),
        Option(
            "min_trade_cards",
            MIN_TRADE_CARDS,
            "cards each side of a trade must hold at least; 0 allows gifts (N3)",
            kind=int,
            minimum=MIN_TRADE_CARDS_RANGE[0],
            maximum=MIN_TRADE_CARDS_RANGE[1],
            label="Least cards on each side of a trade",
            explain="Each side of a trade gives at least this many cards; 0 allows gifts.",
        ),
        Option(
            "offer_card_limit",
            OFFER_CARD_LIMIT,
            "most cards on each side of an offer, and taken back out of it; 0: no cap, only "
            f"the two hands limit an offer and {TAKE_BACK_LIMIT} cards may be taken back (N3)",
            kind=int,
            minimum=OFFER_CARD_LIMIT_RANGE[0],
            maximum=OFFER_CARD_LIMIT_RANGE[1],
            label="Most cards on each side of an offer",
            explain="0 means no limit: only the two hands limit an offer.",
        ),
        Option(
            "max_rounds",
            MAX_ROUNDS,
            "rounds after which the game is scored as if the pile had run out (N5 tie-breaks)",
            kind=int,
            minimum=MAX_ROUNDS_RANGE[0],
            maximum=MAX_ROUNDS_RANGE[1],
            label="Round limit",
            explain="After this many rounds the game is scored as if the pile had run out.",
        ),
    )

    def resolve_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Also refuse a trade no offer could make."""
        resolved = super().resolve_options(num_players, options)
        cap = resolved["offer_card_limit"]
        if cap and resolved["min_trade_cards"] > cap:
            raise ValueError(
                "option 'min_trade_cards': larger than offer_card_limit, so no offer could be made"
            )
        return resolved

    def new_state(self, num_players: int, **options: Any) -> NasiLemakState:
        """Both piles shuffled (as multisets); the deal and every later draw are chance events."""
        return NasiLemakState(self, num_players, self.resolve_options(num_players, options))

    def num_actions(self, num_players: int) -> int:
        return NUM_ACTIONS

    def max_game_length(self, num_players: int) -> int:
        """The longest turn times the most turns any options allow, plus the start and deal."""
        n = num_players
        # trade, partner, the cards of both sides (two hands hold at most every card), propose,
        # answer; each card taken back (at most the cap, or the limit without one) is one step,
        # and lets one more card be added.
        taken_back = max(OFFER_CARD_LIMIT_RANGE[1], TAKE_BACK_LIMIT)
        offer = 2 + DECK_CARDS + 2 * taken_back + 2
        # Thief: play and one steal per opponent; Wholesaler: play and reveals; Officer: play,
        # examine and picks; Mak Cik: play, ingredients and the Nasi Lemak card.
        longest_move = max(offer, n, 1 + WHOLESALER_REVEAL, 2 + OFFICER_TAKE, 3)
        turn = DRAW_PER_TURN + 1 + MOVES_PER_TURN * longest_move
        turn += MAX_DECLINED_OFFERS_RANGE[1] * offer
        return 1 + n * HAND_SIZE + MAX_ROUNDS_RANGE[1] * n * turn

    def from_position(self, data: Mapping[str, Any]) -> NasiLemakState:
        return position.from_position(self, data)
