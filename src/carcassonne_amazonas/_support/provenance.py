"""The code that rebuilds a value, so that pretty-printers can show that code.

The property-testing strategies (:mod:`carcassonne_amazonas.testing`) build states
and game records by playing games.  Each value they return is remembered here with
the call that rebuilds it, such as ``replay_game(2, 't0,4,0 p', seed=3)``; the
``_repr_pretty_`` of the library's values
(:func:`~carcassonne_amazonas._support.reprs.repr_pretty`), which IPython and Hypothesis
use, prints that call instead of the one-line summary, so that a failing example in a
Hypothesis report can be pasted back into a test.
``repr`` itself is unchanged, and a value nobody remembered prints as before, with one
exception: the tile sets shipped with the package are remembered as the calls that
load them (``reference_tileset(bonus_river=True)``), and a tile set's ``repr`` is its
remembered code, so that the ``repr`` of any :class:`~carcassonne_amazonas.rules.options.Rules`
over a shipped set evaluates back to it.

Values are remembered by equality (an equal value is rebuilt by the same code) and
weakly (remembering keeps nothing alive).  This module imports nothing else from the
package, so every module can use it.
"""

from __future__ import annotations

import weakref

__all__ = ["code_for", "remember"]

_CODE: weakref.WeakKeyDictionary[object, str] = weakref.WeakKeyDictionary()
_TYPES: set[type] = set()


def remember(value: object, code: str) -> None:
    """Remember that evaluating ``code`` gives a value equal to ``value`` (which must be
    hashable and accept weak references, as the library's frozen values do)."""
    if not isinstance(code, str):
        raise TypeError(f"code must be a str, not {type(code).__name__}")
    _CODE[value] = code
    _TYPES.add(type(value))


def code_for(value: object) -> str | None:
    """The code remembered for a value equal to ``value``, or None."""
    if type(value) not in _TYPES:
        return None
    return _CODE.get(value)
