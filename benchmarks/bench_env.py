"""RL env throughput: agent steps per second (observe + mask + step) for every meja game and
player count, beside PettingZoo's own tictactoe_v3 driven by the same loop in the same run.

Each step reads the acting agent's observation and mask through env.last(), picks a random legal
action from the mask and steps; chance is drawn inside the meja envs and counts toward their
time. Rounds alternate between the envs so a busy machine slows them alike; times are this
process's CPU time. Prints a Markdown table and writes JSON (bench-env.json by default).

With --vector N it measures instead one game's Gymnasium env (one learner against random bots)
alone and as N copies in gymnasium.vector's SyncVectorEnv and AsyncVectorEnv (one process per
copy): learner steps per second of wall time, as a trainer stepping them sees it, the three
taking turns in rounds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from pettingzoo.classic import tictactoe_v3

from meja.core import list_games
from meja.env import ENV_IDS, MejaEnv, pettingzoo_env

REFERENCE = "tictactoe_v3 (PettingZoo)"


def _steps(env: Any, rng: random.Random, seconds: float) -> tuple[int, float]:
    """Whole games of masked random play for about seconds; (agent steps, CPU seconds)."""
    clock = time.process_time
    steps = 0
    start = clock()
    while clock() - start < seconds or steps == 0:
        env.reset(seed=rng.getrandbits(32))
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, clock() - start


def _vector_steps(env: Any, rng: np.random.Generator, seconds: float) -> tuple[int, float]:
    """Masked random learner steps in every copy of a vector env for about seconds of wall time;
    (learner steps, wall seconds). A copy whose game ended resets on its next step."""
    clock = time.perf_counter
    _, info = env.reset(seed=int(rng.integers(2**31)))
    steps = 0
    start = clock()
    while clock() - start < seconds or steps == 0:
        masks = info["action_mask"].astype(bool)
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])
        _, _, _, _, info = env.step(actions)
        steps += env.num_envs
    return steps, clock() - start


def _one_env_steps(env: MejaEnv, rng: np.random.Generator, seconds: float) -> tuple[int, float]:
    """The same loop on one Gymnasium env; (learner steps, wall seconds)."""
    clock = time.perf_counter
    _, info = env.reset(seed=int(rng.integers(2**31)))
    steps = 0
    start = clock()
    while clock() - start < seconds or steps == 0:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _, _, terminated, truncated, info = env.step(int(action))
        if terminated or truncated:
            _, info = env.reset()
        steps += 1
    return steps, clock() - start


def vector(args: argparse.Namespace) -> None:
    """One env beside SyncVectorEnv and AsyncVectorEnv of args.vector copies, for each game."""
    names = {game: env_id for env_id, game in ENV_IDS.items()}
    rows = []
    print(
        f"| game | one env steps/s | SyncVectorEnv x{args.vector} | AsyncVectorEnv x{args.vector} |"
    )
    print("|---|---:|---:|---:|")
    for game in args.game or sorted(names):
        env_id = names[game]
        envs: dict[str, Any] = {
            "one": gymnasium.make(env_id).unwrapped,
            "sync": gymnasium.make_vec(env_id, num_envs=args.vector, vectorization_mode="sync"),
            "async": gymnasium.make_vec(env_id, num_envs=args.vector, vectorization_mode="async"),
        }
        totals = dict.fromkeys(envs, (0, 0.0))
        rng = np.random.default_rng(1)
        for _ in range(args.rounds):
            for label, env in envs.items():
                run = _one_env_steps if label == "one" else _vector_steps
                steps, spent = run(env, rng, args.seconds)
                done, used = totals[label]
                totals[label] = (done + steps, used + spent)
        for env in envs.values():
            env.close()
        rates = {label: steps / spent for label, (steps, spent) in totals.items()}
        rows.append({"game": game, "copies": args.vector, **rates})
        print(f"| {game} | {rates['one']:,.0f} | {rates['sync']:,.0f} | {rates['async']:,.0f} |")
    Path(args.out).write_text(json.dumps(rows, indent=2) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per env per round")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--out", default="bench-env.json", help="JSON output file")
    parser.add_argument("--vector", type=int, help="measure N-copy vector envs instead")
    args = parser.parse_args()
    if args.vector:
        vector(args)
        return
    makers: dict[str, Callable[[], Any]] = {REFERENCE: tictactoe_v3.env}
    for game in list_games():
        if args.game and game.name not in args.game:
            continue
        for count in game.player_counts():
            makers[f"{game.name} {count}p"] = partial(pettingzoo_env, game.name, num_players=count)
    envs = {label: make() for label, make in makers.items()}
    totals = dict.fromkeys(envs, (0, 0.0))
    rng = random.Random(1)
    for _ in range(args.rounds):
        for label, env in envs.items():
            steps, spent = _steps(env, rng, args.seconds)
            done, used = totals[label]
            totals[label] = (done + steps, used + spent)
    reference = totals[REFERENCE][0] / totals[REFERENCE][1]
    rows = []
    print("| env | steps/s | µs/step | vs tictactoe_v3 |")
    print("|---|---:|---:|---:|")
    for label, (steps, spent) in totals.items():
        rate = steps / spent
        rows.append({"env": label, "steps": steps, "seconds": spent, "steps_per_s": rate})
        print(f"| {label} | {rate:,.0f} | {1e6 / rate:.1f} | {rate / reference:.2f}x |")
    Path(args.out).write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
