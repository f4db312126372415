"""Play OpenSpiel's search against meja's ISMCTS on equal knowledge, and print the result.

    nice -n 10 python scripts/openspiel_pairing.py mooncake --games 40 --iterations 200 --seed 1

Both sides judge positions by the game's heuristic values() (meja.env.evaluator) with the same
iteration budget; --evaluator random gives OpenSpiel its own random rollouts instead, the only
evaluation it had of these games before. In a game with hidden information OpenSpiel plays its
ISMCTSBot, redrawing what its seat cannot see with meja's resample, as meja's ISMCTS does; in a
perfect-information game it plays its MCTSBot. Seats alternate from game to game; a shared win
counts as a fraction.
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


def play(args: argparse.Namespace, index: int) -> tuple[float, float]:
    """One game; the OpenSpiel bot's return and its CPU seconds per move."""
    game = openspiel.load(args.game, args.players)
    seed = args.seed * 10_000 + index
    ours = openspiel_bot(game, args.game, args.iterations, seed, args.evaluator)
    theirs = make_bot(f"ismcts:iterations={args.iterations}", load_game(args.game))
    seat = index % args.players
    rng = random.Random(seed)
    state = game.new_initial_state()
    spent = 0.0
    moves = 0
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif player == seat:
            start = time.process_time()
            state.apply_action(ours.step(state))
            spent += time.process_time() - start
            moves += 1
        else:
            state.apply_action(theirs.choose(state.meja_state, player, rng))
    return state.returns()[seat], spent / max(moves, 1)


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
    args = parser.parse_args()
    try:
        load_game(args.game).resolve_options(args.players, {})
    except ValueError as error:
        sys.exit(f"error: {error}")
    results = [play(args, index) for index in range(args.games)]
    share = sum(value for value, _ in results) / len(results)
    low, high = wilson(share, len(results))
    cpu = sum(seconds for _, seconds in results) / len(results)
    kind = "ISMCTSBot" if openspiel.INFORMATION[args.game] == openspiel.IMPERFECT else "MCTSBot"
    print(
        f"| {args.game} | {args.players} | OpenSpiel {kind} ({args.evaluator}) vs meja ismcts | "
        f"{len(results)} | "
        f"{args.iterations} | {share:.1%} | {low:.1%}-{high:.1%} | {cpu:.3f} |"
    )


def wilson(share: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% interval of a win share over games."""
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


if __name__ == "__main__":
    main()
