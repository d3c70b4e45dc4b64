"""Keeping the library's own work out of Hypothesis's explain phase.

Once a property test fails, Hypothesis runs every later example (the whole shrink
and its explain phase) under a line tracer, ``sys.settrace`` before Python 3.12 and
``sys.monitoring`` (tool id 3) from 3.12 on, and lists in the report's "Explanation"
the lines that only failing examples ran.  Work the library does on the test's
behalf (replaying a drawn game, the state machine's own steps, printing a value as
the call that rebuilds it) is not the user's code: traced, it costs several times its
run time on Python 3.11 and puts library lines into the explanation.
:func:`untraced` pauses Hypothesis's tracer, and only it (coverage tools and
debuggers keep tracing), for the duration of a ``with`` block; :func:`traced`, inside
it, resumes the tracer for a call of the user's code (a hook of the state machine).

This module imports nothing from the package and never imports Hypothesis: it
recognises the tracer by the module that defines it.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

__all__ = ["traced", "untraced"]

#: The module of Hypothesis's tracer, and the ``sys.monitoring`` tool it registers as.
_SCRUTINEER: Final = "hypothesis.internal.scrutineer"
_TOOL_ID: Final = 3
_TOOL_NAME: Final = "scrutineer"


class _Paused(threading.local):
    """The tracers :func:`untraced` paused in this thread, innermost last (a settrace
    function, or the sys.monitoring events of the tool): tracing is per thread."""

    def __init__(self) -> None:
        self.stack: list[Any] = []


_PAUSED = _Paused()


def _settrace_tracer() -> Any:
    """The active ``sys.settrace`` function if it is Hypothesis's tracer, else None."""
    tracer = sys.gettrace()
    owner = getattr(tracer, "__self__", None)
    return tracer if type(owner).__module__ == _SCRUTINEER else None


@contextmanager
def untraced() -> Iterator[None]:
    """Run the ``with`` block with Hypothesis's explain-phase tracer paused (nothing
    changes when it is not tracing)."""
    tracer = _settrace_tracer()
    if tracer is not None:
        sys.settrace(None)
        _PAUSED.stack.append(tracer)
        try:
            yield
        finally:
            _PAUSED.stack.pop()
            sys.settrace(tracer)
        return
    monitoring: Any = getattr(sys, "monitoring", None)
    if monitoring is None or monitoring.get_tool(_TOOL_ID) != _TOOL_NAME \
            or not monitoring.get_events(_TOOL_ID):
        yield
        return
    events = monitoring.get_events(_TOOL_ID)  # pragma: no cover - Python 3.12+
    monitoring.set_events(_TOOL_ID, 0)  # pragma: no cover
    _PAUSED.stack.append(events)  # pragma: no cover
    try:  # pragma: no cover
        yield
    finally:  # pragma: no cover
        _PAUSED.stack.pop()
        monitoring.set_events(_TOOL_ID, events)


@contextmanager
def traced() -> Iterator[None]:
    """Inside :func:`untraced`, run the ``with`` block traced again (the user's code);
    elsewhere nothing changes."""
    if not _PAUSED.stack:
        yield
        return
    paused = _PAUSED.stack[-1]
    if callable(paused):
        sys.settrace(paused)
        try:
            yield
        finally:
            sys.settrace(None)
        return
    monitoring: Any = getattr(sys, "monitoring", None)  # pragma: no cover - Python 3.12+
    monitoring.set_events(_TOOL_ID, paused)  # pragma: no cover
    try:  # pragma: no cover
        yield
    finally:  # pragma: no cover
        monitoring.set_events(_TOOL_ID, 0)
