"""Rewrite the golden playthrough transcripts under tests/playthroughs/ for every game."""

from __future__ import annotations

import argparse
from pathlib import Path

from meja.core import list_games, load_game
from meja.core.playthrough import configurations, transcript

OUT = Path(__file__).resolve().parents[1] / "tests" / "playthroughs"


def main() -> None:
    """Regenerate all transcripts, or only those of --game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", help="only this game")
    args = parser.parse_args()
    games = [load_game(args.game)] if args.game else list_games()
    OUT.mkdir(parents=True, exist_ok=True)
    for game in games:
        for old in OUT.glob(f"{game.name}-*.txt"):
            old.unlink()
        for config in configurations(game):
            path = OUT / config.filename
            path.write_text(transcript(game, config), encoding="utf-8")
            print(f"wrote {path.relative_to(OUT.parents[1])}")


if __name__ == "__main__":
    main()
