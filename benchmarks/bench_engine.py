"""Engine speed per game and player count: random playouts, meja's builds against OpenSpiel.

Times are CPU time (one core). Rounds alternate between meja as installed, meja pure (a child
started with MEJA_PURE=1), OpenSpiel's C++ hearts and its pure-Python liar's poker, so a busy
machine slows them alike. Prints Markdown tables and writes the numbers as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import meja
from meja.commands.common import positive_seconds, whole_number
from meja.core import CHANCE, Game, State, list_games, load_game
from meja.core.game import draw_outcome, sample_chance

BUILD: str = getattr(meja, "BUILD", "pure")
SPIEL_GAMES = (("hearts", "C++"), ("python_liars_poker", "pure Python"))


@dataclass
class Tally:
    """Whole random games played for one measured thing, summed over the rounds."""

    games: int = 0
    steps: int = 0
    cpu: float = 0.0
    rounds: list[float] = field(default_factory=list)

    def add(self, games: int, steps: int, cpu: float) -> None:
        """Count one round's games, steps and CPU seconds."""
        self.games += games
        self.steps += steps
        self.cpu += cpu
        self.rounds.append(1e6 * cpu / max(steps, 1))

    def micros(self) -> float:
        """Microseconds of CPU per step, chance steps included."""
        return 1e6 * self.cpu / max(self.steps, 1)


def _meja_round(
    game: Game, players: int, seconds: float, rng: random.Random
) -> tuple[int, int, float]:
    """Whole random meja games for at least `seconds` of CPU: games, steps, CPU seconds."""
    clock = time.process_time
    games = steps = 0
    start = clock()
    while clock() - start < seconds or games == 0:
        state = game.new_state(players)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng), CHANCE)
            else:
                active = state.active_players()
                seat = active[0] if len(active) == 1 else rng.choice(active)
                state.apply(rng.choice(state.legal_actions(seat)), seat)
            steps += 1
        games += 1
    return games, steps, clock() - start


def _spiel_round(game: Any, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Whole random OpenSpiel games through pyspiel for at least `seconds` of CPU."""
    clock = time.process_time
    games = steps = 0
    start = clock()
    while clock() - start < seconds or games == 0:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(draw_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return games, steps, clock() - start


def _spiel_games() -> dict[str, Any]:
    """The OpenSpiel games to compare with, by name; an empty dict (said once) without pyspiel."""
    try:
        import pyspiel
    except ImportError:
        print("pyspiel is not installed: the OpenSpiel rows are skipped.")
        return {}
    try:
        import open_spiel.python.games.liars_poker  # noqa: F401  (registers python_liars_poker)
    except ImportError:
        print("open_spiel's Python games are missing: the python_liars_poker row is skipped.")
    loaded = {}
    for name, _ in SPIEL_GAMES:
        try:
            loaded[name] = pyspiel.load_game(name)
        except pyspiel.SpielError:
            print(f"OpenSpiel has no {name}: its row is skipped.")
    return loaded


class PureChild:
    """A child Python started with MEJA_PURE=1 that plays meja rounds on request over a pipe."""

    def __init__(self) -> None:
        env = {**os.environ, "MEJA_PURE": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.build = str(self._read()["build"])

    def _read(self) -> dict[str, Any]:
        """The child's next reply; a child that died is an error, not a silent zero."""
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the MEJA_PURE=1 child stopped (exit {self.proc.wait()})")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def round(self, game: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
        """One round of `game` in the child, its rng seeded as the parent's so both play alike."""
        assert self.proc.stdin is not None
        request = {"game": game, "players": players, "seconds": seconds, "seed": seed}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        games, steps, cpu = self._read()["result"]
        return int(games), int(steps), float(cpu)

    def close(self) -> None:
        """End the child by closing its input."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def serve(requests: IO[str], replies: IO[str]) -> None:
    """The child's side: tell the build, then answer each round request with its figures."""
    replies.write(json.dumps({"build": BUILD}) + "\n")
    replies.flush()
    rngs: dict[tuple[str, int], random.Random] = {}
    for line in requests:
        req = json.loads(line)
        key = (req["game"], req["players"])
        rng = rngs.setdefault(key, random.Random(req["seed"]))
        result = _meja_round(load_game(req["game"]), req["players"], req["seconds"], rng)
        replies.write(json.dumps({"result": result}) + "\n")
        replies.flush()


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


def breakdown(game: Game, players: int, seconds: float, seed: int = 0) -> dict[str, float]:
    """Per-call microseconds of legal_actions, apply and clone (every 8th step) in random play."""
    timing = dict.fromkeys(
        ("legal_actions", "legal_calls", "apply", "apply_calls", "clone", "clone_calls"), 0.0
    )
    rng = random.Random(seed)
    start = time.process_time()
    while time.process_time() - start < seconds:
        _playout(game.new_state(players), rng, timing)

    def micros(key: str) -> float:
        return 1e6 * timing[key] / max(timing[f"{key.split('_')[0]}_calls"], 1)

    return {
        "legal_actions_us": micros("legal_actions"),
        "apply_us": micros("apply"),
        "clone_us": micros("clone"),
    }


def _meja_thing(
    game: Game, players: int, seconds: float, seed: int, tallies: dict[tuple[Game, int], Tally]
) -> Callable[[], None]:
    """One round of meja as installed, in this process, on its own rng stream."""
    rng = random.Random(seed)

    def run() -> None:
        tallies[game, players].add(*_meja_round(game, players, seconds, rng))

    return run


def _child_thing(
    child: PureChild,
    game: Game,
    players: int,
    seconds: float,
    seed: int,
    tallies: dict[tuple[Game, int], Tally],
) -> Callable[[], None]:
    """One round of meja pure, in the MEJA_PURE=1 child, on the same rng stream as this one."""

    def run() -> None:
        tallies[game, players].add(*child.round(game.name, players, seconds, seed))

    return run


def _spiel_thing(game: Any, seconds: float, seed: int, tally: Tally) -> Callable[[], None]:
    """One round of an OpenSpiel game through pyspiel."""
    rng = random.Random(seed)

    def run() -> None:
        tally.add(*_spiel_round(game, seconds, rng))

    return run


def _us(value: float | None) -> str:
    """A microsecond figure for the table, or a dash where it was not measured."""
    return "—" if value is None else f"{value:.2f}"


def main() -> None:
    """Run the interleaved rounds, print the tables, write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="only these meja games (repeatable)")
    parser.add_argument(
        "--seconds", type=positive_seconds, default=0.5, help="CPU seconds per thing per round"
    )
    parser.add_argument("--rounds", type=whole_number, default=3, help="rounds to alternate")
    parser.add_argument("--out", default="bench-results.json", help="JSON output file")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(sys.stdin, sys.stdout)
        return
    try:
        games = [load_game(name) for name in args.game] if args.game else list_games()
    except ValueError as exc:
        parser.error(str(exc))
    configs = [(game, players) for game in games for players in game.player_counts()]
    spiel = _spiel_games()
    child: PureChild | None = None
    if BUILD == "pure":
        print("meja is pure here (meja.BUILD = 'pure'): no MEJA_PURE=1 child; both columns agree.")
    else:
        child = PureChild()
        if child.build != "pure":
            print(f"the MEJA_PURE=1 child reports meja.BUILD = {child.build!r}, not 'pure'.")

    seed = {config: 1000 * i for i, config in enumerate(configs)}
    installed = {config: Tally() for config in configs}
    pure = installed if child is None else {config: Tally() for config in configs}
    spiel_tally = {name: Tally() for name in spiel}
    things: list[Callable[[], None]] = []
    for game, players in configs:
        things.append(_meja_thing(game, players, args.seconds, seed[game, players], installed))
        if child is not None:
            things.append(
                _child_thing(child, game, players, args.seconds, seed[game, players], pure)
            )
    for i, (name, spiel_game) in enumerate(spiel.items()):
        things.append(_spiel_thing(spiel_game, args.seconds, 7 + i, spiel_tally[name]))
    for r in range(args.rounds):
        for thing in things if r % 2 == 0 else things[::-1]:
            thing()
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    if child is not None:
        child.close()

    hearts = spiel_tally["hearts"].micros() if "hearts" in spiel_tally else None
    rows: list[dict[str, Any]] = []
    print(
        f"\n| game | players | µs/action, meja as installed ({BUILD}) | µs/action, meja pure "
        "| speed-up | faster than hearts |"
    )
    print("|---|---|---|---|---|---|")
    for game, players in configs:
        mine, slow = installed[game, players], pure[game, players]
        speedup = slow.micros() / mine.micros()
        faster = None if hearts is None else mine.micros() < hearts
        print(
            f"| {game.name} | {players} | {_us(mine.micros())} | {_us(slow.micros())} | "
            f"{speedup:.2f}x | {'—' if faster is None else ('yes' if faster else 'no')} |"
        )
        rows.append(
            {
                "game": game.name,
                "players": players,
                "build": BUILD,
                "us_per_action": mine.micros(),
                "pure_us_per_action": slow.micros(),
                "speedup": speedup,
                "faster_than_hearts": faster,
                "rounds_us": mine.rounds,
                "pure_rounds_us": slow.rounds,
                "games_per_s": mine.games / mine.cpu,
                "actions_per_s": mine.steps / mine.cpu,
                "mean_length": mine.steps / mine.games,
            }
        )
    openspiel = []
    for name, kind in SPIEL_GAMES:
        if name in spiel:
            tally = spiel_tally[name]
            players = spiel[name].num_players()
            print(f"| OpenSpiel {name} ({kind}) | {players} | {_us(tally.micros())} | — | — | — |")
            openspiel.append(
                {
                    "game": name,
                    "players": players,
                    "us_per_action": tally.micros(),
                    "rounds_us": tally.rounds,
                    "mean_length": tally.steps / tally.games,
                }
            )

    print(f"\nmeja {BUILD}, per call (legal_actions and apply each time, clone every 8th step):")
    print("\n| game | players | games/s | mean length | legal_actions µs | apply µs | clone µs |")
    print("|---|---|---|---|---|---|---|")
    for row, (game, players) in zip(rows, configs, strict=True):
        row.update(breakdown(game, players, args.seconds))
        print(
            f"| {game.name} | {players} | {row['games_per_s']:.1f} | {row['mean_length']:.0f} | "
            f"{row['legal_actions_us']:.1f} | {row['apply_us']:.1f} | {row['clone_us']:.1f} |",
            flush=True,
        )
    result = {"build": BUILD, "pure_child": child is not None, "meja": rows, "openspiel": openspiel}
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
