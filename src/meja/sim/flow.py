"""How a game unfolded, measured while it is played: turns, choices per decision, the lead.

A turn is one seat's consecutive decisions: it begins whenever the seat to decide changes, and
chance steps in between neither start nor end one. The scores are read once per turn, as it
begins, and once at the end, so the lead is followed turn by turn at the price of one scores()
call per turn; the moves open to each decision come from the legal_actions call the bot needs
anyway (the random bot's draw is made here from that same list, exactly as it makes it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from meja.core.episode import Policy, random_policy, uniform_pick
from meja.core.game import State

Scores = Sequence[float]


@dataclass(frozen=True)
class Flow:
    """One game's course: turns, decisions, the moves open to them and how the lead moved.

    The score samples are not kept: lead_changes and settled_turn are read from them when the
    game ends. running says whether any score changed before the end; a game whose scores never
    do has no lead to follow, which the report says rather than reading the two lead measures.
    """

    turns: int
    decisions: int
    options: int
    forced: int
    running: bool
    lead_changes: int
    settled_turn: int | None

    @property
    def branching(self) -> float:
        """Mean number of legal moves a decision chose from."""
        return self.options / self.decisions if self.decisions else 0.0

    @property
    def decisions_per_turn(self) -> float:
        """Mean decisions in one turn."""
        return self.decisions / self.turns if self.turns else 0.0

    @property
    def settled_share(self) -> float | None:
        """settled_turn as a share of the game's turns (0: led throughout, 1: decided last)."""
        if self.settled_turn is None or not self.turns:
            return None
        return self.settled_turn / self.turns


def sole_leader(scores: Scores) -> int | None:
    """The seat with the highest score, or None when several share it."""
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else None


def lead_changes(samples: Sequence[Scores]) -> int:
    """How often a seat took the sole lead from another: a tie ends nobody's lead, and the
    first seat to lead alone takes it from nobody."""
    changes = 0
    holder: int | None = None
    for scores in samples:
        leader = sole_leader(scores)
        if leader is None:
            continue
        if holder is not None and leader != holder:
            changes += 1
        holder = leader
    return changes


def _winners_ahead(scores: Scores, won: frozenset[int]) -> bool:
    """Whether every seat with the highest score is a winner: with some seat not among the
    winners, the winners are then strictly ahead of it."""
    best = max(scores)
    top = [seat for seat, score in enumerate(scores) if score == best]
    return all(seat in won for seat in top)


def settled_turn(samples: Sequence[Scores], winners: Sequence[int]) -> int | None:
    """The number of turns after which the winners stayed strictly ahead of everyone else.

    samples[k] holds the scores after k turns, the last one the final scores. A game won on a
    tie-break (a winner level with a loser at the end) is settled only by its last turn; a game
    nobody won, or that everyone won, has no settled turn.
    """
    if not samples or not winners or len(winners) == len(samples[0]):
        return None
    won = frozenset(winners)
    settled = len(samples) - 1
    if not _winners_ahead(samples[settled], won):
        return settled
    for k in range(len(samples) - 2, -1, -1):
        if not _winners_ahead(samples[k], won):
            break
        settled = k
    return settled


def winning_margin(scores: Sequence[float], winners: Sequence[int]) -> float | None:
    """The best winner's score minus the best score of a seat that did not win (None when
    nobody won or everyone did)."""
    if not winners or len(winners) == len(scores):
        return None
    others = [score for seat, score in enumerate(scores) if seat not in winners]
    return max(scores[seat] for seat in winners) - max(others)


class FlowRecorder:
    """Wraps each seat's policy to count turns and legal moves and to sample the scores."""

    def __init__(self) -> None:
        self.legal_counts: list[int] = []
        self.turn_seats: list[int] = []
        self.samples: list[Scores] = []

    def decision(self, seat: int, legal: int, scores: Callable[[], Sequence[float]]) -> None:
        """Note a decision of seat among legal moves; scores is read when a turn begins."""
        self.legal_counts.append(legal)
        if not self.turn_seats or self.turn_seats[-1] != seat:
            self.turn_seats.append(seat)
            self.samples.append(list(scores()))

    def wrap(self, policy: Policy) -> Policy:
        """policy, measured; the random policy draws from the list it measured, as it would.

        decision() is written out in the closure: it runs at every decision of every simulated
        game, where one call more per decision shows in the run time.
        """
        counts, seats, samples = self.legal_counts, self.turn_seats, self.samples
        plain_random = policy is random_policy

        def measured(state: State, seat: int, rng: random.Random) -> int:
            legal = state.legal_actions(seat)
            counts.append(len(legal))
            if not seats or seats[-1] != seat:
                seats.append(seat)
                samples.append(state.scores())
            if plain_random:
                return uniform_pick(legal, rng)
            return policy(state, seat, rng)

        return measured

    def flow(self, final: Sequence[float], winners: Sequence[int]) -> Flow:
        """The game's Flow, once it has ended with final scores and winners."""
        samples = [*self.samples, list(final)]
        first = samples[0]
        return Flow(
            turns=len(self.turn_seats),
            decisions=len(self.legal_counts),
            options=sum(self.legal_counts),
            forced=self.legal_counts.count(1),
            running=any(scores != first for scores in samples[1:-1]),
            lead_changes=lead_changes(samples),
            settled_turn=settled_turn(samples, winners),
        )
