"""Short representations shared by the library's values, in the style of python-chess.

Every public value class shows a short ``repr``: code that evaluates back to an
equal value where that is possible (``Position(0, 4)``, ``Rotation.R90``,
``PlaceTile.from_notation('t0,4,90')``, ``Rules(first_player=1)``), otherwise a
one-line summary in angle brackets (``<GameState: ...>``).  IPython and
Hypothesis print values with their own pretty-printers, which walk every field
of an attrs class unless the class defines ``_repr_pretty_``; each class sets
``_repr_pretty_ = repr_pretty`` so that they print the short ``repr`` too.

This module imports only :mod:`~carcassonne_amazonas._support.provenance` and
:mod:`~carcassonne_amazonas._support.tracing`, which import nothing else from the
package, so every module can use it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Protocol

import attrs
from attrs import AttrsInstance

from .provenance import code_for
from .tracing import untraced

__all__ = ["ShortEnumRepr", "TextPrinter", "changed_fields_repr", "enum_repr",
           "fields_repr_showing", "repr_pretty"]


class TextPrinter(Protocol):
    """The part of IPython's and Hypothesis's pretty-printers that :func:`repr_pretty` uses."""

    def text(self, obj: str) -> None:
        """Append ``obj`` to the output."""


def repr_pretty(self: object, printer: TextPrinter, cycle: bool) -> None:
    """``_repr_pretty_`` for IPython and Hypothesis: print the value's short ``repr``, or
    the code that rebuilds it when the testing strategies built it
    (:mod:`~carcassonne_amazonas._support.provenance`).

    Assign it in a class body (``_repr_pretty_ = repr_pretty``); ``cycle`` never
    matters, since a value never contains itself.  Hypothesis's explain phase does
    not trace it (:func:`~carcassonne_amazonas._support.tracing.untraced`): printing
    a failing example is not the user's code.
    """
    with untraced():
        text = code_for(self) or repr(self)
    printer.text(text)


def enum_repr(self: enum.Enum) -> str:
    """``Rotation.R90`` rather than ``<Rotation.R90: 1>``: code that evaluates to the member."""
    return f"{type(self).__name__}.{self.name}"


class ShortEnumRepr:
    """A mix-in for the library's enums: ``repr`` is ``Rotation.R90``, and IPython and
    Hypothesis print that (an enum's own body may not define ``_repr_pretty_``)."""

    __slots__ = ()
    __repr__ = enum_repr
    _repr_pretty_ = repr_pretty


def changed_fields_repr(self: AttrsInstance) -> str:
    """``Name(field=value, ...)`` with only the fields that differ from their defaults.

    ``Rules()`` for the default rules, ``Icons(fruit=1)`` for one Fruit icon: code
    that evaluates back to an equal value when the field values' reprs do.
    """
    return _fields_repr(self, ())


def fields_repr_showing(*always: str) -> Callable[[AttrsInstance], str]:
    """A ``__repr__`` like :func:`changed_fields_repr` that always shows the fields
    ``always``, so that a value at its defaults does not look empty:
    ``PlayerState(score=0, boat=1)``."""

    def field_repr(self: AttrsInstance) -> str:
        return _fields_repr(self, always)

    field_repr.__doc__ = f"The fields that differ from their defaults, and {', '.join(always)}."
    return field_repr


def _fields_repr(self: AttrsInstance, always: tuple[str, ...]) -> str:
    parts = []
    for field in attrs.fields(type(self)):
        if not field.repr or not field.init:
            continue
        value = getattr(self, field.name)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory(self) if default.takes_self else default.factory()
        if default is not attrs.NOTHING and value == default and field.name not in always:
            continue
        parts.append(f"{field.alias or field.name}={value!r}")
    return f"{type(self).__name__}({', '.join(parts)})"
