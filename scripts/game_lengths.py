"""Measure how long each game typically runs, for the lobby's cards, and write
src/meja/web/lengths.json.

For every game and player count it plays the games `meja simulate GAME --players N --games 100
--bots heuristic --seed 1` plays (the same seeds and seat line-ups) and keeps two medians: the
moves (chance excluded), from which the server estimates minutes, and the turns each player
takes, as the game's rulebook counts a turn (TURN_RULES). Run it again (`make lengths`) when a
game's rules or its heuristic bot change.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from meja.bots import make_bot
from meja.core import Game, State, list_games, load_game
from meja.core.episode import Episode, play_episode
from meja.sim.job import SimJob, make_job

OUT = Path(__file__).resolve().parents[1] / "src" / "meja" / "web" / "lengths.json"

FORMAT = 2
"""The shape of lengths.json; 2 added median_turns_each beside median_moves."""

ABOUT = (
    "median_moves: moves in a game (chance excluded); median_turns_each: the turns each player "
    "takes, as the game's rulebook counts a turn; from games between bots (scripts/game_lengths.py)"
)
"""What lengths.json holds, in the file itself."""


@dataclass(frozen=True)
class TurnRule:
    """Who plays a game's turns, by its rulebook.

    Every game's state counts the turns begun as the `turn` of its position's envelope
    (docs/design.md, "The envelope"). together says whether every player plays each of those
    turns at once, or the turns go round the table, each one a single player's. rulebook cites
    the section and words the reading rests on.
    """

    together: bool
    rulebook: str

    def turns_each(self, state: State) -> float:
        """The turns each player took in the game state has come to (on average, when the
        turns go round the table and the game ends before the round does)."""
        turns: int = state.position()["turn"]
        return turns if self.together else turns / state.num_players


TURN_RULES = {
    "peranakan": TurnRule(
        together=False,
        rulebook='Peranakan, "How to Play": "Players take turns to play, in clockwise order"; '
        "a turn is its steps 1-5: choose 1 tile and collect 1 Kueh, place the tile, maybe a "
        "Nyonya or Baba on it, pawns collect, the market is refilled.",
    ),
    "te_kuiti": TurnRule(
        together=False,
        rulebook='Te Kuiti, "Playing the Game": "In each round, the shepherd player begins the '
        'game, and then turns alternate between the two players", and the players switch roles '
        "for the second round; the shepherd's turn \"places 2 fences\", the sheep player's "
        '"flips 2 tiles". "Solo Game": a turn flips tiles "until 2 sheep tiles are revealed".',
    ),
    "nasi_lemak": TurnRule(
        together=False,
        rulebook='Nasi Lemak, "Turn Overview": "During a player\'s turn, they draw two cards from '
        'the draw pile and can make up to three moves", and "the turn goes clockwise".',
    ),
    "mooncake": TurnRule(
        together=True,
        rulebook='Mooncake Master, "Flow of the Game": "Each round will consist of 4 turns. In '
        'each turn, all players will play simultaneously" (draw 3 tiles, choose and share, pick '
        'and place); "Game End": "The game ends after 3 rounds".',
    ),
}
"""Each game's turn, by its printed rulebook, quoted."""


def play(job: SimJob, index: int, game: Game) -> Episode:
    """Game index of job played as `meja simulate` plays it (meja.sim.play.play_game): fresh
    bots in the job's rotated line-up, one generator seeded from the job."""
    policies = [make_bot(spec, game).choose for spec in job.seat_bots(index)]
    state = game.new_state(job.players, **job.options)
    rng = random.Random(job.game_seed(index))
    return play_episode(state, policies, rng, max_steps=game.max_game_length(job.players))


def measure(name: str, players: int, games: int, bots: str, seed: int) -> tuple[int, int]:
    """The median moves of a game and the median turns each player takes, over games games."""
    game = load_game(name)
    rule = TURN_RULES[name]
    job = make_job(game, players, bots, games, seed, {})
    moves: list[int] = []
    turns: list[float] = []
    for index in range(games):
        episode = play(job, index, game)
        moves.append(episode.moves)
        turns.append(rule.turns_each(episode.state))
    return round(statistics.median(moves)), round(statistics.median(turns))


def main() -> None:
    """Play every game at every player count and write the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--bots", default="heuristic", help="bots, as meja simulate takes them")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to play them in")
    args = parser.parse_args()
    counts = [
        (game.name, n)
        for game in sorted(list_games(), key=lambda game: game.name)
        for n in range(game.min_players, game.max_players + 1)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(measure, *count, args.games, args.bots, args.seed) for count in counts]
        measured = dict(zip(counts, (job.result() for job in jobs), strict=True))
    moves: dict[str, dict[str, int]] = {}
    turns: dict[str, dict[str, int]] = {}
    for (name, n), (median_moves, median_turns) in measured.items():
        moves.setdefault(name, {})[str(n)] = median_moves
        turns.setdefault(name, {})[str(n)] = median_turns
    data = {
        "format": FORMAT,
        "about": ABOUT,
        "bots": args.bots,
        "games": args.games,
        "seed": args.seed,
        "median_moves": moves,
        "median_turns_each": turns,
    }
    OUT.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
