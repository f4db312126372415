"""Bots by name ("random", "heuristic", "ismcts"), with settings such as "ismcts:iterations=400",
and by the levels people choose from ("beginner", "casual", "strong", "expert")."""

from __future__ import annotations

from collections.abc import Callable

from meja.bots.base import Bot
from meja.bots.heuristic import (
    HeuristicBot,
    heuristic_for,
    heuristic_values,
    search_guide,
    search_iterations,
    search_moves,
)
from meja.bots.ismcts import (
    DEFAULT_EXPLORATION,
    DEFAULT_ITERATIONS,
    DEFAULT_ROLLOUT_DEPTH,
    PARTIAL_WEIGHT,
    PRIOR_WEIGHT,
    ISMCTSBot,
    random_rollout_policy,
    score_ranks,
)
from meja.bots.random_bot import RandomBot
from meja.core import Game

BotFactory = Callable[[Game, dict[str, str]], Bot]

JUDGED_ROLLOUT_DEPTH = 0
"""Rollout moves before a game's heuristic judges a move: the search itself looks deeper, and
random steps only add noise to a good evaluation."""

ISMCTS_SETTINGS = {
    "iterations": f"iterations per move (default: the game heuristic's budget, else "
    f"{DEFAULT_ITERATIONS})",
    "seconds": "a time budget per move instead of an iteration count",
    "c": f"UCB exploration constant (default {DEFAULT_EXPLORATION})",
    "depth": f"rollout moves before the position is judged (default {JUDGED_ROLLOUT_DEPTH} with "
    f"eval=heuristic, {DEFAULT_ROLLOUT_DEPTH} with eval=score; end: play out)",
    "prior": f"visits a move's first judgement counts for at depth 0 (default {PRIOR_WEIGHT:g})",
    "partial": "visits the judgement of a move that leaves the same seat to move counts for "
    f"(default {PARTIAL_WEIGHT:g})",
    "guide": "how much the game heuristic's own move is favoured at each decision, in win share "
    "(default: the game heuristic's guide, else 0)",
    "scale": "times the game's own iteration budget, when iterations is not given (default 1)",
    "moves": "which moves search weighs: game (default; whole trade offers where the game "
    "narrows them) or all",
    "rollout": "rollout policy: random (default) or heuristic",
    "eval": "how rollouts that stop early are judged: heuristic (default where a game has one) "
    "or score",
}


def _number(settings: dict[str, str], key: str, kind: type[int] | type[float]) -> float | None:
    """A numeric setting, or None when absent; ValueError names the setting."""
    if key not in settings:
        return None
    try:
        return kind(settings[key])
    except ValueError:
        raise ValueError(f"ismcts: {key} must be a number, got {settings[key]!r}") from None


def _make_ismcts(game: Game, settings: dict[str, str]) -> ISMCTSBot:
    """An ISMCTSBot configured from settings such as iterations=400,rollout=heuristic."""
    unknown = sorted(set(settings) - set(ISMCTS_SETTINGS))
    if unknown:
        raise ValueError(
            f"ismcts: unknown setting {unknown[0]!r} (settings: {', '.join(ISMCTS_SETTINGS)})"
        )
    rollout = settings.get("rollout", "random")
    if rollout not in ("random", "heuristic"):
        raise ValueError(f"ismcts: rollout must be random or heuristic, got {rollout!r}")
    judge = settings.get("eval", "heuristic")
    if judge not in ("heuristic", "score"):
        raise ValueError(f"ismcts: eval must be heuristic or score, got {judge!r}")
    evaluator = heuristic_values(game) if judge == "heuristic" else None
    depth: int | None = DEFAULT_ROLLOUT_DEPTH if evaluator is None else JUDGED_ROLLOUT_DEPTH
    if settings.get("depth") == "end":
        depth = None
    elif "depth" in settings:
        depth = int(_number(settings, "depth", int) or 0)
    iterations = _number(settings, "iterations", int)
    exploration = _number(settings, "c", float)
    prior = _number(settings, "prior", float)
    partial = _number(settings, "partial", float)
    guide = _number(settings, "guide", float)
    if guide is None:
        guide = search_guide(game)
    scale = _number(settings, "scale", float)
    if scale is not None and not 0 < scale <= 100:
        raise ValueError("ismcts: scale must be a number above 0 and at most 100")
    if iterations is None:
        iterations = max(1, round(search_iterations(game, DEFAULT_ITERATIONS) * (scale or 1)))
    moves = settings.get("moves", "game")
    if moves not in ("game", "all"):
        raise ValueError(f"ismcts: moves must be game or all, got {moves!r}")
    return ISMCTSBot(
        iterations=int(iterations),
        seconds=_number(settings, "seconds", float),
        exploration=DEFAULT_EXPLORATION if exploration is None else exploration,
        rollout_depth=depth,
        rollout_policy=HeuristicBot(game).choose
        if rollout == "heuristic"
        else random_rollout_policy,
        evaluator=evaluator or score_ranks,
        prior_weight=PRIOR_WEIGHT if prior is None else prior,
        partial_weight=PARTIAL_WEIGHT if partial is None else partial,
        guide=heuristic_for(game) if guide else None,
        guide_bonus=guide,
        narrow=search_moves(game) if moves == "game" else None,
    )


def _make_heuristic(game: Game, settings: dict[str, str]) -> HeuristicBot:
    """A HeuristicBot, with blunder=0.3 for one that plays three moves in ten at random."""
    unknown = sorted(set(settings) - {"blunder"})
    if unknown:
        raise ValueError(f"heuristic: unknown setting {unknown[0]!r} (settings: blunder)")
    blunder = _number(settings, "blunder", float)
    return HeuristicBot(game, blunder=blunder or 0.0)


def _plain(kind: str, bot: Callable[[Game], Bot]) -> BotFactory:
    """A factory for a bot that takes no settings."""

    def factory(game: Game, settings: dict[str, str]) -> Bot:
        if settings:
            raise ValueError(f"{kind}: takes no settings, got {', '.join(settings)}")
        return bot(game)

    return factory


_FACTORIES: dict[str, BotFactory] = {
    "random": _plain("random", lambda game: RandomBot()),
    "heuristic": _make_heuristic,
    "ismcts": _make_ismcts,
}


LEVELS: dict[str, str] = {
    "beginner": "heuristic:blunder=0.3",
    "casual": "heuristic",
    "strong": "ismcts",
    "expert": "ismcts:scale=3",
}
"""The levels a person chooses an opponent by, weakest first, and the bot spec each stands for.

Beginner plays the rules of thumb with three moves in ten at random; Casual, the rules of thumb;
Strong searches at its game's budget (worst move under a second on one core); Expert searches
three times as long (docs/bots.md gives each level's measured strength)."""

LEVEL_WORDS: dict[str, str] = {
    "beginner": "Beginner: plays sensibly, with a few careless moves",
    "casual": "Casual: plays the obvious good move",
    "strong": "Strong: thinks ahead before each move",
    "expert": "Expert: thinks ahead three times as long",
}
"""How the lobby and `meja play` describe each level to a person."""


def level_spec(level: str) -> str:
    """The bot spec a level stands for; ValueError names the levels."""
    spec = LEVELS.get(level.strip().lower())
    if spec is None:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    return spec


def bot_names() -> list[str]:
    """Every bot kind that make_bot accepts."""
    return sorted(_FACTORIES)


def make_bot(spec: str, game: Game) -> Bot:
    """Build the bot named by spec ("name" or "name:key=value,key=value") for game."""
    name, _, rest = spec.strip().partition(":")
    name = name.lower()
    if name in LEVELS:
        if rest:
            raise ValueError(f"{name}: a level takes no settings (use a bot spec for those)")
        return make_bot(LEVELS[name], game)
    if name not in _FACTORIES:
        raise ValueError(
            f"unknown bot {name!r} (levels: {', '.join(LEVELS)}; bots: {', '.join(bot_names())})"
        )
    settings: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"bot setting {item!r}: expected key=value")
        settings[key.strip()] = value.strip()
    return _FACTORIES[name](game, settings)


def split_bot_specs(text: str) -> list[str]:
    """Split "ismcts:iterations=200,c=1,random" into bot specs; key=value items join the last."""
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise ValueError(f"bot list {text!r}: empty entry")
        if "=" in item and ":" not in item and specs:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs
