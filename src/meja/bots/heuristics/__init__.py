"""Per-game heuristic bots: each module exposes choose(state, player, rng) for one game."""
