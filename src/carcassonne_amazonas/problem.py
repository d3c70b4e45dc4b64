"""One inconsistency of a game state, and how values are shown in its message.

:class:`Problem` is what :func:`~carcassonne_amazonas.consistency.find_problems`
reports: the field of the :class:`~carcassonne_amazonas.state.GameState` that is
wrong, why, and the ids of the rules it breaks (see the rules reference).  The
snapshot loader turns a problem into a
:class:`~carcassonne_amazonas.errors.RecordError` naming the snapshot's field.

:func:`show_int` and :func:`show_text` keep messages short and safe whatever the
value: an int of thousands of digits cannot even be formatted (Python's limit on
int-to-str conversion raises ``ValueError``), and a string may be megabytes long.
"""

from __future__ import annotations

import attrs

from .pieces import PLAYER_COLOURS
from .reprs import repr_pretty

__all__ = ["Problem", "show_count", "show_int", "show_player", "show_text"]

_SHORT = 10**15
_TEXT_LIMIT = 40


@attrs.frozen(slots=True)
class Problem:
    """An inconsistency: ``field`` (a path into the state, such as
    ``players[1].boat`` or ``board.placements[3]``), the ``reason`` and the ``rules``
    broken (ids such as ``R-T7``; empty for a value of the wrong type)."""

    _repr_pretty_ = repr_pretty

    field: str
    reason: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        ids = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{self.field}: {self.reason}{ids}"


def show_int(value: int) -> str:
    """``value`` in decimal, or its size when it is too long to print."""
    if -_SHORT < value < _SHORT:
        return str(value)
    digits = int(abs(value).bit_length() * 0.30103) + 1
    return f"{'-' if value < 0 else ''}a number of about {digits} digits"


def show_count(value: int, word: str) -> str:
    """``value`` and ``word``, plural unless it is one: ``1 tile``, ``3 tiles``, and
    numbers too long to print described by :func:`show_int`."""
    return f"{show_int(value)} {word if value == 1 else word + 's'}"


def show_player(player: int) -> str:
    """A player by colour (R-C1), or ``player N`` for a number that is no player's."""
    if 0 <= player < len(PLAYER_COLOURS):
        return PLAYER_COLOURS[player]
    return f"player {show_int(player)}"


def show_text(value: str) -> str:
    """``repr(value)``, cut short after a few dozen characters."""
    if len(value) <= _TEXT_LIMIT:
        return repr(value)
    return f"{value[:_TEXT_LIMIT]!r}... ({len(value)} characters)"
