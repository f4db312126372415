"""What a new table can be: the games with their options and pieces, the bots, the limits."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from fastapi import APIRouter

from meja.bots import bot_names
from meja.bots.registry import LEVEL_WORDS, LEVELS
from meja.core import Game, list_games
from meja.core.registry import spec_of
from meja.core.spec import Drawing
from meja.server.api.deps import LobbyDep
from meja.server.api.json_route import JsonRoute
from meja.server.api.models import BotList, GameDetail, GameInfo, Limits

router = APIRouter(prefix="/api", route_class=JsonRoute, tags=["games"])

NOTHING_TO_DRAW = Drawing(0, {})
"""The drawing of a game built outside meja.games: the browser falls back to the plain view."""

LENGTHS = "lengths.json"
"""Median moves and turns each per game and player count from simulation, in meja/web
(scripts/game_lengths.py)."""

LENGTHS_FORMAT = 2
"""The shape of lengths.json this server reads: median_moves and median_turns_each."""

SECONDS_PER_MOVE = 8
"""A guess at the pace of a table of people, to turn moves into minutes."""


@cache
def measured_lengths() -> dict[str, Any]:
    """lengths.json, refused if it is of another shape than LENGTHS_FORMAT."""
    text = (resources.files("meja") / "web" / LENGTHS).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if data.get("format") != LENGTHS_FORMAT:
        found = data.get("format", 1)
        raise ValueError(f"{LENGTHS} is format {found}, not {LENGTHS_FORMAT}: run `make lengths`")
    return data


def median_moves() -> dict[str, dict[str, int]]:
    """The measured median length of each game, in moves, by player count."""
    moves: dict[str, dict[str, int]] = measured_lengths()["median_moves"]
    return moves


def median_turns_each() -> dict[str, dict[str, int]]:
    """The measured median turns each player takes, as the game's rulebook counts a turn, by
    player count."""
    turns: dict[str, dict[str, int]] = measured_lengths()["median_turns_each"]
    return turns


def typical_lengths(game: Game) -> list[dict[str, int]]:
    """How long the game usually runs at each measured player count: turns each and minutes.

    turns: the median turns each player takes, a turn as the game's rulebook counts it (a
    Mooncake Master turn, choose, pass and place, is played by everyone at once; the other
    games' turns go round the table), read from the states of simulated games.
    minutes: every move of the median game at SECONDS_PER_MOVE, whoever makes it. Moves, not
    turns, set the pace, as a turn weighs too differently from game to game (two fences in Te
    Kuiti, up to three moves with trades in Nasi Lemak). Mooncake Master's players move at once,
    yet its table waits for the slowest, passes tiles and scores every cake: counting all moves
    gives 13-38 minutes for 2-6 players, about the box's 20-30, where one player's moves would
    give 6.
    """
    moves = median_moves().get(game.name, {})
    turns = median_turns_each().get(game.name, {})
    return [
        {
            "players": int(players),
            "turns": turns[players],
            "minutes": max(1, round(count * SECONDS_PER_MOVE / 60)),
        }
        for players, count in moves.items()
    ]


def game_info(game: Game) -> dict[str, Any]:
    """A game's name, title, player counts, options, description and length, for the lobby."""
    spec = spec_of(game)
    return {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "blurb": spec.blurb if spec is not None else "",
        "lengths": typical_lengths(game),
        "options": [
            {
                "name": opt.name,
                "default": opt.default,
                "help": opt.help,
                "choices": list(opt.choices),
                "kind": opt.kind.__name__,
                "minimum": opt.minimum,
                "maximum": opt.maximum,
                "label": opt.label or opt.name.replace("_", " ").capitalize(),
                "choice_labels": list(opt.choice_labels or (str(c) for c in opt.choices)),
                "explain": opt.explain or opt.help,
            }
            for opt in game.options
        ],
    }


@router.get("/games", response_model=list[GameInfo])
async def games_list() -> list[dict[str, Any]]:
    """Every game the server plays."""
    return [game_info(game) for game in list_games()]


@router.get("/games/{name}", response_model=GameDetail)
async def game_detail(name: str, lobby: LobbyDep) -> dict[str, Any]:
    """One game, with the printed components its renderer draws (a declared, versioned set)."""
    game = lobby.game(name)
    spec = spec_of(game)
    drawing = spec.drawing if spec is not None else NOTHING_TO_DRAW
    return {
        **game_info(game),
        "components": dict(drawing.data),
        "drawing_version": drawing.version,
    }


@router.get("/bots", response_model=BotList)
async def bots_list(lobby: LobbyDep) -> dict[str, Any]:
    """Bot kinds a seat may use, the levels people choose from, and the stand-ins for absent
    players."""
    levels = [
        {"name": name, "words": LEVEL_WORDS[name], "spec": spec} for name, spec in LEVELS.items()
    ]
    return {"bots": bot_names(), "levels": levels, "standin": list(lobby.services.standin_bots)}


@router.get("/limits", response_model=Limits)
async def limits(lobby: LobbyDep) -> dict[str, Any]:
    """What this server allows and how full it is, so the lobby can say so before a refusal."""
    return lobby.limits()
