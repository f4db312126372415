"""Malformed positions and records, for every game: refused with one clear line, or loaded whole.

Hypothesis takes positions (state.position()) and records (GameRecord.from_state().to_dict())
from seeded random play at varied player counts, options and steps, and breaks them: fields
removed, retyped, pushed out of range or added, counts nudged so that pieces appear or vanish,
list entries dropped, repeated or swapped. Whatever it makes, from_position either raises
InvalidPosition with a one-line message, or returns a state that conserves its components,
round-trips through its position and can take its next step; a record either is refused
(InvalidPosition, one line, naming the field or the step) or replays to a sound state.

Runs are derandomized, so every run tries the same examples. MEJA_MALFORMED_EXAMPLES sets the
examples per test (default 60); a deeper run: MEJA_MALFORMED_EXAMPLES=5000 pytest
tests/test_malformed.py.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meja.core import CHANCE, GameRecord, InvalidPosition, State, list_games, load_game
from meja.core.game import random_step

EXAMPLES = int(os.environ.get("MEJA_MALFORMED_EXAMPLES", "60"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEEDS_PER_COUNT = 2
STOPS = (0, 1, 2, 5, 9, 14, 22, 35, 60, 100, 170, 300, 500)
"""Steps at which a seeded game is sampled, then once more at its end."""

GAMES = [game.name for game in list_games()]
Json = Any
Path = tuple[Any, ...]


# --- valid material from seeded random play ----------------------------------------------------
def _random_options(game_name: str, num_players: int, rng: random.Random) -> dict[str, Any]:
    """Options drawn from each option's choices (or its default), valid for num_players."""
    game = load_game(game_name)
    options: dict[str, Any] = {}
    for option in game.options:
        if option.choices:
            options[option.name] = rng.choice(option.choices)
        elif option.kind is bool:
            options[option.name] = rng.random() < 0.5
    try:
        game.new_state(num_players, **options)
    except ValueError:
        return {}
    return options


@cache
def _games(game_name: str) -> tuple[State, ...]:
    """States of seeded random games, every player count, sampled along the way and at the end."""
    game = load_game(game_name)
    states: list[State] = []
    for num_players in game.player_counts():
        for seed in range(SEEDS_PER_COUNT):
            rng = random.Random(f"{game_name}-{num_players}-{seed}")
            options = _random_options(game_name, num_players, rng) if seed else {}
            state = game.new_state(num_players, **options)
            while not state.is_terminal():
                if len(state.history) in STOPS:
                    states.append(state.clone())
                seat, action = random_step(state, rng)
                state.apply(action, seat)
            states.append(state)
    return tuple(states)


@cache
def _positions(game_name: str) -> tuple[str, ...]:
    """The sampled states' positions, as JSON text so that each example gets a fresh copy."""
    return tuple(json.dumps(state.position()) for state in _games(game_name))


@cache
def _records(game_name: str) -> tuple[str, ...]:
    """Records of the sampled states, as JSON text."""
    return tuple(GameRecord.from_state(s).to_json() for s in _games(game_name))


# --- breaking JSON ----------------------------------------------------------------------------
def _paths(node: Json, prefix: Path = ()) -> Iterator[Path]:
    """Every place inside node that holds a value (the root itself excluded)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*prefix, key)
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield (*prefix, index)
            yield from _paths(value, (*prefix, index))


def _containers(node: Json, prefix: Path = ()) -> Iterator[Path]:
    """Every dict or list inside node, the root included."""
    if isinstance(node, dict | list):
        yield prefix
        children = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in children:
            yield from _containers(value, (*prefix, key))


def _at(node: Json, path: Path) -> Json:
    for key in path:
        node = node[key]
    return node


def _strings(node: Json) -> list[str]:
    """Every string and dict key in node: plausible values for another place."""
    found: set[str] = set()
    for path in _paths(node):
        if isinstance(path[-1], str):
            found.add(path[-1])
        value = _at(node, path)
        if isinstance(value, str):
            found.add(value)
            found.update(value.split())
    return sorted(found)


def _retyped(value: Json) -> st.SearchStrategy[Json]:
    """Values of another JSON type than value, and near misses like "3" for 3."""
    others: list[Json] = [None, True, False, 0, -1, 1.5, "", "?", [], {}, [value], {"x": value}]
    if not isinstance(value, str):
        others.append(json.dumps(value))
    if isinstance(value, str) and value.lstrip("-").isdigit():
        others.append(int(value))
    if isinstance(value, int | float) and not isinstance(value, bool):
        others.append(float(value))
    return st.sampled_from([v for v in others if type(v) is not type(value) or v != value])


def _nudged(value: Json, strings: list[str]) -> st.SearchStrategy[Json]:
    """The same type, a little or a lot out: counts off by one, other known names, big numbers."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int):
        return (
            st.sampled_from([value + 1, value - 1, -value - 1, value + 40, 10**9]) | st.integers()
        )
    if isinstance(value, str):
        changed = [value + "x", value[:-1], value.upper(), " " + value, value * 2]
        words = value.split()
        if len(words) > 1:
            changed += [" ".join(words[:-1]), value + " " + words[-1]]
            return st.builds(
                _swap_word,
                st.just(words),
                st.integers(0, len(words) - 1),
                st.sampled_from(strings or ["x"]),
            ) | st.sampled_from(changed)
        return st.sampled_from(strings + changed) if strings else st.sampled_from(changed)
    if isinstance(value, float):
        return st.sampled_from([value + 1, -value, 1e300])
    return st.just(value)


def _swap_word(words: list[str], index: int, word: str) -> str:
    """words joined with the one at index replaced: one tile, cell or face changed in a row."""
    return " ".join([*words[:index], word, *words[index + 1 :]])


@st.composite
def _break_once(draw: st.DrawFn, doc: Json, strings: list[str]) -> Json:
    """doc with one thing broken, in place; strings are names known to the game."""
    paths = list(_paths(doc))
    kind = draw(st.sampled_from(["remove", "retype", "nudge", "nudge", "extra", "list", "list"]))
    if kind == "extra" or not paths:
        where = draw(
            st.sampled_from([p for p in _containers(doc) if isinstance(_at(doc, p), dict)])
        )
        key = draw(st.sampled_from(strings) | st.just("extra") if strings else st.just("extra"))
        values = st.sampled_from([None, 0, 1, "x", [], {}]) | st.integers(-2, 30)
        _at(doc, where)[key] = draw(values | st.sampled_from(strings) if strings else values)
        return doc
    if kind == "list":
        lists = [p for p in _containers(doc) if isinstance(_at(doc, p), list) and _at(doc, p)]
        if lists:
            items = _at(doc, draw(st.sampled_from(lists)))
            i = draw(st.integers(0, len(items) - 1))
            j = draw(st.integers(0, len(items) - 1))
            how = draw(st.sampled_from(["repeat", "overwrite", "swap"]))
            if how == "repeat":
                items.insert(j, copy.deepcopy(items[i]))
            elif how == "overwrite":
                items[j] = copy.deepcopy(items[i])
            else:
                items[i], items[j] = items[j], items[i]
            return doc
        kind = "nudge"
    path = draw(st.sampled_from(paths))
    parent, key = _at(doc, path[:-1]), path[-1]
    if kind == "remove":
        del parent[key]
    elif kind == "retype":
        parent[key] = draw(_retyped(parent[key]))
    else:
        parent[key] = draw(_nudged(parent[key], strings))
    return doc


@cache
def _vocabulary(texts: tuple[str, ...]) -> list[str]:
    """Every name used anywhere in texts: phases, tile codes, cells, fields of each kind."""
    return sorted(set().union(*(_strings(json.loads(text)) for text in texts)))


@st.composite
def _splice(draw: st.DrawFn, doc: Json, texts: tuple[str, ...]) -> Json:
    """doc with one of its values taken from the same place in another sample: each part is
    sound on its own, but they no longer fit together (a board from one game, hands from
    another)."""
    other = json.loads(draw(st.sampled_from(texts)))
    shared = [p for p in _paths(doc) if _has(other, p)]
    if shared:
        path = draw(st.sampled_from(shared))
        _at(doc, path[:-1])[path[-1]] = _at(other, path)
    return doc


def _has(node: Json, path: Path) -> bool:
    """Whether path leads somewhere inside node."""
    for key in path:
        if isinstance(node, dict):
            inside = key in node
        else:
            inside = isinstance(node, list) and isinstance(key, int) and key < len(node)
        if not inside:
            return False
        node = node[key]
    return True


@st.composite
def broken(draw: st.DrawFn, texts: tuple[str, ...]) -> Json:
    """One of texts, parsed, with one to three things broken."""
    doc = json.loads(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.integers(0, 3)) == 0:
            doc = draw(_splice(doc, texts))
        else:
            doc = draw(_break_once(doc, _vocabulary(texts)))
    return doc


# --- the properties -------------------------------------------------------------------------------
def _one_line(exc: BaseException) -> str:
    """The refusal's message, which must be a single non-empty line."""
    message = str(exc)
    assert message.strip(), "an empty message"
    assert "\n" not in message, f"a message of several lines: {message!r}"
    return message


def _sound(state: State) -> None:
    """A loaded state keeps every piece, rebuilds equal from its position and can go on."""
    assert state.check_components() == []
    data = json.loads(json.dumps(state.position()))
    assert state.game.from_position(data) == state
    assert str(state)
    for viewer in (None, *range(state.num_players)):
        json.dumps(state.view(viewer))
    player = state.current_player()
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    elif not state.is_terminal():
        seats = state.active_players()
        assert seats and all(state.legal_actions(seat) for seat in seats)
    if not state.is_terminal():
        seat, action = random_step(state, random.Random(0))
        state.apply(action, seat)


def check_position(game_name: str, data: Json) -> None:
    """from_position refuses data with one line of InvalidPosition, or loads a sound state."""
    try:
        state = load_game(game_name).from_position(data)
    except InvalidPosition as exc:
        _one_line(exc)
        return
    _sound(state)


RECORD_WORDS = (
    "JSON object",
    " field",
    "'game'",
    "'num_players'",
    "'options'",
    "'history'",
    "'meja'",
)


def check_record(data: Json) -> None:
    """A record is refused naming its field or step, or replays to a sound state."""
    try:
        record = GameRecord.from_dict(data)
    except InvalidPosition as exc:
        message = _one_line(exc)
        assert message.startswith("step ") or any(w in message for w in RECORD_WORDS), message
        return
    try:
        state = record.replay()
    except InvalidPosition as exc:
        message = _one_line(exc)
        assert message.startswith(("step ", "the record's setup", "'game'")), message
        with pytest.raises(InvalidPosition) as again:
            record.states()
        assert str(again.value) == message
        return
    assert state.history == record.history
    assert state.check_components() == []
    assert GameRecord.from_state(state).to_dict()["history"] == data["history"]


@pytest.mark.parametrize("game_name", GAMES)
def test_a_broken_position_is_refused_in_one_line_or_loads_sound(game_name: str) -> None:
    @SETTINGS
    @given(broken(_positions(game_name)))
    def run(data: Json) -> None:
        check_position(game_name, data)

    run()


@pytest.mark.parametrize("game_name", GAMES)
def test_a_broken_record_is_refused_naming_the_field_or_step_or_replays(game_name: str) -> None:
    @SETTINGS
    @given(broken(_records(game_name)))
    def run(data: Json) -> None:
        check_record(data)

    run()


@pytest.mark.parametrize("game_name", GAMES)
def test_every_sampled_position_and_record_loads(game_name: str) -> None:
    """The unbroken material is sound, so every refusal above is due to the breakage."""
    for position, text in zip(_positions(game_name), _records(game_name), strict=True):
        check_position(game_name, json.loads(position))
        assert GameRecord.from_json(text).replay().position() == json.loads(position)


# --- regressions: examples the properties found ------------------------------------------------
def _sample(texts: tuple[str, ...]) -> Json:
    """The last sampled position or record (a finished game), parsed afresh."""
    return json.loads(texts[-1])


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"game": "chess"}, r"^'game': unknown game 'chess'"),
        ({"options": {"num_players": None}}, "setup is invalid: unknown option 'num_players'"),
        ({"options": {1: "moore8"}}, r"^'options' must be an object of option names"),
        ({"meja": {"x": 1}}, r"^'meja' must be the version string"),
    ],
    ids=["unknown-game", "option-named-num_players", "option-name-not-text", "version-not-text"],
)
def test_a_record_with_a_bad_game_options_or_version_is_refused_naming_the_field(
    change: dict[str, Any], named: str
) -> None:
    """Before: ValueError, TypeError (twice) out of replay(), and a version kept as str(dict)."""
    data = _sample(_records("peranakan")) | change
    with pytest.raises(InvalidPosition, match=named):
        GameRecord.from_dict(data).replay()
    check_record(data)


@pytest.mark.parametrize("game_name", GAMES)
def test_a_position_with_an_option_named_num_players_is_refused(game_name: str) -> None:
    """Before: Mooncake's loader passed it on to new_state, which raised TypeError."""
    data = _sample(_positions(game_name))
    data["options"]["num_players"] = None
    with pytest.raises(InvalidPosition, match="unknown option 'num_players'"):
        load_game(game_name).from_position(data)


def test_a_nasi_lemak_just_seen_card_that_is_not_a_name_is_refused() -> None:
    """Before: a dict as the card raised TypeError (unhashable) in the loader."""
    data = _sample(_positions("nasi_lemak"))
    data["just_seen"] = {"card": {"x": "officer"}, "seat": 0, "examined": 0}
    with pytest.raises(InvalidPosition, match=r"just_seen\.card: .* is not one of"):
        load_game("nasi_lemak").from_position(data)
