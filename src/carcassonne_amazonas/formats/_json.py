"""Strict reading of JSON documents for snapshots and records.

Every accessor checks the type it expects and raises
:class:`~carcassonne_amazonas.errors.RecordError` naming the field's path
(``players[1].boat``) and what was wrong, so that a corrupted file never
reaches the engine and never raises anything else.

Costs stay linear in the size of the text: a document is at most
:data:`MAX_DOCUMENT` characters, lists are measured against their bound
(``max_items``) before any item is read, and values are shown in messages cut
short (a number of thousands of digits cannot even be formatted).
"""

from __future__ import annotations

import json
from typing import Any

from .._support import json_text
from .._support.exact import check_exact, check_whole, json_kind
from .._support.wording import plural, show_int, show_text
from ..errors import RecordError

__all__ = ["MAX_DOCUMENT", "Fields", "check_int", "check_text", "parse_json"]

MAX_DOCUMENT = 500_000
"""The longest text a loader reads, in characters (bytes before decoding).  Records and
snapshots of real games are a few kB; the largest the library writes, a record of a
whole game of a 400-tile set with a start snapshot, is about 50 kB."""


def check_text(text: object, name: str = "text") -> None:
    """TypeError for a subclass of ``str`` or ``bytes`` (naming the parameter ``name``):
    types are exact at every entry point, and a subclass could lie in its methods (other
    types are parse_json's RecordError)."""
    for kind in (str, bytes):
        if isinstance(text, kind):
            check_exact(text, kind, name)


def parse_json(text: object, what: str) -> Fields:
    """Parse ``text`` as a JSON object; RecordError if it is not one, or if it gives a key
    twice in an object (the error names the key: the last value would otherwise win
    silently); a subclass of ``str`` or ``bytes`` is refused before, by
    :func:`check_text`."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_DOCUMENT:
            raise RecordError(f"{what}: {len(text)} bytes is too long (at most {MAX_DOCUMENT})")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"{what}: not UTF-8 text ({error})") from None
    if not isinstance(text, str):
        raise RecordError(f"{what}: expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT:
        raise RecordError(f"{what}: {len(text)} characters is too long (at most "
                          f"{MAX_DOCUMENT})")
    try:
        data = json_text.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{what}: not valid JSON (truncated or corrupted?): "
                          f"{error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise RecordError(f"{what}: not valid JSON: nested too deeply") from None
    except ValueError as error:  # NaN, Infinity, a key given twice, a number of 4300+ digits
        raise RecordError(f"{what}: not valid JSON: {str(error)[:200]}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{what}: expected a JSON object at the top, not {json_kind(data)}")
    return Fields(data, what)


class Fields:
    """A JSON object with typed, path-reporting accessors."""

    def __init__(self, data: dict[str, Any], path: str) -> None:
        self.data = data
        self.path = path

    def _get(self, key: str) -> object:
        if key not in self.data:
            raise RecordError(f"{self.path}: missing field {key!r}")
        return self.data[key]

    def check_keys(self, known: tuple[str, ...], what: str) -> None:
        """RecordError naming the first key not in ``known`` (the keys ``what``, such as
        "a snapshot", has): a misspelt or renamed field is never ignored."""
        for key in self.data:
            if key not in known:
                raise RecordError(f"{self.path}: unknown field {show_text(key)}; {what} has "
                                  f"the fields {', '.join(known)}")

    def has(self, key: str) -> bool:
        """Whether the field is present and not null."""
        return self.data.get(key) is not None

    def get_int(self, key: str, low: int | None = None, high: int | None = None) -> int:
        """An integer field, optionally within ``low..high``."""
        return check_int(self._get(key), f"{self.path}.{key}", low, high)

    def get_str(self, key: str) -> str:
        """A string field (of any length: messages show it cut short)."""
        value = self._get(key)
        if not isinstance(value, str):
            raise RecordError(f"{self.path}.{key}: expected a string, not {json_kind(value)}")
        return value

    def get_bool(self, key: str) -> bool:
        """A boolean field."""
        value = self._get(key)
        if not isinstance(value, bool):
            raise RecordError(f"{self.path}.{key}: expected true or false, not {json_kind(value)}")
        return value

    def get_list(self, key: str, max_items: int | None = None, rule: str = "") -> list[Any]:
        """A list field, of at most ``max_items`` items (``rule``: the id of the rule
        that bounds it, for the message)."""
        value = self._get(key)
        if not isinstance(value, list):
            raise RecordError(f"{self.path}.{key}: expected a list, not {json_kind(value)}")
        if max_items is not None and len(value) > max_items:
            cite = f" ({rule})" if rule else ""
            raise RecordError(f"{self.path}.{key}: {plural(len(value), 'item')}, more than the "
                              f"{max_items} this game can have{cite}")
        return value

    def get_obj(self, key: str) -> Fields:
        """An object field."""
        value = self._get(key)
        if not isinstance(value, dict):
            raise RecordError(f"{self.path}.{key}: expected an object, not {json_kind(value)}")
        return Fields(value, f"{self.path}.{key}")

    def get_ints(self, key: str, low: int | None = None, high: int | None = None,
                 max_items: int | None = None) -> list[int]:
        """A list of integers."""
        return [check_int(v, f"{self.path}.{key}[{i}]", low, high)
                for i, v in enumerate(self.get_list(key, max_items))]

    def get_strs(self, key: str, max_items: int | None = None, rule: str = "") -> list[str]:
        """A list of strings."""
        values = self.get_list(key, max_items, rule)
        for index, value in enumerate(values):
            if not isinstance(value, str):
                raise RecordError(f"{self.path}.{key}[{index}]: expected a string, "
                                  f"not {json_kind(value)}")
        return values

    def get_objs(self, key: str, max_items: int | None = None, rule: str = "") -> list[Fields]:
        """A list of objects."""
        result = []
        for index, value in enumerate(self.get_list(key, max_items, rule)):
            if not isinstance(value, dict):
                raise RecordError(f"{self.path}.{key}[{index}]: expected an object, "
                                  f"not {json_kind(value)}")
            result.append(Fields(value, f"{self.path}.{key}[{index}]"))
        return result


def check_int(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int within ``low..high``, or RecordError naming ``path``: a whole
    number is exactly an int, as everywhere (``check_whole``: not ``2.0``, not ``true``)."""
    value = check_whole(value, path, RecordError)
    if (low is not None and value < low) or (high is not None and value > high):
        shown = f"{low}..{high}" if low is not None and high is not None else \
            f"(at least {low})" if low is not None else f"(at most {high})"
        raise RecordError(f"{path}: {show_int(value)} is out of range {shown}")
    return value

