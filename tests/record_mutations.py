"""A seeded mutator of game records and snapshots, for the loaders' fuzz tests.

:func:`bases` and :func:`snapshot_bases` are the records of real games (both draw modes,
complete and unfinished, from the start and from a snapshot, with a fixed pile) and the
snapshots of their states in every phase that the mutations start from.  The mutations
corrupt a record's text (truncation, bit flips, deleted, duplicated and inserted
characters) or its JSON tree (values of other types, numbers nudged, list items swapped,
dropped or repeated, keys deleted); those "that must break a record" (an unknown schema or
tile-set checksum, an illegal action, a result the actions do not give, a number written
as a boolean, a misspelt rule option, R-V1–R-V3) make a record that loading must refuse
with ``RecordError``.  :func:`fuzz_case` draws one corrupted record from a seeded
``random.Random``, so a failure names the case that reproduces it; ``json_values`` is the
Hypothesis strategy of arbitrary JSON values for structured mutations that shrink.

Used by ``tests/formats/test_record_fuzz.py`` and ``tests/formats/test_loading_guarantees.py``.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    GameRecord,
    GameState,
    Rules,
    Shuffle,
    format_action,
    legal_actions,
    new_game,
    reference_tileset,
    state_to_json,
)
from games import play_random


class Base(NamedTuple):
    """A record of a real game, with the states its actions lead through."""

    name: str
    data: dict[str, Any]
    states: tuple[GameState, ...]
    actions: tuple[Action, ...]


@functools.cache
def bases() -> tuple[Base, ...]:
    """Records of complete and unfinished games, in every setup a record can describe."""
    rng = random.Random(7)
    made = []
    setups: list[tuple[str, GameState, int, int | None]] = [
        ("seeded complete", new_game(2, seed=11), 0, None),
        ("explicit complete", new_game(3, draws="explicit"), 0, None),
        ("seeded 4p uniform", new_game(4, seed=5, rules=Rules(shuffle=Shuffle.UNIFORM,
                                                              first_player=3)), 0, 40),
        ("explicit 5p", new_game(5, draws="explicit", rules=Rules(slices=3)), 0, 70),
        ("start snapshot", new_game(2, seed=3), 37, 30),
        ("explicit start snapshot", new_game(3, draws="explicit"), 50, 30),
        ("pile order", new_game(2, pile=sorted(reference_tileset().land_tiles,
                                               key=lambda t: t.name)), 0, 25),
    ]
    for name, initial, skip, length in setups:
        states, actions = play_random(initial, rng, None if length is None else skip + length)
        record = GameRecord.from_game(states[skip], actions[skip:])
        made.append(Base(name, json.loads(record.to_json()), states[skip:], actions[skip:]))
    return tuple(made)


@functools.cache
def snapshot_bases() -> tuple[dict[str, Any], ...]:
    """Snapshots of states in every phase, both draw modes, the end of the game included."""
    picked: list[GameState] = []
    for base in bases()[:4]:
        states = base.states
        phases = {s.phase for s in states}
        for phase in phases:
            picked.append(next(s for s in reversed(states) if s.phase is phase))
        picked.append(states[len(states) // 3])
    return tuple(json.loads(state_to_json(s)) for s in picked)


# ---------------------------------------------------------------------------- mutations

_OTHER_VALUES: tuple[object, ...] = (
    None, True, False, 0, -1, 1, 7, 2**70, -(2**70), 1.5, 1e300, -0.0, "", "x", "p", "S01.1",
    "place tile", [], [None], [0, 0, 0, 0], ["START.1", 0, 0, 0], {}, {"a": 1},
)


def json_paths(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path into a JSON value (the root excluded)."""
    found: list[tuple[str | int, ...]] = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(json_paths(value, (*path, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(json_paths(value, (*path, index)))
    return found


def parent_of(data: Any, path: tuple[str | int, ...]) -> Any:
    """The list or object that holds the value at ``path``."""
    for key in path[:-1]:
        data = data[key]
    return data


def _same_type(a: object, b: object) -> bool:
    return type(a) is type(b) and not (isinstance(a, (list, dict)) and a != b)


def replace_value(data: Any, rng: random.Random) -> str:
    paths = json_paths(data)
    if not paths:
        return "nothing to replace"
    path = rng.choice(paths)
    parent = parent_of(data, path)
    old = parent[path[-1]]
    choices = [v for v in _OTHER_VALUES if not _same_type(v, old)]
    parent[path[-1]] = json.loads(json.dumps(rng.choice(choices)))
    return f"replace {'.'.join(map(str, path))}"


def nudge_number(data: Any, rng: random.Random) -> str:
    paths = [p for p in json_paths(data) if type(parent_of(data, p)[p[-1]]) is int]
    if not paths:
        return replace_value(data, rng)
    path = rng.choice(paths)
    parent_of(data, path)[path[-1]] += rng.choice((-2, -1, 1, 2, 1000))
    return f"nudge {'.'.join(map(str, path))}"


def edit_list(data: Any, rng: random.Random) -> str:
    paths = [p for p in json_paths(data) if isinstance(parent_of(data, p)[p[-1]], list)
             and parent_of(data, p)[p[-1]]]
    if not paths:
        return replace_value(data, rng)
    path = rng.choice(paths)
    items = parent_of(data, path)[path[-1]]
    how = rng.choice(("swap", "drop", "repeat", "reverse"))
    i, j = rng.randrange(len(items)), rng.randrange(len(items))
    if how == "swap":
        items[i], items[j] = items[j], items[i]
    elif how == "drop":
        del items[i]
    elif how == "repeat":
        items.insert(i, json.loads(json.dumps(items[j])))
    else:
        items.reverse()
    return f"{how} in {'.'.join(map(str, path))}"


def delete_key(data: Any, rng: random.Random) -> str:
    paths = [p for p in json_paths(data) if isinstance(p[-1], str)]
    if not paths:
        return replace_value(data, rng)
    path = rng.choice(paths)
    del parent_of(data, path)[path[-1]]
    return f"delete {'.'.join(map(str, path))}"


TreeMutation = Callable[[Any, random.Random], str]
TREE_MUTATIONS: tuple[TreeMutation, ...] = (replace_value, nudge_number, edit_list, delete_key)


def mutate_text(text: str, rng: random.Random) -> tuple[str | bytes, str]:
    """A character- or byte-level corruption of ``text``."""
    how = rng.choice(("truncate", "flip", "delete", "duplicate", "insert"))
    if how == "truncate":
        end = rng.randrange(len(text))
        return text[:end], f"truncate at {end}"
    if how == "flip":
        raw = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 3)):
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        return bytes(raw), "flip bits"
    start = rng.randrange(len(text))
    end = min(len(text), start + rng.randint(1, 8))
    if how == "delete":
        return text[:start] + text[end:], f"delete {start}:{end}"
    if how == "duplicate":
        return text[:end] + text[start:end] + text[end:], f"duplicate {start}:{end}"
    char = rng.choice('{}[]",:0123456789-.aeE\\ \n\x00\u00e9\ud800')
    return text[:start] + char + text[start:], f"insert {char!r} at {start}"


def dump_json(data: object, rng: random.Random) -> str:
    """Indented like ``to_json`` or compact: both are valid record texts."""
    if rng.random() < 0.5:
        return json.dumps(data, ensure_ascii=False, indent=1)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# -- mutations that must break a record

def wrong_schema(data: dict[str, Any], rng: random.Random) -> str:
    data["schema"] = rng.choice(("carcassonne-amazonas/record/2", "carcassonne-amazonas/record/0",
                                 "carcassonne-amazonas/state/1", "record/1", ""))
    return "wrong schema"


def unknown_checksum(data: dict[str, Any], rng: random.Random) -> str:
    checksum = list(data["tileset"]["checksum"])
    index = rng.randrange(len(checksum))
    checksum[index] = "0" if checksum[index] != "0" else "1"
    data["tileset"]["checksum"] = "".join(checksum)
    return "unknown checksum"


_ACTION_POOL = ("p", "t0,0,0", "t0,-1,0", "t1,-1,90", "t0,4,0", "t0,4,180", "t-1,0,270",
                "t2,2,0", "d81", "d82", "d84", "*1", "*66", "*80", "m0,-1,0", "c0,-1,1",
                "m1,-1,2", "c-1,0,0")


def illegal_action(base: Base, data: dict[str, Any], rng: random.Random) -> str:
    """Replace an action by one that is illegal where it is played."""
    for _ in range(100):
        index = rng.randrange(len(base.actions))
        text = rng.choice(_ACTION_POOL)
        legal = {format_action(a) for a in legal_actions(base.states[index])}
        if text not in legal:
            data["actions"][index] = text
            return f"illegal action {index + 1}: {text}"
    raise AssertionError("no illegal action found")


def wrong_result(base: Base, data: dict[str, Any], rng: random.Random) -> str:
    final = base.states[-1]
    if not final.is_terminal:
        data["result"] = {"scores": list(final.scores), "winners": [0],
                          "final_scoring": [[0, 0, 0, 0]] * final.num_players}
        return "result of an unfinished game"
    result = data["result"]
    if rng.random() < 0.5:
        player = rng.randrange(final.num_players)
        result["scores"][player] += rng.choice((-1, 1, 10))
        return "wrong scores"
    others = [p for p in range(final.num_players) if [p] != result["winners"]]
    result["winners"] = [rng.choice(others)]
    return "wrong winners"


def boolean_number(data: dict[str, Any], rng: random.Random) -> str:
    """A number written as a boolean (``true`` for 1): never a number."""
    paths = [p for p in json_paths(data) if type(parent_of(data, p)[p[-1]]) is int]
    path = rng.choice(paths)
    parent = parent_of(data, path)
    parent[path[-1]] = bool(parent[path[-1]])
    return f"boolean at {'.'.join(map(str, path))}"


def renamed_rule_key(data: dict[str, Any], rng: random.Random) -> str:
    """A rule option under a misspelt name: never the default rules, silently."""
    rules = data["rules"]
    key = rng.choice(sorted(rules) or ["amazon_ranking"])
    rules[key.replace("_", "-") if "_" in key else key + "s"] = rules.pop(key, "dense")
    return f"renamed rule key {key}"


def load_record(text: str | bytes) -> None:
    GameRecord.from_json(text).replay()


def fuzz_case(rng: random.Random) -> tuple[str | bytes, str, bool]:
    """(input, what was done, whether it must raise RecordError)."""
    base = rng.choice(bases())
    data = json.loads(json.dumps(base.data))
    kind = rng.random()
    if kind < 0.35:
        text, what = mutate_text(dump_json(data, rng), rng)
        return text, f"{base.name}: {what}", False
    if kind < 0.75:
        what = " then ".join(rng.choice(TREE_MUTATIONS)(data, rng)
                             for _ in range(rng.choice((1, 1, 1, 2, 3))))
        return dump_json(data, rng), f"{base.name}: {what}", False
    breaker = rng.choice(("schema", "checksum", "action", "action", "result", "boolean",
                          "rule key"))
    if breaker == "boolean":
        what = boolean_number(data, rng)
    elif breaker == "rule key":
        what = renamed_rule_key(data, rng)
    elif breaker == "schema":
        what = wrong_schema(data, rng)
    elif breaker == "checksum":
        what = unknown_checksum(data, rng)
    elif breaker == "action":
        what = illegal_action(base, data, rng)
    else:
        what = wrong_result(base, data, rng)
    return dump_json(data, rng), f"{base.name}: {what}", True


# -- for Hypothesis: any JSON value, to put anywhere in a record (it shrinks to a minimal case)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=8,
)
