"""The one strict JSON parse of every document the library reads: :func:`loads`.

Python's :func:`json.loads` reads what JSON does not have (``NaN``, ``Infinity``) and
keeps the last value of a key given twice (``"seed"`` twice in a record: the first is
silently dropped).  :func:`loads` refuses both with a ``ValueError`` that names what is
wrong (``duplicate key 'seed'``); each loader turns it into its documented error
(``RecordError`` for a snapshot or a record, the web app's ``ApiError`` for a request
body).
"""

from __future__ import annotations

import json
from typing import Any

from .wording import show_text

__all__ = ["loads", "reject_constant"]


def reject_constant(name: str) -> float:
    """``parse_constant`` for :func:`json.loads`: refuse ``NaN``, ``Infinity`` and
    ``-Infinity``, which Python reads but JSON does not have (``ValueError``)."""
    raise ValueError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: the object, or ``ValueError`` naming a key given twice."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {show_text(key)} in an object")
            seen.add(key)
    return data


def loads(text: str) -> Any:
    """``text`` parsed as JSON, strictly: ``ValueError`` (``json.JSONDecodeError`` for
    text that is not JSON) for ``NaN`` or ``Infinity``, and for an object that gives a
    key twice; ``RecursionError`` for nesting too deep."""
    return json.loads(text, parse_constant=reject_constant, object_pairs_hook=_unique_keys)
