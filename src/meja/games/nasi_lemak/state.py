"""The Nasi Lemak state: hands, piles and table as flat lists, moves, chance draws and views.

Face-down piles are multisets (counts per card type), so an unseen card is fixed only when it
is drawn. Each seat's knowledge of the other hands is kept as a lower bound (cards it has been
shown and that cannot have left since), which is what its view shows and resample keeps. What the
whole table saw of the last step and nothing else shows (a Supplier's ingredient, the seat an
Officer examined, a Wholesaler's cards) is kept in just_seen until the next step.
"""

from __future__ import annotations

import random
from typing import Any, cast

from meja.core.actions import ActionNames, normalize
from meja.core.chance import can_draw, draw_outcomes, in_range, uniform_outcomes
from meja.core.game import CHANCE, TERMINAL, State
from meja.core.start_player import start_seat_names
from meja.core.told import Told
from meja.games.nasi_lemak import hidden, messages, text
from meja.games.nasi_lemak.actions import (
    ACCEPT,
    ANNOUNCE,
    ASK,
    CANCEL_TRADE,
    CARD_OF_PLAY,
    CARDS,
    DECK_CARDS,
    DECLINE,
    END_TURN,
    EXAMINE,
    FAN,
    FAN_CARD,
    FLY,
    FLY_CARD,
    GIVE,
    INGREDIENTS,
    MAK_CIK,
    MAK_CIK_CARD,
    MAK_CIK_SETS,
    MAKE,
    MAX_TABLE_CARDS,
    MOVES,
    NUM_ACTIONS,
    NUM_TYPES,
    OFFICER,
    PACK_CARDS,
    PLACE,
    PROPOSE,
    STOLEN,
    SUPPLIER,
    SWAT,
    SWATTER_CARD,
    TAKE,
    TAKE_BACK,
    THIEF,
    TRADABLE,
    TRADE,
    TRIO,
    UNASK,
    WHOLESALER,
    WITH_SEAT,
)
from meja.games.nasi_lemak.components import (
    DRAW_PER_TURN,
    HAND_SIZE,
    MOVES_PER_TURN,
    NASI_LEMAK_CARDS,
    OFFICER_TAKE,
    TAKE_BACK_LIMIT,
    WHOLESALER_REVEAL,
    WIN_PACKS,
)
from meja.games.nasi_lemak.phases import (
    ANNOUNCING,
    CARD_DRAW_PHASES,
    CHANCE_PHASES,
    COOK,
    DEAL,
    DRAW,
    EXAMINING,
    FAN_TARGET,
    FIVE_PACKS,
    FLY_TARGET,
    MAIN,
    OFFER,
    OVER,
    PARTNER,
    PHASE_NAMES,
    PICK,
    PILE_OUT,
    RESPONSE,
    REVEAL,
    ROUND_LIMIT,
    START,
    STEAL,
    TRIO_CHOICE,
)
from meja.games.nasi_lemak.position import (
    Announced,
    Examined,
    JustSeen,
    TurnedUp,
    conservation_problems,
    counts_dict,
    seen_view,
    to_position,
)
from meja.games.nasi_lemak.told import tell

K = NUM_TYPES
PACKS = tuple(card.packs for card in NASI_LEMAK_CARDS)
PLAY_PHASES = {MAK_CIK: TRIO_CHOICE, SUPPLIER: ANNOUNCING, OFFICER: EXAMINING}
"""Cards whose play is followed by a choice: the ingredients, the name, the seat."""


class NasiLemakState(State):
    """One game of Nasi Lemak in progress."""

    _copied = ("hands", "known", "draw", "discard", "revealed", "pile", "give", "ask")
    _copied_rows = ("nl", "flies")
    _compared = (
        "phase",
        "active",
        "first",
        "turn",
        "moves",
        "declined",
        "end",
        "to_draw",
        "deal_seat",
        "target",
        "takes",
        "fan_from",
        "taken_back",
        "hands",
        "known",
        "draw",
        "discard",
        "revealed",
        "pile",
        "nl",
        "flies",
        "give",
        "ask",
        "just_seen",
    )

    # Set by NasiLemakGame.new_state or by the position loader.
    phase: int
    active: int
    first: int
    turn: int
    moves: int
    declined: int
    end: str
    to_draw: int
    deal_seat: int
    target: int
    takes: int
    fan_from: int
    taken_back: int
    hands: list[int]
    known: list[int]
    draw: list[int]
    discard: list[int]
    revealed: list[int]
    pile: list[int]
    nl: list[list[int]]
    flies: list[list[int]]
    give: list[int]
    ask: list[int]
    # What the table saw of the last step and nothing else shows; cleared by the next step.
    just_seen: JustSeen | None = None
    # Options, cached for the hot path.
    round_end: bool
    max_declined: int
    min_trade: int
    offer_limit: int
    take_back_limit: int
    max_turns: int

    def cache_options(self) -> None:
        """Copy the options into attributes the rules read on every step."""
        opts = self.options
        self.round_end = opts["pile_out_end"] == "round"
        self.max_declined = int(opts["max_declined_offers"])
        self.min_trade = int(opts["min_trade_cards"])
        cap = int(opts["offer_card_limit"])
        self.offer_limit = cap or DECK_CARDS
        self.take_back_limit = cap or TAKE_BACK_LIMIT
        self.max_turns = int(opts["max_rounds"]) * self.num_players

    # --- protocol: who acts and what they may do ----------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == RESPONSE:
            return self.target
        return self.active

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self.current_player()
        if current < 0 or (player is not None and player != current):
            return []
        phase = self.phase
        if phase == MAIN:
            return self._main_actions()
        if phase == OFFER:
            return self._offer_actions()
        hands = self.hands
        act = self.active
        if phase == RESPONSE:
            base = self.target * K
            ask = self.ask
            if all(hands[base + t] >= ask[t] for t in TRADABLE):
                return [ACCEPT, DECLINE]
            return [DECLINE]
        if phase in (FLY_TARGET, FAN_TARGET):
            return self.fly_targets()
        if phase == PARTNER:
            partners = [
                WITH_SEAT + q for q in range(self.num_players) if q != act and self._can_trade(q)
            ]
            partners.append(CANCEL_TRADE)
            return partners
        if phase == PICK:
            base = self.target * K
            return [TAKE + t for t in range(K) if hands[base + t]]
        if phase == TRIO_CHOICE:
            return [TRIO + k for k in self.trios()]
        if phase == ANNOUNCING:
            return list(range(ANNOUNCE, ANNOUNCE + len(INGREDIENTS)))
        return [EXAMINE + q for q in range(self.num_players) if q != act]

    def _main_actions(self) -> list[int]:
        """Every move open to the active player, built in increasing id order."""
        act = self.active
        hands = self.hands
        base = act * K
        acts = [END_TURN]
        pile_left = sum(self.pile)
        if pile_left and all(hands[base + t] for t in INGREDIENTS):
            acts.append(MAKE)
        if pile_left and hands[base + MAK_CIK_CARD] and self.trios():
            acts.append(MAK_CIK)
        for action in (WHOLESALER, SUPPLIER, OFFICER, THIEF):
            if hands[base + CARD_OF_PLAY[action]]:
                acts.append(action)
        if hands[base + FLY_CARD] and self._has_fly_free_target():
            acts.append(FLY)
        if self._can_start_trade():
            acts.append(TRADE)
        mine = self.flies[act]
        if 1 in mine:
            if hands[base + FAN_CARD] and self._has_fly_free_target():
                acts.extend(FAN + i for i, fly in enumerate(mine) if fly)
            if hands[base + SWATTER_CARD]:
                acts.extend(SWAT + i for i, fly in enumerate(mine) if fly)
        return acts

    def trios(self) -> list[int]:
        """Indices of the Mak Cik ingredient sets the active player holds."""
        hands = self.hands
        base = self.active * K
        return [
            k
            for k, (a, b, c) in enumerate(MAK_CIK_SETS)
            if hands[base + a] and hands[base + b] and hands[base + c]
        ]

    def _offer_actions(self) -> list[int]:
        """Propose once both sides are big enough; add cards while the limits allow."""
        give = self.give
        ask = self.ask
        given = sum(give)
        asked = sum(ask)
        acts = []
        minimum = self.min_trade
        if given >= minimum and asked >= minimum and given + asked:
            acts.append(PROPOSE)
        if given < self.offer_limit:
            hands = self.hands
            base = self.active * K
            acts.extend(
                GIVE + index for index, t in enumerate(TRADABLE) if give[t] < hands[base + t]
            )
        if asked < self.offer_limit and asked < self.hand_size(self.target):
            acts.extend(range(ASK, ASK + len(TRADABLE)))
        acts.append(CANCEL_TRADE)
        if self.taken_back < self.take_back_limit:
            acts.extend(TAKE_BACK + index for index, t in enumerate(TRADABLE) if give[t])
            acts.extend(UNASK + index for index, t in enumerate(TRADABLE) if ask[t])
        return acts

    def fly_targets(self) -> list[int]:
        """PLACE actions for every fly-free card of every opponent of the active player."""
        act = self.active
        return [
            PLACE + q * MAX_TABLE_CARDS + j
            for q, row in enumerate(self.flies)
            if q != act
            for j, fly in enumerate(row)
            if not fly
        ]

    def _has_fly_free_target(self) -> bool:
        """Whether some opponent has a card a fly could land on."""
        act = self.active
        return any(0 in row for q, row in enumerate(self.flies) if q != act)

    def _can_start_trade(self) -> bool:
        """Whether an offer may still be made this turn to anyone (N2 cap)."""
        if self.declined >= self.max_declined:
            return False
        act = self.active
        return any(self._can_trade(q) for q in range(self.num_players) if q != act)

    def _can_trade(self, q: int) -> bool:
        """Whether an offer to q could reach the minimum size on both sides."""
        base = self.active * K
        hands = self.hands
        mine = sum(hands[base + t] for t in TRADABLE)
        theirs = self.hand_size(q)
        minimum = self.min_trade
        return mine >= minimum and theirs >= minimum and mine + theirs > 0

    def hand_size(self, seat: int) -> int:
        """Cards in seat's hand (public)."""
        base = seat * K
        return sum(self.hands[base : base + K])

    def _is_legal(self, action: int, seat: int) -> bool:
        if type(action) is not int:
            return False
        phase = self.phase
        if phase == MAIN:
            return self._main_legal(action)
        hands = self.hands
        if phase == OFFER:
            minimum = self.min_trade
            if action == PROPOSE:
                given = sum(self.give)
                asked = sum(self.ask)
                return given >= minimum and asked >= minimum and given + asked > 0
            if GIVE <= action < ASK:
                t = TRADABLE[action - GIVE]
                return (
                    sum(self.give) < self.offer_limit and self.give[t] < hands[self.active * K + t]
                )
            if ASK <= action < FAN:
                asked = sum(self.ask)
                return asked < self.offer_limit and asked < self.hand_size(self.target)
            if action == CANCEL_TRADE:
                return True
            if TAKE_BACK <= action < NUM_ACTIONS and self.taken_back < self.take_back_limit:
                if action < UNASK:
                    return self.give[TRADABLE[action - TAKE_BACK]] > 0
                return self.ask[TRADABLE[action - UNASK]] > 0
            return False
        if phase == RESPONSE:
            if action == DECLINE:
                return True
            base = self.target * K
            return action == ACCEPT and all(hands[base + t] >= self.ask[t] for t in TRADABLE)
        if phase in (FLY_TARGET, FAN_TARGET):
            if not PLACE <= action < CANCEL_TRADE:
                return False
            q, j = divmod(action - PLACE, MAX_TABLE_CARDS)
            return q != self.active and q < self.num_players and self._fly_free(q, j)
        if phase == PICK:
            return TAKE <= action < GIVE and hands[self.target * K + action - TAKE] > 0
        if phase == PARTNER:
            if action == CANCEL_TRADE:
                return True
            q = action - WITH_SEAT
            return 0 <= q < self.num_players and q != self.active and self._can_trade(q)
        if phase == TRIO_CHOICE:
            return TRIO <= action < ANNOUNCE and action - TRIO in self.trios()
        if phase == ANNOUNCING:
            return ANNOUNCE <= action < EXAMINE
        q = action - EXAMINE
        return 0 <= q < self.num_players and q != self.active

    def _fly_free(self, q: int, j: int) -> bool:
        """Whether seat q has a card j without a fly."""
        row = self.flies[q]
        return j < len(row) and not row[j]

    def _main_legal(self, action: int) -> bool:
        """The main-phase legality test, one action at a time."""
        act = self.active
        hands = self.hands
        base = act * K
        if action == END_TURN:
            return True
        pile_left = sum(self.pile)
        if action == MAKE:
            return pile_left > 0 and all(hands[base + t] for t in INGREDIENTS)
        if action == MAK_CIK:
            return pile_left > 0 and hands[base + MAK_CIK_CARD] > 0 and bool(self.trios())
        if action in (WHOLESALER, SUPPLIER, OFFICER, THIEF):
            return hands[base + CARD_OF_PLAY[action]] > 0
        if action == FLY:
            return hands[base + FLY_CARD] > 0 and self._has_fly_free_target()
        if action == TRADE:
            return self._can_start_trade()
        mine = self.flies[act]
        if FAN <= action < SWAT:
            i = action - FAN
            return (
                hands[base + FAN_CARD] > 0
                and i < len(mine)
                and mine[i] == 1
                and self._has_fly_free_target()
            )
        if SWAT <= action < PLACE:
            i = action - SWAT
            return hands[base + SWATTER_CARD] > 0 and i < len(mine) and mine[i] == 1
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase in CARD_DRAW_PHASES:
            counts = self.draw
        elif phase == STEAL:
            base = self.target * K
            counts = self.hands[base : base + K]
        elif phase == COOK:
            counts = self.pile
        elif phase == START:
            return uniform_outcomes(self.num_players)
        else:
            return []
        return draw_outcomes(counts, sum(counts))

    def _is_possible_outcome(self, action: int) -> bool:
        phase = self.phase
        if phase in CARD_DRAW_PHASES:
            return can_draw(self.draw, action)
        if phase == STEAL:
            base = self.target * K
            return can_draw(self.hands[base : base + K], action)
        if phase == COOK:
            return can_draw(self.pile, action)
        return phase == START and in_range(action, self.num_players)

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, action: int, player: int) -> None:
        if self.just_seen is not None:
            self.just_seen = None
        phase = self.phase
        if phase == DRAW:
            self._take_from_draw(action)
            self.hands[self.active * K + action] += 1
            self.to_draw -= 1
            self._settle_draws()
        elif phase == MAIN:
            self._main(action)
        elif phase == OFFER:
            self._build_offer(action)
        elif phase == RESPONSE:
            self._respond(action)
        elif phase == PARTNER:
            if action == CANCEL_TRADE:
                self._drop_offer()
            else:
                self.target = action - WITH_SEAT
                self.phase = OFFER
        elif phase == DEAL:
            self._take_from_draw(action)
            self.hands[self.deal_seat * K + action] += 1
            self.to_draw -= 1
            self._settle_draws()
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
                self._discard_from(self.active, t)
            self.phase = COOK
        elif phase == ANNOUNCING:
            self._supply(INGREDIENTS[action - ANNOUNCE])
            self._after_move()
        elif phase == EXAMINING:
            self._examine(action - EXAMINE)
        else:
            self.active = self.first = action
            self.phase = DEAL
            self._settle_draws()
        if not any(self.draw) and any(self.discard):
            # The draw pile ran out while the discard pile was empty: the cards discarded since
            # are the new draw pile at once, so a draw pile is never left empty beside them.
            self._reshuffle()

    def _main(self, action: int) -> None:
        """A move (or the end of the turn) chosen by the active player."""
        if action == END_TURN:
            self._end_turn()
            return
        if action == TRADE:
            self.phase = PARTNER
            return
        act = self.active
        self.moves -= 1
        if action == MAKE:
            for t in INGREDIENTS:
                self._discard_from(act, t)
            self.phase = COOK
        elif action == FLY:
            # The played fly is in the air until it lands (counted by conservation_problems).
            self.hands[act * K + FLY_CARD] -= 1
            self._public_loss(act, FLY_CARD, 1)
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
            self._after_move(check_win=True)

    def _land_fly(self, action: int) -> None:
        """A played or fanned fly lands on an opponent's card; fanning may restore packs (N4)."""
        q, j = divmod(action - PLACE, MAX_TABLE_CARDS)
        self.flies[q][j] = 1
        if self.phase == FAN_TARGET:
            self.flies[self.active][self.fan_from] = 0
            self.fan_from = -1
        self._after_move(check_win=True)

    def _examine(self, q: int) -> None:
        """The Officer sees q's whole hand, privately, and will take up to two cards (N9)."""
        n = self.num_players
        seen = (self.active * n + q) * K
        self.known[seen : seen + K] = self.hands[q * K : q * K + K]
        self.just_seen = Examined(self.active, q)
        self.target = q
        self.takes = min(OFFICER_TAKE, self.hand_size(q))
        if self.takes:
            self.phase = PICK
        else:
            self._after_move()

    def _build_offer(self, action: int) -> None:
        """Add a card to either side of the offer or take one off, put it, or drop it."""
        if action == PROPOSE:
            self.phase = RESPONSE
        elif action == CANCEL_TRADE:
            self._drop_offer()
        elif action >= UNASK:
            self.ask[TRADABLE[action - UNASK]] -= 1
            self.taken_back += 1
        elif action >= TAKE_BACK:
            # Everyone saw the card offered, and it is still in the hand: what they know holds.
            self.give[TRADABLE[action - TAKE_BACK]] -= 1
            self.taken_back += 1
        elif action < ASK:
            t = TRADABLE[action - GIVE]
            self.give[t] += 1
            # An offer is made in the open: everyone now knows the active player holds it.
            n = self.num_players
            act = self.active
            known = self.known
            amount = self.give[t]
            for r in range(n):
                if r != act:
                    index = (r * n + act) * K + t
                    if known[index] < amount:
                        known[index] = amount
        else:
            self.ask[TRADABLE[action - ASK]] += 1

    def _respond(self, action: int) -> None:
        """Exchange the cards of an accepted offer (a move), or note a declined one (not a move)."""
        if action == ACCEPT:
            act = self.active
            q = self.target
            hands = self.hands
            for t in TRADABLE:
                given = self.give[t]
                asked = self.ask[t]
                if given or asked:
                    hands[act * K + t] += asked - given
                    hands[q * K + t] += given - asked
                    self._public_loss(act, t, given)
                    self._public_loss(q, t, asked)
                    self._public_gain(act, t, asked)
                    self._public_gain(q, t, given)
            self.moves -= 1
            self.give = [0] * K
            self.ask = [0] * K
            self.taken_back = 0
            self._after_move()
        else:
            self._drop_offer()

    def _drop_offer(self) -> None:
        """A declined or cancelled trade: no move spent, but one of the turn's declined offers.

        Counting a cancelled trade toward max_declined_offers keeps every turn finite (N2).
        """
        self.declined += 1
        self.give = [0] * K
        self.ask = [0] * K
        self.taken_back = 0
        self.target = -1
        self.phase = MAIN

    def _cook(self, kind: int) -> None:
        """The top Nasi Lemak card goes face down in front of the active player."""
        self.pile[kind] -= 1
        self.nl[self.active].append(PACKS[kind])
        self.flies[self.active].append(0)
        self._after_move(check_win=True)

    def _supply(self, t: int) -> None:
        """Every other player hands over all cards of ingredient t, in the open (N7)."""
        act = self.active
        n = self.num_players
        hands = self.hands
        known = self.known
        handed = [0] * n
        for q in range(n):
            count = hands[q * K + t]
            if q != act and count:
                hands[q * K + t] = 0
                handed[q] = count
                for r in range(n):
                    known[(r * n + q) * K + t] = 0
        total = sum(handed)
        hands[act * K + t] += total
        self.just_seen = Announced(act, t, tuple(handed))
        self._public_gain(act, t, total)

    def _steal(self, t: int) -> None:
        """The Thief takes a random card t from the current victim, seen only by the two of them."""
        act = self.active
        victim = self.target
        self.hands[victim * K + t] -= 1
        self.hands[act * K + t] += 1
        self._secret_move(victim, act, t)
        self._next_victim()

    def _next_victim(self) -> None:
        """Move clockwise to the next other player with cards, or finish the Thief."""
        n = self.num_players
        q = self.target
        while True:
            q = (q + 1) % n
            if q == self.active:
                self._after_move()
                return
            if self.hand_size(q):
                self.target = q
                self.phase = STEAL
                return

    def _pick(self, action: int) -> None:
        """The Officer takes a card of its choice from the hand it examined."""
        t = action - TAKE
        act = self.active
        q = self.target
        self.hands[q * K + t] -= 1
        self.hands[act * K + t] += 1
        self._secret_move(q, act, t)
        self.takes -= 1
        if not self.takes:
            self._after_move()

    def _discard_from(self, seat: int, t: int) -> None:
        """Seat puts a card of type t face up on the discard pile."""
        self.hands[seat * K + t] -= 1
        self.discard[t] += 1
        self._public_loss(seat, t, 1)

    def _public_loss(self, q: int, t: int, count: int) -> None:
        """Everyone saw q give up count cards of type t: lower every bound on q's hand."""
        if not count:
            return
        n = self.num_players
        known = self.known
        for index in range(q * K + t, n * n * K, n * K):
            if known[index]:
                known[index] = max(known[index] - count, 0)

    def _public_gain(self, q: int, t: int, count: int) -> None:
        """Everyone saw q receive count cards of type t."""
        if not count:
            return
        n = self.num_players
        known = self.known
        for r in range(n):
            if r != q:
                known[(r * n + q) * K + t] += count

    def _secret_move(self, q: int, taker: int, t: int) -> None:
        """A card t went from q to taker, seen by the two of them alone.

        The taker no longer counts it in q's hand, q now knows the taker holds it, and everyone
        else only learns that q has one card fewer.
        """
        n = self.num_players
        known = self.known
        index = (taker * n + q) * K + t
        if known[index]:
            known[index] -= 1
        known[(q * n + taker) * K + t] += 1
        self._secret_loss(q, taker)

    def _secret_loss(self, q: int, taker: int) -> None:
        """q lost one card that only q and the taker saw: every other bound drops by one."""
        n = self.num_players
        known = self.known
        for r in range(n):
            if r != q and r != taker:
                start = (r * n + q) * K
                for index in range(start, start + K):
                    if known[index]:
                        known[index] -= 1

    def _settle_reveal(self) -> None:
        """Wait for the next Wholesaler card, or keep the revealed ingredients (N6)."""
        if self.to_draw and not any(self.draw):
            # Played on an empty draw pile: the Wholesaler just discarded starts the new one.
            self._reshuffle()
            if not any(self.draw):
                self.to_draw = 0
        if self.to_draw:
            return
        act = self.active
        revealed = self.revealed
        self.just_seen = TurnedUp(act, tuple(revealed))
        for t in range(K):
            count = revealed[t]
            if count:
                if t in INGREDIENTS:
                    self.hands[act * K + t] += count
                    self._public_gain(act, t, count)
                else:
                    self.discard[t] += count
                revealed[t] = 0
        self._after_move()

    def _settle_draws(self) -> None:
        """After a dealt or drawn card: deal on, start the turn, or wait for the next card."""
        while True:
            if self.to_draw:
                if not any(self.draw):
                    # Cards this step discarded onto an empty draw pile start the new one.
                    self._reshuffle()
                if any(self.draw):
                    return
                self.to_draw = 0
            if self.phase == DEAL:
                self.deal_seat += 1
                if self.deal_seat < self.num_players:
                    self.to_draw = HAND_SIZE
                    continue
                self.deal_seat = -1
                self._begin_turn()
                continue
            self.phase = MAIN
            return

    def _take_from_draw(self, t: int) -> None:
        """A card t leaves the draw pile; the moment the pile is empty the discard pile is
        reshuffled into a new one (N12), so cards discarded later wait for the next time."""
        draw = self.draw
        draw[t] -= 1
        if not draw[t] and not any(draw):
            self._reshuffle()

    def _reshuffle(self) -> None:
        """The discard pile becomes the draw pile (N12); its order is fixed only by later draws."""
        draw = self.draw
        discard = self.discard
        for t in range(K):
            draw[t] += discard[t]
            discard[t] = 0

    def _begin_turn(self) -> None:
        """The active player's turn opens with the free draw."""
        self.turn += 1
        self.moves = MOVES_PER_TURN
        self.declined = 0
        self.to_draw = DRAW_PER_TURN
        self.phase = DRAW

    def _after_move(self, check_win: bool = False) -> None:
        """Check N4 when packs may have been gained, then continue or end the turn."""
        self.target = -1
        if check_win and self.fly_free_packs(self.active) >= WIN_PACKS:
            self.phase = OVER
            self.end = FIVE_PACKS
        elif self.moves:
            self.phase = MAIN
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """Pass the turn clockwise, unless the pile ran out (N5) or the round limit is reached."""
        n = self.num_players
        following = (self.active + 1) % n
        if not any(self.pile) and (not self.round_end or following == self.first):
            self.phase = OVER
            self.end = PILE_OUT
        elif self.turn >= self.max_turns:
            self.phase = OVER
            self.end = ROUND_LIMIT
        else:
            self.active = following
            self._begin_turn()
            self._settle_draws()

    # --- results ------------------------------------------------------------------------
    def fly_free_packs(self, seat: int) -> int:
        """Packs on seat's Nasi Lemak cards that carry no fly."""
        return sum(v for v, fly in zip(self.nl[seat], self.flies[seat], strict=True) if not fly)

    def fly_free_cards(self, seat: int) -> int:
        """Seat's Nasi Lemak cards that carry no fly."""
        return self.flies[seat].count(0)

    def scores(self) -> list[float]:
        return [float(self.fly_free_packs(seat)) for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        if self.end == FIVE_PACKS:
            return [self.active]
        keys = [
            (self.fly_free_packs(seat), self.fly_free_cards(seat))
            for seat in range(self.num_players)
        ]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    # --- copies, hidden information and views -------------------------------------------
    def resample(self, player: int, rng: random.Random) -> NasiLemakState:
        new = cast(NasiLemakState, self.clone())
        hidden.redraw_cards(new, player, rng)
        if new.phase == PICK:
            # The Officer still knows the whole hand it is picking from.
            n = self.num_players
            seen = (new.active * n + new.target) * K
            new.known[seen : seen + K] = new.hands[new.target * K : new.target * K + K]
        if new.phase != OVER:
            hidden.redraw_values(new, player, rng)
        return new

    def view(self, player: int | None) -> dict[str, Any]:
        n = self.num_players
        over = self.phase == OVER
        hands = self.hands
        players = []
        for q in range(n):
            shown = over or q == player
            entry: dict[str, Any] = {
                "seat": q,
                "hand_size": sum(hands[q * K : q * K + K]),
                "nasi_lemak": self.nl[q][:] if shown else [None] * len(self.nl[q]),
                "flies": list(map(bool, self.flies[q])),
            }
            if player is not None and q != player:
                entry["known"] = counts_dict(self.known, (player * n + q) * K)
            players.append(entry)
        out = self._public()
        out["seat"] = player
        out["players"] = players
        if player is not None:
            out["hand"] = counts_dict(hands, player * K)
        if over:
            out["scores"] = self.scores()
            out["winners"] = self.winners()
        return out

    def _public(self) -> dict[str, Any]:
        """What every seat sees of the phase and the piles."""
        phase = self.phase
        out: dict[str, Any] = {
            "phase": PHASE_NAMES[phase],
            "current_player": self.current_player(),
            "active": self.active,
            "first_player": self.first,
            "turn": self.turn,
            "moves_left": self.moves,
            "declined_offers": self.declined,
            "end": self.end or None,
            "draw_pile": sum(self.draw),
            "discard_pile": counts_dict(self.discard),
            "revealed": counts_dict(self.revealed),
            "nasi_lemak_pile": sum(self.pile),
            "pending_draws": self.to_draw,
            "deal_seat": self.deal_seat,
            "target": self.target,
            "takes_left": self.takes,
            "fan_from": self.fan_from,
            "offer": None,
            "just_seen": seen_view(self.just_seen),
        }
        if phase in (OFFER, RESPONSE):
            out["offer"] = {
                "give": counts_dict(self.give),
                "ask": counts_dict(self.ask),
                "taken_back": self.taken_back,
            }
        return out

    def position(self) -> dict[str, Any]:
        return to_position(self)

    def check_components(self) -> list[str]:
        return conservation_problems(self)

    # --- strings ------------------------------------------------------------------------
    def _names(self, seat: int) -> ActionNames:
        """Chance outcomes: the card drawn or stolen, the pack count cooked, the start seat."""
        if seat != CHANCE:
            return MOVES
        phase = self.phase
        if phase in CARD_DRAW_PHASES:
            return CARDS
        if phase == STEAL:
            return STOLEN
        if phase == COOK:
            return PACK_CARDS
        if phase == START:
            return start_seat_names(self.num_players)
        return MOVES

    def told(self, player: int, action: int, viewer: int | None) -> Told:
        """Hidden cards and pack values are named only to the seats that see them (told.py)."""
        return tell(self, player, action, viewer)

    def _unknown_words(self, text: str, seat: int) -> str:
        """Words for no move at all, saying so when they offer a card that cannot be traded."""
        if seat == CHANCE:
            return super()._unknown_words(text, seat)
        reason = messages.untradable(normalize(text))
        return f"{text!r} is not a legal move now" + (f": {reason}" if reason else "")

    def _illegal_message(self, action: int, seat: int) -> str:
        return messages.explain(self, action, seat)

    def __str__(self) -> str:
        return text.render(self)
