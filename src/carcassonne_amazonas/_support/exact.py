"""The one guard of the library's public boundary: :func:`check_exact` (and
:func:`check_optional`, and :func:`check_instance` where subclasses are welcome) for
argument types, :func:`check_whole` for whole numbers, :func:`check_number` for other
numbers (seconds, weights), and :func:`check_at_least` for the range of a number of the
right type (a ``ValueError``).

A public function that takes a state, an action, rules, a tile set or text accepts
exactly the library's type (or ``str``), never a subclass: a subclass can lie in
``__eq__``, ``__hash__`` or its methods and so pass for another value (a ``str`` whose
``__getitem__`` makes ``'zzz'`` read as a pass, a ``GameState`` equal to the start of any
game, a name whose ``__eq__`` matches every tile).  The refusal is a ``TypeError`` that
names the parameter: ``state: expected a GameState, not int``.  The action constructors
(:mod:`~carcassonne_amazonas.rules.actions`) check their fields the same way.

A whole number, in every JSON field, option and count, is exactly an ``int``: not a
``bool``, not a float even when it is integral (``2.0``), not a subclass.  Each layer
raises its own documented error with :func:`check_whole`'s one message
(``num_players: expected a whole number, not 2.0``).

The checks cost one ``type(x) is T`` when the value is right; hot paths may inline that
test and call the guard only to raise.
"""

from __future__ import annotations

from collections.abc import Callable

from typing_extensions import TypeIs

from .wording import show_int

__all__ = ["check_at_least", "check_exact", "check_instance", "check_number", "check_optional",
           "check_whole", "describe_value", "is_whole", "json_kind"]

def check_exact(value: object, kind: type, name: str, expected: str = "") -> None:
    """``TypeError`` unless ``type(value)`` is exactly ``kind``.  The message names the
    parameter ``name`` and reads ``<name>: expected <expected>, not <type>``
    (``expected`` defaults to ``a <kind>``), and says why a subclass of ``kind`` is
    refused."""
    if type(value) is kind:
        return
    raise TypeError(_message(value, kind, name, expected))


def check_optional(value: object, kind: type, name: str, expected: str = "") -> None:
    """:func:`check_exact`, with ``None`` accepted too (an optional parameter)."""
    if value is None or type(value) is kind:
        return
    raise TypeError(_message(value, kind, name, expected or f"{_a(kind.__name__)} or None"))


def check_instance(value: object, kind: type, name: str, expected: str = "") -> None:
    """:func:`check_exact`'s message for a parameter whose subclasses are welcome (a
    ``random.Random``: ``random.SystemRandom`` and a user's generator are ones): ``TypeError``
    unless ``isinstance(value, kind)``."""
    if isinstance(value, kind):
        return
    raise TypeError(_message(value, kind, name, expected))


def check_number(value: object, name: str) -> None:
    """``TypeError`` (``seconds: expected a number, not bool``) unless ``value`` is exactly
    an ``int`` or a ``float``: not a ``bool``, not text, not a subclass.  Its range is the
    caller's :func:`check_at_least`."""
    kind = type(value)
    if kind is float or kind is int:
        return
    if isinstance(value, (int, float)) and kind is not bool:  # a subclass: the note says why
        raise TypeError(_message(value, float if isinstance(value, float) else int, name,
                                 "a number"))
    raise TypeError(f"{name}: expected a number, not {kind.__name__}")


def check_at_least(value: float, least: float, name: str, *, above: bool = False) -> None:
    """``ValueError`` (``iterations must be at least 1, not 0``) unless ``value`` (a number
    of the right type, checked before) is at least ``least`` (with ``above``: more than
    ``least``, ``seconds must be above 0, not 0``); NaN is refused too."""
    if value > least or (not above and value >= least):
        return
    shown = show_int(value) if type(value) is int else repr(value)
    raise ValueError(f"{name} must be {'above' if above else 'at least'} {least}, not {shown}")


def _a(noun: str) -> str:
    return f"{'an' if noun[0].lower() in 'aeiou' else 'a'} {noun}"


def _message(value: object, kind: type, name: str, expected: str) -> str:
    note = f" (a subclass of {kind.__name__}: refused, since it can lie in __eq__ and " \
        "pass for another value)" if isinstance(value, kind) else ""
    return f"{name}: expected {expected or _a(kind.__name__)}, not {type(value).__name__}{note}"


def json_kind(value: object) -> str:
    """What a value is, in the words of JSON, for messages: ``null``, ``a boolean``,
    ``a number``, ``a string``, ``a list`` or ``an object`` (another type: its name)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def describe_value(value: object) -> str:
    """A wrong value in a message, short whatever its size: a float as written (``2.0``,
    ``inf``), an ``int`` subclass by its type's name, any other value by its kind, as
    :func:`json_kind` words it (``a boolean``, ``a string``)."""
    if type(value) is float:
        return repr(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return show_int(value) if type(value) is int else type(value).__name__
    return json_kind(value)


def is_whole(value: object) -> TypeIs[int]:
    """The one rule of a whole number, in every JSON field, option and count: exactly an
    ``int`` (not a ``bool``, not a float even if integral such as ``2.0``, not a
    subclass)."""
    return type(value) is int


def check_whole(value: object, name: str,
                error: Callable[[str], Exception] = TypeError) -> int:
    """``value`` if it is a whole number, that is exactly an ``int`` (not a ``bool``, not
    a float even if integral, not a subclass); otherwise ``error`` of the one message
    ``<name>: expected a whole number, not <value>`` (``num_players: expected a whole
    number, not 2.0``).  Each layer passes its own error: ``RecordError`` for a document,
    the web app's ``ApiError`` for a request, ``ValueError`` for an option."""
    if is_whole(value):
        return value
    raise error(f"{name}: expected a whole number, not {describe_value(value)}")
