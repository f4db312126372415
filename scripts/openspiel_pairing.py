"""Play OpenSpiel's search against meja's ISMCTS on equal knowledge, and print the result.

    nice -n 10 python scripts/openspiel_pairing.py mooncake --games 40 --iterations 200 --seed 1

Both sides judge positions by the game's heuristic values() (meja.env.evaluator) with the same
iteration budget; --evaluator random gives OpenSpiel its own random rollouts instead, the only
evaluation it had of these games before. In a game with hidden information OpenSpiel plays its
ISMCTSBot, redrawing what its seat cannot see with meja's resample, as meja's ISMCTS does; in a
perfect-information game it plays its MCTSBot. Seats alternate from game to game; a shared win
counts as a fraction. With --equal-time, OpenSpiel's iteration budget follows meja's CPU time
per move from game to game:

    nice -n 10 python scripts/openspiel_pairing.py peranakan --games 200 --meja strong \
        --evaluator random --equal-time --seed 2026

The row printed gives OpenSpiel's last budget, its win share with a 95% interval, and each
side's CPU seconds per move.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from meja.bots.registry import make_bot
from meja.core.registry import load_game
from meja.env import openspiel
from meja.env.evaluator import HeuristicEvaluator

UCT_C = 2.0
"""OpenSpiel's own examples' exploration constant."""


def openspiel_bot(
    game: pyspiel.Game, name: str, iterations: int, seed: int, judge: str
) -> pyspiel.Bot:
    """OpenSpiel's search for game, judging by meja's heuristic (or by one random rollout):
    ISMCTS where cards hide."""
    rng = np.random.RandomState(seed)
    evaluator: mcts.Evaluator = (
        HeuristicEvaluator(game) if judge == "heuristic" else mcts.RandomRolloutEvaluator(1, rng)
    )
    if openspiel.INFORMATION[name] == openspiel.PERFECT:
        return mcts.MCTSBot(game, UCT_C, iterations, evaluator, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, iterations, random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


class Tally:
    """CPU seconds and moves of each side, over the run and over the last game; with equal
    time, OpenSpiel's budget for the next game is scaled so that its seconds per move meet
    meja's."""

    def __init__(self, iterations: int) -> None:
        self.iterations = iterations
        self.run = {"theirs": [0.0, 0.0], "ours": [0.0, 0.0]}
        self.game = {"theirs": [0.0, 0.0], "ours": [0.0, 0.0]}

    def add(self, side: str, seconds: float) -> None:
        for counts in (self.run[side], self.game[side]):
            counts[0] += seconds
            counts[1] += 1

    def per_move(self, side: str, over: str = "run") -> float:
        seconds, moves = (self.run if over == "run" else self.game)[side]
        return seconds / max(moves, 1)

    def rebudget(self) -> None:
        """Scale OpenSpiel's iterations by meja's time per move over its own in the last game,
        at most twofold at a time, and never below the 2 that OpenSpiel's ISMCTSBot needs to
        have visited its root."""
        ratio = self.per_move("ours", "game") / max(self.per_move("theirs", "game"), 1e-9)
        self.iterations = max(2, round(self.iterations * min(max(ratio, 0.5), 2.0)))

    def next_game(self, equal_time: bool) -> None:
        if equal_time and self.game["theirs"][1] and self.game["ours"][1]:
            self.rebudget()
        self.game = {"theirs": [0.0, 0.0], "ours": [0.0, 0.0]}


def play(args: argparse.Namespace, index: int, tally: Tally) -> float:
    """One game; the OpenSpiel bot's return."""
    game = openspiel.load(args.game, args.players)
    seed = args.seed * 10_000 + index
    theirs = openspiel_bot(game, args.game, tally.iterations, seed, args.evaluator)
    ours = make_bot(args.meja or f"ismcts:iterations={args.iterations}", load_game(args.game))
    seat = index % args.players
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        start = time.process_time()
        if player == seat:
            state.apply_action(theirs.step(state))
            tally.add("theirs", time.process_time() - start)
        else:
            state.apply_action(ours.choose(state.meja_state, player, rng))
            tally.add("ours", time.process_time() - start)
    return float(state.returns()[seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a meja game")
    parser.add_argument("--players", type=int, default=2, help="player count (default: 2)")
    parser.add_argument("--games", type=int, default=40, help="games (default: 40)")
    parser.add_argument("--iterations", type=int, default=200, help="search iterations per move")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the bots")
    parser.add_argument(
        "--evaluator",
        choices=("heuristic", "random"),
        default="heuristic",
        help="how OpenSpiel's search judges a position (default: meja's heuristic)",
    )
    parser.add_argument(
        "--meja",
        help="meja's bot spec or level, e.g. strong (default: ismcts at --iterations)",
    )
    parser.add_argument(
        "--equal-time",
        action="store_true",
        help="scale OpenSpiel's iterations from game to game so that its CPU time per move"
        " meets meja's (--iterations is where it starts)",
    )
    args = parser.parse_args()
    try:
        load_game(args.game).resolve_options(args.players, {})
        make_bot(args.meja or "ismcts", load_game(args.game))
    except ValueError as error:
        sys.exit(f"error: {error}")
    tally = Tally(args.iterations)
    results = []
    for index in range(args.games):
        results.append(play(args, index, tally))
        print(
            f"game {index + 1}/{args.games}: OpenSpiel {results[-1]:.2f} at"
            f" {tally.iterations} iterations, {sum(results):.1f} in all",
            file=sys.stderr,
            flush=True,
        )
        tally.next_game(args.equal_time)
    share = sum(results) / len(results)
    low, high = wilson(share, len(results))
    kind = "ISMCTSBot" if openspiel.INFORMATION[args.game] == openspiel.IMPERFECT else "MCTSBot"
    print(
        f"| {args.game} | {args.players} | OpenSpiel {kind} ({args.evaluator}) vs meja"
        f" {args.meja or 'ismcts'} | {len(results)} | {tally.iterations} | {share:.1%} |"
        f" {low:.1%}-{high:.1%} | {tally.per_move('theirs'):.3f} |"
        f" {tally.per_move('ours'):.3f} |"
    )


def wilson(share: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% interval of a win share over games."""
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


if __name__ == "__main__":
    main()
