"""How the library's messages word numbers, counts and text.

One implementation each, for every message the library writes: error messages,
consistency problems, the text pictures and the explanations of events.  A player's
name in words is :func:`~carcassonne_amazonas.rules.players.colour`, one of the colours of
:data:`~carcassonne_amazonas.rules.players.PLAYER_COLOURS`.

:func:`show_int` and :func:`show_text` keep a message short and safe whatever the
value: an int of thousands of digits cannot even be formatted (Python's limit on
int-to-str conversion raises ``ValueError``), and a string may be megabytes long.
"""

from __future__ import annotations

__all__ = ["plural", "show_int", "show_text"]

_SHORT = 10**15
_TEXT_LIMIT = 40


def show_int(value: int) -> str:
    """``value`` in decimal, or its size when it is too long to print."""
    if -_SHORT < value < _SHORT:
        return str(value)
    digits = int(abs(value).bit_length() * 0.30103) + 1
    return f"{'-' if value < 0 else ''}a number of about {digits} digits"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, with an ``s`` unless the count is one: ``1 tile``,
    ``3 tiles``, ``0 caimans``; ``many`` instead for a word whose plural is not an added
    ``s`` (``plural(2, "shared victory", "shared victories")``); a number too long to
    print is described by :func:`show_int`."""
    if count == 1:
        return f"{show_int(count)} {word}"
    return f"{show_int(count)} {many if many is not None else word + 's'}"


def show_text(value: str) -> str:
    """``repr(value)``, cut short after a few dozen characters."""
    if len(value) <= _TEXT_LIMIT:
        return repr(value)
    return f"{value[:_TEXT_LIMIT]!r}... ({len(value)} characters)"
