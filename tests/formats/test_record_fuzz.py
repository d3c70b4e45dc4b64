"""Fuzzing the loaders: mutated records and snapshots raise RecordError, nothing else.

A seeded random mutator makes hundreds of corrupted game records (15 per
example of the Hypothesis profile: 300 with the quick one) from records of real
games in both draw modes and feeds each to ``GameRecord.from_json(...).replay()``: truncation, bit
flips, deleted, duplicated and inserted characters, JSON values replaced by
values of other types, numbers nudged, list items swapped, dropped or
repeated, unknown schema versions and tile-set checksums, illegal actions
and results that the actions do not give.  Every input either loads (and
then replays) or raises :class:`RecordError`; mutations that must break the
record must raise it.  The same for ``state_from_json`` with mutated
snapshots.  A Hypothesis test adds structured mutations that shrink.

The mutator is seeded, so a failure names the case that reproduces it.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    GameRecord,
    GameState,
    RecordError,
    Rules,
    Shuffle,
    format_action,
    legal_actions,
    new_game,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from games import play_random

pytestmark = pytest.mark.slow  # thousands of mutated records and snapshots

# 15 per example of the profile: 300 with the quick one, 15,000 with the thorough one.
FUZZ_CASES = 15 * settings().max_examples
FUZZ_SEED = 20240601

structured = settings(max_examples=max(10, settings().max_examples * 2),
                      suppress_health_check=[HealthCheck.too_slow])


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


def _paths(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path into a JSON value (the root excluded)."""
    found: list[tuple[str | int, ...]] = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*path, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, (*path, index)))
    return found


def _parent(data: Any, path: tuple[str | int, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def _same_type(a: object, b: object) -> bool:
    return type(a) is type(b) and not (isinstance(a, (list, dict)) and a != b)


def replace_value(data: Any, rng: random.Random) -> str:
    paths = _paths(data)
    if not paths:
        return "nothing to replace"
    path = rng.choice(paths)
    parent = _parent(data, path)
    old = parent[path[-1]]
    choices = [v for v in _OTHER_VALUES if not _same_type(v, old)]
    parent[path[-1]] = json.loads(json.dumps(rng.choice(choices)))
    return f"replace {'.'.join(map(str, path))}"


def nudge_number(data: Any, rng: random.Random) -> str:
    paths = [p for p in _paths(data) if type(_parent(data, p)[p[-1]]) is int]
    if not paths:
        return replace_value(data, rng)
    path = rng.choice(paths)
    _parent(data, path)[path[-1]] += rng.choice((-2, -1, 1, 2, 1000))
    return f"nudge {'.'.join(map(str, path))}"


def edit_list(data: Any, rng: random.Random) -> str:
    paths = [p for p in _paths(data) if isinstance(_parent(data, p)[p[-1]], list)
             and _parent(data, p)[p[-1]]]
    if not paths:
        return replace_value(data, rng)
    path = rng.choice(paths)
    items = _parent(data, path)[path[-1]]
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
    paths = [p for p in _paths(data) if isinstance(p[-1], str)]
    if not paths:
        return replace_value(data, rng)
    path = rng.choice(paths)
    del _parent(data, path)[path[-1]]
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


def _dump(data: object, rng: random.Random) -> str:
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
    paths = [p for p in _paths(data) if type(_parent(data, p)[p[-1]]) is int]
    path = rng.choice(paths)
    parent = _parent(data, path)
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
        text, what = mutate_text(_dump(data, rng), rng)
        return text, f"{base.name}: {what}", False
    if kind < 0.75:
        what = " then ".join(rng.choice(TREE_MUTATIONS)(data, rng)
                             for _ in range(rng.choice((1, 1, 1, 2, 3))))
        return _dump(data, rng), f"{base.name}: {what}", False
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
    return _dump(data, rng), f"{base.name}: {what}", True


# ---------------------------------------------------------------------------- tests

def test_the_base_records_load() -> None:
    for base in bases():
        states = GameRecord.from_json(json.dumps(base.data)).replay()
        assert states == base.states, base.name
    assert any(base.states[-1].is_terminal for base in bases())
    assert any(base.data["start"] is not None for base in bases())
    assert any(base.data["pile"] is not None for base in bases())
    assert any(base.data["draws"] == "explicit" for base in bases())


def test_mutated_records_raise_only_record_error() -> None:
    rng = random.Random(FUZZ_SEED)
    outcomes = {"loaded": 0, "rejected": 0}
    for case in range(FUZZ_CASES):
        text, what, must_fail = fuzz_case(rng)
        try:
            load_record(text)
        except RecordError as error:
            outcomes["rejected"] += 1
            assert str(error), what
            if what.split(": ", 1)[1].startswith("illegal action"):
                number = what.split("illegal action ")[1].split(":")[0]
                assert f"action {number}" in str(error), (case, what, str(error))
            continue
        except Exception as error:  # anything else is a bug of the loader
            raise AssertionError(f"case {case} ({what}): {type(error).__name__}: {error}\n"
                                 f"input starts {text[:200]!r}") from error
        outcomes["loaded"] += 1
        assert not must_fail, f"case {case} ({what}) loaded"
    # The mutations are neither all harmless nor all fatal.
    assert outcomes["rejected"] > FUZZ_CASES // 2
    assert outcomes["loaded"] > 0


def test_mutated_snapshots_raise_only_record_error() -> None:
    rng = random.Random(FUZZ_SEED + 1)
    snapshots = snapshot_bases()
    loaded = 0
    for case in range(FUZZ_CASES * 2):
        data = json.loads(json.dumps(rng.choice(snapshots)))
        text: str | bytes
        if rng.random() < 0.35:
            text, what = mutate_text(_dump(data, rng), rng)
        else:
            what = " then ".join(rng.choice(TREE_MUTATIONS)(data, rng)
                                 for _ in range(rng.choice((1, 1, 2))))
            text = _dump(data, rng)
        try:
            state = state_from_json(text)
        except RecordError:
            continue
        except Exception as error:  # anything else is a bug of the loader
            raise AssertionError(f"case {case} ({what}): {type(error).__name__}: {error}\n"
                                 f"input starts {text[:200]!r}") from error
        loaded += 1
        # What loads is a state: it saves and loads again to itself.
        again = state_from_json(state_to_json(state))
        assert again == state and hash(again) == hash(state), (case, what)
    assert loaded > 0


def _documents() -> list[tuple[str, dict[str, Any], Callable[[str], object]]]:
    records = [(f"record {b.name}", b.data, load_record) for b in bases()
               if b.name in ("seeded complete", "start snapshot")]
    return records + [(f"snapshot {i}", d, state_from_json)
                      for i, d in enumerate(snapshot_bases()[:4])]


@pytest.mark.parametrize(("name", "document", "load"), _documents(),
                         ids=[name for name, _, _ in _documents()])
def test_a_boolean_is_refused_wherever_a_number_is_expected(
        name: str, document: dict[str, Any], load: Callable[[str], object]) -> None:
    """Every number of a record or snapshot, written as ``true`` or ``false``, is refused,
    naming its field (``record.result.final_scoring`` took ``true`` for 1)."""
    for path in _paths(document):
        if type(_parent(document, path)[path[-1]]) is not int:
            continue
        data = json.loads(json.dumps(document))
        _parent(data, path)[path[-1]] = bool(_parent(data, path)[path[-1]])
        with pytest.raises(RecordError, match=r"not (a boolean|True|False)") as caught:
            load(json.dumps(data))
        field = ".".join(f"[{step}]" if isinstance(step, int) else step for step in path)
        assert field.replace(".[", "[") in str(caught.value), (name, path, str(caught.value))


@pytest.mark.parametrize(("name", "document", "load"), _documents(),
                         ids=[name for name, _, _ in _documents()])
def test_an_unknown_rule_key_is_refused_by_name(
        name: str, document: dict[str, Any], load: Callable[[str], object]) -> None:
    """R-V1–R-V3: a renamed variant key in a record's or snapshot's rules (the record's
    start too) is a RecordError naming it, not a game under the default rules."""
    for rules_path in [p for p in _paths(document) if p[-1] == "rules"]:
        data = json.loads(json.dumps(document))
        rules = _parent(data, rules_path)["rules"]
        rules["amazon-ranking"] = rules.pop("amazon_ranking", "dense")
        with pytest.raises(RecordError, match="unknown rule option 'amazon-ranking'"):
            load(json.dumps(data))


@pytest.mark.parametrize(("name", "document", "load"), _documents(),
                         ids=[name for name, _, _ in _documents()])
def test_an_unknown_field_is_refused_by_name_in_every_object(
        name: str, document: dict[str, Any], load: Callable[[str], object]) -> None:
    """A key that a record or snapshot does not have, at the top or in any object of it
    (the record's start and result, the tile set, the pile, each player and breakdown),
    is a RecordError naming it and the object: a misspelt field is never ignored.  (An
    unknown key in ``rules`` is an unknown rule option, above.)"""
    objects = [(), *(p for p in _paths(document)
                     if isinstance(_parent(document, p)[p[-1]], dict) and p[-1] != "rules")]
    assert len(objects) >= 3, objects
    root = "record" if load is load_record else "state"
    for path in objects:
        data = json.loads(json.dumps(document))
        target = _parent(data, path)[path[-1]] if path else data
        target["note"] = "hand-edited"
        with pytest.raises(RecordError) as caught:
            load(json.dumps(data))
        where = root + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path)
        assert str(caught.value).startswith(f"{where}: unknown field 'note'; "), \
            (name, path, str(caught.value))


# -- the same with Hypothesis: structured JSON replacements that shrink to a minimal case

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=8,
)


@structured
@given(st.data())
def test_records_with_any_json_value_anywhere_raise_only_record_error(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(bases()[2:]), label="base")  # the short ones
    record = json.loads(json.dumps(base.data))
    path = data.draw(st.sampled_from(_paths(record)), label="path")
    _parent(record, path)[path[-1]] = data.draw(json_values, label="value")
    with contextlib.suppress(RecordError):
        load_record(json.dumps(record))


@structured
@given(st.data())
def test_snapshots_with_any_json_value_anywhere_raise_only_record_error(
    data: st.DataObject
) -> None:
    snapshot = json.loads(json.dumps(data.draw(st.sampled_from(snapshot_bases()), label="base")))
    path = data.draw(st.sampled_from(_paths(snapshot)), label="path")
    _parent(snapshot, path)[path[-1]] = data.draw(json_values, label="value")
    try:
        state = state_from_json(json.dumps(snapshot))
    except RecordError:
        return
    assert state_from_json(state_to_json(state)) == state


@structured
@given(st.integers(min_value=0), st.integers(min_value=0), st.binary(max_size=6))
def test_truncated_and_spliced_records_raise_only_record_error(
    which: int, cut: int, junk: bytes
) -> None:
    text = json.dumps(bases()[which % len(bases())].data).encode("utf-8")
    cut %= len(text)
    with contextlib.suppress(RecordError):
        load_record(text[:cut] + junk)
