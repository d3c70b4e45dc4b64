"""Perft golden numbers (tests/data/perft.json, written by tests/perft.py).

For a few fixed starting positions (seeded shuffles fix the draw order, or an
explicit pile order), the number of sequences of exactly N legal actions must
stay what it was when the file was generated.  Any change to legal-action
generation (R-G2–R-G7, R-T3, R-T5) or to what a placement does to the pieces changes
these numbers.  On a mismatch the failure lists, per first action (in the
game notation), the stored and the computed counts.

After a deliberate rule change: ``python tests/perft.py`` and review the diff.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from perft import DATA_FILE, divide, perft, start_position

GOLDEN: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
POSITIONS: list[dict[str, Any]] = GOLDEN["positions"]


def _divide_report(name: str, depth: int, expected: dict[str, int],
                   actual: dict[str, int]) -> str:
    lines = [f"perft mismatch for {name} at depth {depth}: stored "
             f"{sum(expected.values())}, computed {sum(actual.values())}",
             f"{'first action':<14} {'stored':>10} {'computed':>10}"]
    for text in dict.fromkeys([*expected, *actual]):
        stored, computed = expected.get(text), actual.get(text)
        mark = "" if stored == computed else "   <-- differs"
        lines.append(f"{text:<14} {'-' if stored is None else stored:>10} "
                     f"{'-' if computed is None else computed:>10}{mark}")
    return "\n".join(lines)


@pytest.mark.slow  # counts every action sequence to a fixed depth
@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft_matches_golden_file(position: dict[str, Any]) -> None:
    state = start_position(position)
    name = position["name"]
    for depth_text, expected_count in position["perft"].items():
        depth = int(depth_text)
        if depth == 1:
            assert perft(state, 1) == expected_count, f"{name}: perft(1)"
            continue
        actual = divide(state, depth)
        expected = position["divide"][depth_text]
        if actual != expected or sum(actual.values()) != expected_count:
            pytest.fail(_divide_report(name, depth, expected, actual))


def test_perft_counts_exact_depth() -> None:
    """perft(d) is the sum of the divide, and depth 0 counts the position itself."""
    state = start_position(POSITIONS[0])
    assert perft(state, 0) == 1
    assert sum(divide(state, 3).values()) == perft(state, 3)


def test_divide_report_marks_differences() -> None:
    report = _divide_report("x", 2, {"t0,4,0": 7, "t0,4,180": 7}, {"t0,4,0": 7, "t0,4,180": 6})
    assert "stored 14, computed 13" in report
    assert report.splitlines()[-1].endswith("<-- differs")
    assert not report.splitlines()[-2].endswith("<-- differs")
