"""The Nasi Lemak state: its fields, who acts, the chance events, and how each step changes it.

Hands, piles and the table are flat lists (tables.span); face-down piles are multisets (counts
per card type), so an unseen card is fixed only when it is drawn. Each seat's knowledge of the
other hands is kept as a lower bound (cards it has been shown and that cannot have left since),
which is what its view shows and resample keeps. What the whole table saw of the last step and
nothing else shows (a Supplier's ingredient, the seat an Officer examined, a Wholesaler's
cards) is kept in just_seen until the next step.
"""

from __future__ import annotations

import random
from typing import Any, Final

from meja.core.actions import ActionNames, normalize
from meja.core.chance import one_each
from meja.core.fields import compared, declare
from meja.core.game import CHANCE, TERMINAL, Game, State
from meja.core.start_player import RANDOM_START
from meja.core.tally import any_left, total
from meja.core.told import Told
from meja.games.nasi_lemak import actions, legal, position, scoring, text, told, trade, view
from meja.games.nasi_lemak.actions import (
    ANNOUNCE,
    CARD_OF_PLAY,
    END_TURN,
    EXAMINE,
    FAN,
    FLY,
    MAK_CIK,
    MAKE,
    OFFICER,
    PLACE,
    SUPPLIER,
    SWAT,
    TAKE,
    THIEF,
    TRADE,
    TRIO,
    WHOLESALER,
)
from meja.games.nasi_lemak.components import (
    CARD_TYPES,
    HAND_SIZE,
    NASI_LEMAK_CARDS,
    OFFICER_TAKE,
    TAKE_BACK_LIMIT,
    WHOLESALER_REVEAL,
)
from meja.games.nasi_lemak.knowledge import public_gain, public_loss, secret_move
from meja.games.nasi_lemak.tables import (
    ANNOUNCING,
    CARD_DRAW_PHASES,
    COOK,
    DEAL,
    DECK_CARDS,
    DRAW,
    EXAMINING,
    FAN_CARD,
    FAN_TARGET,
    FLY_CARD,
    FLY_TARGET,
    INGREDIENTS,
    IS_CHANCE_PHASE,
    MAIN,
    MAK_CIK_SETS,
    MAX_TABLE_CARDS,
    OFFER,
    OVER,
    PACKS,
    PARTNER,
    PICK,
    RESPONSE,
    REVEAL,
    START,
    STEAL,
    SWATTER_CARD,
    TRIO_CHOICE,
    K,
    seen_span,
    span,
)
from meja.games.nasi_lemak.told import Announced, Examined, JustSeen, TurnedUp
from meja.games.nasi_lemak.turns import after_move, end_turn, settle_draws

PLAY_PHASES: Final = {MAK_CIK: TRIO_CHOICE, SUPPLIER: ANNOUNCING, OFFICER: EXAMINING}
"""Cards whose play is followed by a choice: the ingredients, the name, the seat."""


FIELDS: Final = declare(
    shared="phase turn_seat first turn moves declined end to_draw deal_seat target takes took "
    "fan_from taken_back just_seen",
    copied="hands known draw discard revealed pile give ask",
    rows="nl flies",
    derived="round_end max_declined min_trade offer_limit take_back_limit max_turns",
    derived_copied="sizes",
)
"""Each field once, with how clone() copies it and whether equality looks at it."""


class NasiLemakState(State):
    """One game of Nasi Lemak in progress."""

    _compared = compared(FIELDS)
    """Every field position() is made from: the ones FIELDS does not call derived."""

    def __init__(
        self, game: Game, num_players: int, options: dict[str, Any], *, blank: bool = False
    ) -> None:
        """Both piles shuffled (as multisets), nothing dealt: the deal and every later draw are
        chance events. The position loader sets these same fields from a position; blank
        leaves them all to clone(), which sets every one."""
        super().__init__(game, num_players, options)
        if blank:
            return
        opts = self.options
        self.round_end = opts["pile_out_end"] == "round"
        self.max_declined = int(opts["max_declined_offers"])
        self.min_trade = int(opts["min_trade_cards"])
        cap = int(opts["offer_card_limit"])
        self.offer_limit = cap or DECK_CARDS
        self.take_back_limit = cap or TAKE_BACK_LIMIT
        self.max_turns = int(opts["max_rounds"]) * num_players
        random_start = opts["start_player"] == RANDOM_START
        self.phase = START if random_start else DEAL
        self.turn_seat = self.first = -1 if random_start else int(opts["start_player"])
        self.turn = 0  # turns begun
        self.moves = 0  # moves left this turn (N1)
        self.declined = 0  # offers declined or cancelled this turn (N2)
        self.end = ""  # how the game ended, one of tables.ENDS
        self.to_draw = 0 if random_start else HAND_SIZE  # cards to deal, draw or turn up
        self.deal_seat = -1 if random_start else 0
        self.target = -1  # the Thief's victim, the examined hand or the trade partner
        self.takes = 0  # cards the Officer may still take (N9)
        self.took = -1  # the card the Officer took first, while it takes a second (its words)
        self.fan_from = -1  # the active player's card a Fan moves a fly from
        self.taken_back = 0  # cards taken back out of the offer being built (N3)
        self.hands = [0] * (num_players * K)  # rows: tables.span
        self.sizes = [0] * num_players
        """Cards in each hand, kept beside hands by every step that changes one (see hand_size)."""
        self.known = [0] * (num_players * num_players * K)  # rows: tables.seen_span
        self.draw = [card.count for card in CARD_TYPES]
        self.discard = [0] * K
        self.revealed = [0] * K  # turned up by a Wholesaler so far
        self.pile = [card.count for card in NASI_LEMAK_CARDS]  # by kind (tables.PACKS)
        self.nl: list[list[int]] = [[] for _ in range(num_players)]  # packs, in the order made
        self.flies: list[list[int]] = [[] for _ in range(num_players)]  # 1: carries a fly
        self.give = [0] * K  # the two sides of the offer
        self.ask = [0] * K
        # What the table saw of the last step and nothing else shows; cleared by the next step.
        self.just_seen: JustSeen | None = None

    def clone(self) -> NasiLemakState:
        """A fully independent copy. Every list changed in place is copied, the Nasi Lemak rows and
        their flies two levels deep."""
        copy = NasiLemakState(self.game, self.num_players, self.options, blank=True)
        copy.history = self.history[:]
        copy.phase = self.phase
        copy.turn_seat = self.turn_seat
        copy.first = self.first
        copy.turn = self.turn
        copy.moves = self.moves
        copy.declined = self.declined
        copy.end = self.end
        copy.to_draw = self.to_draw
        copy.deal_seat = self.deal_seat
        copy.target = self.target
        copy.takes = self.takes
        copy.took = self.took
        copy.fan_from = self.fan_from
        copy.taken_back = self.taken_back
        copy.just_seen = self.just_seen
        copy.hands = self.hands[:]
        copy.known = self.known[:]
        copy.draw = self.draw[:]
        copy.discard = self.discard[:]
        copy.revealed = self.revealed[:]
        copy.pile = self.pile[:]
        copy.give = self.give[:]
        copy.ask = self.ask[:]
        copy.nl = [row[:] for row in self.nl]
        copy.flies = [row[:] for row in self.flies]
        copy.round_end = self.round_end
        copy.max_declined = self.max_declined
        copy.min_trade = self.min_trade
        copy.offer_limit = self.offer_limit
        copy.take_back_limit = self.take_back_limit
        copy.max_turns = self.max_turns
        copy.sizes = self.sizes[:]
        return copy

    # --- protocol: who acts and what they may do ----------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if IS_CHANCE_PHASE[phase]:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == RESPONSE:
            return self.target
        return self.turn_seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        return legal.legal_actions(self, player)

    def _is_legal(self, action: int, seat: int) -> bool:
        return legal.is_legal(self, action, seat)

    def _illegal_message(self, action: int, seat: int) -> str:
        return legal.refusal(self, action, seat)

    def hand_size(self, seat: int) -> int:
        """Cards in seat's hand (public), as kept: the rules ask it of every seat at every turn."""
        return self.sizes[seat]

    def _chance_counts(self) -> list[int]:
        """A card from the draw pile, the target's hand or the pile, or the starting seat."""
        phase = self.phase
        if phase in CARD_DRAW_PHASES:
            return self.draw
        if phase == STEAL:
            base = self.target * K
            return self.hands[base : base + K]
        if phase == COOK:
            return self.pile
        if phase == START:
            return one_each(self.num_players)
        return []

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, action: int, player: int) -> None:
        if self.just_seen is not None:
            self.just_seen = None
        phase = self.phase
        if phase == DRAW:
            self._take_from_draw(action)
            self.hands[self.turn_seat * K + action] += 1
            self.sizes[self.turn_seat] += 1
            self.to_draw -= 1
            settle_draws(self)
        elif phase == MAIN:
            self._main(action)
        elif phase == OFFER:
            trade.build_offer(self, action)
        elif phase == RESPONSE:
            trade.respond(self, action)
        elif phase == PARTNER:
            trade.choose_partner(self, action)
        elif phase == DEAL:
            self._take_from_draw(action)
            self.hands[self.deal_seat * K + action] += 1
            self.sizes[self.deal_seat] += 1
            self.to_draw -= 1
            settle_draws(self)
        elif phase == COOK:
            self._cook(action)
        elif phase == REVEAL:
            self._take_from_draw(action)
            self.revealed[action] += 1
            self.to_draw -= 1
            self._settle_reveal()
        elif phase == STEAL:
            self._steal(action)
        elif phase == PICK:
            self._pick(action)
        elif phase in (FLY_TARGET, FAN_TARGET):
            self._land_fly(action)
        elif phase == TRIO_CHOICE:
            for t in MAK_CIK_SETS[action - TRIO]:
                self._discard_from(self.turn_seat, t)
            self.phase = COOK
        elif phase == ANNOUNCING:
            self._supply(INGREDIENTS[action - ANNOUNCE])
            after_move(self)
        elif phase == EXAMINING:
            self._examine(action - EXAMINE)
        else:
            self.turn_seat = self.first = action
            self.phase = DEAL
            settle_draws(self)
        if not any_left(self.draw) and any_left(self.discard):
            # The draw pile ran out while the discard pile was empty: the cards discarded since
            # are the new draw pile at once, so a draw pile is never left empty beside them.
            self.reshuffle()

    def _main(self, action: int) -> None:
        """A move (or the end of the turn) chosen by the active player."""
        if action == END_TURN:
            end_turn(self)
            return
        if action == TRADE:
            self.phase = PARTNER
            return
        act = self.turn_seat
        self.moves -= 1
        if action == MAKE:
            for t in INGREDIENTS:
                self._discard_from(act, t)
            self.phase = COOK
        elif action == FLY:
            # The played fly is in the air until it lands (counted by check_components).
            self.hands[act * K + FLY_CARD] -= 1
            self.sizes[act] -= 1
            public_loss(self, act, FLY_CARD, 1)
            self.phase = FLY_TARGET
        elif action < TRADE:
            self._discard_from(act, CARD_OF_PLAY[action])
            if action == WHOLESALER:
                self.to_draw = WHOLESALER_REVEAL
                self.phase = REVEAL
                self._settle_reveal()
            elif action == THIEF:
                self.target = act
                self._next_victim()
            else:
                self.phase = PLAY_PHASES[action]
        elif action < SWAT:
            self._discard_from(act, FAN_CARD)
            self.fan_from = action - FAN
            self.phase = FAN_TARGET
        else:
            self._discard_from(act, SWATTER_CARD)
            self.flies[act][action - SWAT] = 0
            self.discard[FLY_CARD] += 1
            after_move(self, check_win=True)

    def _land_fly(self, action: int) -> None:
        """A played or fanned fly lands on an opponent's card; fanning may restore packs (N4)."""
        q, j = divmod(action - PLACE, MAX_TABLE_CARDS)
        self.flies[q][j] = 1
        if self.phase == FAN_TARGET:
            self.flies[self.turn_seat][self.fan_from] = 0
            self.fan_from = -1
        after_move(self, check_win=True)

    def _examine(self, q: int) -> None:
        """The Officer sees q's whole hand, privately, and will take up to two cards (N9)."""
        self.known[seen_span(self.num_players, self.turn_seat, q)] = self.hands[span(q)]
        self.just_seen = Examined(self.turn_seat, q)
        self.target = q
        self.takes = min(OFFICER_TAKE, self.hand_size(q))
        if self.takes:
            self.phase = PICK
        else:
            after_move(self)

    def _cook(self, kind: int) -> None:
        """The top Nasi Lemak card goes face down in front of the active player."""
        self.pile[kind] -= 1
        self.nl[self.turn_seat].append(PACKS[kind])
        self.flies[self.turn_seat].append(0)
        after_move(self, check_win=True)

    def _supply(self, t: int) -> None:
        """Every other player hands over all cards of ingredient t, in the open (N7)."""
        act = self.turn_seat
        n = self.num_players
        hands = self.hands
        known = self.known
        handed = [0] * n
        for q in range(n):
            count = hands[q * K + t]
            if q != act and count:
                hands[q * K + t] = 0
                self.sizes[q] -= count
                handed[q] = count
                for r in range(n):
                    known[(r * n + q) * K + t] = 0
        gained = total(handed)
        hands[act * K + t] += gained
        self.sizes[act] += gained
        self.just_seen = Announced(act, t, tuple(handed))
        public_gain(self, act, t, gained)

    def _steal(self, t: int) -> None:
        """The Thief takes a random card t from the current victim, seen only by the two of them."""
        act = self.turn_seat
        victim = self.target
        self.hands[victim * K + t] -= 1
        self.hands[act * K + t] += 1
        self.sizes[victim] -= 1
        self.sizes[act] += 1
        secret_move(self, victim, act, t)
        self._next_victim()

    def _next_victim(self) -> None:
        """Move clockwise to the next other player with cards, or finish the Thief."""
        n = self.num_players
        q = self.target
        while True:
            q = (q + 1) % n
            if q == self.turn_seat:
                after_move(self)
                return
            if self.hand_size(q):
                self.target = q
                self.phase = STEAL
                return

    def _pick(self, action: int) -> None:
        """The Officer takes a card of its choice from the hand it examined."""
        t = action - TAKE
        act = self.turn_seat
        q = self.target
        self.hands[q * K + t] -= 1
        self.hands[act * K + t] += 1
        self.sizes[q] -= 1
        self.sizes[act] += 1
        secret_move(self, q, act, t)
        self.takes -= 1
        self.took = t if self.takes else -1
        if not self.takes:
            after_move(self)

    def _discard_from(self, seat: int, t: int) -> None:
        """Seat puts a card of type t face up on the discard pile."""
        self.hands[seat * K + t] -= 1
        self.sizes[seat] -= 1
        self.discard[t] += 1
        public_loss(self, seat, t, 1)

    def _settle_reveal(self) -> None:
        """Wait for the next Wholesaler card, or keep the revealed ingredients (N6)."""
        if self.to_draw and not any_left(self.draw):
            # Played on an empty draw pile: the Wholesaler just discarded starts the new one.
            self.reshuffle()
            if not any_left(self.draw):
                self.to_draw = 0
        if self.to_draw:
            return
        act = self.turn_seat
        revealed = self.revealed
        self.just_seen = TurnedUp(act, tuple(revealed))
        for t in range(K):
            count = revealed[t]
            if count:
                if t in INGREDIENTS:
                    self.hands[act * K + t] += count
                    self.sizes[act] += count
                    public_gain(self, act, t, count)
                else:
                    self.discard[t] += count
                revealed[t] = 0
        after_move(self)

    def _take_from_draw(self, t: int) -> None:
        """A card t leaves the draw pile; the moment the pile is empty the discard pile is
        reshuffled into a new one (N12), so cards discarded later wait for the next time."""
        draw = self.draw
        draw[t] -= 1
        if not draw[t] and not any_left(draw):
            self.reshuffle()

    def reshuffle(self) -> None:
        """The discard pile becomes the draw pile (N12); its order is fixed only by later draws."""
        draw = self.draw
        discard = self.discard
        for t in range(K):
            draw[t] += discard[t]
            discard[t] = 0

    # --- results, views, positions and words: each written once in its own module ------
    def fly_free_packs(self, seat: int) -> int:
        return scoring.fly_free_packs(self, seat)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def resample(self, player: int, rng: random.Random) -> NasiLemakState:
        return view.resample(self, player, rng)

    def view(self, player: int | None) -> dict[str, Any]:
        return view.view(self, player)

    def check_components(self) -> list[str]:
        return position.check_components(self)

    def position(self) -> dict[str, Any]:
        return position.position(self)

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        return told.told(self, player, action, viewer)

    def _names(self, seat: int) -> ActionNames:
        return actions.names(self, seat)

    def __str__(self) -> str:
        return text.render(self)

    def _unknown_words(self, text: str, seat: int) -> str:
        """Words for no move at all, saying so when they offer a card that cannot be traded."""
        reason = None if seat == CHANCE else legal.untradable(normalize(text))
        return super()._unknown_words(text, seat) + (f": {reason}" if reason else "")
