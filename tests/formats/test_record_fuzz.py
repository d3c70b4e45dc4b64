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

The mutator (``tests/record_mutations.py``) is seeded, so a failure names the case that
reproduces it.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import GameRecord, RecordError, state_from_json, state_to_json
from record_mutations import (
    TREE_MUTATIONS,
    bases,
    dump_json,
    fuzz_case,
    json_paths,
    json_values,
    load_record,
    mutate_text,
    parent_of,
    snapshot_bases,
)

pytestmark = pytest.mark.slow  # thousands of mutated records and snapshots

# 15 per example of the profile: 300 with the quick one, 15,000 with the thorough one.
FUZZ_CASES = 15 * settings().max_examples
FUZZ_SEED = 20240601

structured = settings(max_examples=max(10, settings().max_examples * 2),
                      suppress_health_check=[HealthCheck.too_slow])


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
            text, what = mutate_text(dump_json(data, rng), rng)
        else:
            what = " then ".join(rng.choice(TREE_MUTATIONS)(data, rng)
                                 for _ in range(rng.choice((1, 1, 2))))
            text = dump_json(data, rng)
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
    for path in json_paths(document):
        if type(parent_of(document, path)[path[-1]]) is not int:
            continue
        data = json.loads(json.dumps(document))
        parent_of(data, path)[path[-1]] = bool(parent_of(data, path)[path[-1]])
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
    for rules_path in [p for p in json_paths(document) if p[-1] == "rules"]:
        data = json.loads(json.dumps(document))
        rules = parent_of(data, rules_path)["rules"]
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
    objects = [(), *(p for p in json_paths(document)
                     if isinstance(parent_of(document, p)[p[-1]], dict) and p[-1] != "rules")]
    assert len(objects) >= 3, objects
    root = "record" if load is load_record else "state"
    for path in objects:
        data = json.loads(json.dumps(document))
        target = parent_of(data, path)[path[-1]] if path else data
        target["note"] = "hand-edited"
        with pytest.raises(RecordError) as caught:
            load(json.dumps(data))
        where = root + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path)
        assert str(caught.value).startswith(f"{where}: unknown field 'note'; "), \
            (name, path, str(caught.value))


# -- the same with Hypothesis: structured JSON replacements that shrink to a minimal case

@structured
@given(st.data())
def test_records_with_any_json_value_anywhere_raise_only_record_error(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(bases()[2:]), label="base")  # the short ones
    record = json.loads(json.dumps(base.data))
    path = data.draw(st.sampled_from(json_paths(record)), label="path")
    parent_of(record, path)[path[-1]] = data.draw(json_values, label="value")
    with contextlib.suppress(RecordError):
        load_record(json.dumps(record))


@structured
@given(st.data())
def test_snapshots_with_any_json_value_anywhere_raise_only_record_error(
    data: st.DataObject
) -> None:
    snapshot = json.loads(json.dumps(data.draw(st.sampled_from(snapshot_bases()), label="base")))
    path = data.draw(st.sampled_from(json_paths(snapshot)), label="path")
    parent_of(snapshot, path)[path[-1]] = data.draw(json_values, label="value")
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
