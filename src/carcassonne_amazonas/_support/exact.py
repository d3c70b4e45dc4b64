"""Exact types at the library's entry points: :func:`check_exact`.

A public function that takes a state, an action or text accepts exactly the library's
type (or ``str``), never a subclass: a subclass can lie in ``__eq__``, ``__hash__`` or
its methods and so pass for another value (a ``str`` whose ``__getitem__`` makes
``'zzz'`` read as a pass, a ``GameState`` equal to the start of any game).  The action
constructors (:mod:`~carcassonne_amazonas.rules.actions`) check their fields the same
way.
"""

from __future__ import annotations

__all__ = ["check_exact"]


def check_exact(value: object, kind: type, expected: str = "") -> None:
    """``TypeError`` unless ``type(value)`` is exactly ``kind``; the message reads
    ``expected <expected>, not <type>`` (``expected`` defaults to ``a <kind>``) and says
    why a subclass of ``kind`` is refused."""
    found = type(value)
    if found is kind:
        return
    note = f" (a subclass of {kind.__name__}: refused, since it can lie in __eq__ and " \
        "pass for another value)" if isinstance(value, kind) else ""
    raise TypeError(f"expected {expected or f'a {kind.__name__}'}, not {found.__name__}{note}")
