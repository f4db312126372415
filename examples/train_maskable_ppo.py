"""Train sb3-contrib's MaskablePPO on one seat of a meja game against meja's bots, then play the
trained policy against the random and heuristic bots and print the arena's standings.

    pip install -e '.[train]'
    python examples/train_maskable_ppo.py --game mooncake --players 2 --steps 1000000

Training stops after --steps learner steps: with the same --seed the same steps give the same
policy on any machine speed. --minutes adds a wall-clock cap, which makes a run end early on a
busy machine (it says so). The learner takes a random seat each game, plays against --opponents
and is rewarded with its return at the end (1 for a win, 1/k for a k-way shared win, else 0).
The trained policy then becomes a meja bot that sees only its seat's view, and plays --games
games against each opponent with seats rotated, as `meja arena` plays them.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rich.console import Console
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from meja.bots.arena import lineups, standings
from meja.bots.registry import make_bot
from meja.commands.arena import standings_table
from meja.core import State, load_game
from meja.core.episode import GameResult, Policy, play_episode
from meja.core.told import replay_told
from meja.env import MejaEnv
from meja.env.encoders import encoder_class

LEARNER = "maskable-ppo"


class WallClock(BaseCallback):
    """Stop training once the time cap (if any) is spent, and show progress now and then."""

    def __init__(self, seconds: float | None) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.monotonic()
        self.shown = 0.0

    def _on_step(self) -> bool:
        spent = time.monotonic() - self.start
        if spent - self.shown >= 60:
            self.shown = spent
            print(f"  {spent / 60:4.1f} min, {self.num_timesteps:,} steps", flush=True)
        return self.seconds is None or spent < self.seconds


class PolicyBot:
    """The trained policy as a meja bot: it encodes only what its seat was shown."""

    def __init__(self, model: MaskablePPO, game: str, num_players: int) -> None:
        self.model = model
        self.game = load_game(game)
        self.num_players = num_players
        self.kind = encoder_class(self.game.name)

    def choose(self, state: State, player: int, rng: random.Random) -> int:
        """The policy's most likely legal action for player."""
        encoder = self.kind(self.num_players, state.options, player)
        if encoder.remembers:
            for mover, told in replay_told(
                self.game, self.num_players, state.options, state.history, player
            ):
                encoder.remember(mover, told)
        observation = encoder.observe(state.view(player))
        mask = np.zeros(self.game.num_actions(self.num_players), dtype=bool)
        mask[state.legal_actions(player)] = True
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)


def timed(bot: Any, thinking: list[float]) -> Policy:
    """bot's choices, adding the CPU time of each to its seat's total in thinking."""

    def choose(state: State, seat: int, rng: random.Random) -> int:
        start = time.process_time()
        action = int(bot.choose(state, seat, rng))
        thinking[seat] += time.process_time() - start
        return action

    return choose


def train(args: argparse.Namespace) -> MaskablePPO:
    """MaskablePPO on --envs copies of the env, until the step budget (or the time cap) is spent."""

    def make(index: int) -> Any:
        def build() -> MejaEnv:
            return MejaEnv(
                args.game, num_players=args.players, opponents=args.opponents, seat="random"
            )

        return build

    envs = DummyVecEnv([make(index) for index in range(args.envs)])
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=args.rollout,
        batch_size=args.batch,
        n_epochs=args.epochs,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
    )
    cap = "" if args.minutes is None else f", at most {args.minutes:g} minutes"
    print(
        f"Training {LEARNER} on {args.game} ({args.players} players) against {args.opponents} "
        f"for {args.steps:,} steps{cap}, seed {args.seed}",
        flush=True,
    )
    clock = WallClock(None if args.minutes is None else args.minutes * 60)
    start = time.process_time()
    model.learn(total_timesteps=args.steps, callback=clock)
    spent = time.monotonic() - clock.start
    cpu = time.process_time() - start
    print(
        f"Trained {model.num_timesteps:,} steps in {spent / 60:.1f} minutes "
        f"({cpu / 60:.1f} minutes of CPU)",
        flush=True,
    )
    if model.num_timesteps < args.steps:
        print("The time cap ended training before the step budget: this run is not reproducible")
    return model


def evaluate(model: MaskablePPO, args: argparse.Namespace, opponent: str) -> None:
    """--games games of the policy against opponent, seats rotated, as the arena plays them."""
    game = load_game(args.game)
    learner = PolicyBot(model, args.game, args.players)
    rival = make_bot(opponent, game)
    specs = (LEARNER, opponent)
    seats = lineups(2, args.players)
    results = []
    for index in range(args.games):
        lineup = seats[index % len(seats)]
        seeder = random.Random(f"{args.seed}:{opponent}:{index}")
        chance = random.Random(seeder.getrandbits(64))
        rngs = [random.Random(seeder.getrandbits(64)) for _ in range(args.players)]
        thinking = [0.0] * args.players
        policies = [timed(learner if owner == 0 else rival, thinking) for owner in lineup]
        state = game.new_state(args.players)
        episode = play_episode(state, policies, chance, seat_rngs=rngs)
        results.append(GameResult.of(episode, index, args.seed, specs, tuple(thinking), lineup))
    rows = [row for row in standings(specs, results) if row.bot == LEARNER]
    Console(width=110).print(standings_table(rows))


def main(**defaults: Any) -> None:
    """Parse the command line (defaults overrides the script's own) and train, then evaluate."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mooncake", help="a meja game (default: mooncake)")
    parser.add_argument("--players", type=int, default=2, help="player count (default: 2)")
    parser.add_argument("--steps", type=int, default=1_000_000, help="training step budget")
    parser.add_argument("--minutes", type=float, help="wall-clock cap on training (default: none)")
    parser.add_argument(
        "--opponents",
        default="random",
        help="bot spec the learner trains against (default: random)",
    )
    parser.add_argument("--envs", type=int, default=8, help="envs stepped together")
    parser.add_argument("--rollout", type=int, default=512, help="steps per env per update")
    parser.add_argument("--batch", type=int, default=512, help="minibatch size")
    parser.add_argument("--epochs", type=int, default=4, help="passes over each rollout")
    parser.add_argument("--games", type=int, default=200, help="games against each opponent")
    parser.add_argument("--seed", type=int, default=1, help="seed of training and games")
    parser.add_argument("--model", type=Path, help="save the policy here, or load it if present")
    parser.set_defaults(**defaults)
    args = parser.parse_args()
    load_game(args.game).resolve_options(args.players, {})
    torch.set_num_threads(1)
    if args.model is not None and args.model.exists():
        model = MaskablePPO.load(args.model)
        print(f"Loaded {args.model}")
    else:
        model = train(args)
        if args.model is not None:
            model.save(args.model)
    for opponent in ("random", "heuristic"):
        evaluate(model, args, opponent)


if __name__ == "__main__":
    main()
