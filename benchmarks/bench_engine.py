"""Engine throughput per game and player count: random playouts on one core.

Times are this process's CPU time (one core), so a busy machine does not distort them.
Prints a Markdown table and writes the numbers as JSON (bench-results.json by default).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from meja.core import CHANCE, Game, State, list_games, load_game
from meja.core.game import sample_chance


def _playout(state: State, rng: random.Random, timing: dict[str, float]) -> int:
    """Play one random game, timing legal_actions, apply and clone; returns its length."""
    clock = time.process_time
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            seat, action = CHANCE, sample_chance(state, rng)
        else:
            active = state.active_players()
            seat = active[0] if len(active) == 1 else rng.choice(active)
            t0 = clock()
            legal = state.legal_actions(seat)
            timing["legal_actions"] += clock() - t0
            timing["legal_calls"] += 1
            action = rng.choice(legal)
        if steps % 8 == 0:
            t0 = clock()
            state.clone()
            timing["clone"] += clock() - t0
            timing["clone_calls"] += 1
        t0 = clock()
        state.apply(action, seat)
        timing["apply"] += clock() - t0
        timing["apply_calls"] += 1
        steps += 1
    return steps


def _throughput(game: Game, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Untimed-per-call random playouts for the plain games/s and actions/s figures."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = game.new_state(players)
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply(sample_chance(state, rng), CHANCE)
            else:
                active = state.active_players()
                seat = active[0] if len(active) == 1 else rng.choice(active)
                state.apply(rng.choice(state.legal_actions(seat)), seat)
            actions += 1
        games += 1
    return games, actions, time.process_time() - start


def bench(game: Game, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """All figures for one game and player count."""
    games, actions, elapsed = _throughput(game, players, seconds, seed)
    timing = dict.fromkeys(
        ("legal_actions", "legal_calls", "apply", "apply_calls", "clone", "clone_calls"), 0.0
    )
    rng = random.Random(seed + 1)
    start = time.process_time()
    while time.process_time() - start < seconds / 2:
        _playout(game.new_state(players), rng, timing)

    def micros(key: str) -> float:
        return 1e6 * timing[key] / max(timing[f"{key.split('_')[0]}_calls"], 1)

    return {
        "game": game.name,
        "players": players,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "mean_length": actions / games,
        "legal_actions_us": micros("legal_actions"),
        "apply_us": micros("apply"),
        "clone_us": micros("clone"),
    }


def main() -> None:
    """Run every configuration, print the table, write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    parser.add_argument("--out", default="bench-results.json", help="JSON output file")
    args = parser.parse_args()
    games = [load_game(name) for name in args.game] if args.game else list_games()
    rows = []
    print(
        "| game | players | games/s | actions/s | mean length "
        "| legal_actions us | apply us | clone us |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for game in games:
        for players in game.player_counts():
            row = bench(game, players, args.seconds)
            rows.append(row)
            print(
                f"| {game.name} | {players} | {row['games_per_s']:.1f} | "
                f"{row['actions_per_s']:,.0f} | {row['mean_length']:.0f} | "
                f"{row['legal_actions_us']:.1f} | {row['apply_us']:.1f} | {row['clone_us']:.1f} |",
                flush=True,
            )
    Path(args.out).write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
