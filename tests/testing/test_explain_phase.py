"""The explain phase (Hypothesis's default) traces the user's code, not the library's work.

Once a test fails, Hypothesis traces every later run to name the lines only failing
runs reach; the strategies, the state machine's own steps and the printing of an
example pause that tracer (``_support/tracing.py``), so the report names the test's
lines and the shrink stays cheap on Python 3.11.
"""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, seed, settings
from hypothesis.internal.scrutineer import Tracer

from carcassonne_amazonas import GameState
from carcassonne_amazonas._support.tracing import traced, untraced
from carcassonne_amazonas.testing import game_states

_DEFAULTS = settings(database=None, deadline=None, max_examples=300)  # explain on


def test_untraced_pauses_only_hypothesis_tracer_and_traced_resumes_it() -> None:
    if sys.version_info >= (3, 12):  # pragma: no cover - sys.monitoring instead
        pytest.skip("Python 3.12+ traces with sys.monitoring")
    previous = sys.gettrace()
    sys.settrace(None)
    try:
        with Tracer(should_trace=True):
            hypothesis_tracer = sys.gettrace()
            assert hypothesis_tracer is not None
            with untraced():
                assert sys.gettrace() is None
                with traced():
                    assert sys.gettrace() == hypothesis_tracer
                assert sys.gettrace() is None
            assert sys.gettrace() == hypothesis_tracer
    finally:
        sys.settrace(previous)


def test_another_tracer_keeps_tracing() -> None:
    def other(frame: object, event: str, arg: object) -> None:
        return None

    previous = sys.gettrace()
    sys.settrace(other)
    try:
        with untraced():
            assert sys.gettrace() is other
            with traced():
                assert sys.gettrace() is other
    finally:
        sys.settrace(previous)


def display(state: GameState) -> str:
    """User code with a bug: one digit per score."""
    return " / ".join(str(score)[-1] for score in state.scores)


@pytest.mark.skipif(sys.gettrace() is not None, reason="a tracer (coverage, a debugger) "
                    "stops Hypothesis from explaining")
def test_the_explanation_names_the_users_lines_and_not_the_strategies() -> None:
    @seed(1)
    @_DEFAULTS
    @given(game_states(num_players=2))
    def test_display(state: GameState) -> None:
        shown = display(state)
        if shown != " / ".join(map(str, state.scores)):
            raise AssertionError("the display is wrong")  # the line the report must name

    with pytest.raises(AssertionError) as failure:
        test_display()
    notes = "\n".join(getattr(failure.value, "__notes__", []))
    explanation = notes[notes.index("Explanation:"):].splitlines()[2:]
    assert explanation, notes
    assert any(__file__ in line for line in explanation), notes
    assert not any("carcassonne_amazonas" in line for line in explanation), notes
